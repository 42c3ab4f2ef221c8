import { describe, expect, it } from 'vitest';
import { doubtDeadline } from './period.ts';

// Sent at 10:00 China time on `day`; the deadline as an instant (midnight China time after the last working day).
const deadline = (day: string, days = 2) => doubtDeadline(new Date(`${day}T02:00:00Z`), days).toISOString();
const midnightAfter = (day: string) => `${day}T16:00:00.000Z`;

describe("the station's time for doubts", () => {
  it('counts working days: the weekend is skipped', () => {
    // Friday → Monday and Tuesday → until Wednesday 00:00 China time.
    expect(deadline('2026-11-20')).toBe(midnightAfter('2026-11-24'));
    expect(deadline('2026-11-17')).toBe(midnightAfter('2026-11-19'));
  });

  it('skips the 2026 National Day holiday and counts its make-up Saturday', () => {
    // Sent the day before 国庆 (Oct 1–7 off): Thursday Oct 8 and Friday Oct 9.
    expect(deadline('2026-09-30')).toBe(midnightAfter('2026-10-09'));
    // Sent Friday Oct 9: Saturday Oct 10 is a working day (调休), then Monday.
    expect(deadline('2026-10-09')).toBe(midnightAfter('2026-10-12'));
    // Sent the day before 中秋 (Sep 25–27 off): Monday and Tuesday.
    expect(deadline('2026-09-24')).toBe(midnightAfter('2026-09-29'));
  });

  it('skips the 2026 Spring Festival (Feb 15–23 off, Saturday Feb 14 worked)', () => {
    expect(deadline('2026-02-13')).toBe(midnightAfter('2026-02-24'));
  });
});
