import {
  fixType,
  IN_SERVICE_STATUSES,
  msg,
  PROGRESS_STEP_STATES,
  PROGRESS_STEPS,
  WORK_ORDER_COMMAND_PRIVILEGES,
  workOrderAction,
  workOrderDealStatus,
  workOrderStatus,
  type CommandResult,
  type CompleteRequest,
  type Lang,
  type OptionSetDef,
  type ProgressRequest,
  type ProgressStep,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { syncOrderParts } from '../stock/work-order-parts.ts';
import type { Caller } from '../../records/scope.ts';
import { optionalDateTime, requiredDateTime, type AsSent } from '../checked-input.ts';
import { refuse } from './errors.ts';
import { ACTION, appendLog, logSummary, optionText } from './log.ts';
import { assertMay, fieldLabel, lockOrder, photoCount, recomputeLoads, result, updateOrder, type OrderRow } from './order.ts';

/** A reported time may run ahead of the server's clock by this much (phones' clocks drift). */
const FUTURE_SLACK_MS = 5 * 60_000;
const ADDRESS_MAX = 200;
const TEXT_MAX = 1000;
const MEMO_MAX = 500;

/** The history entry each step writes (its statuses are the model's PROGRESS_STEP_STATES). */
const STEP_ACTION: Record<ProgressStep, number> = {
  response: ACTION.responded,
  departure: ACTION.departed,
  arrival: ACTION.arrived,
  photos: ACTION.photographed,
};

const stepLabel = (step: ProgressStep, lang: Lang) => optionText(workOrderAction as OptionSetDef<number>, STEP_ACTION[step], lang);

/** Index in PROGRESS_STEPS of the next step to record (its length = all recorded), for an order in service. */
function nextStep(o: OrderRow): number {
  // Arrival and photos both leave the order arrived: the handling status tells them apart.
  if (o.status === workOrderStatus.arrived && o.dealstatus >= workOrderDealStatus.photographed) return PROGRESS_STEPS.length;
  return PROGRESS_STEPS.findIndex((s) => PROGRESS_STEP_STATES[s].from === o.status);
}

function text(v: string | undefined | null, max: number, field: string, label: string): string | null {
  const t = v?.trim() || null;
  if (t && t.length > max) throw refuse('wo.fieldTooLong', { field: label, max }, field);
  return t;
}

function notFuture(t: Date, field: string): void {
  if (t.getTime() > Date.now() + FUTURE_SLACK_MS) throw refuse('wo.timeInFuture', undefined, field);
}

const validCoord = (lng: unknown, lat: unknown): lng is number =>
  typeof lng === 'number' &&
  typeof lat === 'number' &&
  Number.isFinite(lng) &&
  Number.isFinite(lat) &&
  Math.abs(lng) <= 180 &&
  Math.abs(lat) <= 90;

/**
 * Records one of the engineer's steps on their behalf, strictly in the order response →
 * departure → arrival → photos. A position sent with it becomes the engineer's last known one.
 */
export async function recordProgress(
  sql: Sql,
  caller: Caller,
  id: string,
  input: AsSent<ProgressRequest, 'time'>,
  lang: Lang,
): Promise<CommandResult> {
  assertMay(caller, ...WORK_ORDER_COMMAND_PRIVILEGES.progress);
  const o = await lockOrder(sql, caller, id);
  if (!IN_SERVICE_STATUSES.includes(o.status)) throw refuse('wo.notInService');
  const want = PROGRESS_STEPS.indexOf(input.step);
  if (want < 0) throw refuse('wo.badValue', { field: 'step' }, 'step');
  const next = nextStep(o);
  if (want > next) throw refuse('wo.progressOrder', { step: stepLabel(PROGRESS_STEPS[next], lang) }, 'step');
  if (want < next) throw refuse('wo.stepDone', { step: stepLabel(input.step, lang) }, 'step');
  const time = new Date(requiredDateTime(input.time, msg('wo.ui.time', lang), 'time', { key: 'wo.ui.timeRequired' }));
  notFuture(time, 'time');
  const previous = [o.dispatchTime, o.responseTime, o.departureTime, o.arrivalTime][want];
  if (previous && time < previous) throw refuse('wo.endAfterStart', undefined, 'time');
  const step = PROGRESS_STEP_STATES[input.step];
  const action = STEP_ACTION[input.step];
  const address = text(
    input.address,
    ADDRESS_MAX,
    'address',
    fieldLabel(input.step === 'departure' ? 'new_departureaddress' : 'new_arrivaladdress', lang),
  );
  const memo = text(input.memo, MEMO_MAX, 'memo', lang === 'zh-CN' ? '说明' : 'Memo');
  const sets: Record<string, unknown> = { new_status: step.status, new_dealstatus: step.dealstatus };
  if (input.step === 'response') sets.new_responsetime = time;
  if (input.step === 'departure') {
    if (!address) throw refuse('wo.needDepartureAddress', undefined, 'address');
    Object.assign(sets, { new_departuretime: time, new_departureaddress: address });
  }
  if (input.step === 'arrival') {
    if (!address) throw refuse('wo.needArrivalAddress', undefined, 'address');
    Object.assign(sets, { new_arrivaltime: time, new_arrivaladdress: address, new_begintime: time });
  }
  if (input.step === 'photos') {
    const photos = await photoCount(sql, o.id);
    if (!photos) throw refuse('wo.needPhotos', undefined, 'photos');
    sets.new_photocount = photos;
  }
  await updateOrder(sql, o, caller.principal.userId, sets);
  if (validCoord(input.longitude, input.latitude) && o.workerId) {
    await sql.query(
      `UPDATE new_srv_worker SET new_longitude = $2::numeric, new_latitude = $3::numeric, new_locationtime = $4::timestamptz, modifiedon = now()
        WHERE new_srv_workerid = $1::uuid`,
      [o.workerId, input.longitude.toFixed(6), (input.latitude as number).toFixed(6), time],
    );
  }
  await appendLog(sql, caller.principal.userId, {
    orderId: o.id,
    stationId: o.stationId,
    unitId: o.unitId,
    action,
    from: o.status,
    to: step.status,
    workerId: o.workerId,
    memo: [address, memo].filter(Boolean).join(' · ') || null,
    summary: logSummary(action),
  });
  return result(o, step.status, step.dealstatus, 'wo.dealt', lang);
}

const TIME_FIELD = { departureTime: 'new_departuretime', arrivalTime: 'new_arrivaltime', completionTime: 'new_completiontime' } as const;

/** A time the request gives (blank: not given); one that is not a date-time is refused naming its field. */
const timeOf = (v: unknown, field: keyof typeof TIME_FIELD, lang: Lang): Date | null => {
  const iso = optionalDateTime(v, fieldLabel(TIME_FIELD[field], lang), field);
  return iso ? new Date(iso) : null;
};

/**
 * Completes an order in service. Progress not yet recorded is taken from the request; then the
 * completion requirements of spec 001 §5 are checked in order (the first missing one is the
 * answer, naming its field) and departure ≤ arrival ≤ completion.
 */
export async function completeOrder(
  sql: Sql,
  caller: Caller,
  id: string,
  input: AsSent<CompleteRequest, keyof typeof TIME_FIELD>,
  lang: Lang,
): Promise<CommandResult> {
  assertMay(caller, ...WORK_ORDER_COMMAND_PRIVILEGES.complete);
  const o = await lockOrder(sql, caller, id);
  if (!IN_SERVICE_STATUSES.includes(o.status)) throw refuse('wo.completeNotAllowed');
  // Every time sent is checked, also one the order already has (then the stored one counts).
  const sent = {
    departureTime: timeOf(input.departureTime, 'departureTime', lang),
    arrivalTime: timeOf(input.arrivalTime, 'arrivalTime', lang),
  };
  const departureTime = o.departureTime ?? sent.departureTime;
  const departureAddress =
    o.departureAddress ?? text(input.departureAddress, ADDRESS_MAX, 'departureAddress', fieldLabel('new_departureaddress', lang));
  const arrivalTime = o.arrivalTime ?? sent.arrivalTime;
  const arrivalAddress =
    o.arrivalAddress ?? text(input.arrivalAddress, ADDRESS_MAX, 'arrivalAddress', fieldLabel('new_arrivaladdress', lang));
  const completionTime = timeOf(input.completionTime, 'completionTime', lang);
  if (!departureTime) throw refuse('wo.needDepartureTime', undefined, 'departureTime');
  if (!departureAddress) throw refuse('wo.needDepartureAddress', undefined, 'departureAddress');
  if (!arrivalTime) throw refuse('wo.needArrivalTime', undefined, 'arrivalTime');
  if (!arrivalAddress) throw refuse('wo.needArrivalAddress', undefined, 'arrivalAddress');
  const photos = await photoCount(sql, o.id);
  if (!photos) throw refuse('wo.needPhotos', undefined, 'photos');
  if (!completionTime) throw refuse('wo.needCompletionTime', undefined, 'completionTime');
  if (departureTime > arrivalTime) throw refuse('wo.startBeforeEnd', undefined, 'arrivalTime');
  if (arrivalTime > completionTime) throw refuse('wo.startBeforeEnd', undefined, 'completionTime');
  for (const [t, f] of [
    [departureTime, 'departureTime'],
    [arrivalTime, 'arrivalTime'],
    [completionTime, 'completionTime'],
  ] as const)
    notFuture(t, f);
  const fix = input.fixtype ?? null;
  if (fix !== null && !fixType.options.some((x) => x.value === fix))
    throw refuse('wo.badValue', { field: fieldLabel('new_fixtype', lang) }, 'fixtype');
  const completionAddress =
    text(input.completionAddress, ADDRESS_MAX, 'completionAddress', fieldLabel('new_completionaddress', lang)) ?? arrivalAddress;
  const solution = text(input.solution, TEXT_MAX, 'solution', fieldLabel('new_solution', lang));
  const serviceResult = text(input.serviceResult, TEXT_MAX, 'serviceResult', fieldLabel('new_serviceresult', lang));
  await updateOrder(sql, o, caller.principal.userId, {
    new_status: workOrderStatus.completed,
    new_dealstatus: workOrderDealStatus.completed,
    new_departuretime: departureTime,
    new_departureaddress: departureAddress,
    new_arrivaltime: arrivalTime,
    new_arrivaladdress: arrivalAddress,
    new_responsetime: o.responseTime ?? departureTime,
    new_begintime: o.beginTime ?? arrivalTime,
    new_completiontime: completionTime,
    new_endtime: completionTime,
    new_completionaddress: completionAddress,
    new_photocount: photos,
    ...(fix !== null ? { new_fixtype: fix } : {}),
    ...(solution ? { new_solution: solution } : {}),
    ...(serviceResult ? { new_serviceresult: serviceResult } : {}),
  });
  // The replaced parts leave the station's warehouse now (refused when it is short).
  await syncOrderParts(sql, caller.principal.userId, { id: o.id, name: o.name, stationId: o.stationId, status: workOrderStatus.completed });
  await appendLog(sql, caller.principal.userId, {
    orderId: o.id,
    stationId: o.stationId,
    unitId: o.unitId,
    action: ACTION.completed,
    from: o.status,
    to: workOrderStatus.completed,
    workerId: o.workerId,
    memo: serviceResult,
    summary: logSummary(ACTION.completed),
  });
  await recomputeLoads(sql, [o.workerId]);
  return result(o, workOrderStatus.completed, workOrderDealStatus.completed, 'wo.finished', lang);
}
