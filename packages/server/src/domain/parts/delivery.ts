import {
  approvalStatus,
  deliveryState,
  getEntity,
  partsApplyStatus,
  stockOutType,
  stockUsage,
  type CreateDeliveryRequest,
  type DeliveryLineRequest,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel, memoOf } from '../../documents/inputs.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { answer } from '../../documents/result.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params, q } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';
import { stockLevels } from '../stock/ledger.ts';
import { amountOf, hasAddress, partOf, warehouseById, type Warehouse } from './catalogue.ts';
import { recomputeDocumentTotals } from './document-totals.ts';

/**
 * Deliveries (发货单): created by the sending warehouse from approved applications (of one
 * receiving warehouse) or an approved transfer, or by hand for damaged, faulty and scrapped parts,
 * and their lines while to be submitted. The steps (submit → pick → pack → stock delivered → ship,
 * each of its own role) and receipts are the controller's (delivery.controller.ts).
 */

export const ORDER = getEntity('new_stockoutorder')!;
export const LINE = getEntity('new_stockoutorderdetail')!;

export type Header = {
  id: string;
  name: string;
  state: number;
  receipt: number | null;
  outtype: number;
  warehouse: string;
  towarehouse: string | null;
  fromunit: string;
  tounit: string | null;
  transfer: string | null;
};
const HEADER = `t.new_name AS name, COALESCE(t.new_state, 1) AS state, t.new_receiptstate AS receipt, t.new_outtype AS outtype,
  t.new_warehouse_id AS warehouse, t.new_towarehouse_id AS towarehouse, t.new_fromunit_id AS fromunit, t.new_tounit_id AS tounit,
  t.new_parttransorder_id AS transfer`;

const lockHeader = (sql: Sql, caller: Caller, id: string) => lockDocument<Header>(sql, caller, ORDER, id, HEADER);

/** The header of a delivery the kernel has locked. */
export async function headerOf(sql: Sql, id: string): Promise<Header> {
  const { rows } = await sql.query<Header>(
    `SELECT t.new_stockoutorderid AS id, ${HEADER} FROM new_stockoutorder t WHERE t.new_stockoutorderid = $1::uuid`,
    [id],
  );
  return rows[0];
}

/** Application and transfer deliveries take their lines from those documents; the others are made by hand. */
export const fromDocuments = (outtype: number) => outtype === stockOutType.application || outtype === stockOutType.transfer;

/** The usage of a delivery's moves by its out type (see ledger.ts). */
export const usageOf = (outtype: number) =>
  outtype === stockOutType.application
    ? stockUsage.stockingDocument
    : outtype === stockOutType.transfer
      ? stockUsage.transferDocument
      : stockUsage.adjustment;

type SourceLine = {
  id: string;
  doc: string;
  product: string;
  name: string;
  code: string;
  uom: string | null;
  price: string;
  approved: number;
  remaining: number;
};

/**
 * What is still to deliver of application lines (approved − shipped − on deliveries not shipped
 * yet, this one excepted). The source lines are locked first, in id order, so two warehouse users
 * cannot put the same quantity on two deliveries.
 */
/**
 * SQL of what an application line `l` still has to deliver: approved − shipped − on deliveries not
 * shipped yet, the delivery `except` (a uuid SQL expression) excepted. Shared with the create
 * dialog's list of deliverable applications.
 */
export const applicationLineRemaining = (except: string) => `COALESCE(l.new_approvedqty, 0) - COALESCE(l.new_shippedqty, 0) - COALESCE((
              SELECT sum(d.new_qty) FROM new_stockoutorderdetail d JOIN new_stockoutorder o ON o.new_stockoutorderid = d.new_stockoutorder_id
               WHERE d.new_partsapplydetail_id = l.new_srv_partsapplydetilid AND COALESCE(o.new_state, 1) < ${deliveryState.shipped}
                 AND o.new_stockoutorderid IS DISTINCT FROM ${except}), 0)`;

async function applicationRemaining(sql: Sql, where: string, params: unknown[], except: string | null): Promise<SourceLine[]> {
  const { rows } = await sql.query<SourceLine>(
    `SELECT l.new_srv_partsapplydetilid AS id, l.new_partsapply_id AS doc, l.new_product_id AS product, l.new_name AS name, l.new_code AS code,
            l.new_uom AS uom, COALESCE(l.new_price, 0)::text AS price, COALESCE(l.new_approvedqty, 0) AS approved,
            (${applicationLineRemaining(`$${params.length + 1}::uuid`)})::int AS remaining
       FROM new_srv_partsapplydetil l JOIN new_srv_partsapply a ON a.new_srv_partsapplyid = l.new_partsapply_id
      WHERE ${where}
      ORDER BY l.new_srv_partsapplydetilid FOR UPDATE OF l`,
    [...params, except],
  );
  return rows.map((r) => ({ ...r, approved: Number(r.approved), remaining: Number(r.remaining) }));
}

