import { label } from '../define.ts';

/** Texts of the stock screens (buttons, dialogs, columns that are not model fields). */
export const stockUiMessages = {
  'stock.ui.lines': label('盘点明细', 'Count lines'),
} as const;
