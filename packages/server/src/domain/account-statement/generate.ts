import { accountMoveKind, accountStatementState, formatDeadline, msg, type GenerateStatementsAnswer, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { addMonths, generableMonth, statementDeadline, type StatementMonth } from './period.ts';
import { settleLapsed } from './state.ts';

/*
 * Head office generates the statements of a month for every dealer account at once, in one
 * transaction (all or nothing), set-based: a handful of statements, whatever the number of
 * accounts and moves (docs/decisions.md "Account statements and reconciliation").
 *
 * What a statement covers. Each statement records the account's last move sequence when it was
 * made (`new_lastseq`, read in the same snapshot as the moves). The moves covered by an account's
 * statements up to month M are then exactly those dated on or before M's last day with a sequence
 * up to M's `new_lastseq`. So M's lines are:
 *   - the moves dated in M with a sequence up to its `new_lastseq`, and
 *   - the moves dated before M posted after the previous statement was made (sequence above its
 *     `new_lastseq`): late postings fall into the next statement instead of changing a past one;
 * and a move dated in M but posted after M was generated falls into M+1 the same way. Every move is
 * on exactly one statement, opening = the previous closing, closing = opening + Σ its lines; an
 * account's first statement opens with everything dated before its month.
 */

const { toConfirm, disputed, answered, confirmed } = accountStatementState;
/** One generation at a time (a fixed key of the transaction-level advisory lock). */
const GENERATION_LOCK = 7_202_611_28;

export interface Generation {
  month: StatementMonth;
  count: number;
  regenerated: boolean;
  deadline: Date;
}

/**
 * Generates (or, while none of the month's statements is confirmed, regenerates) the statements
 * of `month` for every account, or for `holders` only (a test's own accounts). Months go in order:
 * after the latest one generated, or the latest again; never one before it.
 */
export async function generateMonth(
  sql: Sql,
  userId: string,
  monthInput: unknown,
  now: Date = new Date(),
  holders?: string[],
): Promise<Generation> {
  const month = generableMonth(monthInput, now);
  await sql.query('SELECT pg_advisory_xact_lock($1)', [GENERATION_LOCK]);
  await settleLapsed(sql);
  const only = holders ?? null;
  const {
    rows: [latest],
  } = await sql.query<{ m: string | null }>(
    'SELECT max(new_month) AS m FROM new_accountstatement WHERE $1::uuid[] IS NULL OR new_unit_id = ANY($1::uuid[])',
    [only],
  );
  if (latest.m && latest.m > month.month) throw refuse('statement.laterExists', { later: latest.m, month: month.month }, 'month');
  if (latest.m && latest.m < month.month && addMonths(latest.m, 1) !== month.month)
    throw refuse('statement.skipMonth', { expected: addMonths(latest.m, 1) }, 'month');
  const regenerated = latest.m === month.month;
  if (regenerated) {
    // The month's statements are locked first, so no dealer confirms one between this check and the update.
    const { rows } = await sql.query<{ n: number; dealer: string | null }>(
      `WITH locked AS (SELECT new_state, new_unit_id FROM new_accountstatement
                        WHERE new_month = $1 AND ($2::uuid[] IS NULL OR new_unit_id = ANY($2::uuid[])) FOR UPDATE)
       SELECT count(*) FILTER (WHERE new_state = ${confirmed})::int AS n,
              (SELECT b.name FROM locked l JOIN businessunit b ON b.businessunitid = l.new_unit_id WHERE l.new_state = ${confirmed} ORDER BY b.name LIMIT 1) AS dealer
         FROM locked`,
      [month.month, only],
    );
    if (rows[0].n > 0) throw refuse('statement.frozenMonth', { month: month.month, count: rows[0].n, dealer: rows[0].dealer ?? '' });
  }
  const { deadline } = await statementDeadline(sql, now);
  const k = accountMoveKind;
  const {
    rows: [r],
  } = await sql.query<{ n: number }>(
    `WITH acct AS (
       SELECT a.new_dealeraccountid AS account, a.new_unit_id AS unit, COALESCE(a.new_seq, 0) AS last, p.new_closing AS prev_closing, p.new_lastseq AS prev_seq
         FROM new_dealeraccount a
         LEFT JOIN LATERAL (SELECT s.new_closing, s.new_lastseq FROM new_accountstatement s
                             WHERE s.new_account_id = a.new_dealeraccountid AND s.new_month < $1 ORDER BY s.new_month DESC LIMIT 1) p ON true
        WHERE $8::uuid[] IS NULL OR a.new_unit_id = ANY($8::uuid[])),
     lines AS (
       SELECT m.new_unit_id AS unit, m.new_kind AS kind, m.new_amount AS amount
         FROM new_accountmove m JOIN acct ON acct.unit = m.new_unit_id
        WHERE m.new_date BETWEEN $2::date AND $3::date AND m.new_seq <= acct.last
       UNION ALL
       SELECT m.new_unit_id, m.new_kind, m.new_amount
         FROM acct JOIN new_accountmove m ON m.new_unit_id = acct.unit AND m.new_seq > acct.prev_seq AND m.new_seq <= acct.last AND m.new_date < $2::date
        WHERE acct.prev_seq IS NOT NULL),
     opening AS (
       SELECT m.new_unit_id AS unit, sum(m.new_amount) AS amount
         FROM new_accountmove m JOIN acct ON acct.unit = m.new_unit_id
        WHERE acct.prev_seq IS NULL AND m.new_date < $2::date AND m.new_seq <= acct.last
        GROUP BY m.new_unit_id),
     sums AS (
       SELECT unit, count(*)::int AS n,
              COALESCE(sum(amount) FILTER (WHERE kind IN (${k.invoice}, ${k.invoiceVoid})), 0) AS invoiced,
              COALESCE(-sum(amount) FILTER (WHERE kind = ${k.receipt}), 0) AS received,
              COALESCE(-sum(amount) FILTER (WHERE kind = ${k.rebate}), 0) AS rebate,
              COALESCE(-sum(amount) FILTER (WHERE kind = ${k.fund}), 0) AS fund,
              -- adjustments, and any kind of move a later module adds: the closing stays opening + Σ lines
              COALESCE(sum(amount) FILTER (WHERE kind NOT IN (${k.invoice}, ${k.invoiceVoid}, ${k.receipt}, ${k.rebate}, ${k.fund})), 0) AS adjusted
         FROM lines GROUP BY unit),
     fig AS (
       SELECT acct.account, acct.unit, acct.last, acct.prev_seq, COALESCE(acct.prev_closing, o.amount, 0) AS opening,
              COALESCE(s.n, 0) AS n, COALESCE(s.invoiced, 0) AS invoiced, COALESCE(s.received, 0) AS received,
              COALESCE(s.rebate, 0) AS rebate, COALESCE(s.fund, 0) AS fund, COALESCE(s.adjusted, 0) AS adjusted
         FROM acct LEFT JOIN sums s ON s.unit = acct.unit LEFT JOIN opening o ON o.unit = acct.unit),
     written AS (
       INSERT INTO new_accountstatement AS t (new_name, new_unit_id, new_account_id, new_month, new_periodstart, new_periodend,
              new_opening, new_invoiced, new_received, new_rebate, new_fund, new_adjusted, new_closing, new_linecount, new_lastseq, new_prevseq,
              new_state, new_deadline, new_generatedon, new_generatedby, createdby, modifiedby, ownerid, owningbusinessunit)
       SELECT 'DZ' || replace($1, '-', '') || '-' || COALESCE(NULLIF(b.new_code, ''), left(f.unit::text, 8)), f.unit, f.account, $1, $2::date, $3::date,
              f.opening, f.invoiced, f.received, f.rebate, f.fund, f.adjusted, f.opening + f.invoiced - f.received - f.rebate - f.fund + f.adjusted,
              f.n, f.last, f.prev_seq, ${toConfirm}, $4::timestamptz, $5::timestamptz, $6::uuid, $6::uuid, $6::uuid, $6::uuid, f.unit
         FROM fig f JOIN businessunit b ON b.businessunitid = f.unit
        WHERE f.opening <> 0 OR f.n > 0
           OR EXISTS (SELECT 1 FROM new_accountstatement x WHERE x.new_account_id = f.account AND x.new_month = $1)
       ON CONFLICT (new_account_id, new_month) DO UPDATE SET
              new_opening = EXCLUDED.new_opening, new_invoiced = EXCLUDED.new_invoiced, new_received = EXCLUDED.new_received,
              new_rebate = EXCLUDED.new_rebate, new_fund = EXCLUDED.new_fund, new_adjusted = EXCLUDED.new_adjusted,
              new_closing = EXCLUDED.new_closing, new_linecount = EXCLUDED.new_linecount, new_lastseq = EXCLUDED.new_lastseq,
              new_prevseq = EXCLUDED.new_prevseq, new_generatedon = EXCLUDED.new_generatedon, new_generatedby = EXCLUDED.new_generatedby,
              -- the dealer's window starts again on new figures; disputes still waiting for head office keep waiting
              new_deadline = CASE WHEN t.new_state = ${disputed} THEN t.new_deadline ELSE EXCLUDED.new_deadline END,
              modifiedon = now(), modifiedby = EXCLUDED.modifiedby
        WHERE t.new_state <> ${confirmed}
       RETURNING t.new_accountstatementid AS id, t.new_unit_id AS unit, t.new_name AS name, t.new_month AS month, t.new_closing AS closing, t.new_state AS state),
     told AS (
       -- the dealer's own users who read sales documents hear of it (message centre), the acting user left out
       INSERT INTO portal_message (user_id, kind, message_key, params, entity, record_id, target, actor_id)
       SELECT u.systemuserid, 'settlement', 'message.text.statementGenerated',
              jsonb_build_object('name', w.name, 'month', w.month, 'amount', w.closing::text, 'deadline', $7::text),
              'new_accountstatement', w.id, 'document', $6::uuid
         FROM written w JOIN systemuser u ON u.businessunitid = w.unit
        WHERE w.state IN (${toConfirm}, ${answered}) AND NOT COALESCE(u.isdisabled, false) AND u.systemuserid <> $6::uuid
          AND EXISTS (SELECT 1 FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid
                       WHERE ur.systemuserid = u.systemuserid AND rp.new_name = 'sales.read')
       RETURNING 1)
     SELECT (SELECT count(*) FROM written)::int AS n, (SELECT count(*) FROM told)::int AS told`,
    [month.month, month.from, month.to, deadline, now, userId, formatDeadline(deadline), only],
  );
  return { month, count: r.n, regenerated, deadline };
}

/** Head office's command (finance.manage): generates the month and answers what it did in the caller's language. */
export async function generateStatements(sql: Sql, caller: Caller, month: unknown, lang: Lang): Promise<GenerateStatementsAnswer> {
  const g = await generateMonth(sql, caller.principal.userId, month);
  const params = { month: g.month.month, count: g.count };
  return {
    month: g.month.month,
    count: g.count,
    regenerated: g.regenerated,
    message: msg(g.regenerated ? 'statement.regenerated' : 'statement.generated', lang, params),
  };
}
