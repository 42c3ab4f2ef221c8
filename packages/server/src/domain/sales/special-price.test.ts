import { approvalStatus, salesOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';

/*
 * Special prices (特价申请, issue 28) as their users call them: a dealer asks, head office approves
 * through the approval engine, the approval writes the dealer's price-list line for the period, and
 * the dealer's order in the period locks that price (outside it, its usual price). Refusals at save
 * and submit (overlaps, periods, amounts, who asks) change nothing; another dealer reaches nothing.
 */

let p: Portal;
const STORE = { host: 'store.test:8080' };
const tok: Record<string, string> = {};
const part: Record<string, { id: string; price: string }> = {};
let flow: { id: string; step: string; approver: string };

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': lang, ...(who.startsWith('store') ? STORE : {}) },
  });
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const day = (offset: number) => chinaDate(new Date(), offset);
const ask = (who: string, row: Record<string, unknown>, lang = 'zh-CN') => api(who, 'POST', '/api/crmdata/create/new_proprices', row, lang);
const request = (no: string, from: number, to: number, price = '100.00', qty = 10) => ({
  new_product_id: part[no].id,
  new_qty: qty,
  new_price: price,
  new_validfrom: day(from),
  new_validto: day(to),
  new_reason: '项目投标，需要有竞争力的价格',
});
const createdId = (res: Awaited<ReturnType<typeof api>>) => {
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().Data;
  return (typeof d === 'string' ? d : (d.id ?? d.Id)) as string;
};
/** A record-service refusal at a field: `Data.errors` names it with its message. */
const atField = (res: Awaited<ReturnType<typeof api>>, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Data.errors[0]).toEqual({ field, message });
};
const submit = (who: string, id: string) =>
  api(who, 'POST', '/api/CrmFlow/submit', {
    EntityId: id,
    EntityTypeName: 'new_proprice',
    FlowId: flow.id,
    ApproveList: [{ StepId: flow.step, ApproveUserId: flow.approver }],
  });
const approve = (id: string) =>
  api('hqsales', 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: 'new_proprice', Action: 'approve', Memo: '同意' });
const requestRow = (id: string) =>
  one<{ status: number; line: string | null; amount: string; current: string; list: string; dealer: string }>(
    `SELECT new_approvalstatus AS status, new_pricelistitem_id AS line, new_amount::text AS amount, new_currentprice::text AS current,
            new_listprice::text AS list, new_dealer_id AS dealer FROM new_proprice WHERE new_propriceid = $1`,
    [id],
  );
const lines = async (no: string, unit: string) =>
  (
    await p.db.query<{ price: string; from: string; to: string; memo: string }>(
      `SELECT new_price::text AS price, new_validfrom::text AS from, new_validto::text AS to, new_memo AS memo FROM new_pricelistitem
        WHERE new_product_id = $1 AND new_buyer_id = $2 ORDER BY new_validfrom`,
      [part[no].id, unit],
    )
  ).rows;

/** dealer1 orders `qty` of a part from its cart: answers the (submitted) order's id. */
async function order(no: string, qty: number): Promise<string> {
  done(await api('dealer1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part[no].id, Quantity: qty }));
  const cart = done<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(
    await api('dealer1', 'GET', '/api/ShoppingCart/GetProductList'),
  );
  const [o] = done<{ Id: string; Submitted: boolean }[]>(
    await api('dealer1', 'POST', '/api/ShoppingCart/Settle', {
      ItemIds: cart
        .flatMap((g) => g.ProductList)
        .filter((i) => i.ProductNumber === no)
        .map((i) => i.Id),
      Contact: '林国栋',
      Phone: '13600136021',
      Province: '广东省',
      City: '广州市',
      County: '白云区',
      Address: '太和镇大源北路 88 号',
    }),
  );
  expect(o.Submitted).toBe(true);
  return o.Id;
}
const lineOf = (orderId: string) =>
  one<{ price: string; amount: string; status: number }>(
    `SELECT d.priceperunit::text AS price, d.extendedamount::text AS amount, o.new_status AS status
       FROM salesorderdetail d JOIN salesorder o ON o.salesorderid = d.salesorderid WHERE d.salesorderid = $1`,
    [orderId],
  );

let dealer1 = '';

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of ['dealer1', 'dealer2', 'hqsales', 'store1'])
    tok[u] = (await signIn(p.app, u, u.startsWith('store') ? STORE : {})).access_token;
  for (const r of (
    await p.db.query<{ id: string; no: string; price: string }>(
      'SELECT productid AS id, productnumber AS no, price::text AS price FROM product',
    )
  ).rows)
    part[r.no] = { id: r.id, price: r.price };
  flow = await one(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step, (SELECT systemuserid FROM systemuser WHERE domainname = 'hqsales') AS approver
       FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'new_proprice'`,
  );
  dealer1 = (await one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`)).id;
});
afterAll(() => p?.close());

