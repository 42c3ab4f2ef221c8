import {
  scrapReason,
  afterScrap,
  stockCheckState,
  stockDocumentType,
  stockInType,
  stockMoveState,
  stockOutType,
  stockUsage,
} from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData as ok, type Res } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
/** Store users call from the store portal's host (their tokens belong to it). */
const host = (who: string) => (who.startsWith('store') ? { host: 'store.test' } : {});
const api = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tok[who]}`, 'accept-language': lang, ...host(who) } });
const wh: Record<string, string> = {};
const part: Record<string, { id: string; name: string }> = {};

function refused(res: Res, status: number, text: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().Message).toContain(text);
}

const create = (who: string, set: string, body: object, lang = 'zh-CN') => api(who, 'POST', `/api/crmdata/create/${set}`, body, lang);
const update = (who: string, set: string, id: string, body: object, lang = 'zh-CN') =>
  api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, body, lang);
const remove = (who: string, set: string, id: string) => api(who, 'POST', `/api/crmdata/delete/${set}(${id})`, {});
const confirm = (who: string, set: string, id: string, lang = 'zh-CN', key?: string) =>
  p.app.inject({
    method: 'POST',
    url: `/api/documents/${set}/${id}/confirm`,
    payload: {},
    headers: { authorization: `Bearer ${tok[who]}`, 'accept-language': lang, ...host(who), ...(key ? { 'idempotency-key': key } : {}) },
  });

const stockIn = (who: string, warehouse: string, extra: object = {}) =>
  create(who, 'new_stockins', { new_warehouse_id: warehouse, new_intype: stockInType.purchase, new_source: '华辰总部', ...extra });
const stockOut = (who: string, warehouse: string, extra: object = {}) =>
  create(who, 'new_stockouts', { new_warehouse_id: warehouse, new_outtype: stockOutType.damaged, ...extra });
const inLine = (who: string, doc: string, product: string, qty: unknown, extra: object = {}, lang = 'zh-CN') =>
  create(who, 'new_stockindetails', { new_stockin_id: doc, new_product_id: product, new_qty: qty, ...extra }, lang);
const outLine = (who: string, doc: string, product: string, qty: unknown, extra: object = {}, lang = 'zh-CN') =>
  create(who, 'new_stockoutdetails', { new_stockout_id: doc, new_product_id: product, new_qty: qty, ...extra }, lang);

const balance = async (warehouse: string, product: string) =>
  (
    await p.db.query<{ q: number; a: number }>(
      `SELECT new_quantity AS q, new_available AS a FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
      [warehouse, product],
    )
  ).rows[0] ?? { q: 0, a: 0 };
const moves = (doc: string) =>
  p.db.query<{ qty: number; usage: number; doctype: number; line: string }>(
    `SELECT new_quantity AS qty, new_usage AS usage, new_doctype AS doctype, new_lineid AS line FROM new_srv_stocktransaction WHERE new_docid = $1 ORDER BY new_seq`,
    [doc],
  );
const docRow = (table: string, id: string) =>
  p.db.one<{ name: string; state: number; unit: string; qty: number; amount: string; confirmed: boolean }>(
    `SELECT new_name AS name, new_state AS state, owningbusinessunit AS unit, new_totalqty AS qty, new_totalamount::text AS amount,
            new_confirmedon IS NOT NULL AS confirmed FROM ${table} WHERE ${table}id = $1`,
    [id],
  );

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  // Store users sign in on the store portal (its host).
  for (const u of ['dealer1', 'dealer2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const u of ['store1', 'store2']) tok[u] = (await signIn(p.app, u, { host: 'store.test' })).access_token;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (
    await p.db.query<{ id: string; no: string; name: string }>(
      `SELECT productid AS id, productnumber AS no, name FROM product WHERE productnumber IN ('HC-LF-200', 'HC-SK-80', 'EC-PLC-1214', 'DR-BR-6205')`,
    )
  ).rows)
    part[r.no] = { id: r.id, name: r.name };
});
afterAll(() => p?.close());

