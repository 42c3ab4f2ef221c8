import { accountStatementState, statementConfirmWay } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { deriveField } from '../../records/query/derived.ts';

/*
 * Past the dealer's window a statement still to be confirmed (待确认, or 已答复 after head office's
 * answer) counts as confirmed, at its deadline. Not a nightly job: every query of the record
 * service reads state, confirmation time and way through the expressions below (lists, tabs,
 * counts, exports agree), this module's own SQL uses the same, and `settleLapsed` stores it before
 * anything acts on a statement (a command, a generation), so the row lock reads the state as of now.
 */

const { toConfirm, answered, confirmed } = accountStatementState;

/** SQL: the statement (alias `t`) waits for its dealer and its window has passed. */
export const lapsedSql = (t: string) => `(${t}.new_state IN (${toConfirm}, ${answered}) AND ${t}.new_deadline <= now())`;
/** SQL: its state as of now. */
export const stateSql = (t: string) => `(CASE WHEN ${lapsedSql(t)} THEN ${confirmed} ELSE ${t}.new_state END)`;
const confirmedOnSql = (t: string) => `(CASE WHEN ${lapsedSql(t)} THEN ${t}.new_deadline ELSE ${t}.new_confirmedon END)`;
const confirmWaySql = (t: string) => `(CASE WHEN ${lapsedSql(t)} THEN ${statementConfirmWay.lapsed} ELSE ${t}.new_confirmway END)`;

/** Stores "confirmed (window passed)" on every lapsed statement; answers how many changed. */
export async function settleLapsed(sql: Sql): Promise<number> {
  const r = await sql.query(
    `UPDATE new_accountstatement t SET new_state = ${confirmed}, new_confirmway = ${statementConfirmWay.lapsed},
            new_confirmedon = t.new_deadline, modifiedon = now()
      WHERE ${lapsedSql('t')}`,
  );
  return r.rowCount ?? 0;
}

/** Every query of the record service reads a lapsed statement as confirmed. */
export function installAccountStatement(): void {
  deriveField('new_accountstatement', 'new_state', stateSql);
  deriveField('new_accountstatement', 'new_confirmedon', confirmedOnSql);
  deriveField('new_accountstatement', 'new_confirmway', confirmWaySql);
}
