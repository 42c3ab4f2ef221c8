import { targetPeriodType } from '@portal/model';
import { CHINA_OFFSET_MS } from '../china-time.ts';

/*
 * Periods of targets and forecasts: calendar months and quarters in China time, as first and last
 * days (YYYY-MM-DD), which is what an order's audit day (China time) is compared with.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** First and last day of a month (1–12) or a quarter (1–4) of a year. */
export function periodDays(type: number, year: number, no: number): { start: string; end: string } {
  const first = type === targetPeriodType.quarter ? (no - 1) * 3 + 1 : no;
  const last = type === targetPeriodType.quarter ? first + 2 : no;
  return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(last)}-${pad(lastDay(year, last))}` };
}

/** YYYY-MM of a year and month. */
export const monthKey = (year: number, month: number) => `${year}-${pad(month)}`;

/** The month (YYYY-MM) `add` months after `month`. */
export function addMonths(month: string, add: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + add;
  return monthKey(Math.floor(i / 12), (i % 12) + 1);
}

/** This month in China time (YYYY-MM). */
export const thisMonth = (now: Date = new Date()) => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 7);

/** The day `day` of a month (YYYY-MM), or its last day when the month is shorter (YYYY-MM-DD). */
export function dayOfMonth(month: string, day: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return `${month}-${pad(Math.min(day, lastDay(y, m)))}`;
}
