import {
  AUDITED_STATUSES,
  msg,
  OPEN_STATUSES,
  sampleStatus,
  SETTLEMENT_SEQUENCE,
  workOrderStatus,
  type AuditRequest,
  type CancelRequest,
  type CommandResult,
  type Lang,
  type MessageKey,
  type OptionSetDef,
  type RevisitRequest,
  type SettlementRequest,
  type SuperviseRequest,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';
import { notify } from '../message/messages.ts';
import { refuse, WorkOrderRefusal } from './errors.ts';
import { ACTION, appendLog, logSummary, optionText } from './log.ts';
import { assertMay, fieldLabel, lockOrder, NOW, recomputeLoads, result, updateOrder, type OrderRow } from './order.ts';

const REASON_MAX = 500;

function reasonText(v: string | undefined | null, field: string, label: string, missing: MessageKey): string {
  const t = v?.trim() ?? '';
  if (!t) throw refuse(missing, undefined, field);
  if (t.length > REASON_MAX) throw refuse('wo.fieldTooLong', { field: label, max: REASON_MAX }, field);
  return t;
}

/** Runs `fn`, answering any of its refusals (400) as `wrapper` with the refusal's text as {reason}. */
async function wrapped<T>(wrapper: MessageKey, lang: Lang, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof WorkOrderRefusal && err.status === 400) throw refuse(wrapper, { reason: msg(err.key, lang, err.params) }, err.field);
    throw err;
  }
}

const log = (sql: Sql, caller: Caller, o: OrderRow, action: number, to: number, memo: string | null) =>
  appendLog(sql, caller.principal.userId, {
    orderId: o.id,
    stationId: o.stationId,
    unitId: o.unitId,
    action,
    from: o.status,
    to,
    workerId: o.workerId,
    memo,
    summary: logSummary(action),
  });

/** Cancels an order not yet completed (still open) with a reason; the engineer's load drops. */
export function cancelOrder(sql: Sql, caller: Caller, id: string, input: CancelRequest, lang: Lang): Promise<CommandResult> {
  assertMay(caller, 'workorder.write');
  return wrapped('wo.cancelFailed', lang, async () => {
    const o = await lockOrder(sql, caller, id);
    const reason = reasonText(input.reason, 'reason', fieldLabel('new_cancelreason', lang), 'wo.cancelReasonRequired');
    if (o.status === workOrderStatus.cancelled) throw refuse('wo.alreadyCancelled');
    if (!OPEN_STATUSES.includes(o.status)) throw refuse('wo.completedCannotCancel');
    const to = workOrderStatus.cancelled;
    await updateOrder(sql, o, caller.principal.userId, { new_status: to, new_canceltime: NOW, new_cancelreason: reason });
    await log(sql, caller, o, ACTION.cancelled, to, reason);
    await recomputeLoads(sql, [o.workerId]);
    return result(o, to, o.dealstatus, 'wo.cancelled', lang);
  });
}

/**
 * Audits a completed order: passed → audited (已审核); refused (memo required) → stays
 * completed, the memo is kept and logged for the station to correct.
 */
export function auditOrder(sql: Sql, caller: Caller, id: string, input: AuditRequest, lang: Lang): Promise<CommandResult> {
  assertMay(caller, 'workorder.audit');
  return wrapped('wo.auditFailed', lang, async () => {
    const o = await lockOrder(sql, caller, id);
    if (AUDITED_STATUSES.includes(o.status)) throw refuse('wo.alreadyAudited');
    if (o.status !== workOrderStatus.completed) throw refuse('wo.notCompleted');
    const memo = input.pass
      ? input.memo?.trim() || null
      : reasonText(input.memo, 'memo', fieldLabel('new_auditmemo', lang), 'wo.auditMemoRequired');
    if (memo && memo.length > REASON_MAX)
      throw refuse('wo.fieldTooLong', { field: fieldLabel('new_auditmemo', lang), max: REASON_MAX }, 'memo');
    const to = input.pass ? workOrderStatus.audited : workOrderStatus.completed;
    await updateOrder(sql, o, caller.principal.userId, { new_status: to, new_audittime: NOW, new_auditmemo: memo });
    await log(sql, caller, o, input.pass ? ACTION.audited : ACTION.auditFailed, to, memo);
    if (!input.pass) await tellAuditFailed(sql, caller, o, memo);
    return result(o, to, o.dealstatus, input.pass ? 'wo.auditPassed' : 'wo.auditNotPassed', lang);
  });
}

