import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';

/**
 * A work order's part line whose old parts are picked into old-parts returns (旧件返厂) may not be
 * changed below what those returns hold: lowering its quantity under the returned count, deleting
 * it or swapping its part is refused with the returns' numbers and the count they hold, so a return
 * never claims more old parts than the order used. The caller holds the part line's row lock (the
 * pick locks the same rows), so no pick slips in between.
 */
export async function assertPartLineFitsReturns(
  sql: Sql,
  lineId: string,
  change: { qty?: number; product?: string; delete?: boolean },
): Promise<void> {
  const {
    rows: [h],
  } = await sql.query<{ held: number; returns: string | null; part: string; product: string }>(
    `SELECT COALESCE(sum(d.new_qty), 0)::int AS held, string_agg(DISTINCT r.new_name, '、') AS returns,
            trim(COALESCE(pr.productnumber, '') || ' ' || COALESCE(p.new_name, pr.name, '')) AS part, p.new_product_id AS product
       FROM new_srv_partline p
       LEFT JOIN product pr ON pr.productid = p.new_product_id
       LEFT JOIN new_srv_partsreturndetail d ON d.new_partline_id = p.new_srv_partlineid
       LEFT JOIN new_srv_partsreturn r ON r.new_srv_partsreturnid = d.new_partsreturn_id
      WHERE p.new_srv_partlineid = $1::uuid
      GROUP BY p.new_srv_partlineid, pr.productnumber, pr.name, p.new_name, p.new_product_id`,
    [lineId],
  );
  if (!h || !Number(h.held)) return;
  const params = { part: h.part, held: Number(h.held), returns: h.returns ?? '' };
  if (change.delete) throw refuse('partsReturn.lineHeldDelete', params);
  if (change.product && change.product !== h.product) throw refuse('partsReturn.lineHeldDelete', params, 'new_product_id');
  if (change.qty !== undefined && change.qty < Number(h.held)) throw refuse('partsReturn.lineHeldQty', params, 'new_qty');
}
