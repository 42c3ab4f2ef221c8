import {
  accountMoveKind,
  accountStatementState,
  businessUnitType,
  disputeAnswer,
  formatChinaDateTime,
  formatDeadline,
  formatMoney,
  getEntity,
  msg,
  statementConfirmWay,
  type MessageKey,
} from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { CommandContext, DocumentController } from '../../documents/controller.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDate } from '../china-time.ts';
import { postAccountMove } from '../dealer-account/ledger.ts';
import { parseAmount } from '../expense/period.ts';
import { notify } from '../message/messages.ts';
import { formatCents, toCents } from '../money.ts';
import { statementDeadline, statementWorkingDays } from './period.ts';
import { type Coverage, coveredSql } from './read.ts';
import { settleLapsed } from './state.ts';

/*
 * The reconciliation of a statement (对账确认, declared on new_accountstatement): the dealer's own
 * users confirm it or dispute lines within their window (system parameter
 * AccountStatementDoubtWorkingDays working days from its generation, or from head office's answer);
 * head office answers each disputed line with an adjustment — a ledger move dated today, so it lands
 * in the month still open and on that month's statement — or a rejection; once no line is pending
 * the dealer has a new window to confirm. Confirmed (by the dealer, or by its window running out) is
 * frozen. Each step leaves a message for the other side.
 */

const STATEMENT = getEntity('new_accountstatement')!;
const { confirmed, answered } = accountStatementState;
/** Lines in one dispute or answer at most. */
const MAX_LINES = 50;
/** cents: |amount| below 100 million yuan. */
const AMOUNT_MAX = 9_999_999_999n;

type Statement = Coverage &
  Record<string, unknown> & {
    name: string;
    month: string;
    dealer: string;
    confirmedOn: Date | null;
    way: number | null;
    deadline: Date | null;
  };

async function statementOf(sql: Sql, id: string): Promise<Statement> {
  const { rows } = await sql.query<Statement>(
    `SELECT t.new_accountstatementid AS id, t.new_unit_id AS unit, to_char(t.new_periodstart, 'YYYY-MM-DD') AS "from",
            to_char(t.new_periodend, 'YYYY-MM-DD') AS "to", COALESCE(t.new_lastseq, 0) AS last, t.new_prevseq AS prev,
            t.new_name AS name, t.new_month AS month, b.name AS dealer, t.new_confirmedon AS "confirmedOn",
            t.new_confirmway AS way, t.new_deadline AS deadline
       FROM new_accountstatement t JOIN businessunit b ON b.businessunitid = t.new_unit_id WHERE t.new_accountstatementid = $1::uuid`,
    [id],
  );
  const s = rows[0];
  return { ...s, last: Number(s.last), prev: s.prev === null ? null : Number(s.prev) };
}

/** Before the statement is locked: a lapsed window is stored as confirmed, so the lock reads the state as of now. */
const settle = async ({ sql }: { sql: Sql }) => void (await settleLapsed(sql));

/** The dealer's side: an account of a dealer (head office and branches reach the statement but do not answer for the dealer). */
function dealerSide(caller: Caller): void {
  if (caller.principal.unitType !== businessUnitType.dealer) throw new Refusal('statement.dealerOnly', undefined, undefined, 403);
}

/**
 * A frozen statement is refused as such (one whose window ran out says so); another dealer's is out
 * of reach already (404); the statement must be the caller's own dealer's.
 */
async function open(ctx: CommandContext, s: Statement): Promise<void> {
  if (ctx.state === confirmed && s.way === statementConfirmWay.lapsed)
    throw refuse('statement.windowPassed', { days: await statementWorkingDays(ctx.sql), deadline: formatDeadline(s.deadline) });
  if (ctx.state === confirmed) throw refuse('statement.frozen', { time: formatChinaDateTime(s.confirmedOn) });
  if (s.unit !== ctx.caller.principal.businessUnitId) throw new Refusal('statement.dealerOnly', undefined, undefined, 403);
}

