import { accountStatementState, type StatementMonths } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { addMonths, chinaMonth } from './period.ts';
import { stateSql } from './state.ts';

/**
 * What head office may generate now: the month after the latest generated one once it has ended
 * (else the latest again), or last month when none is; and whether the latest may be generated
 * again (none of its statements confirmed, a lapsed window counting as confirmed).
 */
export async function statementMonths(sql: Sql, now: Date = new Date()): Promise<StatementMonths> {
  const {
    rows: [r],
  } = await sql.query<{ latest: string | null; frozen: boolean }>(
    `SELECT m.latest, EXISTS (SELECT 1 FROM new_accountstatement t WHERE t.new_month = m.latest AND ${stateSql('t')} = ${accountStatementState.confirmed}) AS frozen
       FROM (SELECT max(new_month) AS latest FROM new_accountstatement) m`,
  );
  const current = chinaMonth(now);
  const after = r.latest ? addMonths(r.latest, 1) : addMonths(current, -1);
  return { latest: r.latest, next: after < current ? after : (r.latest ?? after), regenerable: !!r.latest && !r.frozen };
}
