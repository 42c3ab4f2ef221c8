import dayjs from 'dayjs';
import { formatUtc8 } from '../../shared/date.ts';

/** The time in the complete page's path: China time as yyyyMMddHHmmss (no characters a path must escape). */
export const completeTime = (iso: string | Date) => formatUtc8(iso, 'YYYYMMDDHHmmss');

/** `/order/{id}/{name}/{time}/complete` for an order placed at `time`. */
export const orderCompletePath = (id: string, name: string, time: string | Date) =>
  `/order/${encodeURIComponent(id)}/${encodeURIComponent(name)}/${completeTime(time)}/complete`;

/** The path's time shown as 2026-11-29 13:45:10 (as written: it is China time already); an unreadable one as it came. */
export function shownTime(raw: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!m || !dayjs(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`).isValid()) return raw;
  return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`;
}