const lineList = (body: Record<string, unknown>, empty: 'statement.disputeLines' | 'statement.answerLines') => {
  const lines = body.lines;
  if (!Array.isArray(lines) || !lines.length) throw refuse(empty, undefined, 'lines');
  if (lines.length > MAX_LINES) throw refuse('statement.disputeTooMany', { max: MAX_LINES }, 'lines');
  return lines.map((l) => (l && typeof l === 'object' ? (l as Record<string, unknown>) : {}));
};
const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const signedCents = (v: unknown): bigint | null => {
  const raw = typeof v === 'string' ? v.trim() : v;
  const neg = typeof raw === 'string' && raw.startsWith('-');
  const c = parseAmount(neg ? (raw as string).slice(1) : typeof raw === 'number' && raw < 0 ? -raw : raw);
  if (c === null || c > AMOUNT_MAX) return null;
  return neg || (typeof raw === 'number' && raw < 0) ? -c : c;
};

/** The finance users of head office hear of the dealer's step. */
const toFinance = (
  ctx: CommandContext,
  key: 'message.text.statementDisputed' | 'message.text.statementConfirmed',
  params: Record<string, string | number>,
) =>
  notify(
    ctx.sql,
    ctx.caller.principal.userId,
    { everyone: true, privilege: 'finance.manage' },
    { kind: 'settlement', key, params, entity: STATEMENT.logicalName, recordId: ctx.id },
  );

/** The dealer's own users (who read sales documents) hear of head office's step. */
const toDealer = (ctx: CommandContext, s: Statement, key: 'message.text.statementAnswered', params: Record<string, string | number>) =>
  notify(
    ctx.sql,
    ctx.caller.principal.userId,
    { unit: s.unit, privilege: 'sales.read' },
    { kind: 'settlement', key, params, entity: STATEMENT.logicalName, recordId: ctx.id },
  );