/** The same for transfer lines (quantity − shipped − on deliveries not shipped yet). */
async function transferRemaining(sql: Sql, where: string, params: unknown[], except: string | null): Promise<SourceLine[]> {
  const { rows } = await sql.query<SourceLine>(
    `SELECT l.new_srv_parttransdetailid AS id, l.new_parttransorder_id AS doc, l.new_product_id AS product, l.new_name AS name, l.new_code AS code,
            l.new_uom AS uom, COALESCE(l.new_price, 0)::text AS price, l.new_qty AS approved,
            l.new_qty - COALESCE(l.new_shippedqty, 0) - COALESCE((
              SELECT sum(d.new_qty) FROM new_stockoutorderdetail d JOIN new_stockoutorder o ON o.new_stockoutorderid = d.new_stockoutorder_id
               WHERE d.new_parttransdetail_id = l.new_srv_parttransdetailid AND COALESCE(o.new_state, 1) < ${deliveryState.shipped}
                 AND o.new_stockoutorderid IS DISTINCT FROM $${params.length + 1}::uuid), 0)::int AS remaining
       FROM new_srv_parttransdetail l
      WHERE ${where}
      ORDER BY l.new_srv_parttransdetailid FOR UPDATE OF l`,
    [...params, except],
  );
  return rows.map((r) => ({ ...r, approved: Number(r.approved), remaining: Number(r.remaining) }));
}

type Party = {
  destination: Warehouse | null;
  header: Record<string, unknown>;
  lines: SourceLine[];
  kind: 'application' | 'transfer' | null;
};

async function fromApplications(sql: Sql, caller: Caller, wh: Warehouse, raw: unknown[] | undefined): Promise<Party> {
  const ids = [...new Set((raw ?? []).map((x) => normGuid(x)).filter((x): x is string => !!x))].sort();
  if (!ids.length) throw refuse('parts.selectOne', undefined, 'applicationIds');
  const app = getEntity('new_srv_partsapply')!;
  const p = new Params();
  const { rows: apps } = await sql.query<{
    id: string;
    status: number;
    closed: boolean;
    code: number;
    warehouse: string;
    towarehouse: string;
    recipient: string | null;
    phone: string | null;
    province: string | null;
    city: string | null;
    county: string | null;
    address: string | null;
  }>(
    `SELECT t.new_srv_partsapplyid AS id, COALESCE(t.new_approvalstatus, 1) AS status, COALESCE(t.new_isclose, false) AS closed, t.statuscode AS code,
            t.new_warehouse_id AS warehouse, t.new_towarehouse_id AS towarehouse, t.new_recipient AS recipient, t.new_phonenumber AS phone,
            t.new_province AS province, t.new_city AS city, t.new_county AS county, t.new_address AS address
       FROM new_srv_partsapply t WHERE t.new_srv_partsapplyid = ANY(${p.add(ids, 'uuid[]')}) AND ${p.scope(app, caller, 't')}
      ORDER BY t.new_srv_partsapplyid FOR UPDATE OF t`,
    p.values,
  );
  if (apps.length !== ids.length) throw recordNotFound();
  for (const a of apps) {
    if (a.status !== approvalStatus.approved) throw refuse('parts.notApproved', undefined, 'applicationIds');
    if (a.closed || a.code === partsApplyStatus.closed) throw refuse('parts.closed', undefined, 'applicationIds');
    if (a.warehouse !== wh.id) throw refuse('parts.otherSupplier', undefined, 'applicationIds');
    if (a.towarehouse !== apps[0].towarehouse) throw refuse('parts.otherDestination', undefined, 'applicationIds');
  }
  const destination = (await warehouseById(sql, apps[0].towarehouse)) ?? null;
  if (!destination) throw refuse('parts.stationNoWarehouse');
  const lines = (await applicationRemaining(sql, 'l.new_partsapply_id = ANY($1::uuid[])', [ids], null)).filter((l) => l.remaining > 0);
  const first = apps[0];
  return {
    destination,
    lines,
    kind: 'application',
    header: {
      new_partsapply_id: ids.length === 1 ? ids[0] : null,
      new_recipient: first.recipient,
      new_phone: first.phone,
      new_province: first.province,
      new_city: first.city,
      new_county: first.county,
      new_address: first.address,
    },
  };
}

