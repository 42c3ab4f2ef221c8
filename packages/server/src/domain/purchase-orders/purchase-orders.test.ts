import { PURCHASE_ORDER_CREATE, purchaseOrderState as S, purchaseSupplierPath, stockDocumentType } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import type { Res } from '../../testing/user-api.ts';

/*
 * A store's purchase orders to its dealer (issue 27), as the store and the dealers call them: the
 * supplier of the route, the store's prices and list, each transition with its refusals, the stock
 * ledger at accept, ship and receive, and the scopes.
 */

let p: Portal;
const tok: Record<string, string> = {};
/** Store users call from the store portal's host (their tokens belong to it). */
const host = (who: string) => (who.startsWith('store') ? { host: 'store.test' } : {});
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tok[who]}`, 'accept-language': lang, ...host(who) } });
const unit: Record<string, string> = {};
const wh: Record<string, string> = {};
const part: Record<string, { id: string; name: string; price: string }> = {};

function refused(res: Res, status: number, text: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().Message).toContain(text);
}
function ok<T = { id: string; state?: number; message?: string }>(res: Res): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as T;
}

const SET = 'new_purchaseorders';
const LINES = 'new_purchaseorderdetails';
const create = (who: string, supplier: unknown, lang = 'zh-CN') =>
  api(who, 'POST', PURCHASE_ORDER_CREATE, { supplier, new_remark: '测试采购' }, lang);
const addLine = (who: string, doc: string, no: string, qty: unknown, lang = 'zh-CN') =>
  api(who, 'POST', `/api/crmdata/create/${LINES}`, { new_purchaseorder_id: doc, new_product_id: part[no].id, new_qty: qty }, lang);
const cmd = (who: string, id: string, name: string, body: object = {}, lang = 'zh-CN') =>
  api(who, 'POST', `/api/documents/${SET}/${id}/${name}`, body, lang);
const SHIP = { new_logisticscorp: '顺丰速运', new_trackingno: 'SF7700', new_shipdate: '2026-11-28' };

const order = async (id: string) =>
  (await p.db.one<{
    name: string;
    state: number;
    qty: number;
    amount: string;
    shipped: number;
    received: number;
    owner: string;
    supplier: string;
  }>(
    `SELECT new_name AS name, new_state AS state, new_totalqty AS qty, new_totalamount::text AS amount, new_shippedqty AS shipped,
            new_receivedqty AS received, owningbusinessunit AS owner, new_supplier_id AS supplier
       FROM new_purchaseorder WHERE new_purchaseorderid = $1`,
    [id],
  ))!;
const lines = async (id: string) =>
  (
    await p.db.query<{ id: string; price: string; amount: string; qty: number; shipped: number; received: number; min: number }>(
      `SELECT new_purchaseorderdetailid AS id, new_price::text AS price, new_amount::text AS amount, new_qty AS qty, new_shippedqty AS shipped,
              new_receivedqty AS received, new_minorderqty AS min
         FROM new_purchaseorderdetail WHERE new_purchaseorder_id = $1 ORDER BY createdon, new_purchaseorderdetailid`,
      [id],
    )
  ).rows;
const stock = async (code: string, no: string) =>
  (await p.db.one<{ q: number; f: number; t: number }>(
    `SELECT COALESCE(sum(new_quantity), 0)::int AS q, COALESCE(sum(new_frozen), 0)::int AS f, COALESCE(sum(new_intransit), 0)::int AS t
       FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
    [wh[code], part[no].id],
  ))!;
/** The store's list entry of a product (store by code). */
const storeProduct = async (store: string, no: string) =>
  (await p.db.one<{ id: string; price: string; min: number; onsale: boolean }>(
    `SELECT sp.new_storeproductid AS id, sp.new_retailprice::text AS price, sp.new_minorderqty AS min, sp.new_onsale AS onsale
       FROM new_storeproduct sp JOIN new_store s ON s.new_storeid = sp.new_store_id WHERE s.new_code = $1 AND sp.new_product_id = $2`,
    [store, part[no].id],
  ))!;
