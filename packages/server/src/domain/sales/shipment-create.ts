import { getEntity, shipmentState, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { unitWarehouse } from '../stock/unit-warehouse.ts';
import { orderRemainders } from './rollup.ts';

export const SHIPMENT = getEntity('new_shipment')!;

export interface NewShipment {
  orderId: string;
  fromWarehouse: string;
  toWarehouse: string;
  toUnit: string;
  /** The shipping unit (owns the shipment). */
  unit: string;
  userId: string;
  reissueId?: string;
  lines: { orderLine: string; product: string; name: string; qty: number }[];
}

/** Inserts a shipment (submitted, numbered) and its lines in one statement each; answers its id and number. */
export async function insertShipment(sql: Sql, s: NewShipment): Promise<{ id: string; name: string }> {
  const [name] = await documentNumbers(sql, SHIPMENT, 1);
  const total = s.lines.reduce((a, l) => a + l.qty, 0);
  const {
    rows: [r],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_shipment (new_name, new_order_id, new_reissue_id, new_state, new_fromwarehouse_id, new_towarehouse_id, new_tounit_id,
                               new_totalqty, new_shippedqty, new_signedqty, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, $9, $10, $9, $9) RETURNING new_shipmentid AS id`,
    [name, s.orderId, s.reissueId ?? null, shipmentState.submitted, s.fromWarehouse, s.toWarehouse, s.toUnit, total, s.userId, s.unit],
  );
  await sql.query(
    `INSERT INTO new_shipmentdetail (new_name, new_shipment_id, new_orderline_id, new_tounit_id, new_product_id, new_qty, new_shippedqty, new_signedqty,
                                     new_reissuedqty, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT n, $1, ol, $2, p, q, 0, 0, 0, $3, $4, $3, $3 FROM unnest($5::varchar[], $6::uuid[], $7::uuid[], $8::int[]) AS u(n, ol, p, q)`,
    [
      r.id,
      s.toUnit,
      s.userId,
      s.unit,
      s.lines.map((l) => l.name.slice(0, 200)),
      s.lines.map((l) => l.orderLine),
      s.lines.map((l) => l.product),
      s.lines.map((l) => l.qty),
    ],
  );
  return { id: r.id, name };
}

/**
 * The shipping warehouse: the one asked for, else the caller's nearest (its own unit's, then the
 * units right below it: head office ships from the head-office warehouse, not a branch's; a central
 * warehouse before a dealer's, then by code); either way a warehouse of the caller's own units.
 */
async function shippingWarehouse(sql: Sql, caller: Caller, asked: string | undefined): Promise<string> {
  const id = asked === undefined ? null : /^[0-9a-f-]{36}$/i.test(asked) ? asked : 'bad';
  if (id === 'bad') throw refuse('sales.shipment.foreignWarehouse', undefined, 'new_fromwarehouse_id');
  const { rows } = await sql.query<{ id: string }>(
    `WITH RECURSIVE down AS (
       SELECT businessunitid AS id, 0 AS depth FROM businessunit WHERE businessunitid = $1::uuid
       UNION ALL SELECT b.businessunitid, down.depth + 1 FROM businessunit b JOIN down ON b.parentbusinessunitid = down.id
     )
     SELECT w.new_srv_warehouseid AS id FROM new_srv_warehouse w JOIN down ON down.id = w.new_businessunit_id
      WHERE COALESCE(w.new_isactive, true) AND ($2::uuid IS NULL OR w.new_srv_warehouseid = $2::uuid)
      ORDER BY down.depth, w.new_type, w.new_code LIMIT 1`,
    [caller.principal.businessUnitId, id],
  );
  if (!rows[0]) throw refuse('sales.shipment.foreignWarehouse', undefined, 'new_fromwarehouse_id');
  return rows[0].id;
}

/**
 * A shipment of everything an audited order has left to ship (the order is locked by the command),
 * from the caller's warehouse to the buyer's. Never more than the remainder: nothing left is refused.
 */
export async function createShipment(sql: Sql, caller: Caller, orderId: string, warehouseId: string | undefined, _lang: Lang) {
  const lines = (await orderRemainders(sql, orderId)).filter((l) => l.remaining > 0);
  if (!lines.length) throw refuse('sales.shipment.nothingLeft');
  const {
    rows: [o],
  } = await sql.query<{ buyer: string }>('SELECT owningbusinessunit AS buyer FROM salesorder WHERE salesorderid = $1::uuid', [orderId]);
  const from = await shippingWarehouse(sql, caller, warehouseId);
  const to = await unitWarehouse(sql, o.buyer, 'sales.shipment.noWarehouse');
  return insertShipment(sql, {
    orderId,
    fromWarehouse: from,
    toWarehouse: to,
    toUnit: o.buyer,
    unit: caller.principal.businessUnitId,
    userId: caller.principal.userId,
    lines: lines.map((l) => ({ orderLine: l.id, product: l.product, name: l.name, qty: l.remaining })),
  });
}
