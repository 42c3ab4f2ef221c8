import {
  getEntity,
  msg,
  partsReturnState,
  partsReturnVerify,
  type Lang,
  type OwedOldPart,
  type PartsCommandResult,
  type PickOwedRequest,
  type ReturnLineChange,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { recomputeDocumentTotals } from '../parts/document-totals.ts';
import { assertMay, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';

/**
 * Old parts back to factory (旧件返厂, `new_srv_partsreturn`). What a station owes: for every parts
 * replacement line of its work orders, what the order took out of stock (`new_postedqty`, posted on
 * completion) minus what all returns already hold for that line. The station picks owed lines into a
 * draft return (never more than owed: the part lines are locked, so two returns picking the same
 * line at once are serialised and the second sees the first), delivers it (logistics, freight);
 * head office (expense.write, no station) receives per line, confirms and writes off (those
 * commands: parts-return.controller.ts).
 */
export const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;
const PART_LINE = getEntity('new_srv_partline')!;
const S = partsReturnState;
const COST_CENTER_MAX = 40;

type Header = { id: string; name: string; state: number; verify: number; station: string };

async function lockReturn(sql: Sql, caller: Caller, id: string): Promise<Header> {
  return lockDocument<Header>(
    sql,
    caller,
    RETURN,
    id,
    `t.new_name AS name, COALESCE(t.new_state, ${S.draft}) AS state, COALESCE(t.new_verifystatus, ${partsReturnVerify.pending}) AS verify, t.new_station_id AS station`,
  );
}

/** The returning station's own users (parts.write); anyone else 403 "not your document". */
function assertStation(caller: Caller, h: Header): void {
  assertMay(caller, 'parts.write');
  if (caller.principal.stationId !== h.station) throw new Refusal('parts.notYourDocument', undefined, undefined, 403);
}

/** Head office (expense.write, no station of its own); a station user 403. */
export function assertHeadOffice(caller: Caller): void {
  if (!caller.principal.privileges.has('expense.write') || caller.principal.stationId)
    throw new Refusal('partsReturn.headOfficeOnly', undefined, undefined, 403);
}

export const recomputePartsReturn = async (sql: Sql, id: string) => {
  await recomputeDocumentTotals(sql, RETURN, LINE, 'new_partsreturn_id', id);
  await sql.query(
    `UPDATE new_srv_partsreturn h SET new_receivedqty = (SELECT COALESCE(sum(new_receivedqty), 0)::int FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid)
      WHERE h.new_srv_partsreturnid = $1::uuid`,
    [id],
  );
};

const OWED_SQL = (where: string) => `
  SELECT p.new_srv_partlineid AS "partLineId", o.new_srv_workorderid AS "workOrderId", o.new_name AS "workOrderName", p.new_product_id AS "productId",
         COALESCE(pr.productnumber, '') AS code, COALESCE(p.new_name, pr.name, '') AS name, p.new_oldserialno AS "serialNo",
         COALESCE(p.new_postedqty, 0)::int AS qty,
         (COALESCE(p.new_postedqty, 0) - COALESCE((SELECT sum(d.new_qty) FROM new_srv_partsreturndetail d WHERE d.new_partline_id = p.new_srv_partlineid), 0))::int AS remaining,
         COALESCE(p.new_price, 0)::text AS price
    FROM new_srv_partline p
    JOIN new_srv_workorder o ON o.new_srv_workorderid = p.new_workorder_id
    LEFT JOIN product pr ON pr.productid = p.new_product_id
   WHERE ${where}`;

/**
 * The caller's station's old parts still owed (remaining > 0), oldest work order first: the part
 * lines in the caller's reach (an engineer: their own orders').
 */
export async function owedOldParts(sql: Sql, caller: Caller): Promise<OwedOldPart[]> {
  assertMay(caller, 'parts.read');
  const station = caller.principal.stationId;
  if (!station) return [];
  const p = new Params();
  const where = `p.new_station_id = ${p.add(station, 'uuid')} AND COALESCE(p.new_postedqty, 0) > 0 AND ${p.scope(PART_LINE, caller, 'p', 'read')}`;
  const { rows } = await sql.query<OwedOldPart>(
    `SELECT * FROM (${OWED_SQL(where)}) x WHERE remaining > 0 ORDER BY "workOrderName", code`,
    p.values,
  );
  return rows;
}

function costCenterOf(v: unknown, field: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw refuse('partsReturn.costCenterRequired', undefined, field);
  if (s.length > COST_CENTER_MAX)
    throw refuse('wo.fieldTooLong', { field: fieldLabel(LINE.logicalName, 'new_costcenter', 'zh-CN'), max: COST_CENTER_MAX }, field);
  return s;
}

/**
 * Locks the part lines (in id order, so concurrent picks never deadlock) and answers what each still
 * owes, not counting `exceptLine` (the return line being changed).
 */
async function lockOwed(sql: Sql, station: string, partLineIds: string[], exceptLine?: string): Promise<Map<string, OwedOldPart>> {
  await sql.query(`SELECT 1 FROM new_srv_partline WHERE new_srv_partlineid = ANY($1::uuid[]) ORDER BY new_srv_partlineid FOR UPDATE`, [
    partLineIds,
  ]);
  const { rows } = await sql.query<OwedOldPart>(OWED_SQL('p.new_srv_partlineid = ANY($1::uuid[]) AND p.new_station_id = $2::uuid'), [
    partLineIds,
    station,
  ]);
  if (exceptLine) {
    const {
      rows: [own],
    } = await sql.query<{ partline: string; qty: number }>(
      `SELECT new_partline_id AS partline, new_qty AS qty FROM new_srv_partsreturndetail WHERE new_srv_partsreturndetailid = $1::uuid`,
      [exceptLine],
    );
    const r = own && rows.find((x) => x.partLineId === own.partline);
    if (r) r.remaining += Number(own.qty);
  }
  return new Map(rows.map((r) => [r.partLineId, { ...r, qty: Number(r.qty), remaining: Number(r.remaining) }]));
}

const exceeds = (r: OwedOldPart, field: string) =>
  refuse(
    'partsReturn.countExceeds',
    { part: `${r.code} ${r.name}`.trim(), order: r.workOrderName, remaining: Math.max(0, r.remaining) },
    field,
  );

/** Station, draft: adds one line per owed part line chosen (count ≤ still owed, cost centre required). */
export async function pickOwed(
  sql: Sql,
  caller: Caller,
  id: string,
  body: Partial<PickOwedRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await lockReturn(sql, caller, id);
  assertStation(caller, h);
  if (h.state !== S.draft) throw refuse('parts.onlyDraftModify');
  const picks = Array.isArray(body.lines) ? body.lines : [];
  if (!picks.length) throw refuse('parts.selectOne');
  const qtyLabel = fieldLabel(LINE.logicalName, 'new_qty', lang);
  const clean = picks.map((p, i) => {
    const partLineId = normGuid(p?.partLineId);
    if (!partLineId) throw refuse('partsReturn.notOwed', undefined, `lines.${i}.partLineId`);
    return {
      partLineId,
      qty: checkQty(p.qty, qtyLabel, `lines.${i}.qty`),
      costCenter: costCenterOf(p.costCenter, `lines.${i}.costCenter`),
    };
  });
  if (new Set(clean.map((c) => c.partLineId)).size < clean.length) throw refuse('parts.repeatedPart', { part: '' }, 'lines');
  const owed = await lockOwed(
    sql,
    h.station,
    clean.map((c) => c.partLineId),
  );
  const { rows: already } = await sql.query<{ partline: string }>(
    `SELECT new_partline_id AS partline FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid AND new_partline_id = ANY($2::uuid[])`,
    [h.id, clean.map((c) => c.partLineId)],
  );
  clean.forEach((c, i) => {
    const r = owed.get(c.partLineId);
    if (!r || r.qty <= 0) throw refuse('partsReturn.notOwed', undefined, `lines.${i}.partLineId`);
    if (already.some((a) => a.partline === c.partLineId))
      throw refuse('parts.repeatedPart', { part: `${r.code} ${r.name}` }, `lines.${i}.partLineId`);
    if (c.qty > r.remaining) throw exceeds(r, `lines.${i}.qty`);
  });
  const me = caller.principal.userId;
  await sql.query(
    `INSERT INTO new_srv_partsreturndetail (new_name, new_partsreturn_id, new_station_id, new_partline_id, new_workorder_id, new_product_id, new_code, new_oldserialno,
            new_qty, new_receivedqty, new_price, new_costcenter, owningbusinessunit, ownerid, createdby, modifiedby)
     SELECT x.name, $1::uuid, h.new_station_id, x.partline, x.wo, x.product, x.code, x.serial, x.qty, 0, x.price::numeric, x.cc, h.owningbusinessunit, $2::uuid, $2::uuid, $2::uuid
       FROM unnest($3::varchar[], $4::uuid[], $5::uuid[], $6::uuid[], $7::varchar[], $8::varchar[], $9::int[], $10::text[], $11::varchar[])
              AS x(name, partline, wo, product, code, serial, qty, price, cc)
       JOIN new_srv_partsreturn h ON h.new_srv_partsreturnid = $1::uuid`,
    [
      h.id,
      me,
      clean.map((c) => owed.get(c.partLineId)!.name),
      clean.map((c) => c.partLineId),
      clean.map((c) => owed.get(c.partLineId)!.workOrderId),
      clean.map((c) => owed.get(c.partLineId)!.productId),
      clean.map((c) => owed.get(c.partLineId)!.code),
      clean.map((c) => owed.get(c.partLineId)!.serialNo),
      clean.map((c) => c.qty),
      clean.map((c) => owed.get(c.partLineId)!.price),
      clean.map((c) => c.costCenter),
    ],
  );
  await recomputePartsReturn(sql, h.id);
  return { id: h.id, message: msg('partsReturn.picked', lang, { count: clean.length }) };
}

async function lineOf(sql: Sql, h: Header, rawLine: string): Promise<{ id: string; partline: string }> {
  const lineId = normGuid(rawLine);
  const { rows } = lineId
    ? await sql.query<{ id: string; partline: string }>(
        `SELECT new_srv_partsreturndetailid AS id, new_partline_id AS partline FROM new_srv_partsreturndetail WHERE new_srv_partsreturndetailid = $1::uuid AND new_partsreturn_id = $2::uuid`,
        [lineId, h.id],
      )
    : { rows: [] };
  if (!rows[0]) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
  return rows[0];
}

/** Station, draft: a line's count (≤ still owed, its own count given back first) and cost centre. */
export async function updateReturnLine(
  sql: Sql,
  caller: Caller,
  id: string,
  rawLine: string,
  body: Partial<ReturnLineChange>,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await lockReturn(sql, caller, id);
  assertStation(caller, h);
  if (h.state !== S.draft) throw refuse('parts.onlyDraftModify');
  const line = await lineOf(sql, h, rawLine);
  const sets: string[] = [];
  const vals: unknown[] = [line.id];
  if (body.qty !== undefined) {
    const qty = checkQty(body.qty, fieldLabel(LINE.logicalName, 'new_qty', lang), 'qty');
    const r = (await lockOwed(sql, h.station, [line.partline], line.id)).get(line.partline);
    if (!r || qty > r.remaining) throw exceeds(r ?? ({ code: '', name: '', workOrderName: '', remaining: 0 } as OwedOldPart), 'qty');
    vals.push(qty);
    sets.push(`new_qty = $${vals.length}::int`);
  }
  if (body.costCenter !== undefined) {
    vals.push(costCenterOf(body.costCenter, 'costCenter'));
    sets.push(`new_costcenter = $${vals.length}`);
  }
  if (sets.length) {
    await sql.query(
      `UPDATE new_srv_partsreturndetail SET ${sets.join(', ')}, modifiedon = now() WHERE new_srv_partsreturndetailid = $1::uuid`,
      vals,
    );
    await recomputePartsReturn(sql, h.id);
  }
  return answer(h.id, 'parts.saved', lang, line.id);
}

/** Station, draft: removes a line (its parts are owed again). */
export async function deleteReturnLine(sql: Sql, caller: Caller, id: string, rawLine: string, lang: Lang): Promise<PartsCommandResult> {
  const h = await lockReturn(sql, caller, id);
  assertStation(caller, h);
  if (h.state !== S.draft) throw refuse('parts.onlyDraftModify');
  const line = await lineOf(sql, h, rawLine);
  await sql.query(`DELETE FROM new_srv_partsreturndetail WHERE new_srv_partsreturndetailid = $1::uuid`, [line.id]);
  await recomputePartsReturn(sql, h.id);
  return answer(h.id, 'parts.deleted', lang, line.id);
}
