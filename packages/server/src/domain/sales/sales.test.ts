import { approvalStatus, salesOrderStatus, shipmentState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';

/*
 * The sales side, part 1 (issue 27): an order from the cart through approval, shipment, short
 * sign-for and reissue, with the refusals and scopes on the way, as its users call it.
 */

let p: Portal;
const STORE = { host: 'store.test:8080' };
const tok: Record<string, string> = {};
const part: Record<string, string> = {};
const wh: Record<string, string> = {};

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  p.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...(who.startsWith('store') ? STORE : {}) },
  });
const cmd = (who: string, set: string, id: string, name: string, body: object = {}) =>
  api(who, 'POST', `/api/documents/${set}/${id}/${name}`, body);
const row = async <T extends Record<string, unknown>>(sqlText: string, args: unknown[]) => (await p.db.one<T>(sqlText, args))!;
const stock = async (warehouse: string, no: string) =>
  row<{ q: number; f: number; t: number }>(
    `SELECT COALESCE(sum(new_quantity), 0)::int AS q, COALESCE(sum(new_frozen), 0)::int AS f, COALESCE(sum(new_intransit), 0)::int AS t
       FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
    [wh[warehouse], part[no]],
  );
const order = (id: string) =>
  row<{ status: number; approval: number; shipped: number; signed: number; total: string }>(
    `SELECT new_status AS status, new_approvalstatus AS approval, new_shippedqty AS shipped, new_signedqty AS signed, totalamount::text AS total
       FROM salesorder WHERE salesorderid = $1`,
    [id],
  );
const shipmentLines = async (id: string) =>
  (
    await p.db.query<{ id: string; qty: number; shipped: number; signed: number }>(
      `SELECT new_shipmentdetailid AS id, new_qty AS qty, new_shippedqty AS shipped, new_signedqty AS signed
         FROM new_shipmentdetail WHERE new_shipment_id = $1 ORDER BY createdon, new_shipmentdetailid`,
      [id],
    )
  ).rows;

/** store1 puts parts in its cart and settles: answers the orders made. */
async function checkout(who: string, lines: [string, number][]) {
  for (const [no, qty] of lines) done(await api(who, 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part[no], Quantity: qty }));
  const cart = done<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(await api(who, 'GET', '/api/ShoppingCart/GetProductList'));
  const ids = cart
    .flatMap((g) => g.ProductList)
    .filter((i) => lines.some(([no]) => no === i.ProductNumber))
    .map((i) => i.Id);
  return done<{ Id: string; Name: string; Submitted: boolean; SubmitTime: string }[]>(
    await api(who, 'POST', '/api/ShoppingCart/Settle', {
      ItemIds: ids,
      Contact: '周婷',
      Phone: '18800188005',
      Province: '广东省',
      City: '深圳市',
      County: '南山区',
      Address: '科技园南区深南大道 9688 号',
    }),
  );
}

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  // Stores sign in on the store portal (its host is configured for test portals).
  for (const u of ['store1', 'store2', 'dealer1', 'dealer2', 'hqsales', 'station1'])
    tok[u] = (await signIn(p.app, u, u.startsWith('store') ? STORE : {})).access_token;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
});
afterAll(() => p?.close());

describe('sales orders, shipments and sign-for', () => {
  it('the demo holds orders and shipments in every state', async () => {
    const states = (await p.db.query<{ s: number }>('SELECT DISTINCT new_status AS s FROM salesorder ORDER BY 1')).rows.map((r) => r.s);
    expect(states).toEqual(
      Object.values(salesOrderStatus)
        .filter((v): v is number => typeof v === 'number')
        .sort((a, b) => a - b),
    );
    const ship = (await p.db.query<{ s: number }>('SELECT DISTINCT new_state AS s FROM new_shipment ORDER BY 1')).rows.map((r) => r.s);
    expect(ship).toEqual([1, 2, 3, 4, 5, 6]);
    const reissues = (await p.db.query<{ s: number }>('SELECT DISTINCT new_approvalstatus AS s FROM new_reissue ORDER BY 1')).rows.map(
      (r) => r.s,
    );
    expect(reissues).toEqual([approvalStatus.draft, approvalStatus.underReview, approvalStatus.approved]);
  });

  it('checkout → submitted with prices locked → approved by head office → shipped → signed 8 of 10 → reissue → replacement shipment', async () => {
    const [o] = await checkout('store1', [['HC-LF-200', 10]]);
    expect(o.Submitted).toBe(true);
    expect(await order(o.Id)).toMatchObject({ status: salesOrderStatus.submitted, approval: approvalStatus.underReview });
    // Only a draft may be changed: the submitted order's remark is refused through the record API.
    expect((await api('store1', 'POST', `/api/crmdata/Update/salesorders(${o.Id})`, { new_remark: '改一下' })).statusCode).toBe(400);
    // Not yet audited: no shipment.
    refused(await cmd('hqsales', 'salesorders', o.Id, 'createShipment'), '只有已审核或部分发货的订单才能发货');
    done(
      await api('hqsales', 'POST', '/api/CrmFlow/approve', {
        EntityId: o.Id,
        EntityTypeName: 'salesorder',
        Action: 'approve',
        Memo: '同意',
      }),
    );
    expect((await order(o.Id)).status).toBe(salesOrderStatus.audited);
    // The buyer cannot ship its own order.
    expect((await cmd('store1', 'salesorders', o.Id, 'createShipment')).statusCode).toBe(403);

    const made = done<{ opens: { entity: string; id: string }; message: string }>(
      await cmd('hqsales', 'salesorders', o.Id, 'createShipment'),
    );
    expect(made.opens.entity).toBe('new_shipment');
    const sid = made.opens.id;
    // Everything is on that shipment: a second one has nothing left to take.
    refused(await cmd('hqsales', 'salesorders', o.Id, 'createShipment'), '订单已无待发数量');
    // An order with a shipment is not cancelled.
    expect((await cmd('store1', 'salesorders', o.Id, 'cancel', { new_cancelreason: '不要了' })).json().Message).toMatch(/已有发货单/);

    const before = await stock('WH-HQ', 'HC-LF-200');
    const store0 = await stock('WH-SP-SZ001', 'HC-LF-200');
    done(await cmd('hqsales', 'new_shipments', sid, 'audit'));
    expect((await stock('WH-HQ', 'HC-LF-200')).f).toBe(before.f + 10);
    // Signing before shipping is refused.
    refused(await cmd('store1', 'new_shipments', sid, 'sign'), '只有已发货的发货单才能签收');
    const [line] = await shipmentLines(sid);
    // Shipping more than planned is refused at the line; nothing moves.
    const over = await cmd('hqsales', 'new_shipments', sid, 'ship', {
      new_logisticscorp: '顺丰速运',
      new_trackingno: 'SF1000',
      new_shipdate: '2026-11-29',
      lines: [{ lineId: line.id, qty: 11 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().Message).toMatch(/的实发数量 11 超过计划数量 10$/);
    expect((await stock('WH-HQ', 'HC-LF-200')).q).toBe(before.q);
    const shipped = done<{ state: number }>(
      await cmd('hqsales', 'new_shipments', sid, 'ship', {
        new_logisticscorp: '顺丰速运',
        new_trackingno: 'SF1000',
        new_shipdate: '2026-11-29',
      }),
    );
    expect(shipped.state).toBe(shipmentState.allShipped);
    expect(await stock('WH-HQ', 'HC-LF-200')).toMatchObject({ q: before.q - 10, f: before.f });
    expect((await stock('WH-SP-SZ001', 'HC-LF-200')).t).toBe(store0.t + 10);
    expect(await order(o.Id)).toMatchObject({ status: salesOrderStatus.allShipped, shipped: 10, signed: 0 });

    // Another dealer's store cannot sign for it (not theirs: 404), nor a fractional quantity.
    expect((await cmd('store2', 'new_shipments', sid, 'sign')).statusCode).toBe(404);
    expect((await cmd('store1', 'new_shipments', sid, 'sign', { lines: [{ lineId: line.id, qty: 7.5 }] })).statusCode).toBe(400);
    expect((await cmd('store1', 'new_shipments', sid, 'sign', { lines: [{ lineId: line.id, qty: 11 }] })).json().Message).toMatch(
      /超过实发数量 10/,
    );
    const signed = done<{ state: number; message: string }>(
      await cmd('store1', 'new_shipments', sid, 'sign', { lines: [{ lineId: line.id, qty: 8 }] }),
    );
    expect(signed.state).toBe(shipmentState.partSigned);
    expect(signed.message).toBe('已签收，短少 2 件，可申请补发');
    expect(await stock('WH-SP-SZ001', 'HC-LF-200')).toMatchObject({ q: store0.q + 8, t: store0.t });
    expect(await order(o.Id)).toMatchObject({ status: salesOrderStatus.partSigned, shipped: 10, signed: 8 });

    // The reissue of the shortfall, through approval, makes the replacement shipment.
    const r = done<{ opens: { id: string } }>(await cmd('store1', 'new_shipments', sid, 'reissue')).opens.id;
    refused(await cmd('store1', 'new_shipments', sid, 'reissue'), '发货单没有可补发的短少数量');
    const flow = await row<{ id: string; step: string }>(
      `SELECT f.new_flowid AS id, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'new_reissue'`,
      [],
    );
    const hqId = (await row<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqsales'`, [])).id;
    const submitBody = {
      EntityId: r,
      EntityTypeName: 'new_reissue',
      FlowId: flow.id,
      ApproveList: [{ StepId: flow.step, ApproveUserId: hqId }],
    };
    // Without a description it is not submitted.
    refused(await api('store1', 'POST', '/api/CrmFlow/submit', submitBody), 'WorkflowException: 请填写情况说明后再提交');
    done(
      await api('store1', 'POST', `/api/crmdata/Update/new_reissues(${r})`, { new_reason: 3, new_description: '外箱破损，两件滤芯变形' }),
    );
    done(await api('store1', 'POST', '/api/CrmFlow/submit', submitBody));
    done(
      await api('hqsales', 'POST', '/api/CrmFlow/approve', { EntityId: r, EntityTypeName: 'new_reissue', Action: 'approve', Memo: '同意' }),
    );
    const rep = await row<{ id: string; qty: number; state: number }>(
      `SELECT s.new_shipmentid AS id, s.new_totalqty AS qty, s.new_state AS state FROM new_reissue r JOIN new_shipment s ON s.new_shipmentid = r.new_replacement_id WHERE r.new_reissueid = $1`,
      [r],
    );
    expect(rep).toMatchObject({ qty: 2, state: shipmentState.submitted });
    done(await cmd('hqsales', 'new_shipments', rep.id, 'audit'));
    done(
      await cmd('hqsales', 'new_shipments', rep.id, 'ship', {
        new_logisticscorp: '德邦物流',
        new_trackingno: 'DP2000',
        new_shipdate: '2026-11-30',
      }),
    );
    done(await cmd('store1', 'new_shipments', rep.id, 'sign'));
    // Store stock = Σ signed; the order is signed for in full (the replacement does not count as shipped again).
    expect((await stock('WH-SP-SZ001', 'HC-LF-200')).q).toBe(store0.q + 10);
    expect(await order(o.Id)).toMatchObject({ status: salesOrderStatus.signed, shipped: 10, signed: 10 });
  });

  it('cancel: a draft or audited order without shipments, by its buyer; reasons required; other dealers see nothing', async () => {
    const [o] = await checkout('store1', [['HC-SK-80', 3]]);
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/salesorders(${o.Id})`)).statusCode).toBe(404);
    // dealer1 (store1's dealer) sees its store's order.
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/salesorders(${o.Id})`)).statusCode).toBe(200);
    // Under review: revoke first.
    expect((await cmd('store1', 'salesorders', o.Id, 'cancel', { new_cancelreason: '重复下单' })).json().Message).toMatch(/不能取消/);
    done(await api('store1', 'POST', '/api/CrmFlow/revoke', { EntityId: o.Id, EntityTypeName: 'salesorder' }));
    expect((await order(o.Id)).status).toBe(salesOrderStatus.draft);
    expect((await cmd('store1', 'salesorders', o.Id, 'cancel', {})).statusCode).toBe(400);
    done(await cmd('store1', 'salesorders', o.Id, 'cancel', { new_cancelreason: '重复下单' }), '订单已取消');
    expect((await order(o.Id)).status).toBe(salesOrderStatus.cancelled);
  });

  it('a short shipment leaves 部分发货 and its rest on the order for the next shipment', async () => {
    const [o] = await checkout('store1', [['EC-CT-25', 6]]);
    done(
      await api('hqsales', 'POST', '/api/CrmFlow/approve', {
        EntityId: o.Id,
        EntityTypeName: 'salesorder',
        Action: 'approve',
        Memo: '同意',
      }),
    );
    const sid = done<{ opens: { id: string } }>(await cmd('hqsales', 'salesorders', o.Id, 'createShipment')).opens.id;
    done(await cmd('hqsales', 'new_shipments', sid, 'audit'));
    const [l] = await shipmentLines(sid);
    const s = done<{ state: number }>(
      await cmd('hqsales', 'new_shipments', sid, 'ship', {
        new_logisticscorp: '中通快运',
        new_trackingno: 'ZT3000',
        new_shipdate: '2026-11-29',
        lines: [{ lineId: l.id, qty: 4 }],
      }),
    );
    expect(s.state).toBe(shipmentState.partShipped);
    expect(await order(o.Id)).toMatchObject({ status: salesOrderStatus.partShipped, shipped: 4 });
    const next = done<{ opens: { id: string } }>(await cmd('hqsales', 'salesorders', o.Id, 'createShipment')).opens.id;
    expect((await shipmentLines(next))[0].qty).toBe(2);
  });

  it('prices: the buyer’s nearest price-list line in its period (store, else its dealer), else the list price; locked at submit; overlaps refused', async () => {
    const list = async (no: string) =>
      Number((await row<{ p: string }>('SELECT price::text AS p FROM product WHERE productnumber = $1', [no])).p);
    const [o] = await checkout('store1', [
      ['HC-SK-80', 2],
      ['HC-LF-200', 1],
      ['DR-BR-6205', 1],
    ]);
    const lines = (
      await p.db.query<{ no: string; price: string }>(
        `SELECT p.productnumber AS no, d.priceperunit::text AS price FROM salesorderdetail d JOIN product p ON p.productid = d.productid
          JOIN salesorder o ON o.salesorderid = d.salesorderid WHERE o.new_settleno = (SELECT new_settleno FROM salesorder WHERE salesorderid = $1)`,
        [o.Id],
      )
    ).rows;
    const price = (no: string) => Number(lines.find((l) => l.no === no)!.price);
    // The store's own promotion; its dealer's agreed price; DR-BR-6205's dealer line starts later: list price.
    expect(price('HC-SK-80')).toBe(Math.round((await list('HC-SK-80')) * 0.8 * 100) / 100);
    expect(price('HC-LF-200')).toBe(Math.round((await list('HC-LF-200')) * 0.88 * 100) / 100);
    expect(price('DR-BR-6205')).toBe(await list('DR-BR-6205'));

    const dl1 = (await row<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`, [])).id;
    const item = {
      new_buyer_id: dl1,
      new_product_id: part['HC-LF-200'],
      new_price: 150,
      new_validfrom: '2026-12-01',
      new_validto: '2026-12-31',
    };
    const clash = await api('hqsales', 'POST', '/api/crmdata/create/new_pricelistitems', item);
    expect(clash.statusCode, clash.body).toBe(400);
    expect(JSON.stringify(clash.json())).toMatch(/期间不能重叠/);
    // A dealer reads its prices but does not set them; another dealer sees none of them.
    expect(
      (await api('dealer1', 'POST', '/api/crmdata/create/new_pricelistitems', { ...item, new_product_id: part['EC-RL-24'] })).statusCode,
    ).toBe(403);
    const seen = async (who: string) =>
      (
        await api(
          who,
          'GET',
          `/api/crmdata/Retrieve/new_pricelistitems?$select=new_price&$filter=${encodeURIComponent(`new_buyer_id eq ${dl1}`)}`,
        )
      ).json().Data.value.length;
    expect(await seen('dealer1')).toBeGreaterThan(0);
    expect(await seen('dealer2')).toBe(0);
    done(await api('hqsales', 'POST', '/api/crmdata/create/new_pricelistitems', { ...item, new_product_id: part['EC-RL-24'] }));
  });
});
