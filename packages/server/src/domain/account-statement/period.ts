import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { calendarOverrides } from '../calendar/working-days.ts';
import { chinaDate } from '../china-time.ts';
import { doubtDeadline } from '../expense/period.ts';

/** A statement's month: YYYY-MM and its first and last day (China calendar). */
export interface StatementMonth {
  month: string;
  from: string;
  to: string;
}

/** The earliest month a statement may be generated for (the portal's dealer ledger is younger). */
export const FIRST_STATEMENT_MONTH = '2020-01';
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month of YYYY-MM, or null when it is not one. */
export function parseMonth(v: unknown): StatementMonth | null {
  const m = typeof v === 'string' ? MONTH.exec(v.trim()) : null;
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return { month: `${m[1]}-${m[2]}`, from: `${m[1]}-${m[2]}-01`, to: `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}` };
}

/** YYYY-MM `n` months after `month` (before, when negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The China-time month of an instant. */
export const chinaMonth = (now: Date = new Date()) => chinaDate(now).slice(0, 7);

/** A month head office may generate now: well formed, not before FIRST_STATEMENT_MONTH, and ended (China time). */
export function generableMonth(v: unknown, now: Date = new Date()): StatementMonth {
  const m = parseMonth(v);
  if (!m) throw refuse('statement.monthInvalid', undefined, 'month');
  if (m.month < FIRST_STATEMENT_MONTH) throw refuse('statement.monthTooEarly', { min: FIRST_STATEMENT_MONTH }, 'month');
  if (m.month >= chinaMonth(now)) throw refuse('statement.monthNotEnded', { month: m.month }, 'month');
  return m;
}

/** The dealer's working days to confirm or dispute: system parameter AccountStatementDoubtWorkingDays, 5 when unset. */
export async function statementWorkingDays(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ v: string | null }>(
    `SELECT new_value AS v FROM new_systemparameter WHERE new_name = 'AccountStatementDoubtWorkingDays' AND statecode = 0 LIMIT 1`,
  );
  const n = Number(rows[0]?.v);
  return rows[0]?.v != null && Number.isInteger(n) && n >= 0 && n <= 30 ? n : 5;
}

/**
 * The end of the dealer's window from `from` (a statement sent, disputes answered): that many
 * working days after its day (the working calendar), at midnight China time — as the expense
 * statement's time for doubts (domain/expense/period.ts).
 */
export async function statementDeadline(sql: Sql, from: Date): Promise<{ deadline: Date; days: number }> {
  const days = await statementWorkingDays(sql);
  return { deadline: doubtDeadline(from, days, await calendarOverrides(sql, chinaDate(from))), days };
}
