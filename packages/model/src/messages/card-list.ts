import { label } from '../define.ts';

/** Texts of the card lists a phone shows instead of tables (issue 15). */
export const cardListMessages = {
  'cardList.filters': label('筛选', 'Filters'),
  'cardList.select': label('选择 {name}', 'Select {name}'),
} as const;
