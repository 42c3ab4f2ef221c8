import {
  EXPENSE_COMMANDS,
  expenseFormStatus,
  formatDeadline,
  getEntity,
  msg,
  siteConfirmStatus,
  workOrderStatus,
  type ExpenseCalculateRequest,
  type ExpenseCommand,
  type ExpenseCommandResult,
  type ExpenseDoubtRequest,
  type ExpenseInvoiceRequest,
  type ExpensePayRequest,
  type ExpenseSubmitRequest,
  type Lang,
  type OptionSetDef,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { forbidden, Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { calendarOverrides } from '../calendar/working-days.ts';
import { chinaDate } from '../china-time.ts';
import { optionalDate, requiredDate, type AsSent } from '../checked-input.ts';
import { notify } from '../message/messages.ts';
import { lockDocument } from '../../documents/access.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { ACTION, logSummary, optionText } from '../work-order/log.ts';
import { doubtDeadline, doubtWorkingDays, formatCents, parseAmount, toCents, yuan } from './period.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;
const label = (f: string, lang: Lang) => fieldLabel(CLAIM.logicalName, f, lang);
const ADJUST_MAX = 9_999_999_999n; // cents: |adjustment| below 100 million yuan
const TEXT_MAX = 500;

interface ClaimRow {
  id: string;
  name: string;
  station: string;
  formstatus: number;
  deadline: Date | null;
  total: string;
  approval: string | null;
}

const COLUMNS = `t.new_name AS name, t.new_station_id AS station, t.new_formstatus AS formstatus, t.new_confirmdeadline AS deadline,
  t.new_totalamount::text AS total, t.new_approvalamount::text AS approval`;

/**
 * The statement in the caller's reach, locked (404 otherwise), and the command's side: the
 * station's own users (station side) or head office (expense.write); the other side is refused
 * naming the action. Then the doubt rule (statement sent, working days over → confirmed) and the
 * formstatus the command needs.
 */
async function open(sql: Sql, caller: Caller, id: string, command: ExpenseCommand, lang: Lang, now: Date): Promise<ClaimRow> {
  const spec = EXPENSE_COMMANDS[command];
  const action = msg(`expense.action.${command}`, lang);
  const p = caller.principal;
  if (!p.privileges.has(spec.side === 'station' ? 'expense.read' : 'expense.write')) {
    throw spec.side === 'headOffice' && p.privileges.has('expense.read')
      ? new Refusal('expense.headOfficeOnly', { action }, undefined, 403)
      : forbidden();
  }
  const row = await lockDocument<Omit<ClaimRow, 'id'>>(sql, caller, CLAIM, id, COLUMNS);
  if (spec.side === 'station' && p.stationId !== row.station) throw new Refusal('expense.stationOnly', { action }, undefined, 403);
  if (row.formstatus === expenseFormStatus.toConfirm && row.deadline && row.deadline.getTime() <= now.getTime()) {
    await confirmed(sql, caller, row, row.deadline);
    row.formstatus = expenseFormStatus.confirmed;
    // Confirming a statement that already counts as confirmed answers as if it had been confirmed now.
    if (command === 'confirm') return row;
    if (command === 'doubt') throw refuse('expense.doubtLapsed', { days: await doubtWorkingDays(sql) });
  }
  if (row.formstatus !== spec.from) {
    throw refuse('expense.wrongState', { state: optionText(expenseFormStatus as OptionSetDef<number>, row.formstatus, lang), action });
  }
  return row;
}

/** Moves the statement's work orders `from` → `to` in one statement, each with a history entry. */
async function moveOrders(sql: Sql, caller: Caller, claim: ClaimRow, from: number, to: number): Promise<void> {
  await sql.query(
    `WITH picked AS (
       SELECT o.new_srv_workorderid AS id, o.new_station_id AS station, o.new_worker_id AS worker, o.owningbusinessunit AS unit
         FROM new_srv_workorder o WHERE o.new_expenseclaim_id = $1::uuid AND o.new_status = $2::int FOR UPDATE OF o),
     moved AS (UPDATE new_srv_workorder o SET new_status = $3::int, modifiedon = now(), modifiedby = $4::uuid FROM picked WHERE o.new_srv_workorderid = picked.id RETURNING 1)
     INSERT INTO new_srv_workorderlog (new_name, new_workorder_id, new_station_id, new_action, new_fromstatus, new_tostatus, new_worker_id, new_memo,
            createdon, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT $5::varchar, id, station, $6::int, $2::int, $3::int, worker, $7::varchar, clock_timestamp(), $4::uuid, $4::uuid, $4::uuid, unit FROM picked`,
    [claim.id, from, to, caller.principal.userId, logSummary(ACTION.settlement).slice(0, 200), ACTION.settlement, claim.name],
  );
}

async function update(sql: Sql, caller: Caller, id: string, set: string, values: unknown[]): Promise<void> {
  await sql.query(
    `UPDATE new_srv_expense_claim SET ${set}, modifiedon = now(), modifiedby = $2::uuid WHERE new_srv_expense_claimid = $1::uuid`,
    [id, caller.principal.userId, ...values],
  );
}

/** 5 → 6: the station confirmed (or its time for doubts ran out at `at`); the work orders 14 → 12. */
async function confirmed(sql: Sql, caller: Caller, row: ClaimRow, at: Date): Promise<void> {
  await update(sql, caller, row.id, 'new_formstatus = $3::int, new_siteconfirmstatus = $4::int, new_siteconfirmtime = $5::timestamptz', [
    expenseFormStatus.confirmed,
    siteConfirmStatus.confirmed,
    at,
  ]);
  await moveOrders(sql, caller, row, workOrderStatus.inSettlement, workOrderStatus.settlementConfirmed);
}

const result = (id: string, formstatus: number, message: string): ExpenseCommandResult => ({ id, formstatus, message });

function requiredText(
  v: unknown,
  max: number,
  field: string,
  missing: 'expense.bankRequired' | 'expense.doubtRequired' | 'expense.invoiceRequired',
  fieldName: string,
): string {
  const t = typeof v === 'string' ? v.trim() : '';
  if (!t) throw refuse(missing, undefined, field);
  if (t.length > max) throw refuse('expense.tooLong', { field: fieldName, max }, field);
  return t;
}

/** Station, 1 → 2: submits the statement with the bank and account the payment goes to. */
export async function submitClaim(
  sql: Sql,
  caller: Caller,
  id: string,
  input: Partial<ExpenseSubmitRequest>,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'submit', lang, now);
  const bank = requiredText(input.bank, 100, 'bank', 'expense.bankRequired', label('new_bank', lang));
  const code = requiredText(input.bankCode, 40, 'bankCode', 'expense.bankRequired', label('new_bankcode', lang));
  await update(sql, caller, row.id, 'new_formstatus = $3::int, new_iscommit = true, new_bank = $4::varchar, new_bankcode = $5::varchar', [
    expenseFormStatus.oldPartsToReturn,
    bank,
    code,
  ]);
  return result(row.id, expenseFormStatus.oldPartsToReturn, msg('expense.done.submit', lang));
}

/** Station, 2 → 3: the old parts are on their way back. */
export async function returnOldParts(
  sql: Sql,
  caller: Caller,
  id: string,
  _input: unknown,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'returnOldParts', lang, now);
  await update(sql, caller, row.id, 'new_formstatus = $3::int', [expenseFormStatus.oldPartsToReceive]);
  return result(row.id, expenseFormStatus.oldPartsToReceive, msg('expense.done.returnOldParts', lang));
}

