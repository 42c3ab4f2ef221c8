import {
  getEntity,
  msg,
  warehouseType,
  type Lang,
  type LimitBatchRequest,
  type PartsCommandResult,
  type StationInventoryRow,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid, type FieldError } from '../../records/validate.ts';
import { serverDefaults, ValidationFailed, writeHooks } from '../../records/write.ts';
import { assertMay } from '../../documents/access.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { partsById } from '../parts/catalogue.ts';

/**
 * Inventory limits per station and part (库存上下限): the least and most a station should hold.
 * Written through the record service (one by one) or in a batch; the part's name and number are
 * copied for lists and search; minimum ≤ maximum and one row per station and part.
 */

const LIMIT = getEntity('new_srv_stationpart')!;
const STATION = getEntity('new_srv_station')!;

function rangeError(min: unknown, max: unknown, lang: Lang, field = 'new_maxqty'): FieldError | null {
  return min !== null && max !== null && min !== undefined && max !== undefined && Number(min) > Number(max)
    ? { field, message: msg('parts.limitRange', lang) }
    : null;
}

async function duplicate(sql: Sql, station: unknown, product: unknown, except?: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    `SELECT 1 FROM new_srv_stationpart WHERE new_station_id = $1::uuid AND new_product_id = $2::uuid${except ? ' AND new_srv_stationpartid <> $3::uuid' : ''}`,
    except ? [station, product, except] : [station, product],
  );
  return !!rowCount;
}

/** Name and number of the part, checks of range and uniqueness, for the record service's writes. */
export function installLimits(): void {
  serverDefaults.set(LIMIT.logicalName, async (sql, rows, _caller, lang) => {
    const parts = await partsById(
      sql,
      rows.map((r) => String(r.new_product_id ?? '')),
    );
    const errors: FieldError[] = [];
    for (const r of rows) {
      const e = rangeError(r.new_minqty, r.new_maxqty, lang);
      if (e) errors.push(e);
      if (await duplicate(sql, r.new_station_id, r.new_product_id)) {
        const p = parts.get(String(r.new_product_id));
        errors.push({ field: 'new_product_id', message: msg('parts.repeatedPart', lang, { part: p ? `${p.code} ${p.name}` : '' }) });
      }
    }
    if (errors.length) throw new ValidationFailed(errors, lang);
    return rows.map((r) => {
      const p = parts.get(String(r.new_product_id));
      return { new_name: p?.name ?? null, new_code: p?.code ?? null };
    });
  });
  writeHooks.set(LIMIT.logicalName, {
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'delete') return;
      const {
        rows: [cur],
      } = await sql.query<Record<string, unknown>>(
        `SELECT new_station_id, new_product_id, new_minqty, new_maxqty FROM new_srv_stationpart WHERE new_srv_stationpartid = $1::uuid`,
        [id],
      );
      const next = { ...cur, ...values };
      const errors = [rangeError(next.new_minqty, next.new_maxqty, lang)].filter((e): e is FieldError => !!e);
      if ((values.new_product_id || values.new_station_id) && (await duplicate(sql, next.new_station_id, next.new_product_id, id))) {
        errors.push({ field: 'new_product_id', message: msg('parts.repeatedPart', lang, { part: '' }) });
      }
      if (errors.length) throw new ValidationFailed(errors, lang);
    },
    async after(sql, ids) {
      await sql.query(
        `UPDATE new_srv_stationpart s SET new_name = p.name, new_code = p.productnumber FROM product p
          WHERE s.new_srv_stationpartid = ANY($1::uuid[]) AND p.productid = s.new_product_id`,
        [ids],
      );
    },
  });
}

/** The station, if the caller can see it, with its unit; else 404. */
async function visibleStation(sql: Sql, caller: Caller, raw: unknown): Promise<{ id: string; unit: string }> {
  const id = normGuid(raw);
  if (!id) throw recordNotFound();
  const p = new Params();
  const { rows } = await sql.query<{ id: string; unit: string }>(
    `SELECT t.new_srv_stationid AS id, t.new_businessunit_id AS unit FROM new_srv_station t WHERE t.new_srv_stationid = ${p.add(id, 'uuid')} AND ${p.scope(STATION, caller, 't')}`,
    p.values,
  );
  if (!rows[0]) throw recordNotFound();
  return rows[0];
}

