import { EXPENSE_FIRST_YEAR, expenseSection, settleWay, type GenerateExpenseRequest, type OptionSetDef } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { addWorkingDays, type CalendarOverrides } from '../calendar/working-days.ts';
import { CHINA_OFFSET_MS, chinaDate } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';
import { formatMoney } from '../../records/format.ts';
import { parseNumeric, unsafeNumber } from '../../records/validate.ts';

const DAY = 86_400_000;

export interface Period {
  year: number;
  month: number;
  section: number;
  settleWay: number;
  /** The period's first instant (00:00 China time, UTC). */
  start: Date;
  /** The instant after the period (exclusive): audited orders before it belong to it. */
  end: Date;
  /** The period's last day, YYYY-MM-DD (the 15th or the month's last day). */
  lastDay: string;
}

const isOption = (set: OptionSetDef<number>, v: unknown) => typeof v === 'number' && set.options.some((o) => o.value === v);

/**
 * A generation period: year 2013 to the current year (the specification's 2013–2020 list was the
 * original's), month 1–12, first half (days 1–15) or second half (16 to the end), a settle way; a
 * period that has not started yet is refused.
 */
export function checkPeriod(input: Partial<GenerateExpenseRequest>, now = new Date()): Period {
  const maxYear = Number(chinaDate(now).slice(0, 4));
  const { year, month, section, settleWay: way } = input;
  if (!Number.isInteger(year) || year! < EXPENSE_FIRST_YEAR || year! > maxYear)
    throw refuse('expense.yearRange', { min: EXPENSE_FIRST_YEAR, max: maxYear }, 'year');
  if (!Number.isInteger(month) || month! < 1 || month! > 12) throw refuse('expense.monthRange', undefined, 'month');
  if (!isOption(expenseSection as OptionSetDef<number>, section)) throw refuse('expense.sectionRequired', undefined, 'section');
  if (!isOption(settleWay as OptionSetDef<number>, way)) throw refuse('expense.settleWayRequired', undefined, 'settleWay');
  const first = section === expenseSection.firstHalf;
  const start = new Date(Date.UTC(year!, month! - 1, first ? 1 : 16) - CHINA_OFFSET_MS);
  const end = new Date((first ? Date.UTC(year!, month! - 1, 16) : Date.UTC(year!, month!, 1)) - CHINA_OFFSET_MS);
  if (start.getTime() > now.getTime()) throw refuse('expense.periodNotStarted', undefined, 'month');
  return { year: year!, month: month!, section: section!, settleWay: way!, start, end, lastDay: chinaDate(new Date(end.getTime() - 1)) };
}

/**
 * The end of the station's time for doubts: `days` working days (China's working calendar,
 * domain/calendar/working-days.ts) after the day the statement was sent, at midnight China time.
 */
export function doubtDeadline(sent: Date, days: number, overrides?: CalendarOverrides): Date {
  const last = addWorkingDays(chinaDate(sent), days, overrides);
  return new Date(Date.parse(`${last}T00:00:00Z`) + DAY - CHINA_OFFSET_MS);
}

/** The working days for doubts: system parameter ExpenseDoubtWorkingDays, 2 (spec 001 §9) when unset. */
export async function doubtWorkingDays(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ v: string | null }>(
    `SELECT new_value AS v FROM new_systemparameter WHERE new_name = 'ExpenseDoubtWorkingDays' AND statecode = 0 LIMIT 1`,
  );
  const n = Number(rows[0]?.v);
  return Number.isInteger(n) && n >= 0 && n <= 30 ? n : 2;
}

/** Yuan as shown to users: ¥1,234.00 (2 decimals, thousands grouped). */
export function yuan(v: string | number | bigint | null | undefined): string {
  return formatMoney(formatCents(typeof v === 'bigint' ? v : toCents(v ?? 0)));
}

/**
 * An amount typed by a user, in exact cents: decimal digits with at most 2 decimals and 10 integer
 * digits (or such a JSON number, read as its decimal, never through a float product); null
 * otherwise ("0x10", "1e3", null, '').
 */
export function parseAmount(v: unknown): bigint | null {
  const p = unsafeNumber(v) ? null : parseNumeric(v);
  return p && p.fracDigits <= 2 && p.intDigits <= 10 ? toCents(p.text) : null;
}

export { formatCents, toCents };
