import { warehouseType } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';

/** Parts (products) and warehouses as the parts and stock documents read them. */

export type Part = {
  id: string;
  name: string;
  code: string;
  uom: string | null;
  price: string;
};

/** Parts (products) by id; products are catalogue data every signed-in user may read. */
export async function partsById(sql: Sql, ids: string[]): Promise<Map<string, Part>> {
  const clean = [...new Set(ids.map((i) => normGuid(i)).filter((i): i is string => !!i))];
  if (!clean.length) return new Map();
  const { rows } = await sql.query<Part>(
    `SELECT productid AS id, name, productnumber AS code, new_uom AS uom, COALESCE(price, 0)::text AS price FROM product WHERE productid = ANY($1::uuid[])`,
    [clean],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** One part by id, or the refusal "please choose the part" on `field`. */
export async function partOf(sql: Sql, raw: unknown, field = 'productId'): Promise<Part> {
  const id = normGuid(raw);
  const part = id ? (await partsById(sql, [id])).get(id) : undefined;
  if (!part) throw refuse('parts.partRequired', undefined, field);
  return part;
}

/** Money of a quantity at a unit price, exact to the cent. */
export function amountOf(qty: number, price: string): string {
  const [i, f = ''] = price.split('.');
  const cents = BigInt(i) * 100n + BigInt(`${f}00`.slice(0, 2)) * (i.startsWith('-') ? -1n : 1n);
  const total = cents * BigInt(qty);
  const neg = total < 0n;
  const abs = neg ? -total : total;
  return `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export type Warehouse = {
  id: string;
  name: string;
  type: number;
  unit: string;
  stationId: string | null;
  province: string | null;
  city: string | null;
  county: string | null;
  address: string | null;
  contact: string | null;
  phone: string | null;
};

const WAREHOUSE_COLUMNS = `w.new_srv_warehouseid AS id, w.new_name AS name, w.new_type AS type, w.new_businessunit_id AS unit, w.new_station_id AS "stationId",
  w.new_province AS province, w.new_city AS city, w.new_county AS county, w.new_address AS address, w.new_contact AS contact, w.new_phone AS phone`;

/** A warehouse by id (warehouses are readable by everyone in the parts business), or undefined. */
export async function warehouseById(sql: Sql, raw: unknown): Promise<Warehouse | undefined> {
  const id = normGuid(raw);
  if (!id) return undefined;
  const { rows } = await sql.query<Warehouse>(
    `SELECT ${WAREHOUSE_COLUMNS} FROM new_srv_warehouse w WHERE w.new_srv_warehouseid = $1::uuid AND w.statecode = 0`,
    [id],
  );
  return rows[0];
}

/** Goods can leave from or go to the warehouse: it has a detailed address (else spec 001 §8 "warehouse has no address"). */
export const hasAddress = (w: Warehouse): boolean => !!w.address?.trim();

/** The station's own warehouse; refused with "station has no warehouse" when it has none. */
export async function stationWarehouse(sql: Sql, stationId: string): Promise<Warehouse> {
  const { rows } = await sql.query<Warehouse>(
    `SELECT ${WAREHOUSE_COLUMNS} FROM new_srv_warehouse w WHERE w.new_station_id = $1::uuid AND w.new_type = $2 AND w.statecode = 0`,
    [stationId, warehouseType.station],
  );
  if (!rows[0]) throw refuse('parts.stationNoWarehouse');
  return rows[0];
}