/** A failed audit is the station's to correct: its users who keep orders (workorder.write) and the engineer are told why. */
async function tellAuditFailed(sql: Sql, caller: Caller, o: OrderRow, reason: string | null): Promise<void> {
  const m = {
    kind: 'workOrder',
    key: 'message.text.auditFailed',
    params: { name: o.name, reason },
    entity: 'new_srv_workorder',
    recordId: o.id,
  } as const;
  await notify(sql, caller.principal.userId, { station: o.stationId, privilege: 'workorder.write' }, m);
  await notify(sql, caller.principal.userId, { workers: [o.workerId] }, m);
}

/** Records the customer revisit of an audited order (audited → revisited) and the sample status. */
export async function revisitOrder(sql: Sql, caller: Caller, id: string, input: RevisitRequest, lang: Lang): Promise<CommandResult> {
  assertMay(caller, 'workorder.audit');
  const o = await lockOrder(sql, caller, id);
  if (SETTLEMENT_SEQUENCE.includes(o.status)) throw refuse('wo.alreadyRevisited');
  if (o.status !== workOrderStatus.audited) throw refuse('wo.notAudited');
  const memo = reasonText(input.memo, 'memo', fieldLabel('new_revisitmemo', lang), 'wo.revisitMemoRequired');
  const sample = input.sampleStatus ?? null;
  if (sample !== null && !sampleStatus.options.some((x) => x.value === sample))
    throw refuse('wo.badValue', { field: fieldLabel('new_samplestatus', lang) }, 'sampleStatus');
  const to = workOrderStatus.revisited;
  await updateOrder(sql, o, caller.principal.userId, {
    new_status: to,
    new_revisittime: NOW,
    new_revisitmemo: memo,
    ...(sample !== null ? { new_samplestatus: sample } : {}),
  });
  await log(sql, caller, o, ACTION.revisited, to, memo);
  return result(o, to, o.dealstatus, 'wo.saved', lang);
}

/** Moves a revisited order one step along the settlement sequence (revisited → … → finished). */
export async function settleOrder(sql: Sql, caller: Caller, id: string, input: SettlementRequest, lang: Lang): Promise<CommandResult> {
  assertMay(caller, 'workorder.audit');
  const o = await lockOrder(sql, caller, id);
  // An order held by an expense settlement moves with it (14 → 12 → 15); only closing (16) stays here.
  const {
    rows: [held],
  } = await sql.query<{ no: string | null }>(
    'SELECT new_expenseclaimno AS no FROM new_srv_workorder WHERE new_srv_workorderid = $1::uuid AND new_expenseclaim_id IS NOT NULL',
    [o.id],
  );
  if (held && input.status !== workOrderStatus.finished) throw refuse('expense.settlementByClaim', { claim: held.no ?? '' }, 'status');
  const seq = SETTLEMENT_SEQUENCE;
  const at = seq.indexOf(o.status);
  if (at < 0) throw refuse('wo.notRevisited');
  if (at === seq.length - 1) throw refuse('wo.settlementDone');
  const next = seq[at + 1];
  if (input.status !== next)
    throw refuse('wo.settlementOrder', { next: optionText(workOrderStatus as OptionSetDef<number>, next, lang) }, 'status');
  const no = input.settlementNo?.trim() || null;
  if (no && no.length > 40) throw refuse('wo.fieldTooLong', { field: fieldLabel('new_settlementno', lang), max: 40 }, 'settlementNo');
  await updateOrder(sql, o, caller.principal.userId, { new_status: next, ...(no ? { new_settlementno: no } : {}) });
  await log(sql, caller, o, ACTION.settlement, next, no);
  return result(o, next, o.dealstatus, 'wo.confirmed', lang);
}

/** Head office or branch marks an order still being serviced abnormal, with the reason. */
export async function superviseOrder(sql: Sql, caller: Caller, id: string, input: SuperviseRequest, lang: Lang): Promise<CommandResult> {
  assertMay(caller, 'workorder.audit');
  const o = await lockOrder(sql, caller, id);
  if (!OPEN_STATUSES.includes(o.status)) throw refuse('wo.superviseNotAllowed');
  const reason = reasonText(input.reason, 'reason', fieldLabel('new_supervisereason', lang), 'wo.superviseReasonRequired');
  await updateOrder(sql, o, caller.principal.userId, { new_isabnormal: true, new_supervisereason: reason, new_supervisetime: NOW });
  await log(sql, caller, o, ACTION.supervised, o.status, reason);
  const supervised = {
    kind: 'workOrder',
    key: 'message.text.supervised',
    params: { name: o.name, reason },
    entity: 'new_srv_workorder',
    recordId: o.id,
  } as const;
  await notify(sql, caller.principal.userId, { station: o.stationId, privilege: 'workorder.dispatch' }, supervised);
  await notify(sql, caller.principal.userId, { workers: [o.workerId] }, supervised);
  return result(o, o.status, o.dealstatus, 'wo.saved', lang);
}
