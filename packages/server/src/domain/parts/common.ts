import { getEntity, msg, type EntityDef, type Lang, type MessageKey, type Privilege } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { forbidden, Refusal, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params, q } from '../../records/sql.ts';
import { normGuid, parseInteger, unsafeNumber } from '../../records/validate.ts';

/** Helpers the parts and stock commands share: privileges, parties, parts, quantities, document locks. */

/** 403 unless the caller holds the privilege (the routes check it too; other callers rely on this). */
export function assertMay(caller: Caller, privilege: Privilege): void {
  if (!caller.principal.privileges.has(privilege)) throw forbidden();
}

/** 403 with the specification's text unless the unit is in the caller's reach (the caller acts for that side). */
export function assertParty(caller: Caller, unit: string | null | undefined): void {
  if (!unit || !caller.subtree.includes(unit)) throw new Refusal('parts.notYourDocument', undefined, undefined, 403);
}

export const MEMO_MAX = 100;
/** Freight "in normal range" (spec 001 §5): 0 to 99,999 yuan, as the delivery's new_freight declares. */
export const FREIGHT_MAX = 99_999;

/** An optional memo of at most 100 characters (spec 001 §5/§9: "memo at most 100"; characters, as the record service counts text). */
export function memoOf(v: unknown, lang: Lang, field = 'memo'): string | null {
  const s = typeof v === 'string' ? v.trim() : '';
  if ([...s].length > MEMO_MAX) throw refuse('parts.reasonTooLong', { field: lang === 'zh-CN' ? '备注' : 'Memo' }, field);
  return s || null;
}

/**
 * A document quantity (spec 001 §5): decimal digits (or an integral JSON number), larger than 0
 * (or ≥ 0 when `zero` is allowed) and less than 100,000, compared on the digits; refused with the
 * specification's message naming the field. "0x10", "1e3", "1.5" and true are not integers.
 */
export function checkQty(v: unknown, label: string, field: string, opts: { zero?: boolean } = {}): number {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) throw refuse('parts.qtyRequired', { field: label }, field);
  if (unsafeNumber(v)) throw refuse(v as number < 0 ? 'parts.qtyPositive' : 'parts.qtyTooLarge', { field: label }, field);
  const t = parseInteger(v);
  if (t === null) throw refuse('parts.qtyInteger', { field: label }, field);
  if (t.startsWith('-') || (t === '0' && !opts.zero)) throw refuse('parts.qtyPositive', { field: label }, field);
  if (t.length > 5) throw refuse('parts.qtyTooLarge', { field: label }, field);
  return Number(t);
}

/** The label of a field of an entity in `lang`. */
export const fieldLabel = (entity: string, field: string, lang: Lang) => getEntity(entity)?.allFields[field]?.label[lang] ?? field;

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
  const cents = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2)) * (i.startsWith('-') ? -1n : 1n);
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
  const { rows } = await sql.query<Warehouse>(`SELECT ${WAREHOUSE_COLUMNS} FROM new_srv_warehouse w WHERE w.new_srv_warehouseid = $1::uuid AND w.statecode = 0`, [id]);
  return rows[0];
}

/** Goods can leave from or go to the warehouse: it has a detailed address (else spec 001 §8 "warehouse has no address"). */
export const hasAddress = (w: Warehouse): boolean => !!w.address?.trim();

/** The station's own warehouse; refused with "station has no warehouse" when it has none. */
export async function stationWarehouse(sql: Sql, stationId: string): Promise<Warehouse> {
  const { rows } = await sql.query<Warehouse>(
    `SELECT ${WAREHOUSE_COLUMNS} FROM new_srv_warehouse w WHERE w.new_station_id = $1::uuid AND w.new_type = 2 AND w.statecode = 0`,
    [stationId],
  );
  if (!rows[0]) throw refuse('parts.stationNoWarehouse');
  return rows[0];
}

/**
 * Locks a document inside the caller's scope (owner or party) and reads the named columns;
 * 404 when it does not exist or is out of reach. Documents are always locked before stock rows.
 * `lock: false` only reads (a download).
 */
export async function lockDocument<T extends Record<string, unknown>>(
  sql: Sql, caller: Caller, e: EntityDef, rawId: string, columns: string, opts: { lock?: boolean } = {},
): Promise<T & { id: string }> {
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const p = new Params();
  const { rows } = await sql.query<T & { id: string }>(
    `SELECT t.${q(e.primaryKey)} AS id, ${columns} FROM ${q(e.logicalName)} t
      WHERE t.${q(e.primaryKey)} = ${p.add(id, 'uuid')} AND ${p.scope(e, caller, 't')}${opts.lock === false ? '' : ' FOR UPDATE OF t'}`,
    p.values,
  );
  if (!rows[0]) throw recordNotFound();
  return rows[0];
}

/** What a command answers: the document, the line it touched, and its message. */
export function answer(id: string, key: MessageKey, lang: Lang, lineId?: string) {
  return { id, message: msg(key, lang), ...(lineId ? { lineId } : {}) };
}
