import type { Sql } from '../../db/db.ts';
import { nextDocumentNumbers } from '../document-number.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The calendar day of an instant in China time (UTC+8, no daylight saving), as YYYY-MM-DD. */
export function chinaDay(at: Date = new Date()): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `WO20261120` for the China-time day of `now`. */
export function workOrderPrefix(now = new Date()): string {
  return `WO${chinaDay(now).replaceAll('-', '')}`;
}

/** Numbers for `count` new work orders: `WO20261120-0001`, … per China-time day. */
export function nextWorkOrderNumbers(sql: Sql, count: number, now = new Date()): Promise<string[]> {
  return nextDocumentNumbers(sql, 'new_srv_workorder', workOrderPrefix(now), count);
}
