import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { chinaDate } from '../china-time.ts';
import { dayOfMonth, monthKey } from '../sales-targets/period.ts';

/*
 * The forecast deadline (截止日): system parameter SalesForecastDeadlineDay, a day of the month
 * (25 when unset or not a day). After that day of month M, M's forecast can no longer be created,
 * changed (its lines neither) or submitted or revoked; head office still approves or rejects what
 * was submitted in time. A month shorter than the day closes on its last day.
 */

export const DEFAULT_DEADLINE_DAY = 25;

/** The parameter's day (1–31), else the default. */
export async function deadlineDay(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ v: string | null }>(
    `SELECT new_value AS v FROM new_systemparameter WHERE new_name = 'SalesForecastDeadlineDay' AND statecode = 0 LIMIT 1`,
  );
  const n = Number(rows[0]?.v?.trim());
  return Number.isInteger(n) && n >= 1 && n <= 31 ? n : DEFAULT_DEADLINE_DAY;
}

/** The last day (YYYY-MM-DD) a month's (YYYY-MM) forecast may be written. */
export const deadlineOf = (month: string, day: number) => dayOfMonth(month, day);

/**
 * The day the deadline is judged on: today (China time). The demo replays its history (forecasts
 * of past months) on the days they were made, through the same rules (demo/sales-targets.ts).
 */
let replayDay: string | null = null;
export async function onForecastDay<T>(day: string, run: () => Promise<T>): Promise<T> {
  replayDay = day;
  try {
    return await run();
  } finally {
    replayDay = null;
  }
}

/** Refuses (400, naming the month and its deadline) when the month's forecast is past its deadline. */
export async function assertForecastOpen(sql: Sql, year: number, month: number): Promise<void> {
  const key = monthKey(year, month);
  const last = deadlineOf(key, await deadlineDay(sql));
  if ((replayDay ?? chinaDate()) > last) throw refuse('salesForecast.locked', { period: key, deadline: last });
}