/** The batch grid's save: a station's limits inserted or updated together (each row checked, all or nothing). */
export async function saveLimits(sql: Sql, caller: Caller, input: LimitBatchRequest, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, 'stock.limit');
  const station = await visibleStation(sql, caller, input.stationId);
  const lines = input.lines ?? [];
  if (!lines.length) throw refuse('parts.selectOne', undefined, 'lines');
  const parts = await partsById(
    sql,
    lines.map((l) => l.productId),
  );
  const minLabel = fieldLabel(LIMIT.logicalName, 'new_minqty', lang);
  const maxLabel = fieldLabel(LIMIT.logicalName, 'new_maxqty', lang);
  const seen = new Set<string>();
  const rows = lines.map((l, i) => {
    const part = parts.get(normGuid(l.productId) ?? '');
    if (!part) throw refuse('parts.partRequired', undefined, `lines.${i}.productId`);
    if (seen.has(part.id)) throw refuse('parts.repeatedPart', { part: `${part.code} ${part.name}` }, `lines.${i}.productId`);
    seen.add(part.id);
    const min = checkQty(l.minQty, minLabel, `lines.${i}.minQty`, { zero: true });
    const max = checkQty(l.maxQty, maxLabel, `lines.${i}.maxQty`, { zero: true });
    if (min > max) throw refuse('parts.limitRange', undefined, `lines.${i}.maxQty`);
    return { part, min, max };
  });
  const me = caller.principal.userId;
  await sql.query(
    `INSERT INTO new_srv_stationpart (new_name, new_code, new_station_id, new_product_id, new_minqty, new_maxqty, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT u.name, u.code, $1::uuid, u.product, u.mn, u.mx, $2::uuid, $3::uuid, $2::uuid, $2::uuid
       FROM unnest($4::text[], $5::text[], $6::uuid[], $7::int[], $8::int[]) AS u(name, code, product, mn, mx)
     ON CONFLICT (new_station_id, new_product_id) DO UPDATE SET new_minqty = EXCLUDED.new_minqty, new_maxqty = EXCLUDED.new_maxqty, modifiedon = now(), modifiedby = $2::uuid`,
    [
      station.id,
      me,
      station.unit,
      rows.map((r) => r.part.name),
      rows.map((r) => r.part.code),
      rows.map((r) => r.part.id),
      rows.map((r) => r.min),
      rows.map((r) => r.max),
    ],
  );
  return answer(station.id, 'parts.saved', lang);
}

/**
 * A station's parts: what its warehouse holds beside its limits (parts with either), by part number.
 * The level says below (available under the minimum), above (quantity over the maximum) or ok.
 */
export async function stationInventory(sql: Sql, caller: Caller, stationId: unknown): Promise<StationInventoryRow[]> {
  assertMay(caller, 'stock.read');
  const station = await visibleStation(sql, caller, stationId);
  const { rows } = await sql.query<StationInventoryRow>(
    `WITH inv AS (
       SELECT s.new_product_id AS product, s.new_quantity AS q, s.new_frozen AS f, s.new_available AS a, s.new_intransit AS t
         FROM new_srv_siteinv s JOIN new_srv_warehouse w ON w.new_srv_warehouseid = s.new_warehouse_id
        WHERE w.new_station_id = $1::uuid AND w.new_type = ${warehouseType.station}
     ), lim AS (
       SELECT new_srv_stationpartid AS id, new_product_id AS product, new_minqty AS mn, new_maxqty AS mx FROM new_srv_stationpart WHERE new_station_id = $1::uuid
     )
     SELECT p.productid AS "productId", p.productnumber AS code, p.name, COALESCE(p.new_uom, '') AS uom,
            COALESCE(inv.q, 0) AS quantity, COALESCE(inv.f, 0) AS frozen, COALESCE(inv.a, 0) AS available, COALESCE(inv.t, 0) AS intransit,
            lim.id AS "limitId", lim.mn AS "minQty", lim.mx AS "maxQty",
            CASE WHEN lim.id IS NULL THEN 'none' WHEN COALESCE(inv.a, 0) < lim.mn THEN 'below' WHEN COALESCE(inv.q, 0) > lim.mx THEN 'above' ELSE 'ok' END AS level
       FROM inv FULL JOIN lim ON lim.product = inv.product
       JOIN product p ON p.productid = COALESCE(inv.product, lim.product)
      ORDER BY p.productnumber`,
    [station.id],
  );
  return rows;
}