async function fromTransfer(sql: Sql, caller: Caller, wh: Warehouse, raw: unknown): Promise<Party> {
  const doc = await lockDocument<{ status: number; closed: boolean; state: number; warehouse: string; towarehouse: string }>(
    sql,
    caller,
    getEntity('new_srv_parttransorder')!,
    typeof raw === 'string' ? raw : '',
    `COALESCE(t.new_approvalstatus, 1) AS status, COALESCE(t.new_isclose, false) AS closed, COALESCE(t.new_docstate, 1) AS state,
     t.new_warehouse_id AS warehouse, t.new_towarehouse_id AS towarehouse`,
  );
  if (doc.status !== approvalStatus.approved) throw refuse('parts.notApproved', undefined, 'transferId');
  if (doc.closed) throw refuse('parts.closed', undefined, 'transferId');
  if (doc.warehouse !== wh.id) throw refuse('parts.otherSupplier', undefined, 'transferId');
  const destination = (await warehouseById(sql, doc.towarehouse)) ?? null;
  if (!destination) throw refuse('parts.relatedNotFound');
  if (!hasAddress(destination)) throw refuse('parts.warehouseNoAddress', undefined, 'transferId');
  const lines = (await transferRemaining(sql, 'l.new_parttransorder_id = $1::uuid', [doc.id], null)).filter((l) => l.remaining > 0);
  return {
    destination,
    lines,
    kind: 'transfer',
    header: {
      new_parttransorder_id: doc.id,
      new_recipient: destination.contact,
      new_phone: destination.phone,
      new_province: destination.province,
      new_city: destination.city,
      new_county: destination.county,
      new_address: destination.address,
    },
  };
}

