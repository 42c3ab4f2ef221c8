import { label } from '../define.ts';

/** Texts of the widgets area (owned by its developer). Keys are stable; both languages side by side. */
export const widgetsMessages = {
  'widgets.selectOne': label('请选择一条记录', 'Please select a record'),
} as const;
