import { describe, expect, it } from 'vitest';
import { formatUtc8, hourUtc8 } from './date.ts';

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