const setStoreProduct = (store: string, no: string, values: { price?: string; min?: number; onsale?: boolean }) =>
  p.db.query(
    `UPDATE new_storeproduct sp SET new_retailprice = COALESCE($3::numeric, new_retailprice), new_minorderqty = COALESCE($4::int, new_minorderqty),
            new_onsale = COALESCE($5::boolean, new_onsale)
       FROM new_store s WHERE s.new_storeid = sp.new_store_id AND s.new_code = $1 AND sp.new_product_id = $2`,
    [store, part[no].id, values.price ?? null, values.min ?? null, values.onsale ?? null],
  );
const count = async () => (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_purchaseorder'))!.n;

/** store1's draft to DL-GZ001 with lines [part, qty]. */
async function draft(lineList: [string, number][] = []) {
  const id = ok(await create('store1', unit['DL-GZ001'])).id;
  for (const [no, qty] of lineList) ok(await addLine('store1', id, no, qty));
  return id;
}

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of ['dealer1', 'dealer2', 'hqsales']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const u of ['store1', 'store2']) tok[u] = (await signIn(p.app, u, { host: 'store.test' })).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT businessunitid AS id, new_code AS code FROM businessunit')).rows)
    unit[r.code] = r.id;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (
    await p.db.query<{ id: string; no: string; name: string; price: string }>(
      'SELECT productid AS id, productnumber AS no, name, price::text AS price FROM product',
    )
  ).rows)
    part[r.no] = r;
});
afterAll(() => p?.close());

