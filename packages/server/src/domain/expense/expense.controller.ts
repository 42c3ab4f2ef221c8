import {
  EXPENSE_COMMANDS,
  expenseFormStatus,
  formatDeadline,
  getEntity,
  msg,
  siteConfirmStatus,
  workOrderStatus,
  type ExpenseCommand,
  type Lang,
  type MessageKey,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { CommandContext, DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { forbidden, Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { calendarOverrides } from '../calendar/working-days.ts';
import { chinaDate } from '../china-time.ts';
import { notify } from '../message/messages.ts';
import { ACTION, logSummary } from '../work-order/log.ts';
import { doubtDeadline, doubtWorkingDays, formatCents, parseAmount, toCents, yuan } from './period.ts';

/*
 * The expense statement's business (费用结算单; its life is declared on the entity: formstatus and
 * eight commands at the spec's paths). Each command is one side's: the statement's own station or
 * head office (expense.write), refused naming the step before the statement is read. The kernel has
 * checked reach and state under the lock, and writes the declared inputs and the new state after these.
 * Once the station's time for doubts has run out, a statement still to be confirmed counts as confirmed.
 */

const CLAIM = getEntity('new_srv_expense_claim')!;
const label = (f: string, lang: Lang) => fieldLabel(CLAIM.logicalName, f, lang);
const ADJUST_MAX = 9_999_999_999n; // cents: |adjustment| below 100 million yuan

type Claim = {
  name: string;
  station: string;
  deadline: Date | null;
  total: string;
  approval: string | null;
};

const claimOf = async (sql: Sql, id: string) =>
  (
    await sql.query<Claim>(
      `SELECT new_name AS name, new_station_id AS station, new_confirmdeadline AS deadline, new_totalamount::text AS total,
              new_approvalamount::text AS approval FROM new_srv_expense_claim WHERE new_srv_expense_claimid = $1::uuid`,
      [id],
    )
  ).rows[0];

/** The time for doubts ran out: a statement still to be confirmed counts as confirmed (at its deadline). */
const lapsed = (ctx: CommandContext, c: Claim, now: Date) =>
  ctx.state === expenseFormStatus.toConfirm && !!c.deadline && c.deadline.getTime() <= now.getTime();

/** The command's side, before the statement is read: the station's own users or head office; the other side refused naming the step. */
function side(command: ExpenseCommand) {
  return async ({ caller, lang }: { caller: Caller; lang: Lang }) => {
    const p = caller.principal;
    const action = msg(`expense.action.${command}`, lang);
    if (EXPENSE_COMMANDS[command] === 'station') {
      // A station user reaches its own station's statements only (scope): being one is being its station.
      if (!p.stationId) throw new Refusal('expense.stationOnly', { action }, undefined, 403);
    } else if (!p.privileges.has('expense.write')) {
      throw p.privileges.has('expense.read') ? new Refusal('expense.headOfficeOnly', { action }, undefined, 403) : forbidden();
    }
  };
}

/** Moves the statement's work orders `from` → `to` in one statement, each with a history entry. */
async function moveOrders(sql: Sql, caller: Caller, id: string, name: string, from: number, to: number): Promise<void> {
  await sql.query(
    `WITH picked AS (
       SELECT o.new_srv_workorderid AS id, o.new_station_id AS station, o.new_worker_id AS worker, o.owningbusinessunit AS unit
         FROM new_srv_workorder o WHERE o.new_expenseclaim_id = $1::uuid AND o.new_status = $2::int FOR UPDATE OF o),
     moved AS (UPDATE new_srv_workorder o SET new_status = $3::int, modifiedon = now(), modifiedby = $4::uuid FROM picked WHERE o.new_srv_workorderid = picked.id RETURNING 1)
     INSERT INTO new_srv_workorderlog (new_name, new_workorder_id, new_station_id, new_action, new_fromstatus, new_tostatus, new_worker_id, new_memo,
            createdon, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT $5::varchar, id, station, $6::int, $2::int, $3::int, worker, $7::varchar, clock_timestamp(), $4::uuid, $4::uuid, $4::uuid, unit FROM picked`,
    [id, from, to, caller.principal.userId, logSummary(ACTION.settlement).slice(0, 200), ACTION.settlement, name],
  );
}

/** Columns beside the declared inputs and the state (those the kernel writes). */
async function update(ctx: CommandContext, set: string, values: unknown[]): Promise<void> {
  await ctx.sql.query(`UPDATE new_srv_expense_claim SET ${set} WHERE new_srv_expense_claimid = $1::uuid`, [ctx.id, ...values]);
}

/** The station confirmed (or its time for doubts ran out at `at`); the work orders 14 → 12. */
async function confirmed(ctx: CommandContext, c: Claim, at: Date): Promise<void> {
  await update(ctx, 'new_siteconfirmstatus = $2::int, new_siteconfirmtime = $3::timestamptz', [siteConfirmStatus.confirmed, at]);
  await moveOrders(ctx.sql, ctx.caller, ctx.id, c.name, workOrderStatus.inSettlement, workOrderStatus.settlementConfirmed);
}

/** A required text input, trimmed as it is stored. */
function required(ctx: CommandContext, field: string, missing: MessageKey): string {
  const v = ctx.inputs[field];
  const t = typeof v === 'string' ? v.trim() : '';
  if (!t) throw refuse(missing, undefined, field);
  ctx.inputs[field] = t;
  return t;
}

const done = (command: ExpenseCommand, params?: Record<string, string>) => ({
  message: `expense.done.${command}` as MessageKey,
  ...(params ? { messageParams: params } : {}),
});

export const expenseController: DocumentController = {
  entity: CLAIM,
  beforeLock: Object.fromEntries((Object.keys(EXPENSE_COMMANDS) as ExpenseCommand[]).map((c) => [c, side(c)])),
  commands: {
    /** Station, 1 → 2: with the bank and account the payment goes to. */
    async submit(ctx) {
      required(ctx, 'new_bank', 'expense.bankRequired');
      required(ctx, 'new_bankcode', 'expense.bankRequired');
      await update(ctx, 'new_iscommit = true', []);
      return done('submit');
    },
    /** Station, 2 → 3: the old parts are on their way back. */
    returnOldParts: async () => done('returnOldParts'),
    /** Head office, 3 → 4: the old parts arrived. */
    receiveOldParts: async () => done('receiveOldParts'),
    /**
     * Head office, 4 → 5: the approved amount is the total plus the adjustment (signed, a reason when
     * not 0; a deduction never below 0); the station has the configured working days (2) to confirm or doubt.
     */
    async calculate(ctx) {
      const now = new Date();
      const c = (await claimOf(ctx.sql, ctx.id))!;
      const raw = ctx.inputs.new_adjustamount;
      const adjust = raw == null ? 0n : parseAmount(raw);
      if (adjust === null || adjust > ADJUST_MAX || adjust < -ADJUST_MAX)
        throw refuse('expense.amountInvalid', { field: label('new_adjustamount', ctx.lang) }, 'new_adjustamount');
      const reason = typeof ctx.inputs.new_adjustreason === 'string' ? ctx.inputs.new_adjustreason.trim() : '';
      if (adjust !== 0n && !reason) throw refuse('expense.adjustReasonRequired', undefined, 'new_adjustreason');
      const approved = toCents(c.total) + adjust;
      // A statement may be negative (penalties above the work: the station owes); a deduction may not make it so.
      if (adjust < 0n && approved < 0n)
        throw refuse('expense.approvalNegative', { total: yuan(c.total), adjust: yuan(adjust) }, 'new_adjustamount');
      const deadline = doubtDeadline(now, await doubtWorkingDays(ctx.sql), await calendarOverrides(ctx.sql, chinaDate(now)));
      Object.assign(ctx.inputs, { new_adjustamount: formatCents(adjust), new_adjustreason: reason || null });
      await update(ctx, 'new_siteconfirmstatus = $2::int, new_approvalamount = $3::numeric, new_confirmdeadline = $4::timestamptz', [
        siteConfirmStatus.confirming,
        formatCents(approved),
        deadline,
      ]);
      await notify(
        ctx.sql,
        ctx.caller.principal.userId,
        { station: c.station, privilege: 'expense.read' },
        {
          kind: 'settlement',
          key: 'message.text.settlementToConfirm',
          params: { name: c.name, amount: formatCents(approved), deadline: formatDeadline(deadline) },
          entity: CLAIM.logicalName,
          recordId: ctx.id,
        },
      );
      return done('calculate', { deadline: formatDeadline(deadline) });
    },
    /** Station, 5 → 6: its work orders become settlement confirmed (12); past the deadline it counts as confirmed then. */
    async confirm(ctx) {
      const now = new Date();
      const c = (await claimOf(ctx.sql, ctx.id))!;
      await confirmed(ctx, c, lapsed(ctx, c, now) ? c.deadline! : now);
      return done('confirm');
    },
    /** Station, 5 → 4, within the working days: its doubts go back to head office to calculate again. */
    async doubt(ctx) {
      const now = new Date();
      const c = (await claimOf(ctx.sql, ctx.id))!;
      if (lapsed(ctx, c, now)) throw refuse('expense.doubtLapsed', { days: await doubtWorkingDays(ctx.sql) });
      const doubt = required(ctx, 'new_doubt', 'expense.doubtRequired');
      await update(ctx, 'new_siteconfirmstatus = $2::int, new_doubttime = $3::timestamptz, new_confirmdeadline = NULL', [
        siteConfirmStatus.rejected,
        now,
      ]);
      await notify(
        ctx.sql,
        ctx.caller.principal.userId,
        { everyone: true, privilege: 'expense.write' },
        {
          kind: 'settlement',
          key: 'message.text.settlementDoubt',
          params: { name: c.name, doubt },
          entity: CLAIM.logicalName,
          recordId: ctx.id,
        },
      );
      return done('doubt');
    },
    /** Head office, 6 → 7 (or from 5 once the time for doubts ran out: confirmed first): the invoice for exactly the approved amount. */
    async invoice(ctx) {
      const c = (await claimOf(ctx.sql, ctx.id))!;
      const past = lapsed(ctx, c, new Date());
      if (ctx.state === expenseFormStatus.toConfirm && !past) {
        const state = expenseFormStatus.options.find((o) => o.value === ctx.state)!.label[ctx.lang];
        throw refuse('expense.wrongState', { state, command: msg('expense.action.invoice', ctx.lang) });
      }
      required(ctx, 'new_invoiceno', 'expense.invoiceRequired');
      if (!ctx.inputs.new_invoicedate) throw refuse('expense.invoiceRequired', undefined, 'new_invoicedate');
      const approved = toCents(c.approval ?? c.total);
      if (parseAmount(ctx.inputs.new_invoiceamount) !== approved)
        throw refuse('expense.invoiceAmount', { amount: yuan(approved) }, 'new_invoiceamount');
      if (past) await confirmed(ctx, c, c.deadline!);
      return done('invoice');
    },
    /** Head office, 7 → 8: paid (today in China time unless a day is given); work orders 12 → 15. */
    async pay(ctx) {
      const c = (await claimOf(ctx.sql, ctx.id))!;
      ctx.inputs.new_payeddate ??= chinaDate(new Date());
      await update(ctx, 'new_ispayed = true', []);
      await moveOrders(ctx.sql, ctx.caller, ctx.id, c.name, workOrderStatus.settlementConfirmed, workOrderStatus.paid);
      return done('pay');
    },
  },
};