describe('stock in and out of dealer and store warehouses', () => {
  it('the demo holds drafts and confirmed ones of both kinds for both dealers and a store, posted to the ledger', async () => {
    for (const table of ['new_stockin', 'new_stockout']) {
      const { rows } = await p.db.query<{ code: string; state: number }>(
        `SELECT DISTINCT b.new_code AS code, t.new_state AS state FROM ${table} t JOIN new_srv_warehouse b ON b.new_srv_warehouseid = t.new_warehouse_id`,
      );
      const seen = new Set(rows.map((r) => `${r.code}/${r.state}`));
      for (const code of ['WH-DL-GZ001', 'WH-DL-SZ001', 'WH-SP-SZ001'])
        for (const s of [stockMoveState.draft, stockMoveState.confirmed]) expect(seen, `${table} ${code} ${s}`).toContain(`${code}/${s}`);
    }
    // Every confirmed line was posted once, none of a draft.
    const {
      rows: [x],
    } = await p.db.query<{ posted: number; lines: number; drafts: number }>(
      `SELECT (SELECT count(*)::int FROM new_srv_stocktransaction WHERE new_doctype IN ($1, $2)) AS posted,
              (SELECT count(*)::int FROM new_stockindetail l JOIN new_stockin t ON t.new_stockinid = l.new_stockin_id WHERE t.new_state = $3)
            + (SELECT count(*)::int FROM new_stockoutdetail l JOIN new_stockout t ON t.new_stockoutid = l.new_stockout_id WHERE t.new_state = $3) AS lines,
              (SELECT count(*)::int FROM new_srv_stocktransaction m JOIN new_stockin t ON t.new_stockinid::text = m.new_docid WHERE t.new_state = $4) AS drafts`,
      [stockDocumentType.stockIn, stockDocumentType.stockOut, stockMoveState.confirmed, stockMoveState.draft],
    );
    expect(x.posted).toBe(x.lines);
    expect(x.posted).toBeGreaterThan(0);
    expect(x.drafts).toBe(0);
  });

  it('a stock-in: draft RK<day> of the warehouse’s unit, lines with amounts and totals, confirm posts + quantity once (Idempotency-Key)', async () => {
    const id = ok(await stockIn('dealer1', wh['WH-DL-GZ001'])).id as string;
    const dealerUnit = (await p.db.one<{ u: string }>(`SELECT businessunitid AS u FROM businessunit WHERE new_code = 'DL-GZ001'`))!.u;
    expect(await docRow('new_stockin', id)).toMatchObject({
      name: expect.stringMatching(/^RK\d{8}-\d{4}$/),
      state: stockMoveState.draft,
      unit: dealerUnit,
      qty: 0,
    });
    // No line yet: confirm refused with the specification's message.
    refused(await confirm('dealer1', 'new_stockins', id), 400, '请至少添加一条单据明细');
    ok(await inLine('dealer1', id, part['HC-LF-200'].id, 7, { new_price: 120.5 }));
    ok(await inLine('dealer1', id, part['HC-SK-80'].id, 3));
    // A product once per document.
    refused(await inLine('dealer1', id, part['HC-LF-200'].id, 1), 400, `产品“${part['HC-LF-200'].name}”已在本单明细中`);
    expect(await docRow('new_stockin', id)).toMatchObject({ qty: 10, amount: '843.50' });

    const before = { a: await balance(wh['WH-DL-GZ001'], part['HC-LF-200'].id), b: await balance(wh['WH-DL-GZ001'], part['HC-SK-80'].id) };
    const key = `rk-${id}`;
    const first = ok(await confirm('dealer1', 'new_stockins', id, 'zh-CN', key));
    expect(first).toMatchObject({ id, state: stockMoveState.confirmed, message: '入库单已确认，库存已增加' });
    expect(ok(await confirm('dealer1', 'new_stockins', id, 'zh-CN', key))).toEqual(first);
    expect(await balance(wh['WH-DL-GZ001'], part['HC-LF-200'].id)).toEqual({ q: before.a.q + 7, a: before.a.a + 7 });
    expect(await balance(wh['WH-DL-GZ001'], part['HC-SK-80'].id)).toEqual({ q: before.b.q + 3, a: before.b.a + 3 });
    const m = (await moves(id)).rows;
    expect(m.map((x) => [x.qty, x.usage, x.doctype]).sort()).toEqual([
      [3, stockUsage.purchasingDocument, stockDocumentType.stockIn],
      [7, stockUsage.purchasingDocument, stockDocumentType.stockIn],
    ]);
    expect(await docRow('new_stockin', id)).toMatchObject({ state: stockMoveState.confirmed, confirmed: true });

    // Confirmed: read-only. No edit, delete, line change or second confirm; nothing moves.
    const line = (await p.db.one<{ id: string }>(
      `SELECT new_stockindetailid AS id FROM new_stockindetail WHERE new_stockin_id = $1 LIMIT 1`,
      [id],
    ))!.id;
    refused(await update('dealer1', 'new_stockins', id, { new_memo: '改' }), 400, '只有草稿状态的单据才能修改');
    refused(await update('dealer1', 'new_stockins', id, { new_memo: 'x' }, 'en-US'), 400, 'Only draft documents can be modified');
    refused(await remove('dealer1', 'new_stockins', id), 400, '只有草稿状态的单据才能删除');
    refused(await inLine('dealer1', id, part['DR-BR-6205'].id, 1), 400, '只有草稿或已驳回的单据才能增加、删除或修改明细');
    refused(await update('dealer1', 'new_stockindetails', line, { new_qty: 1 }), 400, '只有草稿或已驳回的单据才能增加、删除或修改明细');
    refused(await remove('dealer1', 'new_stockindetails', line), 400, '只有草稿或已驳回的单据才能增加、删除或修改明细');
    refused(await confirm('dealer1', 'new_stockins', id), 400, '只有草稿状态的单据才能确认');
    refused(await confirm('dealer1', 'new_stockins', id, 'en-US'), 400, 'Only draft documents can be confirmed');
    expect((await moves(id)).rows.length).toBe(2);
  });

  it('a stock-out beyond what is available is refused naming the product and the available quantity; nothing changes', async () => {
    const store = wh['WH-SP-SZ001'];
    const plc = part['EC-PLC-1214'];
    const have = await balance(store, plc.id);
    // The dealer writes it for its store: it belongs to the store, which sees it too.
    const id = ok(await stockOut('dealer1', store, { new_outtype: stockOutType.transfer, new_recipient: '广州天河专卖店' })).id as string;
    const lineId = ok(await outLine('dealer1', id, plc.id, have.a + 1)).id as string;
    expect(
      await p.db.one(`SELECT new_available AS a, new_name AS n FROM new_stockoutdetail WHERE new_stockoutdetailid = $1`, [lineId]),
    ).toEqual({ a: have.a, n: plc.name });
    expect((await api('store1', 'GET', `/api/crmdata/Retrieve/new_stockouts(${id})`)).statusCode).toBe(200);

    refused(
      await confirm('dealer1', 'new_stockouts', id),
      400,
      `产品“${plc.name}”在深圳南山体验店仓可用库存不足：可用 ${have.a}，本单出库 ${have.a + 1}`,
    );
    refused(
      await confirm('store1', 'new_stockouts', id, 'en-US'),
      400,
      `Not enough ${plc.name} in 深圳南山体验店仓: ${have.a} available, ${have.a + 1} to go out`,
    );
    expect(await balance(store, plc.id)).toEqual(have);
    expect((await moves(id)).rows).toEqual([]);
    expect(await docRow('new_stockout', id)).toMatchObject({ state: stockMoveState.draft, confirmed: false });

    // The store takes out what it has: available down to 0, usage 1 (transfer).
    ok(await update('store1', 'new_stockoutdetails', lineId, { new_qty: have.a }));
    expect(ok(await confirm('store1', 'new_stockouts', id))).toMatchObject({
      state: stockMoveState.confirmed,
      message: '出库单已确认，库存已扣减',
    });
    expect(await balance(store, plc.id)).toEqual({ q: have.q - have.a, a: 0 });
    expect((await moves(id)).rows.map((m) => [m.qty, m.usage])).toEqual([[-have.a, stockUsage.transferDocument]]);
  });

  it('refuses zero, negative, fractional and too large quantities with the field’s message, never rounding', async () => {
    const id = ok(await stockIn('dealer1', wh['WH-DL-GZ001'])).id as string;
    for (const [qty, text] of [
      [0, '数量不能小于 1'],
      [-2, '数量不能小于 1'],
      [1.5, '数量只能输入整数'],
      ['2.5', '数量只能输入整数'],
      [100_000, '数量不能大于 99999'],
    ] as const) {
      const res = await inLine('dealer1', id, part['HC-LF-200'].id, qty);
      expect(res.statusCode, `${qty}`).toBe(400);
      expect(res.body, `${qty}`).toContain(text);
    }
    const en = await inLine('dealer1', id, part['HC-LF-200'].id, 1.5, {}, 'en-US');
    expect(en.body).toContain('Quantity: integer only');
    const outId = ok(await stockOut('dealer1', wh['WH-DL-GZ001'])).id as string;
    expect((await outLine('dealer1', outId, part['HC-LF-200'].id, 0.5)).body).toContain('数量只能输入整数');
    const line = ok(await inLine('dealer1', id, part['HC-LF-200'].id, 4)).id as string;
    expect((await update('dealer1', 'new_stockindetails', line, { new_qty: 4.4 })).statusCode).toBe(400);
    expect(
      (
        await p.db.query(
          `SELECT new_qty AS q FROM new_stockindetail WHERE new_stockin_id = $1 UNION ALL SELECT new_qty FROM new_stockoutdetail WHERE new_stockout_id = $2`,
          [id, outId],
        )
      ).rows,
    ).toEqual([{ q: 4 }]);
  });

  it('a scrapped stock-out needs its scrap reason and its handling after scrap', async () => {
    const w = wh['WH-DL-SZ001'];
    refused(await stockOut('dealer2', w, { new_outtype: stockOutType.scrapped }), 400, '出库类型为报废时，请选择报废原因');
    refused(
      await create('dealer2', 'new_stockouts', { new_warehouse_id: w, new_outtype: stockOutType.scrapped }, 'en-US'),
      400,
      'A scrapped stock-out needs its scrap reason',
    );
    refused(
      await stockOut('dealer2', w, { new_outtype: stockOutType.scrapped, new_scrapreason: scrapReason.damaged }),
      400,
      '出库类型为报废时，请选择报废后处理方式',
    );
    const id = ok(await stockOut('dealer2', w)).id as string;
    refused(await update('dealer2', 'new_stockouts', id, { new_outtype: stockOutType.scrapped }), 400, '出库类型为报废时，请选择报废原因');
    ok(
      await update('dealer2', 'new_stockouts', id, {
        new_outtype: stockOutType.scrapped,
        new_scrapreason: scrapReason.noValue,
        new_afterscrap: afterScrap.offSite,
      }),
    );
    ok(await outLine('dealer2', id, part['DR-BR-6205'].id, 2));
    const before = await balance(w, part['DR-BR-6205'].id);
    ok(await confirm('dealer2', 'new_stockouts', id));
    expect(await balance(w, part['DR-BR-6205'].id)).toEqual({ q: before.q - 2, a: before.a - 2 });
    expect((await moves(id)).rows.map((m) => m.usage)).toEqual([stockUsage.adjustment]);
  });

  it('keeps each dealer to its own chain: another dealer’s document is not found, a foreign warehouse is refused at the field', async () => {
    const id = ok(await stockIn('dealer1', wh['WH-DL-GZ001'])).id as string;
    ok(await inLine('dealer1', id, part['HC-LF-200'].id, 1));
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_stockins(${id})`)).statusCode).toBe(404);
    expect((await confirm('dealer2', 'new_stockins', id)).statusCode).toBe(404);
    expect((await update('dealer2', 'new_stockins', id, { new_memo: 'x' })).statusCode).toBe(404);
    expect((await remove('dealer2', 'new_stockins', id)).statusCode).toBe(404);
    // A store sees its own documents only, not its dealer's.
    expect((await api('store1', 'GET', `/api/crmdata/Retrieve/new_stockins(${id})`)).statusCode).toBe(404);

    for (const [who, code] of [
      ['dealer2', 'WH-DL-GZ001'],
      ['dealer2', 'WH-SP-SZ001'],
      ['store1', 'WH-DL-GZ001'],
      ['store1', 'WH-SP-GZ002'],
      ['dealer1', 'WH-HQ'],
    ] as const) {
      const res = await stockIn(who, wh[code]);
      expect(res.statusCode, `${who} ${code}`).toBe(400);
      expect(res.json().Data.errors).toEqual([{ field: 'new_warehouse_id', message: '只能选择本经销商或本门店的仓库' }]);
    }
    refused(await update('dealer1', 'new_stockins', id, { new_warehouse_id: wh['WH-DL-SZ001'] }), 400, '只能选择本经销商或本门店的仓库');
    // Moved to the dealer's store warehouse: the document (and its lines) now belong to the store.
    ok(await update('dealer1', 'new_stockins', id, { new_warehouse_id: wh['WH-SP-GZ002'] }));
    const storeUnit = (await p.db.one<{ u: string }>(`SELECT businessunitid AS u FROM businessunit WHERE new_code = 'SP-GZ002'`))!.u;
    expect(
      await p.db.one(
        `SELECT t.owningbusinessunit AS doc, l.owningbusinessunit AS line FROM new_stockin t JOIN new_stockindetail l ON l.new_stockin_id = t.new_stockinid WHERE t.new_stockinid = $1`,
        [id],
      ),
    ).toEqual({ doc: storeUnit, line: storeUnit });
    // A draft is deleted with its lines.
    ok(await remove('dealer1', 'new_stockins', id));
    expect(await p.db.one(`SELECT count(*)::int AS n FROM new_stockindetail WHERE new_stockin_id = $1`, [id])).toEqual({ n: 0 });
  });

  it('offers a dealer its own and its stores’ warehouses in the lookup, a store its own', async () => {
    const codes = async (who: string) =>
      (
        ok(
          await api(who, 'GET', '/api/crmlookupview/data?entityName=new_srv_warehouse&select=new_code&count=50&orderby=new_code%20asc'),
        ) as {
          new_code: string;
        }[]
      ).map((r) => r.new_code);
    expect(await codes('dealer1')).toEqual(['WH-DL-GZ001', 'WH-SP-FS003', 'WH-SP-GZ002', 'WH-SP-SZ001']);
    expect(await codes('store2')).toEqual(['WH-SP-SU001']);
  });

  it('counts a dealer’s and a store’s warehouse: the store counts and submits, the dealer confirms and the difference posts usage 10', async () => {
    const w = wh['WH-SP-SU001'];
    const sheet = ok(await api('store2', 'POST', '/api/stock/counts', { warehouseId: w })).id as string;
    const { rows: lines } = await p.db.query<{ id: string; product: string; book: number }>(
      `SELECT new_srv_stockcheckdetailid AS id, new_product_id AS product, new_bookqty AS book FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1 ORDER BY new_code`,
      [sheet],
    );
    expect(lines.length).toBeGreaterThan(0);
    const [first, ...rest] = lines;
    ok(
      await api('store2', 'PATCH', `/api/stock/counts/${sheet}/lines`, {
        lines: [{ lineId: first.id, countQty: Number(first.book) + 2 }, ...rest.map((l) => ({ lineId: l.id, countQty: Number(l.book) }))],
      }),
    );
    ok(await api('store2', 'POST', `/api/stock/counts/${sheet}/submit`, {}));
    // A store user counts; confirming (stock.adjust) is its dealer's.
    expect((await api('store2', 'POST', `/api/stock/counts/${sheet}/confirm`, {})).statusCode).toBe(403);
    expect((await api('dealer1', 'POST', `/api/stock/counts/${sheet}/confirm`, {})).statusCode).toBe(404);
    const before = await balance(w, first.product);
    ok(await api('dealer2', 'POST', `/api/stock/counts/${sheet}/confirm`, {}));
    expect(await balance(w, first.product)).toEqual({ q: before.q + 2, a: before.a + 2 });
    expect(
      (await p.db.query(`SELECT new_quantity AS q, new_usage AS u FROM new_srv_stocktransaction WHERE new_docid = $1`, [sheet])).rows,
    ).toEqual([{ q: 2, u: stockUsage.adjustment }]);
    expect(await p.db.one(`SELECT new_state AS s FROM new_srv_stockcheck WHERE new_srv_stockcheckid = $1`, [sheet])).toEqual({
      s: stockCheckState.confirmed,
    });
    // The dealer counts its own warehouse too.
    ok(await api('dealer1', 'POST', '/api/stock/counts', { warehouseId: wh['WH-DL-GZ001'] }));
  });
});