describe('purchase orders of stores to their dealers', () => {
  it('the demo holds purchase orders of store1 and store2 in every state, made through the commands', async () => {
    const { rows } = await p.db.query<{ code: string; state: number }>(
      `SELECT DISTINCT b.new_code AS code, o.new_state AS state FROM new_purchaseorder o JOIN businessunit b ON b.businessunitid = o.owningbusinessunit`,
    );
    const seen = new Set(rows.map((r) => r.state));
    for (const v of Object.values(S).filter((x): x is number => typeof x === 'number')) expect(seen, `state ${v}`).toContain(v);
    expect(new Set(rows.map((r) => r.code))).toEqual(new Set(['SP-SZ001', 'SP-SU001']));
    // The received ones are on the ledger: store stock in, per line.
    const { rows: moved } = await p.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_srv_stocktransaction WHERE new_doctype = $1',
      [stockDocumentType.purchaseOrder],
    );
    expect(moved[0].n).toBeGreaterThan(0);
  });

  it('the supplier: the store’s own dealer only — another dealer, head office or a store is refused on the route and at create; nothing is made', async () => {
    expect(ok<{ id: string; name: string }>(await api('store1', 'GET', purchaseSupplierPath()))).toMatchObject({
      id: unit['DL-GZ001'],
      name: '广州粤华机电设备有限公司',
    });
    expect(ok<{ id: string }>(await api('store1', 'GET', purchaseSupplierPath(unit['DL-GZ001']))).id).toBe(unit['DL-GZ001']);
    expect(ok<{ id: string }>(await api('store2', 'GET', purchaseSupplierPath(unit['DL-SZ001']))).id).toBe(unit['DL-SZ001']);
    const foreign = '该业务单位不是本门店的上级经销商，只能向“广州粤华机电设备有限公司”采购';
    for (const code of ['DL-SZ001', 'HQ', 'SP-GZ002', 'SP-SZ001'])
      refused(await api('store1', 'GET', purchaseSupplierPath(unit[code])), 400, foreign);
    refused(await api('store1', 'GET', purchaseSupplierPath('not-a-unit')), 400, foreign);
    refused(
      await api('store1', 'GET', purchaseSupplierPath(unit['DL-SZ001']), undefined, 'en-US'),
      400,
      'That business unit is not this store’s dealer: a store orders from “广州粤华机电设备有限公司” only',
    );
    // A dealer does not place purchase orders (it is their supplier): no dealer of its own, and any unit is refused.
    expect(ok<null>(await api('dealer1', 'GET', purchaseSupplierPath()))).toBeNull();
    refused(await api('dealer1', 'GET', purchaseSupplierPath(unit['DL-GZ001'])), 400, '只有门店可以向上级经销商下采购单');

    const before = await count();
    for (const code of ['DL-SZ001', 'HQ', 'SP-GZ002']) refused(await create('store1', unit[code]), 400, foreign);
    refused(await create('dealer1', unit['DL-GZ001']), 400, '只有门店可以向上级经销商下采购单');
    expect(await count()).toBe(before);

    // The dealer's own: a draft CG<day> of the store, its dealer the supplier; the supplier is never changed after.
    const id = ok(await create('store1', unit['DL-GZ001'])).id;
    expect(await order(id)).toMatchObject({
      name: expect.stringMatching(/^CG\d{8}-\d{4}$/),
      state: S.draft,
      owner: unit['SP-SZ001'],
      supplier: unit['DL-GZ001'],
    });
    expect((await create('store1', unit['DL-GZ001'])).json().Message).toMatch(/^采购单 CG\d{8}-\d{4} 已创建，请添加明细$/);
    // Not through the record service (it would take any unit the client names), and the supplier is never changed.
    refused(
      await api('store1', 'POST', `/api/crmdata/create/${SET}`, { new_remark: 'x' }),
      403,
      '采购单在“新建采购单”页面向上级经销商创建',
    );
    expect((await api('store1', 'POST', `/api/crmdata/Update/${SET}(${id})`, { new_supplier_id: unit['DL-SZ001'] })).statusCode).toBe(400);
    expect((await order(id)).supplier).toBe(unit['DL-GZ001']);
    // A wanted date and remark are checked as fields: a remark over 100 characters is refused, nothing made.
    const n = await count();
    expect(
      (await api('store1', 'POST', PURCHASE_ORDER_CREATE, { supplier: unit['DL-GZ001'], new_remark: '长'.repeat(101) })).statusCode,
    ).toBe(400);
    expect(await count()).toBe(n);
  });

  it('lines: the store’s price (not the list price), on sale only, at least the minimum order quantity, whole positive quantities, once each; totals = Σ lines', async () => {
    const id = await draft();
    const sp = await storeProduct('SP-SZ001', 'HC-LF-200');
    expect(sp.price).not.toBe(part['HC-LF-200'].price);
    ok(await addLine('store1', id, 'HC-LF-200', Math.max(sp.min, 3)));
    const [l] = await lines(id);
    expect(l.price).toBe(sp.price);
    expect(l.min).toBe(sp.min);
    expect(Number(l.amount)).toBeCloseTo(Number(sp.price) * l.qty, 2);

    // Off sale for this store (EC-PLC-1214 at SP-SZ001 in the demo): refused, naming it; nothing added.
    expect((await storeProduct('SP-SZ001', 'EC-PLC-1214')).onsale).toBe(false);
    refused(await addLine('store1', id, 'EC-PLC-1214', 2), 400, `商品“${part['EC-PLC-1214'].name}”不在本门店的在售商品中，不能采购`);
    // Below the minimum order quantity (DR-BR-6205: 10 at every store).
    const min = (await storeProduct('SP-SZ001', 'DR-BR-6205')).min;
    expect(min).toBeGreaterThan(1);
    refused(
      await addLine('store1', id, 'DR-BR-6205', min - 1),
      400,
      `商品“${part['DR-BR-6205'].name}”的最小起订量为 ${min}，本行数量 ${min - 1} 不足`,
    );
    refused(
      await addLine('store1', id, 'DR-BR-6205', min - 1, 'en-US'),
      400,
      `“${part['DR-BR-6205'].name}” is ordered in at least ${min}; this line has ${min - 1}`,
    );
    // Zero, negative, fractional quantities; a product twice.
    for (const q of [0, -3, 2.5, '1.5']) expect((await addLine('store1', id, 'HC-SK-80', q)).statusCode, String(q)).toBe(400);
    refused(await addLine('store1', id, 'HC-LF-200', 5), 400, `商品“${part['HC-LF-200'].name}”已在本单明细中`);
    expect(await lines(id)).toHaveLength(1);

    ok(await addLine('store1', id, 'DR-BR-6205', min));
    // A change lowering a line below its minimum is refused too, and changes nothing.
    const dr = (await lines(id))[1];
    refused(await api('store1', 'POST', `/api/crmdata/Update/${LINES}(${dr.id})`, { new_qty: 1 }), 400, `最小起订量为 ${min}`);
    const all = await lines(id);
    expect(all[1].qty).toBe(min);
    const o = await order(id);
    expect(o.qty).toBe(all.reduce((s, x) => s + x.qty, 0));
    expect(Number(o.amount)).toBeCloseTo(
      all.reduce((s, x) => s + Number(x.amount), 0),
      2,
    );
  });

  it('submit: refused without lines; prices read again and locked (a later list change moves nothing); only drafts are changed or deleted', async () => {
    const empty = await draft();
    refused(await cmd('store1', empty, 'submit'), 400, '采购单没有明细，不能提交');
    expect((await order(empty)).state).toBe(S.draft);
    // A draft is deleted (its lines with it).
    ok(await api('store1', 'POST', `/api/crmdata/delete/${SET}(${empty})`, {}));
    expect(await p.db.one('SELECT 1 AS x FROM new_purchaseorder WHERE new_purchaseorderid = $1', [empty])).toBeFalsy();

    const id = await draft([['HC-SK-80', 4]]);
    const was = await storeProduct('SP-SZ001', 'HC-SK-80');
    // The dealer raises the store price while the order is a draft: submit takes the price of the moment.
    await setStoreProduct('SP-SZ001', 'HC-SK-80', { price: (Number(was.price) + 10).toFixed(2) });
    try {
      // Only the store submits its order (not its dealer, though the order is in its reach).
      refused(await cmd('dealer1', id, 'submit'), 403, '只有下单门店可以办理');
      const r = ok(await cmd('store1', id, 'submit'));
      expect(r).toMatchObject({ state: S.submitted, message: '采购单已提交，价格已锁定，等待经销商接受' });
      const [l] = await lines(id);
      expect(l.price).toBe((Number(was.price) + 10).toFixed(2));
      expect((await order(id)).amount).toBe((4 * (Number(was.price) + 10)).toFixed(2));
      // Locked: a later change of the list does not reach it.
      await setStoreProduct('SP-SZ001', 'HC-SK-80', { price: was.price });
      expect((await lines(id))[0].price).toBe((Number(was.price) + 10).toFixed(2));
    } finally {
      await setStoreProduct('SP-SZ001', 'HC-SK-80', { price: was.price });
    }
    // Submitted: no edit, no line, no delete.
    refused(await api('store1', 'POST', `/api/crmdata/Update/${SET}(${id})`, { new_remark: '改' }), 400, '只有草稿状态的单据才能修改');
    expect((await addLine('store1', id, 'HC-LF-200', 3)).statusCode).toBe(400);
    expect((await api('store1', 'POST', `/api/crmdata/delete/${SET}(${id})`, {})).statusCode).toBe(400);
    refused(await cmd('store1', id, 'submit'), 400, '不能提交');

    // A product taken off sale before submit: submit is refused naming it, nothing moves.
    const other = await draft([['HC-HS-12', 3]]);
    await setStoreProduct('SP-SZ001', 'HC-HS-12', { onsale: false });
    try {
      refused(await cmd('store1', other, 'submit'), 400, `商品“${part['HC-HS-12'].name}”不在本门店的在售商品中`);
      expect((await order(other)).state).toBe(S.draft);
    } finally {
      await setStoreProduct('SP-SZ001', 'HC-HS-12', { onsale: true });
    }
  });

  it('scopes: the store sees its own, its dealer sees and acts as the party; another dealer and another store get 404', async () => {
    const id = await draft([['HC-LF-350', 3]]);
    ok(await cmd('store1', id, 'submit'));
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/${SET}(${id})`)).statusCode).toBe(200);
    for (const who of ['dealer2', 'store2']) {
      expect((await api(who, 'GET', `/api/crmdata/Retrieve/${SET}(${id})`)).statusCode, who).toBe(404);
      expect(
        (await cmd(who, id, who === 'dealer2' ? 'accept' : 'cancel', who === 'dealer2' ? {} : { new_cancelreason: 'x' })).statusCode,
      ).toBe(404);
    }
    expect((await api('dealer2', 'POST', `/api/crmdata/Update/${SET}(${id})`, { new_remark: 'x' })).statusCode).toBe(404);
    // The store neither accepts nor ships its own order (not its privilege).
    expect((await cmd('store1', id, 'accept')).statusCode).toBe(403);
    // dealer2's list has none of store1's orders; dealer1's has it.
    const listed = async (who: string) =>
      ok<{ value: { new_purchaseorderid: string }[] }>(
        await api(who, 'GET', `/api/crmdata/Retrieve/${SET}?$select=new_purchaseorderid&$top=500`),
      ).value.map((r) => r.new_purchaseorderid);
    expect(await listed('dealer1')).toContain(id);
    expect(await listed('dealer2')).not.toContain(id);
    expect(await listed('store2')).not.toContain(id);
  });

  it('accept reserves in the dealer’s warehouse (refused when short, naming product and available); ship moves it into the store’s transit; receive ≤ shipped into the store', async () => {
    // Short: more than the dealer has available → refused with the product and the available quantity; nothing reserved.
    const big = await draft([['EC-HMI-07', 500]]);
    ok(await cmd('store1', big, 'submit'));
    const hmi = await stock('WH-DL-GZ001', 'EC-HMI-07');
    const short = await cmd('dealer1', big, 'accept');
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().Message).toContain(part['EC-HMI-07'].name);
    expect(short.json().Message).toContain(`可用 ${hmi.q - hmi.f}`);
    expect(await stock('WH-DL-GZ001', 'EC-HMI-07')).toEqual(hmi);
    expect((await order(big)).state).toBe(S.submitted);

    const id = await draft([
      ['HC-LF-200', 5],
      ['HC-SK-80', 4],
    ]);
    ok(await cmd('store1', id, 'submit'));
    const dealer0 = { a: await stock('WH-DL-GZ001', 'HC-LF-200'), b: await stock('WH-DL-GZ001', 'HC-SK-80') };
    const store0 = { a: await stock('WH-SP-SZ001', 'HC-LF-200'), b: await stock('WH-SP-SZ001', 'HC-SK-80') };
    // Shipping before acceptance is refused.
    refused(await cmd('dealer1', id, 'ship', SHIP), 400, '不能发货');
    expect(ok(await cmd('dealer1', id, 'accept'))).toMatchObject({ state: S.accepted, message: '已接受，采购数量已在仓库中预留' });
    expect(await stock('WH-DL-GZ001', 'HC-LF-200')).toEqual({ ...dealer0.a, f: dealer0.a.f + 5 });
    expect(await stock('WH-DL-GZ001', 'HC-SK-80')).toEqual({ ...dealer0.b, f: dealer0.b.f + 4 });
    // Accepted: the store may no longer cancel.
    refused(await cmd('store1', id, 'cancel', { new_cancelreason: '不要了' }), 400, '经销商接受后不能取消');
    // Receiving before shipment is refused.
    refused(await cmd('store1', id, 'receive'), 400, '不能收货');

    // Ship: the logistics are required; then out of the dealer's warehouse, the reservation released, into the store's transit.
    refused(await cmd('dealer1', id, 'ship', { new_shipdate: '2026-11-28' }), 400, '物流公司不能为空');
    expect(ok(await cmd('dealer1', id, 'ship', SHIP)).state).toBe(S.shipped);
    expect(await stock('WH-DL-GZ001', 'HC-LF-200')).toEqual({ ...dealer0.a, q: dealer0.a.q - 5 });
    expect(await stock('WH-DL-GZ001', 'HC-SK-80')).toEqual({ ...dealer0.b, q: dealer0.b.q - 4 });
    expect(await stock('WH-SP-SZ001', 'HC-LF-200')).toEqual({ ...store0.a, t: store0.a.t + 5 });
    expect((await order(id)).shipped).toBe(9);

    // Receive: only the store (not its dealer), ≤ shipped per line, whole numbers; nothing moves on a refusal.
    const [a, b] = await lines(id);
    refused(await cmd('dealer1', id, 'receive'), 403, '只有下单门店可以办理');
    refused(
      await cmd('store1', id, 'receive', { lines: [{ lineId: a.id, qty: 6 }] }),
      400,
      `“${part['HC-LF-200'].name}”的实收数量 6 超过已发数量 5`,
    );
    for (const q of [-1, 2.5, '3.5'])
      expect((await cmd('store1', id, 'receive', { lines: [{ lineId: a.id, qty: q }] })).statusCode).toBe(400);
    expect(await stock('WH-SP-SZ001', 'HC-LF-200')).toEqual({ ...store0.a, t: store0.a.t + 5 });
    const r = ok(
      await cmd('store1', id, 'receive', {
        lines: [
          { lineId: a.id, qty: 5 },
          { lineId: b.id, qty: 3 },
        ],
      }),
    );
    expect(r).toMatchObject({ state: S.received, message: '已收货入库，短少 1 件' });
    expect(await stock('WH-SP-SZ001', 'HC-LF-200')).toEqual({ ...store0.a, q: store0.a.q + 5 });
    expect(await stock('WH-SP-SZ001', 'HC-SK-80')).toEqual({ ...store0.b, q: store0.b.q + 3 });
    expect(await order(id)).toMatchObject({ state: S.received, shipped: 9, received: 8 });
    // Done: nothing runs again.
    expect((await cmd('store1', id, 'receive')).statusCode).toBe(400);
    const { rows: m } = await p.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_srv_stocktransaction WHERE new_docid = $1 AND new_doctype = $2',
      [id, stockDocumentType.purchaseOrder],
    );
    // reserve 2 + out 2 + transit 2 + in 2.
    expect(m[0].n).toBe(8);
  });

  it('reject needs a reason; cancel by the store before acceptance (draft or submitted), with a reason', async () => {
    const id = await draft([['HC-CV-06', 3]]);
    ok(await cmd('store1', id, 'submit'));
    refused(await cmd('dealer1', id, 'reject', {}), 400, '拒绝原因不能为空');
    refused(await cmd('dealer1', id, 'reject', { new_rejectreason: '' }, 'en-US'), 400, 'Reason for rejection is required');
    expect((await order(id)).state).toBe(S.submitted);
    // Another dealer cannot reject it.
    expect((await cmd('dealer2', id, 'reject', { new_rejectreason: '不供' })).statusCode).toBe(404);
    expect(ok(await cmd('dealer1', id, 'reject', { new_rejectreason: '本月暂无货源' }))).toMatchObject({
      state: S.rejected,
      message: '采购单已拒绝',
    });
    refused(await cmd('dealer1', id, 'accept'), 400, '不能接受');

    const d = await draft([['HC-CV-06', 3]]);
    refused(await cmd('store1', d, 'cancel', {}), 400, '取消原因不能为空');
    refused(await cmd('dealer1', d, 'cancel', { new_cancelreason: '代取消' }), 403, '只有下单门店可以办理');
    expect(ok(await cmd('store1', d, 'cancel', { new_cancelreason: '重复下单' }))).toMatchObject({ state: S.cancelled });
    const s = await draft([['HC-CV-06', 3]]);
    ok(await cmd('store1', s, 'submit'));
    expect(ok(await cmd('store1', s, 'cancel', { new_cancelreason: '项目取消' })).state).toBe(S.cancelled);
    refused(await cmd('dealer1', s, 'accept'), 400, '不能接受');
  });
});
