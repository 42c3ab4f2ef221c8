import {
  formatMoney,
  orderPdfPath,
  orderPrintPath,
  salesOrderStatus,
  shipmentPdfPath,
  shipmentPrintPath,
  shipmentState,
  type DeliveryNote,
  type OrderSheet,
} from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done } from '../../testing/http-expect.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { testPortal } from '../../testing/test-portal.ts';

/*
 * The printable sales documents (issue 27): a shipment's delivery note and a sales order, as print
 * data and as A4 PDFs whose text holds the numbers, products and quantities; read within the
 * caller's scope (another dealer's document is 404, like every read).
 */

let p: Portal;
const STORE = { host: 'store.test:8080' };
const tok: Record<string, string> = {};

const api = (who: string, url: string, lang = 'zh-CN') =>
  p.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(tok[who]), 'accept-language': lang, ...(who.startsWith('store') ? STORE : {}) },
  });

/** A demo document received (a shipment) or bought (an order) by `user`'s unit, in one of `states`. */
async function shipmentOf(user: string, states: number[]) {
  return (await p.db.one<{ id: string; name: string; order: string; tracking: string; corp: string; fromWh: string; toWh: string }>(
    `SELECT s.new_shipmentid AS id, s.new_name AS name, o.name AS order, s.new_trackingno AS tracking, s.new_logisticscorp AS corp,
            fw.new_name AS "fromWh", tw.new_name AS "toWh"
       FROM new_shipment s JOIN salesorder o ON o.salesorderid = s.new_order_id
       JOIN new_srv_warehouse fw ON fw.new_srv_warehouseid = s.new_fromwarehouse_id
       JOIN new_srv_warehouse tw ON tw.new_srv_warehouseid = s.new_towarehouse_id
      WHERE s.new_tounit_id = (SELECT businessunitid FROM systemuser WHERE domainname = $1) AND s.new_state = ANY($2::int[])
      ORDER BY s.createdon LIMIT 1`,
    [user, states],
  ))!;
}
async function orderOf(user: string, states: number[]) {
  return (await p.db.one<{ id: string; name: string; amount: string }>(
    `SELECT salesorderid AS id, name, totalamount::text AS amount FROM salesorder
      WHERE owningbusinessunit = (SELECT businessunitid FROM systemuser WHERE domainname = $1) AND new_status = ANY($2::int[])
      ORDER BY totalamount DESC NULLS LAST LIMIT 1`,
    [user, states],
  ))!;
}

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of ['dealer1', 'dealer2', 'hqsales', 'store1'])
    tok[u] = (await signIn(p.app, u, u.startsWith('store') ? STORE : {})).access_token;
});
afterAll(() => p?.close());

/** Each PDF table row prints its cells one text object (line of pdfText) after another (an empty cell prints nothing). */
const rowIn = (text: string, cells: string[]) => {
  const join = (xs: string[]) => `\u0001${xs.filter(Boolean).join('\u0001')}\u0001`;
  return join(text.split('\n')).includes(join(cells));
};

