import {
  approvalStatus,
  DELIVERY_STEP_FROM,
  DELIVERY_STEP_PRIVILEGE,
  deliveryState,
  getEntity,
  msg,
  partsApplyStatus,
  receiptState,
  stockDocumentType,
  stockOutType,
  stockUsage,
  type CreateDeliveryRequest,
  type DeliveryLineRequest,
  type DeliveryStep,
  type Lang,
  type MessageKey,
  type PartsCommandResult,
  type ReceiveRequest,
  type ShipRequest,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { recomputeDocumentTotals } from './document-totals.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { Params, q } from '../../records/sql.ts';
import { moneyWithin, normGuid } from '../../records/validate.ts';
import { writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { notify } from '../message/messages.ts';
import { postMoves, stockLevels, type StockMove } from '../stock/ledger.ts';
import { recomputeApplication, refreshApplicationStatus } from './application.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { checkQty, fieldLabel, FREIGHT_MAX, memoOf } from '../../documents/inputs.ts';
import { answer } from '../../documents/result.ts';
import { amountOf, hasAddress, partOf, warehouseById, type Warehouse } from './catalogue.ts';
import { receivedNow } from './receipt-lines.ts';
import { refreshTransferState } from './transfer.ts';

/**
 * Deliveries (发货单): created by the sending warehouse from approved applications (of one
 * receiving warehouse) or an approved transfer, or by hand for damaged, faulty and scrapped parts;
 * then submit → pick → pack → stock delivered → ship, each a command of its own role, and receipts
 * by the receiving side. Shipping takes the parts out of the sending warehouse (and its reservation)
 * into the receiver's transit; a receipt moves them into the receiving warehouse.
 */

const ORDER = getEntity('new_stockoutorder')!;
const LINE = getEntity('new_stockoutorderdetail')!;

type Header = {
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

/** Application and transfer deliveries take their lines from those documents; the others are made by hand. */
const fromDocuments = (outtype: number) => outtype === stockOutType.application || outtype === stockOutType.transfer;

/** The usage of a delivery's moves by its out type (see ledger.ts). */
const usageOf = (outtype: number) =>
  outtype === stockOutType.application
    ? stockUsage.stockingDocument
    : outtype === stockOutType.transfer
      ? stockUsage.transferDocument
      : stockUsage.adjustment;

/** `FH20261123-0001`: per China-time day. */
const numbers = (sql: Sql) => nextDocumentNumbers(sql, 'new_stockoutorder', `FH${chinaDate().replaceAll('-', '')}`, 1);

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
  const [name] = await numbers(sql);
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

type LineRow = {
  id: string;
  product: string;
  name: string;
  qty: number;
  received: number;
  appline: string | null;
  transline: string | null;
  app: string | null;
};

async function lockLines(sql: Sql, id: string, only?: string): Promise<LineRow[]> {
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
async function sourceRemaining(sql: Sql, h: Header, line: LineRow): Promise<number> {
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

const STEP_MESSAGE: Record<DeliveryStep, MessageKey> = {
  submit: 'parts.submitted',
  pick: 'delivery.picked',
  pack: 'delivery.packed',
  out: 'delivery.delivered',
  ship: 'delivery.sent',
};
const STEP_ACTION: Record<DeliveryStep, MessageKey> = {
  submit: 'delivery.action.submit',
  pick: 'delivery.action.pick',
  pack: 'delivery.action.pack',
  out: 'delivery.action.out',
  ship: 'delivery.action.ship',
};
/** The header fields each step stamps: when and by whom. */
const STEP_STAMP: Record<DeliveryStep, [string, string | null]> = {
  submit: ['new_submittime', null],
  pick: ['new_picktime', 'new_picker_id'],
  pack: ['new_packtime', 'new_packer_id'],
  out: ['new_outtime', 'new_outby_id'],
  ship: ['new_shiptime', 'new_shipper_id'],
};

/**
 * One step of a delivery: from its state to the next, by the sending side holding the step's
 * privilege. Submit checks the lines again (and reserves hand-made ones); ship records the logistics
 * and moves the stock.
 */
export async function deliveryStep(
  sql: Sql,
  caller: Caller,
  id: string,
  step: DeliveryStep,
  body: Partial<ShipRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, DELIVERY_STEP_PRIVILEGE[step]);
  const h = await lockHeader(sql, caller, id);
  assertParty(caller, h.fromunit);
  const from = DELIVERY_STEP_FROM[step];
  if (h.state !== from) {
    const state = deliveryState.options.find((o) => o.value === h.state)?.label[lang] ?? String(h.state);
    throw refuse('delivery.stepNotAllowed', { state, action: msg(STEP_ACTION[step], lang) });
  }
  const sets: Record<string, unknown> = {};
  if (step === 'submit') await submitLines(sql, caller, h);
  if (step === 'ship') Object.assign(sets, await ship(sql, caller, h, body, lang));
  const [when, who] = STEP_STAMP[step];
  const p = new Params();
  const extra = Object.entries(sets).map(([k, v]) => `${q(k)} = ${p.add(v)}`);
  const { rowCount } = await sql.query(
    `UPDATE new_stockoutorder SET new_state = ${p.add(from + 1, 'int')}, ${q(when)} = now()${who ? `, ${q(who)} = ${p.add(caller.principal.userId, 'uuid')}` : ''}
            ${extra.length ? `, ${extra.join(', ')}` : ''}, modifiedon = now(), modifiedby = ${p.add(caller.principal.userId, 'uuid')}
      WHERE new_stockoutorderid = ${p.add(h.id, 'uuid')} AND COALESCE(new_state, 1) = ${p.add(from, 'int')}`,
    p.values,
  );
  if (!rowCount) throw refuse('parts.stateChanged');
  if (step === 'ship')
    await notify(
      sql,
      caller.principal.userId,
      { unit: h.tounit, privilege: 'parts.receive' },
      {
        kind: 'parts',
        key: 'message.text.shipped',
        params: { name: h.name, corp: sets.new_logisticscorp as string, tracking: sets.new_trackingno as string },
        entity: ORDER.logicalName,
        recordId: h.id,
      },
    );
  return answer(h.id, STEP_MESSAGE[step], lang);
}

/** Submit: at least one line; document lines still within what is left to deliver; hand-made lines reserved. */
async function submitLines(sql: Sql, caller: Caller, h: Header): Promise<void> {
  const lines = await lockLines(sql, h.id);
  if (!lines.length) throw refuse('parts.detailRequired');
  if (fromDocuments(h.outtype)) {
    for (const l of lines) {
      const remaining = await sourceRemaining(sql, h, l);
      if (l.qty > remaining) throw refuse('parts.deliveredOverApproved', { part: l.name, remaining });
    }
    return;
  }
  await postMoves(
    sql,
    caller.principal.userId,
    lines.map((l) => ({
      warehouseId: h.warehouse,
      productId: l.product,
      frozen: l.qty,
      usage: usageOf(h.outtype),
      docType: stockDocumentType.delivery,
      docId: h.id,
      docName: h.name,
      lineId: l.id,
      key: `do:${h.id}:reserve:${l.id}`,
    })),
  );
}

/**
 * Ship: logistics company and tracking number for deliveries with a receiver, freight in range;
 * each line leaves the sending warehouse with its reservation and (with a receiver) enters the
 * receiver's transit; application and transfer lines count it as shipped.
 */
async function ship(sql: Sql, caller: Caller, h: Header, body: Partial<ShipRequest>, lang: Lang): Promise<Record<string, unknown>> {
  const corp = typeof body.logisticsCorp === 'string' ? body.logisticsCorp.trim() : '';
  const tracking = typeof body.trackingNo === 'string' ? body.trackingNo.trim() : '';
  if (h.towarehouse && (!corp || !tracking)) throw refuse('parts.logisticsRequired', undefined, corp ? 'trackingNo' : 'logisticsCorp');
  if (corp.length > 60 || tracking.length > 60)
    throw refuse('wo.fieldTooLong', {
      field: fieldLabel(ORDER.logicalName, corp.length > 60 ? 'new_logisticscorp' : 'new_trackingno', lang),
      max: 60,
    });
  const freight = body.freight === undefined || body.freight === null ? undefined : moneyWithin(body.freight, 0, FREIGHT_MAX);
  if (freight === null) throw refuse('parts.freightRange', undefined, 'freight');
  const lines = await lockLines(sql, h.id);
  const usage = usageOf(h.outtype);
  const moves: StockMove[] = [];
  for (const l of lines) {
    const base = { productId: l.product, usage, docType: stockDocumentType.delivery, docId: h.id, docName: h.name, lineId: l.id };
    moves.push({ ...base, warehouseId: h.warehouse, qty: -l.qty, frozen: -l.qty, key: `do:${h.id}:ship:${l.id}` });
    if (h.towarehouse) moves.push({ ...base, warehouseId: h.towarehouse, transit: l.qty, key: `do:${h.id}:transit:${l.id}` });
  }
  await postMoves(sql, caller.principal.userId, moves);
  const app = lines.filter((l) => l.appline);
  if (app.length) {
    await sql.query(
      `UPDATE new_srv_partsapplydetil l SET new_shippedqty = COALESCE(l.new_shippedqty, 0) + d.n, new_reservedqty = COALESCE(l.new_reservedqty, 0) - d.n, modifiedon = now()
         FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_partsapplydetilid = d.id`,
      [app.map((l) => l.appline), app.map((l) => l.qty)],
    );
    for (const doc of [...new Set(app.map((l) => l.app!))]) {
      await recomputeApplication(sql, doc);
      await refreshApplicationStatus(sql, doc);
    }
  }
  const trans = lines.filter((l) => l.transline);
  if (trans.length) {
    await sql.query(
      `UPDATE new_srv_parttransdetail l SET new_shippedqty = COALESCE(l.new_shippedqty, 0) + d.n, new_reservedqty = COALESCE(l.new_reservedqty, 0) - d.n, modifiedon = now()
         FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_parttransdetailid = d.id`,
      [trans.map((l) => l.transline), trans.map((l) => l.qty)],
    );
    if (h.transfer) await refreshTransferState(sql, h.transfer);
  }
  return {
    new_logisticscorp: corp || null,
    new_trackingno: tracking || null,
    ...(freight !== undefined ? { new_freight: freight } : {}),
    new_receiptstate: h.towarehouse ? receiptState.toReceive : null,
  };
}

/**
 * A receipt by the receiving side (in full or in part): each line at most what is not received yet,
 * at least one above 0; the quantities move from transit into the receiving warehouse.
 */
export async function receiveDelivery(
  sql: Sql,
  caller: Caller,
  id: string,
  input: ReceiveRequest,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, 'parts.receive');
  const h = await lockHeader(sql, caller, id);
  if (!h.towarehouse) throw refuse('delivery.noReceiver');
  assertParty(caller, h.tounit);
  if (h.state !== deliveryState.shipped || (h.receipt !== receiptState.toReceive && h.receipt !== receiptState.semiReceived))
    throw refuse('delivery.receiptNeedsShipped');
  const lines = await lockLines(sql, h.id);
  const { got, taken } = receivedNow(lines, input.lines, fieldLabel(LINE.logicalName, 'new_receivedqty', lang));
  const usage = usageOf(h.outtype);
  await postMoves(
    sql,
    caller.principal.userId,
    got.map(({ line, n }) => ({
      warehouseId: h.towarehouse!,
      productId: line.product,
      qty: n,
      transit: -n,
      usage,
      docType: stockDocumentType.delivery,
      docId: h.id,
      docName: h.name,
      lineId: line.id,
      key: `do:${h.id}:receive:${line.id}:${line.received}`,
    })),
  );
  await sql.query(
    `UPDATE new_stockoutorderdetail l SET new_receivedqty = COALESCE(l.new_receivedqty, 0) + d.n, modifiedon = now()
       FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_stockoutorderdetailid = d.id`,
    [got.map((g) => g.line.id), got.map((g) => g.n)],
  );
  const app = got.filter((g) => g.line.appline);
  if (app.length) {
    await sql.query(
      `UPDATE new_srv_partsapplydetil l SET new_actualqty = COALESCE(l.new_actualqty, 0) + d.n, modifiedon = now()
         FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_partsapplydetilid = d.id`,
      [app.map((g) => g.line.appline), app.map((g) => g.n)],
    );
  }
  const trans = got.filter((g) => g.line.transline);
  if (trans.length) {
    await sql.query(
      `UPDATE new_srv_parttransdetail l SET new_receivedqty = COALESCE(l.new_receivedqty, 0) + d.n, modifiedon = now()
         FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_parttransdetailid = d.id`,
      [trans.map((g) => g.line.transline), trans.map((g) => g.n)],
    );
  }
  const complete = lines.every((l) => l.received + (taken.get(l.id) ?? 0) >= l.qty);
  await sql.query(
    `UPDATE new_stockoutorder SET new_receiptstate = $2, new_receivetime = now(), new_receiver_id = $3::uuid, modifiedon = now(), modifiedby = $3::uuid
      WHERE new_stockoutorderid = $1::uuid`,
    [h.id, complete ? receiptState.received : receiptState.semiReceived, caller.principal.userId],
  );
  if (h.transfer) await refreshTransferState(sql, h.transfer);
  return answer(h.id, 'delivery.received', lang);
}

/** Generic writes of a delivery's own fields (receiver, scrap, freight, memo): draft only; delete as draft, with its lines. */
export function installDelivery(): void {
  writeHooks.set(ORDER.logicalName, {
    // Only a draft is changed or deleted: the model's edit rule.
    async guard(sql, id, op) {
      if (op === 'delete') await sql.query(`DELETE FROM new_stockoutorderdetail WHERE new_stockoutorder_id = $1::uuid`, [id]);
    },
  });
}
