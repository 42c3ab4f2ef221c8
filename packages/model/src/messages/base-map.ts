import { label } from '../define.ts';

/** Texts of the work-order map's embedded (offline) base map. */
export const baseMapMessages = {
  'wo.map.offlineBase': label('离线底图', 'Offline base map'),
  'wo.map.offlineBaseHint': label(
    '未配置或无法加载在线地图瓦片，显示内置的省市边界底图',
    'No online map tiles configured or reachable: showing the built-in province and city boundaries',
  ),
} as const;
