import type { Sql } from '../../db/db.ts';

/**
 * The order's total: service charge + outside cost + other cost + parts cost + special fee +
 * reward/fine. new_fineamount is signed (a reward is positive, a fine negative), so it is added.
 */
const TOTAL = `COALESCE(new_servicecharge, 0) + COALESCE(new_outsidecost, 0) + COALESCE(new_othercost, 0)
  + COALESCE(new_partcost, 0) + COALESCE(new_specialfee, 0) + COALESCE(new_fineamount, 0)`;

/** Recomputes new_totalcost of the orders from their cost fields (one statement). */
export async function recomputeTotals(sql: Sql, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  await sql.query(`UPDATE new_srv_workorder SET new_totalcost = ${TOTAL} WHERE new_srv_workorderid = ANY($1::uuid[])`, [orderIds]);
}

/**
 * Recomputes the costs kept from the details — service charge (Σ repair items), parts cost (Σ part
 * lines), outside cost (Σ outside trips) — and then the total, for the given orders.
 */
export async function recomputeCosts(sql: Sql, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  await sql.query(
    `UPDATE new_srv_workorder o SET
        new_servicecharge = COALESCE((SELECT sum(r.new_amount) FROM new_srv_repairitem r WHERE r.new_workorder_id = o.new_srv_workorderid), 0),
        new_partcost = COALESCE((SELECT sum(l.new_amount) FROM new_srv_partline l WHERE l.new_workorder_id = o.new_srv_workorderid), 0),
        new_outsidecost = COALESCE((SELECT sum(t.new_cost) FROM new_srv_outsideline t WHERE t.new_workorder_id = o.new_srv_workorderid), 0)
      WHERE o.new_srv_workorderid = ANY($1::uuid[])`,
    [orderIds],
  );
  await recomputeTotals(sql, orderIds);
}
