import {
  getEntity,
  IN_SERVICE_STATUSES,
  workOrderDealStatus,
  workOrderStatus,
  type CommandResult,
  type Lang,
  type MessageKey,
  type Privilege,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { emitEvent } from '../../integration/webhooks/emit.ts';
import { momentEventType } from '../../integration/webhooks/events.ts';
import { forbidden } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { CAST, kindOf, Params, q } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { msg } from '@portal/model';
import { refuse } from './errors.ts';

export const WORK_ORDER = getEntity('new_srv_workorder')!;

/** The order's state as the commands read it, under the row lock. */
export type OrderRow = {
  id: string;
  name: string;
  status: number;
  dealstatus: number;
  stationId: string;
  unitId: string;
  workerId: string | null;
  workerName: string | null;
  appointmentDate: string | null;
  appointmentBegin: number | null;
  appointmentEnd: number | null;
  appointmentStatus: number | null;
  dispatchTime: Date | null;
  responseTime: Date | null;
  departureTime: Date | null;
  departureAddress: string | null;
  arrivalTime: Date | null;
  arrivalAddress: string | null;
  beginTime: Date | null;
};

/** 403 unless the caller holds one of the privileges (the routes check it too; other callers rely on this). */
export function assertMay(caller: Caller, ...privileges: readonly Privilege[]): void {
  if (!privileges.some((p) => caller.principal.privileges.has(p))) throw forbidden();
}

/**
 * Locks the order row inside the caller's scope (FOR UPDATE: every command on one order runs one
 * after the other) and reads its state; 404 when it does not exist or is outside the scope.
 */
export async function lockOrder(sql: Sql, caller: Caller, rawId: string): Promise<OrderRow> {
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const p = new Params();
  const { rows } = await sql.query<OrderRow>(
    `SELECT t.new_srv_workorderid AS "id", t.new_name AS "name", COALESCE(t.new_status, ${workOrderStatus.notDispatched}) AS "status", COALESCE(t.new_dealstatus, ${workOrderDealStatus.unassigned}) AS "dealstatus",
            t.new_station_id AS "stationId", t.owningbusinessunit AS "unitId", t.new_worker_id AS "workerId",
            (SELECT w.new_name FROM new_srv_worker w WHERE w.new_srv_workerid = t.new_worker_id) AS "workerName",
            to_char(t.new_appointmenttime, 'YYYY-MM-DD') AS "appointmentDate", t.new_appointmentbegin AS "appointmentBegin",
            t.new_appointmentend AS "appointmentEnd", t.new_appointmentstatus AS "appointmentStatus", t.new_dispatchtime AS "dispatchTime",
            t.new_responsetime AS "responseTime", t.new_departuretime AS "departureTime", t.new_departureaddress AS "departureAddress",
            t.new_arrivaltime AS "arrivalTime", t.new_arrivaladdress AS "arrivalAddress", t.new_begintime AS "beginTime"
       FROM new_srv_workorder t
      WHERE t.new_srv_workorderid = ${p.add(id, 'uuid')} AND ${p.scope(WORK_ORDER, caller, 't')}
        FOR UPDATE OF t`,
    p.values,
  );
  if (!rows[0]) throw recordNotFound();
  return rows[0];
}

/** Marks a value to be set to the transaction's time. */
export const NOW = Symbol('now');

/**
 * Writes fields of the order by a conditional update: only while it is still in the status the
 * command checked (the row lock makes that certain; the condition is the backstop). Field names
 * come from the model; values are bound with the field's SQL type.
 */
export async function updateOrder(sql: Sql, o: OrderRow, userId: string, sets: Record<string, unknown>): Promise<void> {
  const p = new Params();
  const parts: string[] = [];
  for (const [name, v] of Object.entries(sets)) {
    if (!Object.hasOwn(WORK_ORDER.allFields, name)) throw new Error(`not a work order field: ${name}`);
    parts.push(`${q(name)} = ${v === NOW ? 'now()' : p.add(v ?? null, CAST[kindOf(WORK_ORDER, name)])}`);
  }
  parts.push('modifiedon = now()', `modifiedby = ${p.add(userId, 'uuid')}`);
  const { rowCount } = await sql.query(
    `UPDATE new_srv_workorder SET ${parts.join(', ')} WHERE new_srv_workorderid = ${p.add(o.id, 'uuid')} AND COALESCE(new_status, ${workOrderStatus.notDispatched}) = ${p.add(o.status, 'int')}`,
    p.values,
  );
  if (!rowCount) throw refuse('wo.stateChanged');
  // Completed and audited are webhook events (integration/webhooks/events.ts), sent only if this transaction commits.
  const moment = sets.new_status === o.status ? undefined : WEBHOOK_MOMENTS.get(sets.new_status as number);
  if (moment)
    await emitEvent(sql, WORK_ORDER, o.id, momentEventType(WORK_ORDER, moment), userId, {
      field: 'new_status',
      set: workOrderStatus,
    });
}

const WEBHOOK_MOMENTS = new Map<unknown, string>([
  [workOrderStatus.completed, 'completed'],
  [workOrderStatus.audited, 'audited'],
]);

/**
 * new_load of each worker = their orders in service (IN_SERVICE_STATUSES). The worker rows are locked first,
 * in id order (so two reassignments in opposite directions cannot deadlock), and counted by a
 * statement that starts after the lock, so it sees every committed change. NO KEY UPDATE (what an
 * UPDATE takes) leaves the key-share locks of lookup checks (dispatch's own included) alone.
 */
export async function recomputeLoads(sql: Sql, workerIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(workerIds.filter((w): w is string => !!w))].sort();
  if (!ids.length) return;
  await sql.query(`SELECT 1 FROM new_srv_worker WHERE new_srv_workerid = ANY($1::uuid[]) ORDER BY new_srv_workerid FOR NO KEY UPDATE`, [
    ids,
  ]);
  await sql.query(
    `UPDATE new_srv_worker w SET new_load = (SELECT count(*)::int FROM new_srv_workorder o WHERE o.new_worker_id = w.new_srv_workerid AND o.new_status = ANY($2::int[]))
      WHERE w.new_srv_workerid = ANY($1::uuid[])`,
    [ids, IN_SERVICE_STATUSES],
  );
}

/** Image attachments (site photos) on the order: content type sniffed by the files area. */
export async function photoCount(sql: Sql, orderId: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM file_attachment WHERE module_type = 'new_srv_workorder' AND object_id = $1::uuid AND content_type LIKE 'image/%'`,
    [orderId],
  );
  return rows[0].n;
}

export function result(o: OrderRow, status: number, dealstatus: number, key: MessageKey, lang: Lang): CommandResult {
  return { id: o.id, status, dealstatus, message: msg(key, lang) };
}

/** The label of a work-order field in `lang` (for messages naming a field). */
export const fieldLabel = (name: string, lang: Lang) => WORK_ORDER.allFields[name]?.label[lang] ?? name;
