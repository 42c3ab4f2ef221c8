import { salesOrderStatus, shipmentState } from '@portal/model';
import type { Sql } from '../../db/db.ts';

/**
 * Rolls a sales order's shipped and signed quantities up from its shipments, line by line, then
 * its totals and its state. Recomputed from the shipment lines every time (never incremented), in
 * the caller's transaction:
 * - shipped = what left on the order's own shipments (a replacement shipment re-sends a shortfall,
 *   so it does not count again), signed = what was signed for on any of its shipments;
 * - the state, from an audited order on: 已签收 once every line is signed for in full; 部分签收 once
 *   everything has shipped, something is signed and nothing waits to be signed; 全部发货 once every
 *   line has shipped in full; 部分发货 once anything has; else 已审核.
 */
export async function rollUpOrder(sql: Sql, orderId: string): Promise<void> {
  await sql.query(
    `UPDATE salesorderdetail d SET
        new_shippedqty = COALESCE((SELECT sum(sl.new_shippedqty) FROM new_shipmentdetail sl JOIN new_shipment s ON s.new_shipmentid = sl.new_shipment_id
                                    WHERE sl.new_orderline_id = d.salesorderdetailid AND s.new_reissue_id IS NULL), 0),
        new_signedqty = COALESCE((SELECT sum(sl.new_signedqty) FROM new_shipmentdetail sl WHERE sl.new_orderline_id = d.salesorderdetailid), 0),
        modifiedon = now()
      WHERE d.salesorderid = $1::uuid`,
    [orderId],
  );
  await sql.query(
    `UPDATE salesorder o SET
        new_totalqty = t.qty, new_shippedqty = t.shipped, new_signedqty = t.signed, totalamount = t.amount,
        new_status = CASE
          WHEN o.new_status NOT IN ($2, $3, $4, $5, $6, $7) THEN o.new_status
          WHEN t.lines > 0 AND t.unsigned = 0 THEN $7
          WHEN t.lines > 0 AND t.unshipped = 0 AND t.signed > 0 AND NOT t.waiting THEN $6
          WHEN t.lines > 0 AND t.unshipped = 0 THEN $5
          WHEN t.shipped > 0 THEN $4
          ELSE $2 END
       FROM (SELECT count(*)::int AS lines,
                    COALESCE(sum(d.quantity), 0)::int AS qty,
                    COALESCE(sum(d.new_shippedqty), 0)::int AS shipped,
                    COALESCE(sum(d.new_signedqty), 0)::int AS signed,
                    COALESCE(sum(d.extendedamount), 0) AS amount,
                    count(*) FILTER (WHERE COALESCE(d.new_shippedqty, 0) < d.quantity)::int AS unshipped,
                    count(*) FILTER (WHERE COALESCE(d.new_signedqty, 0) < d.quantity)::int AS unsigned,
                    EXISTS (SELECT 1 FROM new_shipment s WHERE s.new_order_id = $1::uuid AND s.new_state = ANY($8::int[])) AS waiting
               FROM salesorderdetail d WHERE d.salesorderid = $1::uuid) t
      WHERE o.salesorderid = $1::uuid`,
    [
      orderId,
      salesOrderStatus.audited,
      salesOrderStatus.partShipped,
      salesOrderStatus.partShipped,
      salesOrderStatus.allShipped,
      salesOrderStatus.partSigned,
      salesOrderStatus.signed,
      [shipmentState.submitted, shipmentState.audited, shipmentState.allShipped, shipmentState.partShipped],
    ],
  );
}

/** What each line of an order has left to ship: its quantity less what its own shipments hold (planned until shipped, then shipped). */
export async function orderRemainders(
  sql: Sql,
  orderId: string,
): Promise<{ id: string; product: string; name: string; remaining: number }[]> {
  const { rows } = await sql.query<{ id: string; product: string; name: string; remaining: number }>(
    `SELECT d.salesorderdetailid AS id, d.productid AS product, d.new_name AS name,
            (d.quantity - COALESCE((SELECT sum(CASE WHEN s.new_state = ANY($2::int[]) THEN sl.new_qty ELSE COALESCE(sl.new_shippedqty, 0) END)
                                      FROM new_shipmentdetail sl JOIN new_shipment s ON s.new_shipmentid = sl.new_shipment_id
                                     WHERE sl.new_orderline_id = d.salesorderdetailid AND s.new_reissue_id IS NULL), 0))::int AS remaining
       FROM salesorderdetail d WHERE d.salesorderid = $1::uuid ORDER BY d.createdon, d.salesorderdetailid`,
    [orderId, [shipmentState.submitted, shipmentState.audited]],
  );
  return rows.map((r) => ({ ...r, remaining: Number(r.remaining) }));
}
