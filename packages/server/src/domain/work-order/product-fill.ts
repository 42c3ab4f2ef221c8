import type { Sql } from '../../db/db.ts';

/**
 * Orders with a product whose product line or model is empty take them from the product (the
 * model's `new_product_id.fills`). A value the order has is kept.
 */
const FILL_FROM_PRODUCT = `UPDATE new_srv_workorder o
    SET new_productline_id = COALESCE(o.new_productline_id, p.new_productline_id),
        new_model = COALESCE(NULLIF(o.new_model, ''), p.new_model)
   FROM product p
  WHERE p.productid = o.new_product_id
    AND ((o.new_productline_id IS NULL AND p.new_productline_id IS NOT NULL)
      OR (COALESCE(o.new_model, '') = '' AND COALESCE(p.new_model, '') <> ''))`;

/**
 * Run after every generic write of orders (the form fills on pick; this covers the Excel import,
 * the API and forms that hid the fields), set-based in the write's transaction, so the dashboard
 * counts the order under its product line, not 未指定.
 */
export async function fillFromProduct(sql: Sql, ids: string[]): Promise<void> {
  if (ids.length) await sql.query(`${FILL_FROM_PRODUCT} AND o.new_srv_workorderid = ANY($1::uuid[])`, [ids]);
}

/** Every stored order (the one-time data step for orders written before the hook). */
export async function fillAllFromProduct(sql: Sql): Promise<number> {
  return (await sql.query(FILL_FROM_PRODUCT)).rowCount ?? 0;
}
