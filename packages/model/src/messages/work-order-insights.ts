import { label } from '../define.ts';

/** Texts of the work-order map and the service-management dashboard. */
export const workOrderInsightsMessages = {
  'wo.map.title': label('工单地图', 'Work-order map'),
};
