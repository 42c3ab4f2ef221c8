import { createRequire } from 'node:module';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';

/**
 * The working calendar: is a China date (YYYY-MM-DD) a working day? Asked in this order:
 * 1. the administrator's table `new_workcalendarday` (a year not published yet, an exception);
 * 2. China's statutory holidays and make-up working days (调休) as the State Council published
 *    them, from the npm package `chinese-days` (MIT, updated from the official notices);
 * 3. Monday to Friday, for a year the package does not cover (logged once per year).
 * Every count of working days goes through here (the expense statement's time for doubts).
 */

const DAY = 86_400_000;
/** How far a count may look ahead: a year without a single working day is a broken calendar. */
const LOOKAHEAD_DAYS = 366;

/** The administrator's days: date → working (true) or day off (false). */
export type CalendarOverrides = ReadonlyMap<string, boolean>;
const NONE: CalendarOverrides = new Map();

interface Published {
  off: Set<string>;
  on: Set<string>;
  years: Set<number>;
}
let published: Published | undefined;

/** The package's data file (dates only; its functions would answer Monday to Friday for an unknown year without saying so). */
function publishedDays(): Published {
  if (published) return published;
  const data = createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as {
    holidays: Record<string, string>;
    workdays: Record<string, string>;
  };
  const off = new Set(Object.keys(data.holidays));
  // Every published year has holidays (元旦 at least): their years are the ones covered.
  published = { off, on: new Set(Object.keys(data.workdays)), years: new Set([...off].map((d) => Number(d.slice(0, 4)))) };
  return published;
}

/** The last year whose arrangement the package holds. */
export const lastPublishedYear = (): number => Math.max(...publishedDays().years);

const warned = new Set<number>();
function unpublished(year: number): void {
  if (warned.has(year)) return;
  warned.add(year);
  console.warn(
    `working calendar: no published holidays for ${year} (chinese-days covers up to ${lastPublishedYear()}); counting Monday to Friday there except the days entered under 工作日历`,
  );
}

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export function isWorkingDay(day: string, overrides: CalendarOverrides = NONE): boolean {
  const own = overrides.get(day);
  if (own !== undefined) return own;
  const p = publishedDays();
  const year = Number(day.slice(0, 4));
  if (p.years.has(year)) {
    if (p.off.has(day)) return false;
    if (p.on.has(day)) return true;
  } else {
    unpublished(year);
  }
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The `n`-th working day after `day` (`day` itself when n is 0). */
export function addWorkingDays(day: string, n: number, overrides: CalendarOverrides = NONE): string {
  let t = Date.parse(`${day}T00:00:00Z`);
  for (let left = n, looked = 0; left > 0; looked++) {
    if (looked >= LOOKAHEAD_DAYS) throw refuse('calendar.noWorkingDay', { from: day });
    t += DAY;
    if (isWorkingDay(iso(t), overrides)) left--;
  }
  return iso(t);
}

/** The administrator's days from `day` through the year a count from it may look at. */
export async function calendarOverrides(sql: Sql, day: string): Promise<CalendarOverrides> {
  const { rows } = await sql.query<{ d: string; w: boolean | null }>(
    `SELECT to_char(new_date, 'YYYY-MM-DD') AS d, new_isworking AS w FROM new_workcalendarday
      WHERE new_date BETWEEN $1::date AND $1::date + $2::int AND statecode = 0`,
    [day, LOOKAHEAD_DAYS],
  );
  return new Map(rows.map((r) => [r.d, r.w === true]));
}
