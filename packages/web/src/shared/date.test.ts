import { describe, expect, it } from 'vitest';
import { currentYearUtc8, formatUtc8, hourUtc8, nowUtc8, todayUtc8 } from './date.ts';

describe('formatUtc8', () => {
  it('shows UTC instants at +08:00 whatever the browser zone', () => {
    expect(formatUtc8('2026-03-01T16:30:00Z', 'YYYY-MM-DD HH:mm')).toBe('2026-03-02 00:30');
    expect(formatUtc8(Date.UTC(2026, 0, 1, 0, 0, 0), 'YYYY-MM-DD HH:mm:ss')).toBe('2026-01-01 08:00:00');
    expect(formatUtc8(new Date('2026-06-30T23:59:59.000+08:00'), 'YYYY-MM-DD HH:mm:ss')).toBe('2026-06-30 23:59:59');
  });
  it('defaults to date and minutes', () => {
    expect(formatUtc8('2026-11-20T02:05:00Z')).toBe('2026-11-20 10:05');
  });
  it('throws "invalid date" for unparseable input', () => {
    expect(() => formatUtc8('not a date')).toThrow('invalid date');
  });
  it('hourUtc8 reads the hour at +08:00', () => {
    expect(hourUtc8('2026-01-01T03:59:00Z')).toBe(11);
    expect(hourUtc8('2026-01-01T16:00:00Z')).toBe(0);
  });
});

describe('today at UTC+8 (issue 12: the calendar followed the browser zone)', () => {
  // 2026-12-31 20:00 in UTC is already 2027-01-01 04:00 in China; a browser in UTC (or west of it) still has the old year.
  const newYearInChina = Date.UTC(2026, 11, 31, 20, 0, 0);
  it('todayUtc8 is the date at +08:00, as a local calendar day', () => {
    const d = todayUtc8(newYearInChina);
    expect(d.format('YYYY-MM-DD HH:mm')).toBe('2027-01-01 00:00');
    expect([d.year(), d.month(), d.date()]).toEqual([2027, 0, 1]);
    expect(todayUtc8(Date.UTC(2026, 5, 30, 15, 59)).format('YYYY-MM-DD')).toBe('2026-06-30');
    expect(todayUtc8(Date.UTC(2026, 5, 30, 16, 0)).format('YYYY-MM-DD')).toBe('2026-07-01');
  });
  it('nowUtc8 and currentYearUtc8 read the +08:00 clock', () => {
    expect(nowUtc8(newYearInChina).format('YYYY-MM-DD HH:mm')).toBe('2027-01-01 04:00');
    expect(currentYearUtc8(newYearInChina)).toBe(2027);
    expect(currentYearUtc8(Date.UTC(2026, 11, 31, 15, 59))).toBe(2026);
  });
});
