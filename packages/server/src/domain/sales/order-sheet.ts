import {
  getEntity,
  msg,
  ORDER_SHEET_COLUMNS,
  ORDER_SHEET_SIGNS,
  salesOrderStatus,
  type Lang,
  type MessageKey,
  type OptionSetDef,
  type OrderSheet,
  type OrderSheetLine,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { lockDocument } from '../../documents/access.ts';
import { M, openA4Form, WIDTH } from '../../pdf/a4-form.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { yuan } from '../expense/period.ts';
import { optionText } from '../work-order/log.ts';
import { addressSql, chinaTimeSql, s } from './delivery-note.ts';

const ORDER = getEntity('salesorder')!;
const LINE = getEntity('salesorderdetail')!;
const MONEY = new Set<keyof OrderSheetLine>(['price', 'amount']);

/**
 * The order within the caller's reach (the buyer's units or the supplier; 404 otherwise), read
 * without a lock: state, buyer and supplier, consignee, submit and price-lock times, its lines in
 * the screen's order with each product's number, model and unit, and the totals.
 */
export async function loadOrderSheet(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<OrderSheet> {
  const o = await lockDocument<Record<string, unknown>>(
    sql,
    caller,
    ORDER,
    id,
    `t.name AS name, t.new_status AS status,
     (SELECT b.name FROM businessunit b WHERE b.businessunitid = t.owningbusinessunit) AS buyer,
     (SELECT b.name FROM businessunit b WHERE b.businessunitid = t.new_supplier_id) AS supplier,
     t.new_contact AS contact, t.new_phone AS phone, ${addressSql('t')} AS address, t.new_remark AS remark,
     ${chinaTimeSql('t.new_submittime')} AS submitted, ${chinaTimeSql('t.new_pricedon')} AS priced,
     COALESCE(t.new_totalqty, 0) AS qty, COALESCE(t.new_shippedqty, 0) AS shipped, COALESCE(t.new_signedqty, 0) AS signed,
     COALESCE(t.totalamount, 0)::text AS amount`,
    { lock: false },
  );
  const p = new Params();
  const { rows } = await sql.query<OrderSheetLine>(
    `SELECT COALESCE(pr.productnumber, '') AS "productNumber", COALESCE(l.new_name, pr.name, '') AS name,
            COALESCE(pr.new_model, '') AS model, COALESCE(pr.new_uom, '') AS uom, COALESCE(l.quantity, 0) AS qty,
            COALESCE(l.priceperunit, 0)::text AS price, COALESCE(l.extendedamount, 0)::text AS amount,
            COALESCE(l.new_shippedqty, 0) AS shipped, COALESCE(l.new_signedqty, 0) AS signed
       FROM salesorderdetail l LEFT JOIN product pr ON pr.productid = l.productid
      WHERE l.salesorderid = ${p.add(o.id, 'uuid')} AND ${p.scope(LINE, caller, 'l', 'read')}
      ORDER BY l.createdon, l.salesorderdetailid`,
    p.values,
  );
  return {
    id: o.id,
    name: s(o.name),
    state: optionText(salesOrderStatus as OptionSetDef<number>, o.status as number | null, lang),
    buyer: s(o.buyer),
    supplier: s(o.supplier),
    contact: s(o.contact),
    phone: s(o.phone),
    address: s(o.address),
    remark: s(o.remark),
    submittedOn: s(o.submitted),
    pricedOn: s(o.priced),
    totals: { qty: Number(o.qty), shipped: Number(o.shipped), signed: Number(o.signed), amount: s(o.amount) },
    lines: rows.map((l) => ({ ...l, qty: Number(l.qty), shipped: Number(l.shipped), signed: Number(l.signed) })),
  };
}

/**
 * The sales order (销售订单) as a PDF (A4), the same fields and order as the web print view: number,
 * state, buyer, supplier, consignee, phone and address, submit and price-lock times; the lines
 * (part number, name, model, unit, quantity, unit price, amount, shipped, signed) with their totals
 * (yuan, 2 decimals, thousands grouped); a statement and both sides' signature areas.
 */
export async function renderOrderSheetPdf(d: OrderSheet, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const title = t('sales.print.orderTitle');
  const { doc, section, pairs, row, finish } = await openA4Form(lang, title, { Title: `${title} ${d.name}`, Subject: d.buyer });
  pairs([
    [t('sales.print.orderNo'), d.name],
    [t('sales.print.state'), d.state],
    [t('sales.print.buyer'), d.buyer],
    [t('sales.print.supplier'), d.supplier],
    [t('sales.print.consignee'), d.contact],
    [t('sales.print.phone'), d.phone],
    [t('sales.print.submittedOn'), d.submittedOn],
    [t('sales.print.pricedOn'), d.pricedOn],
  ]);
  doc.fontSize(9.5).text(`${t('sales.print.deliveryAddress')}：${d.address}`, M, doc.y, { width: WIDTH });
  if (d.remark) doc.fontSize(9.5).text(`${t('sales.print.remark')}：${d.remark}`, M, doc.y, { width: WIDTH });

  section(t('sales.print.orderLines'));
  const widths = [70, 105, 65, 30, 35, 55, 62, 45, WIDTH - 467];
  const align = ORDER_SHEET_COLUMNS.map((c) => (c.numeric ? 'right' : 'left') as 'right' | 'left');
  row(
    ORDER_SHEET_COLUMNS.map((c) => t(c.label)),
    widths,
    { head: true },
  );
  for (const l of d.lines)
    row(
      ORDER_SHEET_COLUMNS.map((c) => (MONEY.has(c.key) ? yuan(String(l[c.key])) : String(l[c.key]))),
      widths,
      { align },
    );
  const tot = d.totals;
  row([t('sales.print.total'), '', '', '', String(tot.qty), '', yuan(tot.amount), String(tot.shipped), String(tot.signed)], widths, {
    align,
  });
  pairs([[t('sales.print.totalAmount'), yuan(tot.amount)]]);
  doc.moveDown(0.5).fontSize(9.5).text(t('sales.print.orderStatement'), M, doc.y, { width: WIDTH });

  return finish(ORDER_SHEET_SIGNS, now);
}
