import { msg } from '@portal/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Refusal } from '../../http/errors.ts';
import { addWorkingDays, isWorkingDay, lastPublishedYear } from './working-days.ts';

afterEach(() => vi.restoreAllMocks());

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};
const working = (from: string, to: string, overrides?: Map<string, boolean>) => days(from, to).filter((d) => isWorkingDay(d, overrides));

describe('the working calendar', () => {
  it('follows the published 2026 Mid-autumn and National Day arrangement: Sep 25–27 and Oct 1–7 off, Sunday Sep 20 and Saturday Oct 10 worked', () => {
    expect(working('2026-09-19', '2026-10-11')).toEqual([
      '2026-09-20',
      '2026-09-21',
      '2026-09-22',
      '2026-09-23',
      '2026-09-24',
      '2026-09-28',
      '2026-09-29',
      '2026-09-30',
      '2026-10-08',
      '2026-10-09',
      '2026-10-10',
    ]);
  });

  it('counts Monday to Friday in a year not published yet, and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Years ahead, not the next one: the warning is once per process, and a file before this one in
    // the same worker may have counted into next year already (isolate: false).
    const year = lastPublishedYear() + 9;
    expect(working(`${year}-01-01`, `${year}-01-31`)).toEqual(
      days(`${year}-01-01`, `${year}-01-31`).filter((d) => ![0, 6].includes(new Date(d).getUTCDay())),
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain(`no published holidays for ${year}`);
  });

  it("takes the administrator's days first, over the published ones and the weekdays", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const overrides = new Map([
      ['2026-10-05', true],
      ['2026-10-09', false],
      [`${lastPublishedYear() + 1}-01-01`, false],
    ]);
    expect(working('2026-10-01', '2026-10-11', overrides)).toEqual(['2026-10-05', '2026-10-08', '2026-10-10']);
    expect(addWorkingDays('2026-09-30', 2, overrides)).toBe('2026-10-08');
    expect(isWorkingDay(`${lastPublishedYear() + 1}-01-01`, overrides)).toBe(false);
  });

  it('refuses a count when a whole year has no working day, naming the day it started from', () => {
    const off = new Map(days('2026-03-02', '2027-03-02').map((d) => [d, false]));
    const err = (() => {
      try {
        return addWorkingDays('2026-03-01', 1, off);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(Refusal);
    const { key, params } = err as Refusal;
    expect(msg(key, 'zh-CN', params)).toBe('2026-03-01 之后一年内没有工作日，无法计算期限：请检查工作日历');
    expect(msg(key, 'en-US', params)).toBe(
      'No working day in the year after 2026-03-01: the deadline cannot be counted. Check the working calendar',
    );
  });
});
