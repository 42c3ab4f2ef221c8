import {
  DELIVERY_NOTE_COLUMNS,
  DELIVERY_NOTE_SIGNS,
  getEntity,
  msg,
  shipmentState,
  type DeliveryNote,
  type DeliveryNoteLine,
  type Lang,
  type MessageKey,
  type OptionSetDef,
  type PrintParty,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { lockDocument } from '../../documents/access.ts';
import { type A4Form, M, openA4Form, WIDTH } from '../../pdf/a4-form.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { optionText } from '../work-order/log.ts';

const SHIPMENT = getEntity('new_shipment')!;
const LINE = getEntity('new_shipmentdetail')!;

/** A row's text column, '' for null. */
export const s = (v: unknown) => (v == null ? '' : String(v));
/** Province, city, county and street of the row under `alias`, as one line (Chinese addresses run together). */
export const addressSql = (alias: string) =>
  `concat_ws('', ${alias}.new_province, ${alias}.new_city, ${alias}.new_county, ${alias}.new_address)`;
/** A datetime column as YYYY-MM-DD HH:mm in China time. */
export const chinaTimeSql = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;

type Row = Record<string, unknown>;
const party = (r: Row, p: 'f' | 't'): PrintParty => ({
  unit: s(r[`${p}_unit`]),
  warehouse: s(r[`${p}_wh`]),
  address: s(r[`${p}_addr`]),
  contact: s(r[`${p}_contact`]),
  phone: s(r[`${p}_phone`]),
});

/**
 * The shipment within the caller's reach (the shipper's units or the receiving unit; 404 otherwise),
 * read without a lock: its order, logistics, both warehouses with their units, addresses and
 * contacts, and its lines in the screen's order with each product's number, model and unit.
 */
export async function loadDeliveryNote(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<DeliveryNote> {
  const { id: sid } = await lockDocument(sql, caller, SHIPMENT, id, 't.new_name AS name', { lock: false });
  // The note names what the shipment names: warehouses and units the caller may not list themselves.
  const {
    rows: [h],
  } = await sql.query<Row>(
    `SELECT t.new_name AS name, o.name AS order_name, t.new_state AS state, to_char(t.new_shipdate, 'YYYY-MM-DD') AS ship_date,
            t.new_logisticscorp AS corp, t.new_trackingno AS tracking, t.new_memo AS memo,
            COALESCE(su.name, fu.name) AS f_unit, fw.new_name AS f_wh, ${addressSql('fw')} AS f_addr, fw.new_contact AS f_contact, fw.new_phone AS f_phone,
            tu.name AS t_unit, tw.new_name AS t_wh, ${addressSql('tw')} AS t_addr, tw.new_contact AS t_contact, tw.new_phone AS t_phone,
            COALESCE(t.new_totalqty, 0) AS planned, COALESCE(t.new_shippedqty, 0) AS shipped, COALESCE(t.new_signedqty, 0) AS signed
       FROM new_shipment t
       LEFT JOIN salesorder o ON o.salesorderid = t.new_order_id
       LEFT JOIN businessunit su ON su.businessunitid = o.new_supplier_id
       LEFT JOIN businessunit fu ON fu.businessunitid = t.owningbusinessunit
       LEFT JOIN new_srv_warehouse fw ON fw.new_srv_warehouseid = t.new_fromwarehouse_id
       LEFT JOIN new_srv_warehouse tw ON tw.new_srv_warehouseid = t.new_towarehouse_id
       LEFT JOIN businessunit tu ON tu.businessunitid = t.new_tounit_id
      WHERE t.new_shipmentid = $1::uuid`,
    [sid],
  );
  const p = new Params();
  const { rows } = await sql.query<DeliveryNoteLine>(
    `SELECT COALESCE(pr.productnumber, '') AS "productNumber", COALESCE(l.new_name, pr.name, '') AS name,
            COALESCE(pr.new_model, '') AS model, COALESCE(pr.new_uom, '') AS uom,
            COALESCE(l.new_qty, 0) AS planned, COALESCE(l.new_shippedqty, 0) AS shipped, COALESCE(l.new_signedqty, 0) AS signed
       FROM new_shipmentdetail l LEFT JOIN product pr ON pr.productid = l.new_product_id
      WHERE l.new_shipment_id = ${p.add(sid, 'uuid')} AND ${p.scope(LINE, caller, 'l', 'read')}
      ORDER BY l.createdon, l.new_shipmentdetailid`,
    p.values,
  );
  return {
    id: sid,
    name: s(h.name),
    orderName: s(h.order_name),
    state: optionText(shipmentState as OptionSetDef<number>, h.state as number | null, lang),
    shipDate: s(h.ship_date),
    logisticsCorp: s(h.corp),
    trackingNo: s(h.tracking),
    memo: s(h.memo),
    from: party(h, 'f'),
    to: party(h, 't'),
    totals: { planned: Number(h.planned), shipped: Number(h.shipped), signed: Number(h.signed) },
    lines: rows.map((l) => ({ ...l, planned: Number(l.planned), shipped: Number(l.shipped), signed: Number(l.signed) })),
  };
}

/** Both sides of a note side by side: a heading, then unit, warehouse, address, contact and phone, each as label：value. */
export function partiesBlock(form: A4Form, lang: Lang, sides: [MessageKey, PrintParty][]) {
  const { doc, need } = form;
  const t = (k: MessageKey) => msg(k, lang);
  need(90);
  doc.moveDown(0.4);
  const top = doc.y;
  const colW = WIDTH / 2 - 8;
  let bottom = top;
  sides.forEach(([title, p], i) => {
    const x = M + i * (WIDTH / 2);
    doc.fontSize(10.5).text(t(title), x, top, { width: colW });
    doc.fontSize(9.5);
    for (const [k, v] of [
      ['sales.print.unit', p.unit],
      ['sales.print.warehouse', p.warehouse],
      ['sales.print.address', p.address],
      ['sales.print.contact', p.contact],
      ['sales.print.phone', p.phone],
    ] as [MessageKey, string][])
      doc.text(`${t(k)}：${v}`, x, doc.y + 1, { width: colW });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom;
  doc.x = M;
}

/**
 * The delivery note (送货单) as a PDF (A4), the same fields and order as the web print view: the
 * company and title, shipment and order numbers, state, ship date and logistics; the shipper and
 * the receiver (unit, warehouse, address, contact, phone); the lines (part number, name, model,
 * unit, planned, shipped, signed) with their totals; a statement and both sides' signature areas.
 */
export async function renderDeliveryNotePdf(d: DeliveryNote, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const title = t('sales.print.noteTitle');
  const form = await openA4Form(lang, title, { Title: `${title} ${d.name}`, Subject: d.to.unit });
  const { doc, section, pairs, row, finish } = form;
  pairs([
    [t('sales.print.shipmentNo'), d.name],
    [t('sales.print.orderNo'), d.orderName],
    [t('sales.print.shipDate'), d.shipDate],
    [t('sales.print.state'), d.state],
    [t('sales.print.logisticsCorp'), d.logisticsCorp],
    [t('sales.print.trackingNo'), d.trackingNo],
    ...(d.memo ? [[t('sales.print.memo'), d.memo] as [string, string]] : []),
  ]);
  partiesBlock(form, lang, [
    ['sales.print.from', d.from],
    ['sales.print.to', d.to],
  ]);

  section(t('sales.print.noteLines'));
  const widths = [85, 140, 90, 40, 50, 50, WIDTH - 455];
  const align = DELIVERY_NOTE_COLUMNS.map((c) => (c.numeric ? 'right' : 'left') as 'right' | 'left');
  row(
    DELIVERY_NOTE_COLUMNS.map((c) => t(c.label)),
    widths,
    { head: true },
  );
  for (const l of d.lines)
    row(
      DELIVERY_NOTE_COLUMNS.map((c) => String(l[c.key])),
      widths,
      { align },
    );
  row([t('sales.print.total'), '', '', '', String(d.totals.planned), String(d.totals.shipped), String(d.totals.signed)], widths, {
    align,
  });
  doc.moveDown(0.5).fontSize(9.5).text(t('sales.print.noteStatement'), M, doc.y, { width: WIDTH });

  return finish(DELIVERY_NOTE_SIGNS, now);
}
