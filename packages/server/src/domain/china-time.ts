import { formatChinaDate } from '@portal/model';
/**
 * Days and months in China time. China has one fixed offset (UTC+8, no daylight saving), so a
 * plain shift is exact and needs no time-zone database (PGlite ships none).
 */
export const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** SQL: the China-time calendar day of a timestamptz column. */
export const chinaDay = (col: string) => `((${col} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/** The China-time day (YYYY-MM-DD) of an instant, shifted by `addDays`. */
export function chinaDate(now: Date = new Date(), addDays = 0): string {
  return formatChinaDate(now.getTime() + addDays * 86_400_000);
}

export interface MonthRange {
  /** YYYY-MM */
  month: string;
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day, YYYY-MM-DD */
  to: string;
  /** The month's first instant (00:00 China time) as UTC. */
  start: Date;
  /** The next month's first instant (exclusive end) as UTC. */
  end: Date;
}

/** The last `n` calendar months in China time, oldest first, ending with the current month. */
export function lastMonths(now: Date, n = 6): MonthRange[] {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const out: MonthRange[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const first = new Date(Date.UTC(y, m - i, 1));
    const last = new Date(Date.UTC(y, m - i + 1, 0));
    out.push({
      month: first.toISOString().slice(0, 7),
      from: first.toISOString().slice(0, 10),
      to: last.toISOString().slice(0, 10),
      start: new Date(first.getTime() - CHINA_OFFSET_MS),
      end: new Date(Date.UTC(y, m - i + 1, 1) - CHINA_OFFSET_MS),
    });
  }
  return out;
}