describe('printable sales documents', () => {
  it("a shipment's delivery note: print data and PDF with numbers, both warehouses, products and quantities; another dealer 404", async () => {
    const sh = await shipmentOf('dealer1', [shipmentState.partSigned, shipmentState.allSigned]);
    const lines = (
      await p.db.query<{
        no: string;
        name: string;
        model: string | null;
        uom: string | null;
        qty: number;
        shipped: number;
        signed: number;
      }>(
        `SELECT pr.productnumber AS no, l.new_name AS name, pr.new_model AS model, pr.new_uom AS uom, l.new_qty AS qty,
                l.new_shippedqty AS shipped, l.new_signedqty AS signed
           FROM new_shipmentdetail l JOIN product pr ON pr.productid = l.new_product_id
          WHERE l.new_shipment_id = $1 ORDER BY l.createdon, l.new_shipmentdetailid`,
        [sh.id],
      )
    ).rows;
    expect(lines.length).toBeGreaterThan(0);

    const note = done<DeliveryNote>(await api('dealer1', shipmentPrintPath(sh.id)));
    expect(note).toMatchObject({ name: sh.name, orderName: sh.order, trackingNo: sh.tracking, logisticsCorp: sh.corp });
    expect(note.from.warehouse).toBe(sh.fromWh);
    expect(note.to.warehouse).toBe(sh.toWh);
    expect(note.to.unit).not.toBe('');
    expect(note.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(note.lines.map((l) => [l.productNumber, l.name, l.planned, l.shipped, l.signed])).toEqual(
      lines.map((l) => [l.no, l.name, l.qty, l.shipped, l.signed]),
    );
    expect(note.totals.signed).toBe(lines.reduce((a, l) => a + l.signed, 0));

    const res = await api('dealer1', shipmentPdfPath(sh.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`送货单-${sh.name}.pdf`));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const s of ['送货单', sh.name, sh.order, sh.tracking, sh.corp, sh.fromWh, sh.toWh, note.to.unit, '发货方签字：', '收货方签字：'])
      expect(text).toContain(s);
    // Both sides' blocks, each under its heading.
    expect(rowIn(text, ['发货方', `单位：${note.from.unit}`, `仓库：${sh.fromWh}`])).toBe(true);
    expect(rowIn(text, ['收货方', `单位：${note.to.unit}`, `仓库：${sh.toWh}`])).toBe(true);
    // Every line as a table row: number, name, model, unit, planned, shipped, signed; then the totals.
    for (const l of lines)
      expect(rowIn(text, [l.no, l.name, l.model ?? '', l.uom ?? '', String(l.qty), String(l.shipped), String(l.signed)])).toBe(true);
    expect(rowIn(text, ['合计', '', '', '', String(note.totals.planned), String(note.totals.shipped), String(note.totals.signed)])).toBe(
      true,
    );

    // The shipper prints it too (in English); another dealer and another dealer's store do not see it.
    const en = await api('hqsales', shipmentPdfPath(sh.id), 'en-US');
    expect(en.statusCode).toBe(200);
    expect(pdfText(en.rawPayload)).toContain('Delivery note');
    expect((await api('dealer2', shipmentPdfPath(sh.id))).statusCode).toBe(404);
    expect((await api('dealer2', shipmentPrintPath(sh.id))).statusCode).toBe(404);
    expect((await api('store1', shipmentPdfPath(sh.id))).statusCode).toBe(404);
    expect((await api('dealer1', shipmentPdfPath('not-an-id'))).statusCode).toBe(404);
  });

  it('a sales order: number, state, buyer and supplier, lines with price and amount in yuan, the total; another dealer 404', async () => {
    const o = await orderOf('dealer1', [salesOrderStatus.partSigned, salesOrderStatus.signed, salesOrderStatus.allShipped]);
    const lines = (
      await p.db.query<{ no: string; name: string; qty: number; price: string; amount: string; shipped: number; signed: number }>(
        `SELECT pr.productnumber AS no, l.new_name AS name, l.quantity AS qty, l.priceperunit::text AS price, l.extendedamount::text AS amount,
                COALESCE(l.new_shippedqty, 0) AS shipped, COALESCE(l.new_signedqty, 0) AS signed
           FROM salesorderdetail l JOIN product pr ON pr.productid = l.productid
          WHERE l.salesorderid = $1 ORDER BY l.createdon, l.salesorderdetailid`,
        [o.id],
      )
    ).rows;
    expect(lines.length).toBeGreaterThan(0);

    const sheet = done<OrderSheet>(await api('dealer1', orderPrintPath(o.id)));
    expect(sheet).toMatchObject({ name: o.name, totals: { amount: o.amount } });
    expect(sheet.submittedOn).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sheet.pricedOn).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sheet.supplier).not.toBe('');
    expect(sheet.lines.map((l) => [l.productNumber, l.qty, l.price, l.amount])).toEqual(lines.map((l) => [l.no, l.qty, l.price, l.amount]));

    const res = await api('dealer1', orderPdfPath(o.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`销售订单-${o.name}.pdf`));
    const text = pdfText(res.rawPayload);
    const total = formatMoney(o.amount);
    expect(total).toMatch(/^¥[\d,]+\.\d{2}$/);
    for (const s of [
      '销售订单',
      o.name,
      sheet.state,
      sheet.buyer,
      sheet.supplier,
      sheet.contact,
      `订单金额：${total}`,
      '订货方签字：',
      '供货方签字：',
    ])
      expect(text).toContain(s);
    for (const l of lines) {
      expect(text).toContain(l.name);
      expect(rowIn(text, [String(l.qty), formatMoney(l.price), formatMoney(l.amount), String(l.shipped), String(l.signed)])).toBe(true);
    }

    expect((await api('hqsales', orderPdfPath(o.id))).statusCode).toBe(200);
    expect((await api('dealer2', orderPdfPath(o.id))).statusCode).toBe(404);
    expect((await api('dealer2', orderPrintPath(o.id))).statusCode).toBe(404);
  });

  it("a store prints its own order and its dealer's shipment to it; its dealer prints that shipment too", async () => {
    const sh = await shipmentOf('store1', [
      shipmentState.allShipped,
      shipmentState.partShipped,
      shipmentState.allSigned,
      shipmentState.partSigned,
    ]);
    expect(sh).toBeTruthy();
    const text = pdfText((await api('store1', shipmentPdfPath(sh.id))).rawPayload);
    expect(text).toContain(sh.name);
    expect(text).toContain(sh.toWh);
    // Its dealer shipped it and prints it; another dealer does not see it.
    expect(pdfText((await api('dealer1', shipmentPdfPath(sh.id))).rawPayload)).toContain(sh.name);
    expect((await api('dealer2', shipmentPdfPath(sh.id))).statusCode).toBe(404);
    const o = await orderOf('store1', [
      salesOrderStatus.submitted,
      salesOrderStatus.audited,
      salesOrderStatus.allShipped,
      salesOrderStatus.signed,
    ]);
    expect(o).toBeTruthy();
    const res = await api('store1', orderPdfPath(o.id));
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(o.name);
  });
});
