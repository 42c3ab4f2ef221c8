import { label } from '../define.ts';

/** Texts of the parts screens (buttons, dialogs, columns that are not model fields). */
export const partsUiMessages = {
  'parts.ui.lines': label('明细', 'Lines'),
} as const;
