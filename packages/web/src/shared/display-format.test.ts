import { formatDeadline } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUtc8 } from './date.ts';
import { formatAmount } from './format.ts';

/*
 * Issue 24: the statement banner said "请在 2026/12/1 16:00:00 前确认" (the browser's zone, its
 * locale's format) beside "2026-12-01 24:00" in the toast and message; amounts read "¥-30.00"
 * beside "-¥322.00". Proven in a browser zone far from China's.
 */
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('times and amounts in a New York browser', () => {
  it('the zone really is New York', () => {
    expect(new Date('2026-12-01T16:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('times are China time as YYYY-MM-DD HH:mm, dates YYYY-MM-DD', () => {
    expect(formatUtc8('2026-12-01T16:00:00Z')).toBe('2026-12-02 00:00');
    expect(formatUtc8('2026-12-01T03:04:59Z')).toBe('2026-12-01 11:04');
    expect(formatUtc8('2026-12-01T20:00:00Z', 'YYYY-MM-DD')).toBe('2026-12-02');
  });

  it('the statement deadline reads as the toast and the message say it', () => {
    expect(formatDeadline('2026-12-01T16:00:00.000Z')).toBe('2026-12-01 24:00');
  });

  it('amounts have one form: sign before ¥, thousands grouped', () => {
    expect(formatAmount(-30)).toBe('-¥30.00');
    expect(formatAmount('2397')).toBe('¥2,397.00');
    expect(formatAmount(-1234.5, 'USD ')).toBe('-USD 1,234.50');
    expect(formatAmount(null)).toBe('');
  });
});
