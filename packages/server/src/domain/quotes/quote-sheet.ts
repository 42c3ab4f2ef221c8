import {
  getEntity,
  msg,
  QUOTE_SHEET_COLUMNS,
  QUOTE_SHEET_SIGNS,
  quoteState,
  type Lang,
  type MessageKey,
  type OptionSetDef,
  type QuoteSheet,
  type QuoteSheetLine,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { lockDocument } from '../../documents/access.ts';
import { M, openA4Form, WIDTH } from '../../pdf/a4-form.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { yuan } from '../expense/period.ts';
import { addressSql, chinaTimeSql, s } from '../sales/delivery-note.ts';
import { optionText } from '../work-order/log.ts';

const QUOTE = getEntity('quote')!;
const LINE = getEntity('quotedetail')!;
const MONEY = new Set<keyof QuoteSheetLine>(['price', 'discount', 'net', 'amount']);

/**
 * The quote within the caller's reach (404 otherwise), read without a lock: number and revision,
 * subject, state, customer with phone and address, the seller (its price list's dealer or store),
 * validity and activation, terms, the lines in their order (a configured line with its configuration)
 * and the totals.
 */
export async function loadQuoteSheet(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<QuoteSheet> {
  const q = await lockDocument<Record<string, unknown>>(
    sql,
    caller,
    QUOTE,
    id,
    `t.name AS name, t.revisionnumber AS revision, t.new_subject AS subject, t.new_status AS status,
     (SELECT c.new_name FROM new_endcustomer c WHERE c.new_endcustomerid = t.new_customer_id) AS customer,
     (SELECT c.new_mobile FROM new_endcustomer c WHERE c.new_endcustomerid = t.new_customer_id) AS phone,
     (SELECT ${addressSql('c')} FROM new_endcustomer c WHERE c.new_endcustomerid = t.new_customer_id) AS address,
     (SELECT b.name FROM businessunit b WHERE b.businessunitid = t.new_buyer_id) AS seller,
     t.effectivefrom::text AS valid_from, t.effectiveto::text AS valid_to, ${chinaTimeSql('t.new_activatedon')} AS activated,
     t.new_description AS description, COALESCE(t.new_totalqty, 0) AS qty, COALESCE(t.new_totallistamount, 0)::text AS list,
     COALESCE(t.new_totaldiscount, 0)::text AS discount, COALESCE(t.totalamount, 0)::text AS amount`,
    { lock: false },
  );
  const p = new Params();
  const { rows } = await sql.query<QuoteSheetLine>(
    `SELECT l.lineitemnumber AS no, COALESCE(pr.productnumber, '') AS "productNumber", COALESCE(l.new_name, pr.name, '') AS name,
            COALESCE(pr.new_model, '') AS model, COALESCE(pr.new_uom, '') AS uom, COALESCE(l.new_configsummary, '') AS config,
            l.quantity AS qty, COALESCE(l.priceperunit, 0)::text AS price, COALESCE(l.new_discount, 0)::text AS discount,
            COALESCE(l.new_netprice, 0)::text AS net, COALESCE(l.extendedamount, 0)::text AS amount
       FROM quotedetail l LEFT JOIN product pr ON pr.productid = l.productid
      WHERE l.quoteid = ${p.add(q.id, 'uuid')} AND ${p.scope(LINE, caller, 'l', 'read')}
      ORDER BY l.lineitemnumber, l.quotedetailid`,
    p.values,
  );
  return {
    id: q.id,
    name: s(q.name),
    revision: Number(q.revision ?? 1),
    subject: s(q.subject),
    state: optionText(quoteState as OptionSetDef<number>, q.status as number | null, lang),
    draft: q.status === quoteState.draft,
    customer: s(q.customer),
    customerPhone: s(q.phone),
    customerAddress: s(q.address),
    seller: s(q.seller),
    validFrom: s(q.valid_from),
    validTo: s(q.valid_to),
    activatedOn: s(q.activated),
    description: s(q.description),
    totals: { qty: Number(q.qty), list: s(q.list), discount: s(q.discount), amount: s(q.amount) },
    lines: rows.map((l) => ({ ...l, no: Number(l.no), qty: Number(l.qty) })),
  };
}

/** The header's label–value pairs, as the web print view shows them. */
export function quoteSheetPairs(d: QuoteSheet, t: (k: MessageKey) => string): [string, string][] {
  return [
    [t('quote.printNumber'), `${d.name}  V${d.revision}`],
    [t('sales.print.state'), d.state],
    [t('quote.printCustomer'), d.customer],
    [t('quote.printPhone'), d.customerPhone],
    [t('quote.printSeller'), d.seller],
    [t('quote.printValidity'), d.validFrom || d.validTo ? `${d.validFrom} ~ ${d.validTo}` : ''],
    [t('quote.printSubject'), d.subject],
    [t('quote.printActivatedOn'), d.activatedOn],
  ];
}

/**
 * The quote (报价单) as a PDF (A4) with the company header, the same fields and order as the web print
 * view: a draft marked as one; the header; the lines (no., part number, name, model, unit, quantity,
 * list price, discount, net price, amount; a configured line's configuration under it) with totals;
 * terms, the statement and both sides' signature areas.
 */
export async function renderQuoteSheetPdf(d: QuoteSheet, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const title = t('quote.printTitle');
  const { doc, section, pairs, row, finish } = await openA4Form(lang, title, {
    Title: `${title} ${d.name} V${d.revision}`,
    Subject: d.customer,
  });
  if (d.draft)
    doc.fontSize(10).fillColor('#cf1322').text(t('quote.printDraft'), M, doc.y, { width: WIDTH, align: 'center' }).fillColor('#000000');
  pairs(quoteSheetPairs(d, t));
  if (d.customerAddress) doc.fontSize(9.5).text(`${t('quote.printAddress')}：${d.customerAddress}`, M, doc.y, { width: WIDTH });

  section(t('quote.printLines'));
  const widths = [24, 62, 92, 62, 26, 30, 58, 50, 58, WIDTH - 462];
  const align = QUOTE_SHEET_COLUMNS.map((c) => (c.numeric ? 'right' : 'left') as 'right' | 'left');
  row(
    QUOTE_SHEET_COLUMNS.map((c) => t(c.label)),
    widths,
    { head: true },
  );
  for (const l of d.lines) {
    row(
      QUOTE_SHEET_COLUMNS.map((c) => (MONEY.has(c.key) ? yuan(String(l[c.key])) : String(l[c.key]))),
      widths,
      { align },
    );
    if (l.config)
      doc
        .fontSize(7.5)
        .fillColor('#444444')
        .text(`${t('quote.printConfig')}：${l.config}`, M + 24, doc.y + 1, { width: WIDTH - 24 })
        .fillColor('#000000');
  }
  row(
    [t('sales.print.total'), '', '', '', '', String(d.totals.qty), yuan(d.totals.list), yuan(d.totals.discount), '', yuan(d.totals.amount)],
    widths,
    {
      align,
    },
  );
  pairs([
    [t('quote.printListTotal'), yuan(d.totals.list)],
    [t('quote.printDiscountTotal'), yuan(d.totals.discount)],
    [t('quote.printTotal'), yuan(d.totals.amount)],
  ]);
  if (d.description) {
    section(t('quote.printTerms'));
    doc.fontSize(9.5).text(d.description, M, doc.y, { width: WIDTH });
  }
  doc.moveDown(0.5).fontSize(9.5).text(t('quote.printStatement'), M, doc.y, { width: WIDTH });
  return finish(QUOTE_SHEET_SIGNS, now);
}
