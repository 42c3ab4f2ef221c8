import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { formatChinaDate, formatChinaDateTime } from '@portal/model/display-format.ts';
import { DISPLAY_UTC_OFFSET_MINUTES } from '@portal/model/locale.ts';

dayjs.extend(utc);

/**
 * Dates are shown at a fixed UTC+8 offset (spec 000 §9), whatever the browser's time zone, so a
 * station in Urumqi and head office in Shanghai read the same times. Throws "invalid date" on
 * input dayjs cannot parse (spec 001 §8).
 */
export function formatUtc8(date: ConfigType, pattern = 'YYYY-MM-DD HH:mm'): string {
  const d = dayjs(date);
  if (!d.isValid()) throw new Error('invalid date');
  // The two everyday forms are the model's, the same the server writes into messages and PDFs.
  if (pattern === 'YYYY-MM-DD HH:mm') return formatChinaDateTime(d.valueOf());
  if (pattern === 'YYYY-MM-DD') return formatChinaDate(d.valueOf());
  return d.utcOffset(DISPLAY_UTC_OFFSET_MINUTES).format(pattern);
}

/** Hour of the day (0–23) at UTC+8. */
export function hourUtc8(date: ConfigType): number {
  return dayjs(date).utcOffset(DISPLAY_UTC_OFFSET_MINUTES).hour();
}

/** The current moment at UTC+8 (a dayjs fixed at +08:00): the clock users read, whatever the browser's zone. */
export function nowUtc8(now: ConfigType = Date.now()): Dayjs {
  return dayjs(now).utcOffset(DISPLAY_UTC_OFFSET_MINUTES);
}

/**
 * Today — the date at UTC+8 — as a calendar day: local midnight of that date, the form antd's
 * pickers and calendars work in. The one way to get "today" (defaults, "today" buttons, limits
 * such as "not before today"); never `dayjs()` / `new Date()`, which follow the browser's zone.
 */
export function todayUtc8(now: ConfigType = Date.now()): Dayjs {
  return dayjs(nowUtc8(now).format('YYYY-MM-DD'));
}

/** This year at UTC+8 (a year field's default). */
export function currentYearUtc8(now: ConfigType = Date.now()): number {
  return nowUtc8(now).year();
}
