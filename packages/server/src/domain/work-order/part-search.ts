import {
  getEntity,
  productState,
  warehouseType,
  WORK_ORDER_COMMAND_PRIVILEGES,
  WORK_ORDER_PARTS_MAX,
  type WorkOrderPartOption,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { escapeLike, Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { assertMay } from './order.ts';

const WORK_ORDER = getEntity('new_srv_workorder')!;
const PRODUCT = getEntity('product')!;

/**
 * Parts for an order's part line, each with the available stock of the order's station warehouse
 * (where a completed order's parts are taken from: stock/work-order-parts.ts). Scoped like the line
 * commands: their privilege and the order in the caller's reach; no other warehouse is shown.
 * One query: the order's station warehouse, the parts and their stock rows (the trigram indexes
 * serve the ILIKE, the stock's unique warehouse+part index the join).
 */
export async function orderPartOptions(
  sql: Sql,
  caller: Caller,
  rawId: string,
  q: string | undefined,
  rawLimit: number | undefined,
): Promise<WorkOrderPartOption[]> {
  assertMay(caller, ...WORK_ORDER_COMMAND_PRIVILEGES.lines);
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const limit = Math.min(Math.max(Math.trunc(rawLimit ?? 20) || 20, 1), WORK_ORDER_PARTS_MAX);
  const p = new Params();
  const {
    rows: [order],
  } = await sql.query<{ warehouse: string | null }>(
    `SELECT (SELECT w.new_srv_warehouseid FROM new_srv_warehouse w WHERE w.new_station_id = t.new_station_id AND w.new_type = ${p.add(warehouseType.station, 'int')} AND w.statecode = 0 LIMIT 1) AS warehouse
       FROM new_srv_workorder t WHERE t.new_srv_workorderid = ${p.add(id, 'uuid')} AND ${p.scope(WORK_ORDER, caller, 't')}`,
    p.values,
  );
  if (!order) throw recordNotFound();
  const s = new Params();
  const wh = s.add(order.warehouse, 'uuid');
  const where = [`t.new_state = ${s.add(productState.active, 'int')}`, 't.statecode = 0', s.scope(PRODUCT, caller, 't')];
  const text = q?.trim();
  if (text) {
    const like = s.add(`%${escapeLike(text)}%`, 'text');
    where.push(`(t.name ILIKE ${like} OR t.productnumber ILIKE ${like} OR t.new_model ILIKE ${like})`);
  }
  const { rows } = await sql.query<{ id: string; name: string; number: string; available: string | null }>(
    `SELECT t.productid AS id, t.name, t.productnumber AS number,
            CASE WHEN ${wh} IS NULL THEN NULL ELSE COALESCE(i.new_available, 0) END AS available
       FROM product t LEFT JOIN new_srv_siteinv i ON i.new_warehouse_id = ${wh} AND i.new_product_id = t.productid
      WHERE ${where.join(' AND ')}
      ORDER BY COALESCE(i.new_available, 0) > 0 DESC, t.productnumber
      LIMIT ${s.add(limit, 'int')}`,
    s.values,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, number: r.number, available: r.available === null ? null : Number(r.available) }));
}
