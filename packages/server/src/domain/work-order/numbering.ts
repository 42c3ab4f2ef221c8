import type { Sql } from '../../db/db.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The calendar day of an instant in China time (UTC+8, no daylight saving), as YYYY-MM-DD. */
export function chinaDay(at: Date = new Date()): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `WO20261120` for the China-time day of `now`. */
export function workOrderPrefix(now = new Date()): string {
  return `WO${chinaDay(now).replaceAll('-', '')}`;
}

/**
 * Numbers for `count` new work orders: `WO20261120-0001`, … per China-time day, serialised by an
 * advisory lock held to the end of the creating transaction (two creates never take one number;
 * an Excel import of 5000 rows takes 5000 consecutive numbers in one query).
 */
export async function nextWorkOrderNumbers(sql: Sql, count: number, now = new Date()): Promise<string[]> {
  const prefix = workOrderPrefix(now);
  await sql.query(`SELECT pg_advisory_xact_lock(hashtext('new_srv_workorder.number'))`);
  const { rows } = await sql.query<{ n: number }>(
    `SELECT COALESCE(max(substring(new_name FROM ${prefix.length + 2})::int), 0)::int AS n
       FROM new_srv_workorder WHERE new_name ~ $1`,
    [`^${prefix}-[0-9]{1,9}$`],
  );
  const start = rows[0].n;
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(start + i + 1).padStart(4, '0')}`);
}
