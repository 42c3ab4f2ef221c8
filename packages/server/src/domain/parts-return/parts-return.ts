import {
  getEntity, msg, partsReturnState, partsReturnVerify,
  type DeliverReturnRequest, type Lang, type OwedOldPart, type PartsCommandResult, type PickOwedRequest, type ReceiveReturnRequest, type ReturnLineChange,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { moneyWithin, normGuid } from '../../records/validate.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { recomputeDocumentTotals } from '../parts/document-totals.ts';
import { assertMay, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel, FREIGHT_MAX } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';

/**
 * Old parts back to factory (旧件返厂, `new_srv_partsreturn`). What a station owes: for every parts
 * replacement line of its work orders, what the order took out of stock (`new_postedqty`, posted on
 * completion) minus what all returns already hold for that line. The station picks owed lines into a
 * draft return (never more than owed: the part lines are locked, so two returns picking the same
 * line at once are serialised and the second sees the first), delivers it (logistics, freight);
 * head office (expense.write, no station) receives per line, confirms and writes off.
 */
const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;
const PART_LINE = getEntity('new_srv_partline')!;
const S = partsReturnState;
const COST_CENTER_MAX = 40;

type Header = { id: string; name: string; state: number; verify: number; station: string };

async function lockReturn(sql: Sql, caller: Caller, id: string): Promise<Header> {
  return lockDocument<Header>(sql, caller, RETURN, id,
    `t.new_name AS name, COALESCE(t.new_state, ${S.draft}) AS state, COALESCE(t.new_verifystatus, ${partsReturnVerify.pending}) AS verify, t.new_station_id AS station`);
}

/** The returning station's own users (parts.write); anyone else 403 "not your document". */
function assertStation(caller: Caller, h: Header): void {
  assertMay(caller, 'parts.write');
  if (caller.principal.stationId !== h.station) throw new Refusal('parts.notYourDocument', undefined, undefined, 403);
}

/** Head office (expense.write, no station of its own); a station user 403. */
function assertHeadOffice(caller: Caller): void {
  if (!caller.principal.privileges.has('expense.write') || caller.principal.stationId) throw new Refusal('partsReturn.headOfficeOnly', undefined, undefined, 403);
}

const recompute = async (sql: Sql, id: string) => {
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
  const { rows } = await sql.query<OwedOldPart>(`SELECT * FROM (${OWED_SQL(where)}) x WHERE remaining > 0 ORDER BY "workOrderName", code`, p.values);
  return rows;
}

function costCenterOf(v: unknown, field: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw refuse('partsReturn.costCenterRequired', undefined, field);
  if (s.length > COST_CENTER_MAX) throw refuse('wo.fieldTooLong', { field: fieldLabel(LINE.logicalName, 'new_costcenter', 'zh-CN'), max: COST_CENTER_MAX }, field);
  return s;
}

/**
 * Locks the part lines (in id order, so concurrent picks never deadlock) and answers what each still
 * owes, not counting `exceptLine` (the return line being changed).
 */
async function lockOwed(sql: Sql, station: string, partLineIds: string[], exceptLine?: string): Promise<Map<string, OwedOldPart>> {
  await sql.query(
    `SELECT 1 FROM new_srv_partline WHERE new_srv_partlineid = ANY($1::uuid[]) ORDER BY new_srv_partlineid FOR UPDATE`,
    [partLineIds],
  );
  const { rows } = await sql.query<OwedOldPart>(
    OWED_SQL('p.new_srv_partlineid = ANY($1::uuid[]) AND p.new_station_id = $2::uuid'),
    [partLineIds, station],
  );
  if (exceptLine) {
    const { rows: [own] } = await sql.query<{ partline: string; qty: number }>(
      `SELECT new_partline_id AS partline, new_qty AS qty FROM new_srv_partsreturndetail WHERE new_srv_partsreturndetailid = $1::uuid`, [exceptLine],
    );
    const r = own && rows.find((x) => x.partLineId === own.partline);
    if (r) r.remaining += Number(own.qty);
  }
  return new Map(rows.map((r) => [r.partLineId, { ...r, qty: Number(r.qty), remaining: Number(r.remaining) }]));
}

const exceeds = (r: OwedOldPart, field: string) =>
  refuse('partsReturn.countExceeds', { part: `${r.code} ${r.name}`.trim(), order: r.workOrderName, remaining: Math.max(0, r.remaining) }, field);

/** Station, draft: adds one line per owed part line chosen (count ≤ still owed, cost centre required). */
export async function pickOwed(sql: Sql, caller: Caller, id: string, body: Partial<PickOwedRequest>, lang: Lang): Promise<PartsCommandResult> {
  const h = await lockReturn(sql, caller, id);
  assertStation(caller, h);
  if (h.state !== S.draft) throw refuse('parts.onlyDraftModify');
  const picks = Array.isArray(body.lines) ? body.lines : [];
  if (!picks.length) throw refuse('parts.selectOne');
  const qtyLabel = fieldLabel(LINE.logicalName, 'new_qty', lang);
  const clean = picks.map((p, i) => {
    const partLineId = normGuid(p?.partLineId);
    if (!partLineId) throw refuse('partsReturn.notOwed', undefined, `lines.${i}.partLineId`);
    return { partLineId, qty: checkQty(p.qty, qtyLabel, `lines.${i}.qty`), costCenter: costCenterOf(p.costCenter, `lines.${i}.costCenter`) };
  });
  if (new Set(clean.map((c) => c.partLineId)).size < clean.length) throw refuse('parts.repeatedPart', { part: '' }, 'lines');
  const owed = await lockOwed(sql, h.station, clean.map((c) => c.partLineId));
  const { rows: already } = await sql.query<{ partline: string }>(
    `SELECT new_partline_id AS partline FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid AND new_partline_id = ANY($2::uuid[])`,
    [h.id, clean.map((c) => c.partLineId)],
  );
  clean.forEach((c, i) => {
    const r = owed.get(c.partLineId);
    if (!r || r.qty <= 0) throw refuse('partsReturn.notOwed', undefined, `lines.${i}.partLineId`);
    if (already.some((a) => a.partline === c.partLineId)) throw refuse('parts.repeatedPart', { part: `${r.code} ${r.name}` }, `lines.${i}.partLineId`);
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
    [h.id, me,
      clean.map((c) => owed.get(c.partLineId)!.name), clean.map((c) => c.partLineId), clean.map((c) => owed.get(c.partLineId)!.workOrderId),
      clean.map((c) => owed.get(c.partLineId)!.productId), clean.map((c) => owed.get(c.partLineId)!.code), clean.map((c) => owed.get(c.partLineId)!.serialNo),
      clean.map((c) => c.qty), clean.map((c) => owed.get(c.partLineId)!.price), clean.map((c) => c.costCenter)],
  );
  await recompute(sql, h.id);
  return { id: h.id, message: msg('partsReturn.picked', lang, { count: clean.length }) };
}

async function lineOf(sql: Sql, h: Header, rawLine: string): Promise<{ id: string; partline: string }> {
  const lineId = normGuid(rawLine);
  const { rows } = lineId
    ? await sql.query<{ id: string; partline: string }>(
      `SELECT new_srv_partsreturndetailid AS id, new_partline_id AS partline FROM new_srv_partsreturndetail WHERE new_srv_partsreturndetailid = $1::uuid AND new_partsreturn_id = $2::uuid`,
      [lineId, h.id])
    : { rows: [] };
  if (!rows[0]) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
  return rows[0];
}

/** Station, draft: a line's count (≤ still owed, its own count given back first) and cost centre. */
export async function updateReturnLine(sql: Sql, caller: Caller, id: string, rawLine: string, body: Partial<ReturnLineChange>, lang: Lang): Promise<PartsCommandResult> {
  const h = await lockReturn(sql, caller, id);
  assertStation(caller, h);
  if (h.state !== S.draft) throw refuse('parts.onlyDraftModify');
  const line = await lineOf(sql, h, rawLine);
  const sets: string[] = [];
  const vals: unknown[] = [line.id];
  if (body.qty !== undefined) {
    const qty = checkQty(body.qty, fieldLabel(LINE.logicalName, 'new_qty', lang), 'qty');
    const r = (await lockOwed(sql, h.station, [line.partline], line.id)).get(line.partline);
    if (!r || qty > r.remaining) throw exceeds(r ?? { code: '', name: '', workOrderName: '', remaining: 0 } as OwedOldPart, 'qty');
    vals.push(qty);
    sets.push(`new_qty = $${vals.length}::int`);
  }
  if (body.costCenter !== undefined) {
    vals.push(costCenterOf(body.costCenter, 'costCenter'));
    sets.push(`new_costcenter = $${vals.length}`);
  }
  if (sets.length) {
    await sql.query(`UPDATE new_srv_partsreturndetail SET ${sets.join(', ')}, modifiedon = now() WHERE new_srv_partsreturndetailid = $1::uuid`, vals);
    await recompute(sql, h.id);
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
  await recompute(sql, h.id);
  return answer(h.id, 'parts.deleted', lang, line.id);
}

/** Station, draft → delivered: at least one line; logistics company and tracking number; freight 0–99,999. */
export async function deliverReturn(sql: Sql, caller: Caller, id: string, body: Partial<DeliverReturnRequest>, lang: Lang): Promise<PartsCommandResult> {
  const h = await lockReturn(sql, caller, id);
  assertStation(caller, h);
  if (h.state !== S.draft) throw refuse('parts.onlyDraftModify');
  const { rows: [{ n }] } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid`, [h.id]);
  if (!n) throw refuse('parts.detailRequired');
  const corp = typeof body.logisticsCorp === 'string' ? body.logisticsCorp.trim() : '';
  const tracking = typeof body.trackingNo === 'string' ? body.trackingNo.trim() : '';
  if (!corp || !tracking) throw refuse('parts.logisticsRequired', undefined, corp ? 'trackingNo' : 'logisticsCorp');
  if (corp.length > 60 || tracking.length > 60) {
    throw refuse('wo.fieldTooLong', { field: fieldLabel(RETURN.logicalName, corp.length > 60 ? 'new_logisticscorp' : 'new_trackingno', lang), max: 60 }, corp.length > 60 ? 'logisticsCorp' : 'trackingNo');
  }
  const freight = moneyWithin(body.freight, 0, FREIGHT_MAX);
  if (freight === null) throw refuse('parts.freightRange', undefined, 'freight');
  await sql.query(
    `UPDATE new_srv_partsreturn SET new_state = $2, new_logisticscorp = $3, new_trackingno = $4, new_freight = $5::numeric, new_deliveredon = now(), modifiedon = now(), modifiedby = $6::uuid
      WHERE new_srv_partsreturnid = $1::uuid`,
    [h.id, S.delivered, corp, tracking, freight, caller.principal.userId],
  );
  return answer(h.id, 'partsReturn.delivered', lang);
}

/**
 * Head office, delivered or semi received: counts received now per line (0 allowed, at least one
 * above 0), each ≤ what the line has not had received; received when every line is complete, else
 * semi received.
 */
export async function receiveReturn(sql: Sql, caller: Caller, id: string, body: Partial<ReceiveReturnRequest>, lang: Lang): Promise<PartsCommandResult> {
  assertHeadOffice(caller);
  const h = await lockReturn(sql, caller, id);
  if (h.state !== S.delivered && h.state !== S.semiReceived) throw refuse('partsReturn.onlyDelivered');
  const { rows: lines } = await sql.query<{ id: string; name: string; code: string; qty: number; received: number }>(
    `SELECT new_srv_partsreturndetailid AS id, new_name AS name, COALESCE(new_code, '') AS code, new_qty AS qty, COALESCE(new_receivedqty, 0) AS received
       FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid`,
    [h.id],
  );
  const label = fieldLabel(LINE.logicalName, 'new_receivedqty', lang);
  const given = Array.isArray(body.lines) ? body.lines : [];
  const now = new Map<string, number>();
  given.forEach((g, i) => {
    const line = lines.find((l) => l.id === normGuid(g?.lineId));
    if (!line) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
    const qty = checkQty(g.qty, label, `lines.${i}.qty`, { zero: true });
    const left = Number(line.qty) - Number(line.received);
    if (qty > left) throw refuse('delivery.receivedOver', { part: `${line.code} ${line.name}`.trim(), remaining: left }, `lines.${i}.qty`);
    now.set(line.id, (now.get(line.id) ?? 0) + qty);
  });
  if (![...now.values()].some((n) => n > 0)) throw refuse('parts.qtyPositive', { field: label }, 'lines');
  await sql.query(
    `UPDATE new_srv_partsreturndetail l SET new_receivedqty = COALESCE(l.new_receivedqty, 0) + d.n, modifiedon = now()
       FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_partsreturndetailid = d.id`,
    [[...now.keys()], [...now.values()]],
  );
  const complete = lines.every((l) => Number(l.received) + (now.get(l.id) ?? 0) >= Number(l.qty));
  await sql.query(
    `UPDATE new_srv_partsreturn SET new_state = $2, new_receivedon = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_partsreturnid = $1::uuid`,
    [h.id, complete ? S.received : S.semiReceived, caller.principal.userId],
  );
  await recompute(sql, h.id);
  return answer(h.id, 'partsReturn.received', lang);
}

/** Head office, received or semi received → confirmed: what was not received is missing (deducted in the settlement). */
export async function confirmReturn(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertHeadOffice(caller);
  const h = await lockReturn(sql, caller, id);
  if (h.state !== S.received && h.state !== S.semiReceived) throw refuse('partsReturn.onlyReceived');
  await sql.query(
    `UPDATE new_srv_partsreturn SET new_state = $2, new_confirmedon = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_partsreturnid = $1::uuid`,
    [h.id, S.confirmed, caller.principal.userId],
  );
  return answer(h.id, 'parts.confirmed', lang);
}

/** Head office, confirmed and pending → written off (核销): the return is verified and closed. */
export async function writeOffReturn(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertHeadOffice(caller);
  const h = await lockReturn(sql, caller, id);
  if (h.state !== S.confirmed || h.verify !== partsReturnVerify.pending) throw refuse('partsReturn.onlyConfirmed');
  await sql.query(
    `UPDATE new_srv_partsreturn SET new_verifystatus = $2, new_writtenoffon = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_partsreturnid = $1::uuid`,
    [h.id, partsReturnVerify.writtenOff, caller.principal.userId],
  );
  return answer(h.id, 'partsReturn.writtenOff', lang);
}

/** `JF20261125-0001`: per China-time day. */
const numbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, RETURN.logicalName, `JF${chinaDate().replaceAll('-', '')}`, n);

/**
 * Server defaults of a new return (number, the caller's station, to be submitted, pending);
 * header writes while draft only (delete takes its lines, so their parts are owed again); lines are
 * never written through the generic record calls: "old-parts return details cannot be created directly".
 */
export function installPartsReturn(): void {
  serverDefaults.set(RETURN.logicalName, async (sql, rows, caller) => {
    const station = caller.principal.stationId;
    if (!station) throw refuse('user.noStation');
    const nums = await numbers(sql, rows.length);
    return rows.map((_, i) => ({
      new_name: nums[i], new_station_id: station, new_state: S.draft, new_verifystatus: partsReturnVerify.pending,
      new_totalqty: 0, new_receivedqty: 0, new_totalamount: '0', new_linecount: 0,
    }));
  });
  writeHooks.set(RETURN.logicalName, {
    // Only a draft is changed or deleted: the model's edit rule.
    async guard(sql, id, op) {
      if (op === 'delete') await sql.query(`DELETE FROM new_srv_partsreturndetail WHERE new_partsreturn_id = $1::uuid`, [id]);
    },
  });
  serverDefaults.set(LINE.logicalName, async () => {
    throw refuse('partsReturn.noDirectLines');
  });
  writeHooks.set(LINE.logicalName, {
    async guard() {
      throw refuse('partsReturn.noDirectLines');
    },
  });
}