/** Creates a delivery (state 1, to be submitted) and, for applications and transfers, its lines. */
export async function createDelivery(sql: Sql, caller: Caller, input: CreateDeliveryRequest, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, 'delivery.create');
  const outtype = Number(input.outType);
  if (!stockOutType.options.some((o) => o.value === outtype))
    throw refuse('wo.badValue', { field: fieldLabel(ORDER.logicalName, 'new_outtype', lang) }, 'outType');
  const wh = await warehouseById(sql, input.warehouseId);
  if (!wh) throw refuse('parts.warehouseRequired', undefined, 'warehouseId');
  assertParty(caller, wh.unit);
  // Goods for an application's station or a transfer's warehouse leave from an address.
  if ((outtype === stockOutType.application || outtype === stockOutType.transfer) && !hasAddress(wh))
    throw refuse('parts.warehouseNoAddress', undefined, 'warehouseId');
  const memo = memoOf(input.memo, lang);
  let party: Party = { destination: null, header: {}, lines: [], kind: null };
  if (outtype === stockOutType.application) party = await fromApplications(sql, caller, wh, input.applicationIds);
  else if (outtype === stockOutType.transfer) party = await fromTransfer(sql, caller, wh, input.transferId);
  else if (outtype === stockOutType.scrapped && (!input.scrapReason || !input.afterScrap))
    throw refuse('delivery.scrapReasonRequired', undefined, input.scrapReason ? 'afterScrap' : 'scrapReason');
  if (party.kind && !party.lines.length) throw refuse('parts.nothingToDeliver');
  const me = caller.principal.userId;
  const [name] = await documentNumbers(sql, ORDER, 1);
  const dest = party.destination;
  const header: Record<string, unknown> = {
    new_name: name,
    new_outtype: outtype,
    new_warehouse_id: wh.id,
    new_fromunit_id: wh.unit,
    new_towarehouse_id: dest?.id ?? null,
    new_tounit_id: dest?.unit ?? null,
    new_station_id: dest?.stationId ?? null,
    new_state: deliveryState.draft,
    new_memo: memo,
    new_scrapreason: input.scrapReason ?? null,
    new_afterscrap: input.afterScrap ?? null,
    new_totalqty: 0,
    new_totalamount: '0',
    new_linecount: 0,
    ...party.header,
    ownerid: me,
    owningbusinessunit: wh.unit,
    createdby: me,
    modifiedby: me,
  };
  const cols = Object.keys(header);
  const {
    rows: [created],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_stockoutorder (${cols.map(q).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING new_stockoutorderid AS id`,
    Object.values(header),
  );
  if (party.lines.length) await insertSourceLines(sql, created.id, wh.unit, dest?.unit ?? null, party.kind!, party.lines, me);
  await recomputeDelivery(sql, created.id);
  return answer(created.id, 'parts.created', lang);
}

/** One statement for all lines of a new delivery, each with what is still to deliver of its source line. */
async function insertSourceLines(
  sql: Sql,
  id: string,
  fromUnit: string,
  toUnit: string | null,
  kind: 'application' | 'transfer',
  lines: SourceLine[],
  me: string,
) {
  const app = kind === 'application';
  await sql.query(
    `INSERT INTO new_stockoutorderdetail (new_name, new_stockoutorder_id, new_fromunit_id, new_tounit_id, new_code, new_product_id, new_uom,
                                          new_partsapply_id, new_partsapplydetail_id, new_parttransdetail_id, new_approvedqty, new_qty, new_receivedqty,
                                          new_price, new_amount, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
     SELECT u.name, $1::uuid, $2::uuid, $3::uuid, u.code, u.product, u.uom, CASE WHEN $10::boolean THEN u.doc END, CASE WHEN $10::boolean THEN u.src END,
            CASE WHEN $10::boolean THEN NULL ELSE u.src END, u.approved, u.qty, 0, u.price, round(u.qty * u.price, 2), $4::uuid, $2::uuid, $4::uuid, $4::uuid,
            now() + (u.ord * interval '1 microsecond')
       FROM unnest($5::text[], $6::text[], $7::uuid[], $8::text[], $9::uuid[], $11::uuid[], $12::int[], $13::int[], $14::numeric[])
            WITH ORDINALITY AS u(name, code, product, uom, doc, src, approved, qty, price, ord)`,
    [
      id,
      fromUnit,
      toUnit,
      me,
      lines.map((l) => l.name),
      lines.map((l) => l.code),
      lines.map((l) => l.product),
      lines.map((l) => l.uom),
      lines.map((l) => l.doc),
      app,
      lines.map((l) => l.id),
      lines.map((l) => l.approved),
      lines.map((l) => l.remaining),
      lines.map((l) => l.price),
    ],
  );
}

/** Line amounts and the header's totals. */
export function recomputeDelivery(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, ORDER, LINE, 'new_stockoutorder_id', id);
}

/** The delivery, locked, as the sending side may change its lines: draft only. */
async function draftHeader(sql: Sql, caller: Caller, id: string): Promise<Header> {
  assertMay(caller, 'delivery.create');
  const h = await lockHeader(sql, caller, id);
  assertParty(caller, h.fromunit);
  if (h.state !== deliveryState.draft) throw refuse('parts.linesLocked');
  return h;
}

export type LineRow = {
  id: string;
  product: string;
  name: string;
  qty: number;
  received: number;
  appline: string | null;
  transline: string | null;
  app: string | null;
};

export async function lockLines(sql: Sql, id: string, only?: string): Promise<LineRow[]> {
  const { rows } = await sql.query<LineRow>(
    `SELECT new_stockoutorderdetailid AS id, new_product_id AS product, new_name AS name, new_qty AS qty, COALESCE(new_receivedqty, 0) AS received,
            new_partsapplydetail_id AS appline, new_parttransdetail_id AS transline, new_partsapply_id AS app
       FROM new_stockoutorderdetail WHERE new_stockoutorder_id = $1::uuid${only ? ' AND new_stockoutorderdetailid = $2::uuid' : ''}
      ORDER BY new_stockoutorderdetailid FOR UPDATE`,
    only ? [id, only] : [id],
  );
  return rows.map((r) => ({ ...r, qty: Number(r.qty), received: Number(r.received) }));
}

/** A line by hand (damaged, faulty, scrapped): a part not yet on the delivery, at most what is available. */
export async function addDeliveryLine(
  sql: Sql,
  caller: Caller,
  id: string,
  input: DeliveryLineRequest,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await draftHeader(sql, caller, id);
  if (fromDocuments(h.outtype)) throw refuse('delivery.linesFromDocument');
  const part = await partOf(sql, input.productId);
  const qty = checkQty(input.qty, fieldLabel(LINE.logicalName, 'new_qty', lang), 'qty');
  const memo = memoOf(input.memo, lang);
  if (
    (
      await sql.query('SELECT 1 FROM new_stockoutorderdetail WHERE new_stockoutorder_id = $1::uuid AND new_product_id = $2::uuid', [
        h.id,
        part.id,
      ])
    ).rowCount
  ) {
    throw refuse('parts.repeatedPart', { part: `${part.code} ${part.name}` }, 'productId');
  }
  await assertAvailable(sql, h, part.id, part.name, qty);
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO new_stockoutorderdetail (new_name, new_stockoutorder_id, new_fromunit_id, new_tounit_id, new_code, new_product_id, new_uom, new_qty,
                                          new_receivedqty, new_price, new_amount, new_memo, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2::uuid, $3::uuid, $4::uuid, $5, $6::uuid, $7, $8, 0, $9::numeric, $10::numeric, $11, $12::uuid, $3::uuid, $12::uuid, $12::uuid)
     RETURNING new_stockoutorderdetailid AS id`,
    [
      part.name,
      h.id,
      h.fromunit,
      h.tounit,
      part.code,
      part.id,
      part.uom,
      qty,
      part.price,
      amountOf(qty, part.price),
      memo,
      caller.principal.userId,
    ],
  );
  await recomputeDelivery(sql, h.id);
  return answer(h.id, 'parts.added', lang, rows[0].id);
}

async function assertAvailable(sql: Sql, h: Header, product: string, name: string, qty: number): Promise<void> {
  const level = (await stockLevels(sql, h.warehouse, [product])).get(product)!;
  if (level.available < qty) {
    const wh = await warehouseById(sql, h.warehouse);
    throw refuse('stock.insufficient', { part: name, warehouse: wh?.name ?? '', available: level.available, qty }, 'qty');
  }
}

/** How much more of a line's source (application or transfer line) this delivery may take. */
export async function sourceRemaining(sql: Sql, h: Header, line: LineRow): Promise<number> {
  if (line.appline)
    return (await applicationRemaining(sql, 'l.new_srv_partsapplydetilid = $1::uuid', [line.appline], h.id))[0]?.remaining ?? 0;
  if (line.transline)
    return (await transferRemaining(sql, 'l.new_srv_parttransdetailid = $1::uuid', [line.transline], h.id))[0]?.remaining ?? 0;
  return Infinity;
}

/** Detail edit: the quantity (at most what is still to deliver of its source) and memo. */
export async function updateDeliveryLine(
  sql: Sql,
  caller: Caller,
  id: string,
  lineId: string,
  input: Partial<DeliveryLineRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  const h = await draftHeader(sql, caller, id);
  const [line] = normGuid(lineId) ? await lockLines(sql, h.id, normGuid(lineId)!) : [];
  if (!line) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
  const sets: Record<string, unknown> = {};
  if (input.qty !== undefined) {
    const qty = checkQty(input.qty, fieldLabel(LINE.logicalName, 'new_qty', lang), 'qty');
    const remaining = await sourceRemaining(sql, h, line);
    if (qty > remaining) throw refuse('parts.deliveredOverApproved', { part: line.name, remaining }, 'qty');
    if (!fromDocuments(h.outtype)) await assertAvailable(sql, h, line.product, line.name, qty);
    sets.new_qty = qty;
  }
  if (input.memo !== undefined) sets.new_memo = memoOf(input.memo, lang);
  const names = Object.keys(sets);
  if (names.length) {
    await sql.query(
      `UPDATE new_stockoutorderdetail SET ${names.map((n, i) => `${q(n)} = $${i + 1}`).join(', ')}, modifiedon = now(), modifiedby = $${names.length + 1}::uuid
        WHERE new_stockoutorderdetailid = $${names.length + 2}::uuid`,
      [...Object.values(sets), caller.principal.userId, line.id],
    );
  }
  await recomputeDelivery(sql, h.id);
  return answer(h.id, 'parts.saved', lang, line.id);
}

export async function deleteDeliveryLine(sql: Sql, caller: Caller, id: string, lineId: string, lang: Lang): Promise<PartsCommandResult> {
  const h = await draftHeader(sql, caller, id);
  const [line] = normGuid(lineId) ? await lockLines(sql, h.id, normGuid(lineId)!) : [];
  if (!line) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
  await sql.query(`DELETE FROM new_stockoutorderdetail WHERE new_stockoutorderdetailid = $1::uuid`, [line.id]);
  await recomputeDelivery(sql, h.id);
  return answer(h.id, 'parts.deleted', lang, line.id);
}