/** Head office, 3 → 4: the old parts arrived. */
export async function receiveOldParts(
  sql: Sql,
  caller: Caller,
  id: string,
  _input: unknown,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'receiveOldParts', lang, now);
  await update(sql, caller, row.id, 'new_formstatus = $3::int', [expenseFormStatus.toCalculate]);
  return result(row.id, expenseFormStatus.toCalculate, msg('expense.done.receiveOldParts', lang));
}

/**
 * Head office, 4 → 5: the approved amount is the total plus the adjustment (signed, a reason when
 * not 0; a deduction never below 0); the station has the configured working days (2) to confirm or doubt.
 */
export async function calculateClaim(
  sql: Sql,
  caller: Caller,
  id: string,
  input: Partial<ExpenseCalculateRequest>,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'calculate', lang, now);
  const raw = input.adjustAmount;
  const adjust = raw === undefined || raw === null || raw === '' ? 0n : parseAmount(raw);
  if (adjust === null || adjust > ADJUST_MAX || adjust < -ADJUST_MAX)
    throw refuse('expense.amountInvalid', { field: label('new_adjustamount', lang) }, 'adjustAmount');
  const reason = typeof input.adjustReason === 'string' ? input.adjustReason.trim() : '';
  if (adjust !== 0n && !reason) throw refuse('expense.adjustReasonRequired', undefined, 'adjustReason');
  if (reason.length > TEXT_MAX) throw refuse('expense.tooLong', { field: label('new_adjustreason', lang), max: TEXT_MAX }, 'adjustReason');
  const approved = toCents(row.total) + adjust;
  // A statement may be negative (penalties above the work: the station owes); a deduction may not make it so.
  if (adjust < 0n && approved < 0n)
    throw refuse('expense.approvalNegative', { total: yuan(row.total), adjust: yuan(adjust) }, 'adjustAmount');
  const deadline = doubtDeadline(now, await doubtWorkingDays(sql), await calendarOverrides(sql, chinaDate(now)));
  await update(
    sql,
    caller,
    row.id,
    'new_formstatus = $3::int, new_siteconfirmstatus = $4::int, new_adjustamount = $5::numeric, new_adjustreason = $6::text, new_approvalamount = $7::numeric, new_confirmdeadline = $8::timestamptz',
    [expenseFormStatus.toConfirm, siteConfirmStatus.confirming, formatCents(adjust), reason || null, formatCents(approved), deadline],
  );
  await notify(
    sql,
    caller.principal.userId,
    { station: row.station, privilege: 'expense.read' },
    {
      kind: 'settlement',
      key: 'message.text.settlementToConfirm',
      params: { name: row.name, amount: formatCents(approved), deadline: formatDeadline(deadline) },
      entity: CLAIM.logicalName,
      recordId: row.id,
    },
  );
  return result(row.id, expenseFormStatus.toConfirm, msg('expense.done.calculate', lang, { deadline: formatDeadline(deadline) }));
}

