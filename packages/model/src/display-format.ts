import { DISPLAY_UTC_OFFSET_MINUTES } from './locale.ts';

/*
 * How amounts and times read, on every screen, in every message and PDF (issue 24: "¥-30.00"
 * beside "-¥322.00", a banner in the browser's zone with seconds beside "2026-12-01 24:00").
 * Plain arithmetic, no Intl or time-zone database: the server's embedded database ships none and
 * China keeps one offset all year.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Money: `¥1,234.50`, a negative `-¥1,234.50` (the sign before the symbol), 2 decimals, thousands
 * grouped. A decimal text is used as it is (no float on the way); '' for nothing or not a number.
 * `symbol` is `¥` or an order's own currency (`USD `).
 */
export function formatMoney(value: number | string | bigint | null | undefined, symbol = '¥'): string {
  if (value === null || value === undefined || value === '') return '';
  let text = typeof value === 'string' ? value.trim() : String(value);
  if (!DECIMAL.test(text) || (text.split('.')[1]?.length ?? 0) > 2) {
    const n = Number(text);
    if (!Number.isFinite(n)) return '';
    text = n.toFixed(2);
  }
  const neg = text.startsWith('-');
  const [int, frac = ''] = (neg ? text.slice(1) : text).split('.');
  const cents = `${frac}00`.slice(0, 2);
  const grouped = (int.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = /^0*$/.test(int) && /^0*$/.test(cents);
  return `${neg && !zero ? '-' : ''}${symbol}${grouped}.${cents}`;
}

type Instant = Date | string | number;

/** The instant shifted to China time as an ISO text (`2026-12-01T16:00:00.000Z` → `2026-12-02T00:00:00.000`), or null. */
function chinaIso(v: Instant | null | undefined): string | null {
  if (v === null || v === undefined || v === '') return null;
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms + DISPLAY_UTC_OFFSET_MINUTES * 60_000).toISOString();
}

/** A time in China time, whatever the reader's zone: `2026-12-01 09:05`; '' for nothing or not a time. */
export function formatChinaDateTime(v: Instant | null | undefined): string {
  const t = chinaIso(v);
  return t ? `${t.slice(0, 10)} ${t.slice(11, 16)}` : '';
}

/** The China-time day of an instant: `2026-12-01`. */
export function formatChinaDate(v: Instant | null | undefined): string {
  return chinaIso(v)?.slice(0, 10) ?? '';
}

/**
 * A deadline "by the end of a day", stored as the next day's 00:00 China time (exclusive): shown
 * as that day at 24:00 — `2026-12-01 24:00` — so the day the user has is the day they read
 * (docs/decisions.md, issue 24). Any other instant reads as `formatChinaDateTime`.
 */
export function formatDeadline(v: Instant | null | undefined): string {
  const t = chinaIso(v);
  if (!t) return '';
  if (t.slice(11, 23) !== '00:00:00.000') return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
  const dayBefore = new Date(Date.parse(`${t.slice(0, 10)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return `${dayBefore} 24:00`;
}
