import { label } from '../define.ts';

/** Texts of the records area (owned by its developer). Keys are stable; both languages side by side. */
export const recordsMessages = {
  'records.badQuery': label('查询条件不正确：{detail}', 'Incorrect query: {detail}'),
} as const;