export const statementController: DocumentController = {
  entity: STATEMENT,
  may: { confirm: dealerSide, dispute: dealerSide },
  beforeLock: { confirm: settle, dispute: settle, answer: settle },
  bodies: {
    dispute: z.object({
      lines: z
        .array(
          z.object({
            moveId: z.string().max(60).nullish(),
            amount: z.union([z.string().max(40), z.number()]),
            reason: z.string().max(400),
          }),
        )
        .max(200),
    }),
    answer: z.object({
      lines: z
        .array(
          z.object({
            lineId: z.string().max(60),
            decision: z.enum(['adjust', 'reject']),
            amount: z.union([z.string().max(40), z.number()]).nullish(),
            reason: z.string().max(400),
          }),
        )
        .max(200),
    }),
  },
  commands: {
    /** The dealer, within its window (a lapsed one is confirmed already): frozen from now on. */
    async confirm(ctx) {
      const s = await statementOf(ctx.sql, ctx.id);
      await open(ctx, s);
      await ctx.sql.query(
        `UPDATE new_accountstatement SET new_confirmedon = now(), new_confirmedby = $2::uuid, new_confirmway = $3 WHERE new_accountstatementid = $1::uuid`,
        [ctx.id, ctx.caller.principal.userId, statementConfirmWay.dealer],
      );
      await toFinance(ctx, 'message.text.statementConfirmed', { dealer: s.dealer, month: s.month, name: s.name });
      return { message: 'statement.confirmed' };
    },

    /**
     * The dealer, within its window: lines of the statement (or none: something missing) with its
     * own figure, signed as the ledger, and why (each move once). Disputing again after head office
     * answered adds lines; none is pending then (an answered statement has none).
     */
    async dispute(ctx) {
      const s = await statementOf(ctx.sql, ctx.id);
      await open(ctx, s);
      const asked = lineList(ctx.body, 'statement.disputeLines');
      const ids = asked.map((l) => (l.moveId ? normGuid(String(l.moveId)) : null));
      const p = new Params();
      const moveIds = p.add(ids.filter(Boolean), 'uuid[]');
      const { rows: moves } = await ctx.sql.query<{ id: string; name: string; date: string; kind: number; amount: string }>(
        `SELECT m.new_accountmoveid AS id, m.new_name AS name, to_char(m.new_date, 'YYYY-MM-DD') AS date, m.new_kind AS kind, m.new_amount::text AS amount
           FROM new_accountmove m WHERE m.new_accountmoveid = ANY(${moveIds}) AND ${coveredSql(s, p)}`,
        p.values,
      );
      const byId = new Map(moves.map((m) => [m.id, m]));
      const seen = new Set<string>();
      const rows = asked.map((l, i) => {
        const n = i + 1;
        const id = ids[i];
        const move = id ? byId.get(id) : undefined;
        if (l.moveId && !move) throw refuse('statement.disputeMove', { n }, 'lines');
        if (move && seen.has(move.id)) throw refuse('statement.disputeDuplicate', { n }, 'lines');
        if (move) seen.add(move.id);
        const theirs = signedCents(l.amount);
        if (theirs === null) throw refuse('statement.disputeAmount', { n }, 'lines');
        const ours = move ? toCents(move.amount) : 0n;
        if (theirs === ours) throw refuse('statement.disputeSame', { n }, 'lines');
        const reason = textOf(l.reason);
        if (!reason || reason.length > 200) throw refuse('statement.disputeReason', { n }, 'lines');
        return { move, ours, theirs, reason };
      });
      const other = msg('statement.disputeOther', 'zh-CN');
      await ctx.sql.query(
        `INSERT INTO new_accountdispute (new_name, new_statement_id, new_unit_id, new_move_id, new_date, new_kind, new_ouramount, new_theiramount,
                                         new_reason, new_answer, createdby, modifiedby, ownerid, owningbusinessunit)
         SELECT u.name, $1::uuid, $2::uuid, u.move, u.day, u.kind, u.ours, u.theirs, u.reason, $3, $4::uuid, $4::uuid, $4::uuid, $2::uuid
           FROM unnest($5::text[], $6::uuid[], $7::date[], $8::int[], $9::numeric[], $10::numeric[], $11::text[])
                WITH ORDINALITY AS u(name, move, day, kind, ours, theirs, reason, i) ORDER BY u.i`,
        [
          ctx.id,
          s.unit,
          disputeAnswer.pending,
          ctx.caller.principal.userId,
          rows.map((r) => r.move?.name ?? other),
          rows.map((r) => r.move?.id ?? null),
          rows.map((r) => r.move?.date ?? null),
          rows.map((r) => r.move?.kind ?? null),
          rows.map((r) => formatCents(r.ours)),
          rows.map((r) => formatCents(r.theirs)),
          rows.map((r) => r.reason),
        ],
      );
      // Waiting for head office: no window runs meanwhile.
      await ctx.sql.query(
        'UPDATE new_accountstatement SET new_disputedon = now(), new_deadline = NULL WHERE new_accountstatementid = $1::uuid',
        [ctx.id],
      );
      await toFinance(ctx, 'message.text.statementDisputed', { dealer: s.dealer, month: s.month, name: s.name, count: rows.length });
      return { message: 'statement.disputed', messageParams: { count: rows.length } };
    },

    /**
     * Head office: each pending line it names is adjusted (an adjustment move of the signed amount,
     * dated today, posted once per line) or rejected, with its reason. With none pending any more the
     * statement is answered and the dealer's window to confirm starts.
     */
    async answer(ctx): Promise<{ message: MessageKey; messageParams: Record<string, string | number>; to?: number }> {
      const s = await statementOf(ctx.sql, ctx.id);
      const asked = lineList(ctx.body, 'statement.answerLines');
      const { rows: pending } = await ctx.sql.query<{ id: string; name: string }>(
        `SELECT new_accountdisputeid AS id, new_name AS name FROM new_accountdispute
          WHERE new_statement_id = $1::uuid AND new_answer = $2 ORDER BY createdon, new_accountdisputeid FOR UPDATE`,
        [ctx.id, disputeAnswer.pending],
      );
      const waiting = new Set(pending.map((l) => l.id));
      const seen = new Set<string>();
      const answers = asked.map((l, i) => {
        const n = i + 1;
        const id = normGuid(String(l.lineId ?? ''));
        if (!id || !waiting.has(id) || seen.has(id)) throw refuse('statement.answerLine', { n }, 'lines');
        seen.add(id);
        if (l.decision !== 'adjust' && l.decision !== 'reject') throw refuse('statement.answerDecision', { n }, 'lines');
        const reason = textOf(l.reason);
        if (!reason || reason.length > 200) throw refuse('statement.answerReason', { n }, 'lines');
        const amount = l.decision === 'adjust' ? signedCents(l.amount) : null;
        if (l.decision === 'adjust' && (amount === null || amount === 0n)) throw refuse('statement.answerAmount', { n }, 'lines');
        return { id, adjust: l.decision === 'adjust', amount, reason };
      });
      const today = chinaDate();
      const user = ctx.caller.principal.userId;
      let adjusted = 0n;
      for (const a of answers) {
        let moveId: string | null = null;
        if (a.adjust) {
          const key = `statement-adjust:${a.id}`;
          await postAccountMove(ctx.sql, user, {
            unitId: s.unit,
            kind: accountMoveKind.adjustment,
            amount: formatCents(a.amount!),
            docEntity: STATEMENT.logicalName,
            docId: ctx.id,
            docName: s.name,
            date: today,
            remark: msg('statement.adjustRemark', 'zh-CN', { statement: s.name, reason: a.reason }),
            key,
          });
          moveId = (await ctx.sql.query<{ id: string }>('SELECT new_accountmoveid AS id FROM new_accountmove WHERE new_key = $1', [key]))
            .rows[0].id;
          adjusted += a.amount!;
        }
        await ctx.sql.query(
          `UPDATE new_accountdispute SET new_answer = $2, new_adjustamount = $3::numeric, new_answerreason = $4, new_adjustmove_id = $5::uuid,
                  new_answeredon = now(), new_answeredby = $6::uuid, modifiedon = now(), modifiedby = $6::uuid
            WHERE new_accountdisputeid = $1::uuid`,
          [
            a.id,
            a.adjust ? disputeAnswer.adjusted : disputeAnswer.rejected,
            a.adjust ? formatCents(a.amount!) : null,
            a.reason,
            moveId,
            user,
          ],
        );
      }
      const left = pending.length - answers.length;
      const count = answers.length;
      const adjustedCount = answers.filter((a) => a.adjust).length;
      if (left > 0) return { message: 'statement.answeredPending', messageParams: { count, pending: left } };
      const { deadline } = await statementDeadline(ctx.sql, new Date());
      await ctx.sql.query(
        'UPDATE new_accountstatement SET new_answeredon = now(), new_deadline = $2 WHERE new_accountstatementid = $1::uuid',
        [ctx.id, deadline],
      );
      const { rows: total } = await ctx.sql.query<{ t: string }>(
        'SELECT COALESCE(sum(new_adjustamount), 0)::text AS t FROM new_accountdispute WHERE new_statement_id = $1::uuid AND new_answer = $2',
        [ctx.id, disputeAnswer.adjusted],
      );
      await toDealer(ctx, s, 'message.text.statementAnswered', { name: s.name, amount: total[0].t, deadline: formatDeadline(deadline) });
      return {
        to: answered,
        message: 'statement.answered',
        messageParams: { count, adjusted: adjustedCount, amount: formatMoney(formatCents(adjusted)) },
      };
    },
  },
};
