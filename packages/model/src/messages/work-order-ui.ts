import { label } from '../define.ts';

/** Texts of the work-order screens (list, form, dialogs, calendar). */
export const workOrderUiMessages = {
  'wo.ui.title': label('服务工单', 'Work orders'),
};
