import { describe, expect, it } from 'vitest';
import { formatChinaDate, formatChinaDateTime, formatDeadline, formatMoney } from './display-format.ts';

describe('formatMoney: one way an amount reads (issue 24: "¥-30.00" beside "-¥322.00", "¥2397.00")', () => {
  it('groups thousands, keeps 2 decimals and puts the sign before the symbol', () => {
    expect(formatMoney('2397')).toBe('¥2,397.00');
    expect(formatMoney(-30)).toBe('-¥30.00');
    expect(formatMoney('-322.00')).toBe('-¥322.00');
    expect(formatMoney('1234567.5')).toBe('¥1,234,567.50');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney('-0.00')).toBe('¥0.00');
    expect(formatMoney(999.999)).toBe('¥1,000.00');
  });
  it('reads a decimal text exactly, beyond what a float holds', () => {
    expect(formatMoney('12345678901234.56')).toBe('¥12,345,678,901,234.56');
    expect(formatMoney(12_345n)).toBe('¥12,345.00');
  });
  it('takes another currency sign and shows nothing for no amount', () => {
    expect(formatMoney(-1234.5, 'USD ')).toBe('-USD 1,234.50');
    for (const v of [null, undefined, '', 'abc', Number.NaN]) expect(formatMoney(v as never)).toBe('');
  });
});

describe('China time, whatever the zone (issue 24: the banner said 2026/12/1 16:00:00)', () => {
  // Written as instants: the reader's zone plays no part (the web suite proves it under another TZ).
  it('times read YYYY-MM-DD HH:mm at UTC+8, dates YYYY-MM-DD', () => {
    expect(formatChinaDateTime('2026-12-01T01:05:59Z')).toBe('2026-12-01 09:05');
    expect(formatChinaDateTime(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01 00:30');
    expect(formatChinaDate(Date.UTC(2026, 11, 1, 15, 59))).toBe('2026-12-01');
    expect(formatChinaDate('2026-12-01T16:00:00Z')).toBe('2026-12-02');
    expect(formatChinaDateTime('not a time')).toBe('');
    expect(formatChinaDate(null)).toBe('');
  });
  it('an end-of-day deadline (the next midnight, China time) reads as that day 24:00', () => {
    expect(formatDeadline('2026-12-01T16:00:00.000Z')).toBe('2026-12-01 24:00');
    expect(formatDeadline('2027-01-01T00:00:00+08:00')).toBe('2026-12-31 24:00');
    expect(formatDeadline('2026-12-01T16:00:01Z')).toBe('2026-12-02 00:00');
    expect(formatDeadline('2026-12-01T07:30:00Z')).toBe('2026-12-01 15:30');
    expect(formatDeadline(undefined)).toBe('');
  });
});
