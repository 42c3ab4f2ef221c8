import dayjs, { type ConfigType } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_UTC_OFFSET_MINUTES } from '@portal/model';

dayjs.extend(utc);

/**
 * Dates are shown at a fixed UTC+8 offset (spec 000 §9), whatever the browser's time zone, so a
 * station in Urumqi and head office in Shanghai read the same times. Throws "invalid date" on
 * input dayjs cannot parse (spec 001 §8).
 */
export function formatUtc8(date: ConfigType, pattern = 'YYYY-MM-DD HH:mm'): string {
  const d = dayjs(date);
  if (!d.isValid()) throw new Error('invalid date');
  return d.utcOffset(DISPLAY_UTC_OFFSET_MINUTES).format(pattern);
}

/** Hour of the day (0–23) at UTC+8. */
export function hourUtc8(date: ConfigType): number {
  return dayjs(date).utcOffset(DISPLAY_UTC_OFFSET_MINUTES).hour();
}
