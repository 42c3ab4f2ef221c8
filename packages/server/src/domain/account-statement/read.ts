import {
  accountMoveKind,
  accountStatementState,
  disputeAnswer,
  getEntity,
  msg,
  STATEMENT_PAGE_MAX,
  STATEMENT_PAGE_SIZE,
  statementConfirmWay,
  type Lang,
  type OptionSetDef,
  type StatementHeader,
  type StatementLine,
  type StatementLinePage,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { AppError, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { formatCents, toCents } from '../money.ts';
import { optionText } from '../work-order/log.ts';
import { parseMonth } from './period.ts';
import { stateSql } from './state.ts';

/*
 * Reading a statement: its header (the snapshot's figures, its state as of now) and its lines —
 * the ledger moves it covers (generate.ts says which), oldest first by (date, sequence), each with
 * the running balance after it. A page is a keyset over the (dealer, date, sequence) index: the
 * month's moves from the cursor on, after the late postings (dated before the month), so a page
 * of three years of history reads one month's index range, never the history.
 */

const STATEMENT = getEntity('new_accountstatement')!;

/** What the line queries need of a statement. */
export interface Coverage {
  id: string;
  unit: string;
  from: string;
  to: string;
  last: number;
  prev: number | null;
}

type HeaderRow = Omit<StatementHeader, 'stateText' | 'confirmWayText' | 'deadline' | 'generatedOn' | 'confirmedOn'> & {
  deadline: Date | null;
  generatedOn: Date;
  confirmedOn: Date | null;
  last: number;
  prev: number | null;
};

/**
 * The statement of `unit` for `month` within the caller's reach. 404 outside it; a dealer of the
 * caller's reach whose month is not generated yet is told so (that says nothing it may not know).
 */
export async function statementHeader(
  sql: Sql,
  caller: Caller,
  rawUnit: string,
  rawMonth: string,
  lang: Lang,
): Promise<{ header: StatementHeader; coverage: Coverage }> {
  const unit = normGuid(rawUnit);
  const month = parseMonth(rawMonth);
  if (!unit) throw recordNotFound();
  if (!month) throw refuse('statement.monthInvalid', undefined, 'month');
  const p = new Params();
  const { rows } = await sql.query<HeaderRow>(
    `SELECT t.new_accountstatementid AS id, t.new_name AS name, t.new_unit_id AS "unitId", b.name AS dealer, t.new_month AS month,
            to_char(t.new_periodstart, 'YYYY-MM-DD') AS "from", to_char(t.new_periodend, 'YYYY-MM-DD') AS "to",
            t.new_opening::text AS opening, t.new_invoiced::text AS invoiced, t.new_received::text AS received, t.new_rebate::text AS rebate,
            t.new_fund::text AS fund, t.new_adjusted::text AS adjusted, t.new_closing::text AS closing, COALESCE(t.new_linecount, 0) AS "lineCount",
            ${stateSql('t')} AS state, t.new_deadline AS deadline, t.new_generatedon AS "generatedOn",
            CASE WHEN ${stateSql('t')} = ${accountStatementState.confirmed} THEN COALESCE(t.new_confirmedon, t.new_deadline) END AS "confirmedOn",
            CASE WHEN ${stateSql('t')} = ${accountStatementState.confirmed} THEN COALESCE(t.new_confirmway, ${statementConfirmWay.lapsed}) END AS "confirmWay",
            (SELECT count(*) FROM new_accountdispute d WHERE d.new_statement_id = t.new_accountstatementid AND d.new_answer = ${disputeAnswer.pending})::int AS pending,
            COALESCE(t.new_lastseq, 0) AS last, t.new_prevseq AS prev
       FROM new_accountstatement t JOIN businessunit b ON b.businessunitid = t.new_unit_id
      WHERE t.new_unit_id = ${p.add(unit, 'uuid')} AND t.new_month = ${p.add(month.month)} AND ${p.scope(STATEMENT, caller, 't', 'read')}`,
    p.values,
  );
  const r = rows[0];
  if (!r) {
    if (caller.subtree.includes(unit)) throw new AppError(404, 'statement.notGenerated', { month: month.month });
    throw recordNotFound();
  }
  const { last, prev, ...rest } = r;
  const header: StatementHeader = {
    ...rest,
    lineCount: Number(r.lineCount),
    stateText: optionText(accountStatementState as OptionSetDef<number>, r.state, lang),
    deadline: r.deadline?.toISOString() ?? null,
    generatedOn: r.generatedOn.toISOString(),
    confirmedOn: r.confirmedOn?.toISOString() ?? null,
    confirmWayText: r.confirmWay ? optionText(statementConfirmWay as OptionSetDef<number>, r.confirmWay, lang) : '',
  };
  return {
    header,
    coverage: { id: r.id, unit: r.unitId, from: r.from, to: r.to, last: Number(last), prev: prev === null ? null : Number(prev) },
  };
}

/**
 * SQL: the move (alias `m`) is on the statement — dated in its month, or dated before it and posted
 * after the previous statement — and was in the ledger when it was made. Parameters added to `p`.
 */
export function coveredSql(c: Coverage, p: Params, m = 'm'): string {
  const unit = p.add(c.unit, 'uuid');
  const last = p.add(c.last, 'int');
  const month = `${m}.new_date BETWEEN ${p.add(c.from, 'date')} AND ${p.add(c.to, 'date')}`;
  const late = c.prev === null ? 'false' : `(${m}.new_date < ${p.add(c.from, 'date')} AND ${m}.new_seq > ${p.add(c.prev, 'int')})`;
  return `${m}.new_unit_id = ${unit} AND ${m}.new_seq <= ${last} AND (${month} OR ${late})`;
}

/** Lines per page: STATEMENT_PAGE_SIZE unless a whole number up to STATEMENT_PAGE_MAX is asked (the print view asks for more itself). */
export function pageSize(v: unknown, max = STATEMENT_PAGE_MAX): number {
  if (v === undefined || v === null || v === '') return STATEMENT_PAGE_SIZE;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw refuse('statement.pageSize', { max }, 'size');
  return n;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2})~(\d{1,9})$/;

/** The (date, sequence) after which a page starts, from its cursor text; null for the first page. */
function parseCursor(after: unknown): { date: string; seq: number } | null {
  if (after === undefined || after === null || after === '') return null;
  const m = typeof after === 'string' ? CURSOR.exec(after) : null;
  if (!m || Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) throw refuse('statement.cursorInvalid', undefined, 'after');
  return { date: m[1], seq: Number(m[2]) };
}

type LineRow = {
  moveId: string;
  date: string;
  seq: number;
  kind: number;
  docEntity: string | null;
  docId: string | null;
  docName: string | null;
  remark: string | null;
  amount: string;
  disputed: boolean;
};

/**
 * The statement's lines after `after` (a cursor), at most `size`, each with its running balance:
 * the opening plus every line up to it. Two index ranges (the late postings, then the month's own
 * moves), each limited; the balance before the page is one sum over the lines before the cursor
 * (within one month, bounded).
 */
export async function statementLines(
  sql: Sql,
  header: Pick<StatementHeader, 'opening'>,
  c: Coverage,
  after: unknown,
  size: number,
  lang: Lang,
): Promise<StatementLinePage> {
  const cursor = parseCursor(after);
  /**
   * The statement's two index ranges — the late postings (dated before the month, sequence after
   * the previous statement's) and the month's own moves — selecting `cols`, each limited to the
   * lines after the cursor (`>`) or up to it (`<=`); parameters go to `p`.
   */
  const ranges = (p: Params, cols: (p: Params) => string, op: '>' | '<=' | null) => {
    const unit = p.add(c.unit, 'uuid');
    const last = p.add(c.last, 'int');
    const from = p.add(c.from, 'date');
    const at = cursor && op ? `AND (m.new_date, m.new_seq) ${op} (${p.add(cursor.date, 'date')}, ${p.add(cursor.seq, 'int')})` : '';
    const own = `SELECT ${cols(p)} FROM new_accountmove m WHERE m.new_unit_id = ${unit} AND m.new_date BETWEEN ${from} AND ${p.add(c.to, 'date')}
                   AND m.new_seq <= ${last} ${at}`;
    if (c.prev === null) return [own];
    const late = `SELECT ${cols(p)} FROM new_accountmove m WHERE m.new_unit_id = ${unit} AND m.new_seq > ${p.add(c.prev, 'int')} AND m.new_seq <= ${last}
                    AND m.new_date < ${from} ${at}`;
    return [late, own];
  };
  const line = (p: Params) =>
    `m.new_accountmoveid AS "moveId", to_char(m.new_date, 'YYYY-MM-DD') AS date, m.new_seq AS seq, m.new_kind AS kind,
     m.new_docentity AS "docEntity", m.new_docid AS "docId", m.new_name AS "docName", m.new_remark AS remark, m.new_amount::text AS amount,
     EXISTS (SELECT 1 FROM new_accountdispute d WHERE d.new_statement_id = ${p.add(c.id, 'uuid')} AND d.new_move_id = m.new_accountmoveid) AS disputed`;
  const p = new Params();
  const limit = p.add(size + 1, 'int');
  const page = ranges(p, line, '>')
    .map((q) => `(${q} ORDER BY m.new_date, m.new_seq LIMIT ${limit})`)
    .join(' UNION ALL ');
  const { rows } = await sql.query<LineRow>(`SELECT * FROM (${page}) x ORDER BY x.date, x.seq LIMIT ${limit}`, p.values);
  let balance = toCents(header.opening);
  if (cursor) {
    const q = new Params();
    const { rows: sums } = await sql.query<{ s: string }>(
      ranges(q, () => 'COALESCE(sum(m.new_amount), 0) AS s', '<=').join(' UNION ALL '),
      q.values,
    );
    for (const r of sums) balance += toCents(r.s);
  }
  const more = rows.length > size;
  const shown = more ? rows.slice(0, size) : rows;
  const lines: StatementLine[] = shown.map((r) => {
    const a = toCents(r.amount);
    balance += a;
    return {
      moveId: r.moveId,
      date: r.date,
      seq: Number(r.seq),
      kind: Number(r.kind),
      kindText: optionText(accountMoveKind as OptionSetDef<number>, Number(r.kind), lang),
      docEntity: r.docEntity ?? '',
      docId: r.docId ?? '',
      docName: r.docName ?? '',
      remark: r.date < c.from ? [msg('statement.remarkLate', lang), r.remark].filter(Boolean).join('；') : (r.remark ?? ''),
      amount: formatCents(a),
      debit: a > 0n ? formatCents(a) : '',
      credit: a < 0n ? formatCents(-a) : '',
      balance: formatCents(balance),
      late: r.date < c.from,
      disputed: r.disputed,
    };
  });
  const tail = shown[shown.length - 1];
  return { lines, next: more && tail ? `${tail.date}~${tail.seq}` : null };
}
