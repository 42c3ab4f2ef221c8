import { approvalStatus, getEntity, partsApplyStatus, type DeliverableApplication } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { assertMay, assertParty } from '../../documents/access.ts';
import { warehouseById } from './catalogue.ts';
import { applicationLineRemaining } from './delivery.ts';

const APPLY = getEntity('new_srv_partsapply')!;
/** The lookup's IN list takes at most this many ids. */
export const DELIVERABLE_MAX = 1000;

/**
 * What the delivery create dialog may offer from a sending warehouse (the caller's own, as the
 * create command requires): approved, open applications it supplies, in the caller's reach, with
 * something left to deliver — approved − delivered − on deliveries not shipped yet > 0, the
 * create command's own rule, so an application whose whole remainder already sits on an open
 * delivery is not offered. Oldest first; no lock (the command checks again).
 */
export async function deliverableApplications(
  sql: Sql,
  caller: Caller,
  warehouseId: string | undefined,
): Promise<DeliverableApplication[]> {
  assertMay(caller, 'delivery.create');
  const wh = await warehouseById(sql, warehouseId);
  if (!wh) throw refuse('parts.warehouseRequired', undefined, 'warehouseId');
  assertParty(caller, wh.unit);
  const p = new Params();
  const { rows } = await sql.query<DeliverableApplication & Record<string, unknown>>(
    `SELECT t.new_srv_partsapplyid AS id, t.new_name AS name, x.remaining
       FROM new_srv_partsapply t
       CROSS JOIN LATERAL (SELECT COALESCE(sum(GREATEST(${applicationLineRemaining('NULL::uuid')}, 0)), 0)::int AS remaining
                             FROM new_srv_partsapplydetil l WHERE l.new_partsapply_id = t.new_srv_partsapplyid) x
      WHERE t.new_warehouse_id = ${p.add(wh.id, 'uuid')} AND COALESCE(t.new_approvalstatus, ${approvalStatus.draft}) = ${approvalStatus.approved}
        AND NOT COALESCE(t.new_isclose, false) AND t.statuscode IS DISTINCT FROM ${partsApplyStatus.closed}
        AND ${p.scope(APPLY, caller, 't')} AND x.remaining > 0
      ORDER BY t.createdon, t.new_srv_partsapplyid LIMIT ${DELIVERABLE_MAX}`,
    p.values,
  );
  return rows.map((r) => ({ ...r, remaining: Number(r.remaining) }));
}