describe('special prices', () => {
  it('the demo has requests approved (with their price-list line), under review, rejected and draft', async () => {
    const { rows } = await p.db.query<{ s: number; line: boolean }>(
      'SELECT new_approvalstatus AS s, new_pricelistitem_id IS NOT NULL AS line FROM new_proprice ORDER BY 1',
    );
    expect(rows.map((r) => r.s)).toEqual([
      approvalStatus.draft,
      approvalStatus.underReview,
      approvalStatus.approved,
      approvalStatus.rejected,
    ]);
    expect(rows.filter((r) => r.line).length).toBe(1);
  });

  it('dealer1 asks, hqsales approves: the price-list line is written; its order in the period locks the special price, outside it the list price', async () => {
    // 齿轮泵 has no price of dealer1's: its orders pay the list price.
    const id = createdId(await ask('dealer1', request('HC-GP-16', 0, 30, '1100.00', 10)));
    expect(await requestRow(id)).toMatchObject({
      status: approvalStatus.draft,
      dealer: dealer1,
      list: part['HC-GP-16'].price,
      current: part['HC-GP-16'].price,
      amount: '11000.00',
    });
    // A request for a period that starts tomorrow (电磁换向阀 is dealer1's at its agreed price: a cylinder instead).
    const later = createdId(await ask('dealer1', request('HC-RV-10', 1, 20, '350.00', 5)));
    expect(await lines('HC-GP-16', dealer1)).toEqual([]);
    done(await submit('dealer1', id));
    done(await submit('dealer1', later));
    expect((await requestRow(id)).status).toBe(approvalStatus.underReview);
    // Under review the dealer changes nothing.
    expect((await api('dealer1', 'POST', `/api/crmdata/Update/new_proprices(${id})`, { new_price: '1000.00' })).statusCode).toBe(400);
    done(await approve(id));
    done(await approve(later));
    const row = await requestRow(id);
    expect(row.status).toBe(approvalStatus.approved);
    expect(row.line).toBeTruthy();
    expect(await lines('HC-GP-16', dealer1)).toEqual([
      { price: '1100.00', from: day(0), to: day(30), memo: expect.stringMatching(/^特价申请 TP\d{8}-\d{4}$/) },
    ]);

    const inPeriod = await order('HC-GP-16', 3);
    expect(await lineOf(inPeriod)).toEqual({ price: '1100.00', amount: '3300.00', status: salesOrderStatus.submitted });
    const notYet = await order('HC-RV-10', 2);
    expect(await lineOf(notYet)).toEqual({
      price: part['HC-RV-10'].price,
      amount: (Number(part['HC-RV-10'].price) * 2).toFixed(2),
      status: salesOrderStatus.submitted,
    });
  });

  it('refused at save with the reason, nothing written: overlap with a price, period out of order or ended, zero or negative amounts, a store', async () => {
    const before = Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM new_proprice')).n);
    // dealer1's agreed price of 液压油滤芯 runs without end since three months ago.
    const agreed = (await lines('HC-LF-200', dealer1))[0];
    atField(
      await ask('dealer1', request('HC-LF-200', 5, 20)),
      'new_validfrom',
      `“广州粤华机电设备有限公司”的“液压油滤芯”自 ${agreed.from} 起已有长期价格，期间不能重叠`,
    );
    atField(
      await ask('dealer1', request('HC-LF-200', 5, 20), 'en-US'),
      'new_validfrom',
      `“广州粤华机电设备有限公司” already has an open-ended price for “液压油滤芯” from ${agreed.from}; periods may not overlap`,
    );
    atField(await ask('dealer1', request('PW-CP-35', 20, 10)), 'new_validto', '失效日期不能早于生效日期');
    atField(await ask('dealer1', request('PW-CP-35', -30, -1)), 'new_validto', `失效日期 ${day(-1)} 已过：特价期间须延续到今天或以后`);
    expect((await ask('dealer1', request('PW-CP-35', 0, 10, '0'))).json().Data.errors[0].field).toBe('new_price');
    expect((await ask('dealer1', request('PW-CP-35', 0, 10, '-5.00'))).json().Data.errors[0].field).toBe('new_price');
    expect((await ask('dealer1', request('PW-CP-35', 0, 10, '100.00', 0))).json().Data.errors[0].field).toBe('new_qty');
    // A product no longer sold.
    atField(await ask('dealer1', request('HC-AC-04', 0, 10)), 'new_product_id', '产品“皮囊式蓄能器”已停售，不能提交');
    // A store asks no special price of head office.
    refused(await ask('store1', request('PW-CP-35', 0, 10)), '特价只能由经销商申请', 400);
    expect(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM new_proprice')).n)).toBe(before);
  });

  it('a request overlapping one under review is refused at submit; one overtaken by a price written meanwhile is refused at approval', async () => {
    const first = createdId(await ask('dealer1', request('PW-CP-35', 0, 20, '1500.00')));
    const second = createdId(await ask('dealer1', request('PW-CP-35', 10, 40, '1450.00')));
    done(await submit('dealer1', first));
    const clash = await submit('dealer1', second);
    expect(clash.statusCode, clash.body).toBe(400);
    expect(clash.json().Message).toMatch(/^WorkflowException: “涡旋压缩机”已有特价申请 TP\d{8}-\d{4}（.+ 至 .+）在审批中，期间不能重叠$/);
    expect((await requestRow(second)).status).toBe(approvalStatus.draft);
    // Head office writes a price for the pair meanwhile: the approval would overlap it and is refused, nothing written.
    done(
      await api('hqsales', 'POST', '/api/crmdata/create/new_pricelistitems', {
        new_buyer_id: dealer1,
        new_product_id: part['PW-CP-35'].id,
        new_price: '1600.00',
        new_validfrom: day(15),
        new_validto: day(25),
      }),
    );
    const res = await approve(first);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Message).toMatch(/已有价格，期间不能重叠$/);
    expect(await requestRow(first)).toMatchObject({ status: approvalStatus.underReview, line: null });
    expect((await lines('PW-CP-35', dealer1)).length).toBe(1);
  });

  it("another dealer reaches none of dealer1's requests: not listed, not read, not changed, not submitted", async () => {
    const id = createdId(await ask('dealer1', request('HC-CY-80', 50, 60, '2000.00')));
    const { value } = done<{ value: { new_propriceid: string }[] }>(
      await api('dealer2', 'GET', '/api/crmdata/Retrieve/new_proprices?$select=new_propriceid,new_dealer_id'),
    );
    expect(value.some((r) => r.new_propriceid === id)).toBe(false);
    expect(value.length).toBeGreaterThan(0);
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_proprices(${id})`)).statusCode).toBe(404);
    expect((await api('dealer2', 'POST', `/api/crmdata/Update/new_proprices(${id})`, { new_price: '1.00' })).statusCode).toBe(404);
    expect((await submit('dealer2', id)).statusCode).toBe(404);
    // The dealer field is the server's: a dealer cannot ask in another's name.
    expect((await ask('dealer2', { ...request('HC-CY-80', 50, 60), new_dealer_id: dealer1 })).statusCode).toBe(400);
    expect((await requestRow(id)).status).toBe(approvalStatus.draft);
  });
});
