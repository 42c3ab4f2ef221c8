import type { Sql } from '../../db/db.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';

/** `WO20261120` for the China-time day of `now`. */
export function workOrderPrefix(now = new Date()): string {
  return `WO${chinaDate(now).replaceAll('-', '')}`;
}

/** Numbers for `count` new work orders: `WO20261120-0001`, … per China-time day. */
export function nextWorkOrderNumbers(sql: Sql, count: number, now = new Date()): Promise<string[]> {
  return nextDocumentNumbers(sql, 'new_srv_workorder', workOrderPrefix(now), count);
}
