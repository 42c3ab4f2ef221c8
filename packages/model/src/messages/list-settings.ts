import { label } from '../define.ts';

/** Texts of a list's column settings (issue 12 item 4): shown columns, order, widths, density. */
export const listSettingsMessages = {
  'listSettings.open': label('列设置', 'Column settings'),
  'listSettings.title': label('列设置', 'Columns'),
  'listSettings.columns': label('显示的列', 'Shown columns'),
  'listSettings.show': label('显示 {column}', 'Show {column}'),
  'listSettings.up': label('上移', 'Move up'),
  'listSettings.down': label('下移', 'Move down'),
  'listSettings.width': label('{column}的列宽（像素）', 'Width of {column} (px)'),
  'listSettings.density': label('行距', 'Density'),
  'listSettings.large': label('宽松', 'Large'),
  'listSettings.medium': label('默认', 'Medium'),
  'listSettings.small': label('紧凑', 'Compact'),
  'listSettings.reset': label('恢复默认', 'Reset to default'),
  'listSettings.resizeHint': label('拖动调整列宽', 'Drag to resize'),
} as const;
