import {
  APPOINTMENT_CHANGES,
  APPOINTMENT_SLOTS,
  APPOINTMENT_UNSERVICEABLE,
  IN_SERVICE_STATUSES,
  mayDispatchStatus,
  slotLabel,
  appointmentReason,
  appointmentStatus,
  getEntity,
  workOrderDealStatus,
  workOrderStatus,
  type AppointmentRequest,
  type CommandResult,
  WORK_ORDER_COMMAND_PRIVILEGES,
  type DispatchRequest,
  type Lang,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { requiredDate, type AsSent } from '../checked-input.ts';
import { notify } from '../message/messages.ts';
import { refuse } from './errors.ts';
import { ACTION, appendLog, logSummary } from './log.ts';
import { assertMay, fieldLabel, lockOrder, NOW, recomputeLoads, result, updateOrder, type OrderRow } from './order.ts';

const WORKER = getEntity('new_srv_worker')!;
const MEMO_MAX = 500;

/** spec 001 §4: dispatch only unassigned, dispatched, or dispatched-but-unserviceable orders. */
export function mayDispatch(o: Pick<OrderRow, 'status' | 'appointmentStatus'>): boolean {
  return mayDispatchStatus(o.status, o.appointmentStatus);
}

function memoOf(memo: string | undefined | null, lang: Lang): string | null {
  const m = memo?.trim() || null;
  if (m && m.length > MEMO_MAX) throw refuse('wo.fieldTooLong', { field: lang === 'zh-CN' ? '说明' : 'Memo', max: MEMO_MAX }, 'memo');
  return m;
}

/**
 * Dispatches the order to a worker of its station the caller can see, or reassigns it (the new
 * engineer starts again: response, departure and arrival are cleared). Both workers' loads follow.
 */
export async function dispatchOrder(sql: Sql, caller: Caller, id: string, input: DispatchRequest, lang: Lang): Promise<CommandResult> {
  assertMay(caller, 'workorder.dispatch');
  const o = await lockOrder(sql, caller, id);
  if (!mayDispatch(o)) throw refuse('wo.dispatchNotAllowed');
  const workerId = normGuid(input.workerId);
  if (!input.workerId?.trim()) throw refuse('wo.workerRequired', undefined, 'workerId');
  const memo = memoOf(input.memo, lang);
  const p = new Params();
  const { rows } = workerId
    ? await sql.query<{ name: string }>(
        `SELECT t.new_name AS name FROM new_srv_worker t WHERE t.new_srv_workerid = ${p.add(workerId, 'uuid')} AND t.new_station_id = ${p.add(o.stationId, 'uuid')}
          AND ${p.scope(WORKER, caller, 't')} FOR KEY SHARE OF t`,
        p.values,
      )
    : { rows: [] };
  if (!rows[0] || !workerId) throw refuse('wo.workerNotOfStation', undefined, 'workerId');
  if (o.workerId === workerId) throw refuse('wo.sameWorker', undefined, 'workerId');
  const reassign = o.workerId !== null;
  await updateOrder(sql, o, caller.principal.userId, {
    new_worker_id: workerId,
    new_dispatchtime: NOW,
    new_dealstatus: workOrderDealStatus.dispatched,
    new_status: workOrderStatus.dispatched,
    ...(reassign
      ? {
          new_responsetime: null,
          new_departuretime: null,
          new_departureaddress: null,
          new_arrivaltime: null,
          new_arrivaladdress: null,
          new_begintime: null,
        }
      : {}),
  });
  const action = reassign ? ACTION.reassigned : ACTION.dispatched;
  await appendLog(sql, caller.principal.userId, {
    orderId: o.id,
    stationId: o.stationId,
    unitId: o.unitId,
    action,
    from: o.status,
    to: workOrderStatus.dispatched,
    workerId,
    memo,
    summary: logSummary(action, { worker: rows[0].name, fromWorker: o.workerName }),
  });
  await recomputeLoads(sql, [o.workerId, workerId]);
  await notify(
    sql,
    caller.principal.userId,
    { workers: [workerId] },
    {
      kind: 'workOrder',
      key: reassign ? 'message.text.reassigned' : 'message.text.dispatched',
      params: { name: o.name },
      entity: 'new_srv_workorder',
      recordId: o.id,
    },
  );
  // The engineer taken off the order is told too; no link: the order is no longer theirs to open.
  if (reassign)
    await notify(
      sql,
      caller.principal.userId,
      { workers: [o.workerId] },
      { kind: 'workOrder', key: 'message.text.reassignedAway', params: { name: o.name }, entity: 'new_srv_workorder', recordId: null },
    );
  return result(o, workOrderStatus.dispatched, workOrderDealStatus.dispatched, reassign ? 'wo.reassigned' : 'wo.dispatched', lang);
}

const optionValues = (set: { options: readonly { value: number }[] }) => set.options.map((x) => x.value);

/**
 * Records the appointment with the customer (day in China time, half-hour slots). A change of an
 * existing appointment, a date change or another reservation needs the reason; could-not-contact
 * and reject mark the order abnormal (it may then be dispatched again).
 */
export async function setAppointment(
  sql: Sql,
  caller: Caller,
  id: string,
  input: AsSent<AppointmentRequest, 'date'>,
  lang: Lang,
): Promise<CommandResult> {
  assertMay(caller, ...WORK_ORDER_COMMAND_PRIVILEGES.appointment);
  const o = await lockOrder(sql, caller, id);
  if (!IN_SERVICE_STATUSES.includes(o.status)) throw refuse('wo.appointmentNotAllowed');
  const date = requiredDate(input.date, fieldLabel('new_appointmenttime', lang), 'date', { key: 'wo.dateRequired' });
  if (!APPOINTMENT_SLOTS.includes(input.begin)) throw refuse('wo.slotInvalid', undefined, 'begin');
  if (!APPOINTMENT_SLOTS.includes(input.end)) throw refuse('wo.slotInvalid', undefined, 'end');
  if (input.begin >= input.end) throw refuse('wo.startBeforeEnd', undefined, 'end');
  if (!optionValues(appointmentStatus).includes(input.status))
    throw refuse('wo.badValue', { field: fieldLabel('new_appointmentstatus', lang) }, 'status');
  const changed =
    o.appointmentDate !== null && (o.appointmentDate !== date || o.appointmentBegin !== input.begin || o.appointmentEnd !== input.end);
  const reason = input.reason ?? null;
  if (reason === null && (changed || APPOINTMENT_CHANGES.includes(input.status))) throw refuse('wo.reasonRequired', undefined, 'reason');
  if (reason !== null && !optionValues(appointmentReason).includes(reason))
    throw refuse('wo.badValue', { field: fieldLabel('new_appointmentreason', lang) }, 'reason');
  const memo = memoOf(input.memo, lang);
  await updateOrder(sql, o, caller.principal.userId, {
    new_appointmenttime: date,
    new_appointmentbegin: input.begin,
    new_appointmentend: input.end,
    new_appointmentstatus: input.status,
    new_appointmentreason: reason,
    ...(APPOINTMENT_UNSERVICEABLE.includes(input.status) ? { new_isabnormal: true } : {}),
  });
  await appendLog(sql, caller.principal.userId, {
    orderId: o.id,
    stationId: o.stationId,
    unitId: o.unitId,
    action: ACTION.appointment,
    from: o.status,
    to: o.status,
    workerId: o.workerId,
    memo,
    appointment: { date, begin: input.begin, end: input.end, status: input.status, reason },
    summary: logSummary(ACTION.appointment),
  });
  await notify(
    sql,
    caller.principal.userId,
    { workers: [o.workerId] },
    {
      kind: 'workOrder',
      key: 'message.text.appointment',
      params: { name: o.name, date, begin: slotLabel(input.begin), end: slotLabel(input.end) },
      entity: 'new_srv_workorder',
      recordId: o.id,
    },
  );
  return result(o, o.status, o.dealstatus, 'wo.saved', lang);
}