/** Station, 5 → 6: confirms the statement; its work orders become settlement confirmed (12). */
export async function confirmClaim(
  sql: Sql,
  caller: Caller,
  id: string,
  _input: unknown,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'confirm', lang, now);
  if (row.formstatus === expenseFormStatus.toConfirm) await confirmed(sql, caller, row, now);
  return result(row.id, expenseFormStatus.confirmed, msg('expense.done.confirm', lang));
}

/** Station, 5 → 4, within the working days: its doubts go back to head office to calculate again. */
export async function doubtClaim(
  sql: Sql,
  caller: Caller,
  id: string,
  input: Partial<ExpenseDoubtRequest>,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'doubt', lang, now);
  const doubt = requiredText(input.doubt, TEXT_MAX, 'doubt', 'expense.doubtRequired', label('new_doubt', lang));
  await update(
    sql,
    caller,
    row.id,
    'new_formstatus = $3::int, new_siteconfirmstatus = $4::int, new_doubt = $5::text, new_doubttime = $6::timestamptz, new_confirmdeadline = NULL',
    [expenseFormStatus.toCalculate, siteConfirmStatus.rejected, doubt, now],
  );
  await notify(
    sql,
    caller.principal.userId,
    { everyone: true, privilege: 'expense.write' },
    {
      kind: 'settlement',
      key: 'message.text.settlementDoubt',
      params: { name: row.name, doubt },
      entity: CLAIM.logicalName,
      recordId: row.id,
    },
  );
  return result(row.id, expenseFormStatus.toCalculate, msg('expense.done.doubt', lang));
}

/** Head office, 6 → 7: accepts the station's invoice, which must be for exactly the approved amount. */
export async function invoiceClaim(
  sql: Sql,
  caller: Caller,
  id: string,
  input: AsSent<Partial<ExpenseInvoiceRequest>, 'invoiceDate'>,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'invoice', lang, now);
  const no = requiredText(input.invoiceNo, 40, 'invoiceNo', 'expense.invoiceRequired', label('new_invoiceno', lang));
  const day = requiredDate(input.invoiceDate, label('new_invoicedate', lang), 'invoiceDate', { key: 'expense.invoiceRequired' });
  const amount = parseAmount(input.invoiceAmount);
  const approved = toCents(row.approval ?? row.total);
  if (amount !== approved) throw refuse('expense.invoiceAmount', { amount: yuan(approved) }, 'invoiceAmount');
  await update(
    sql,
    caller,
    row.id,
    'new_formstatus = $3::int, new_invoiceno = $4::varchar, new_invoicedate = $5::date, new_invoiceamount = $6::numeric',
    [expenseFormStatus.invoiceAccepted, no, day, formatCents(amount)],
  );
  return result(row.id, expenseFormStatus.invoiceAccepted, msg('expense.done.invoice', lang));
}

/** Head office, 7 → 8: paid (today in China time unless a day is given); work orders 12 → 15. */
export async function payClaim(
  sql: Sql,
  caller: Caller,
  id: string,
  input: AsSent<Partial<ExpensePayRequest>, 'payedDate'>,
  lang: Lang,
  now = new Date(),
): Promise<ExpenseCommandResult> {
  const row = await open(sql, caller, id, 'pay', lang, now);
  const day = optionalDate(input.payedDate, label('new_payeddate', lang), 'payedDate') ?? chinaDate(now);
  await update(sql, caller, row.id, 'new_formstatus = $3::int, new_ispayed = true, new_payeddate = $4::date', [
    expenseFormStatus.paid,
    day,
  ]);
  await moveOrders(sql, caller, row, workOrderStatus.settlementConfirmed, workOrderStatus.paid);
  return result(row.id, expenseFormStatus.paid, msg('expense.done.pay', lang));
}

export const EXPENSE_HANDLERS = {
  submit: submitClaim,
  returnOldParts,
  receiveOldParts,
  calculate: calculateClaim,
  confirm: confirmClaim,
  doubt: doubtClaim,
  invoice: invoiceClaim,
  pay: payClaim,
} satisfies Record<
  ExpenseCommand,
  (sql: Sql, caller: Caller, id: string, input: never, lang: Lang, now?: Date) => Promise<ExpenseCommandResult>
>;
