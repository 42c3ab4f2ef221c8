import { approvalStatus, salesOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';
import { placeOrder } from '../../demo/sales-orders.ts';
import { buyerPriceSql } from '../sales/price-list.ts';
import type { Credit } from './credit.ts';

/*
 * A dealer's credit (issue 28) as its users meet it: head-office finance sets the standing limit
 * (every change logged), a dealer applies for temporary credit that head office approves, an order
 * beyond what is available is refused at submit with the shortfall — settling the cart included,
 * where nothing is placed — and a temporary credit that ends never touches orders already submitted.
 */

let p: Portal;
const STORE = { host: 'store.test:8080' };
const tok: Record<string, string> = {};
const part: Record<string, { id: string; price: string }> = {};
const unit: Record<string, string> = {};

const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': lang, ...(who.startsWith('store') ? STORE : {}) },
  });
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const creditOf = async (who: string, of?: string) =>
  done<Credit & { holderId: string }>(await api(who, 'GET', `/api/credit${of ? `?unit=${of}` : ''}`));
const money = (c: bigint) => `¥${formatCents(c).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const day = (offset: number) => chinaDate(new Date(), offset);

/** hqfinance sets dealer1's limit so that exactly `available` is left (through the record API, as on /dealeraccount/edit). */
async function leaveAvailable(available: bigint) {
  const c = await creditOf('hqfinance', unit.dealer1);
  const limit = toCents(c.limit) + available - toCents(c.available);
  const acct = await one<{ id: string }>('SELECT new_dealeraccountid AS id FROM new_dealeraccount WHERE new_unit_id = $1', [unit.dealer1]);
  done(await api('hqfinance', 'POST', `/api/crmdata/Update/new_dealeraccounts(${acct.id})`, { new_creditlimit: formatCents(limit) }));
  expect(toCents((await creditOf('dealer1')).available)).toBe(available);
}

/** `who` settles the lines of a part in its cart: the raw answer. */
async function settle(who: string, no: string, lang = 'zh-CN') {
  const cart = done<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(await api(who, 'GET', '/api/ShoppingCart/GetProductList'));
  const ids = cart
    .flatMap((g) => g.ProductList)
    .filter((i) => i.ProductNumber === no)
    .map((i) => i.Id);
  return api(
    who,
    'POST',
    '/api/ShoppingCart/Settle',
    {
      ItemIds: ids,
      Contact: '林国栋',
      Phone: '13600136021',
      Province: '广东省',
      City: '广州市',
      County: '白云区',
      Address: '太和镇大源北路 88 号',
    },
    lang,
  );
}

/** `who` puts `qty` of a part in its cart and settles that part: the raw answer. */
async function checkout(who: string, no: string, qty: number) {
  done(await api(who, 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part[no].id, Quantity: qty }));
  return settle(who, no);
}

/** The price `who`'s unit pays for a part in its cart today (what submit locks). */
async function cartPrice(who: string, no: string): Promise<bigint> {
  const cart = done<{ ProductList: { ProductNumber: string; Price: string }[] }[]>(
    await api(who, 'GET', '/api/ShoppingCart/GetProductList'),
  );
  return toCents(cart.flatMap((g) => g.ProductList).find((i) => i.ProductNumber === no)!.Price);
}

const newTemp = (who: string, row: Record<string, unknown>, lang = 'zh-CN') =>
  api(who, 'POST', '/api/crmdata/create/new_tempcredits', row, lang);
const tempRow = (id: string) =>
  one<{ status: number; dealer: string; limit: string | null; available: string | null; ended: string | null }>(
    `SELECT new_approvalstatus AS status, new_dealer_id AS dealer, new_limitatsubmit::text AS limit, new_availableatsubmit::text AS available,
            new_terminatedon::text AS ended FROM new_tempcredit WHERE new_tempcreditid = $1`,
    [id],
  );
async function submitTemp(who: string, id: string) {
  const flow = await one<{ id: string; step: string }>(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'new_tempcredit'`,
  );
  const fin = await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqfinance'`);
  return api(who, 'POST', '/api/CrmFlow/submit', {
    EntityId: id,
    EntityTypeName: 'new_tempcredit',
    FlowId: flow.id,
    ApproveList: [{ StepId: flow.step, ApproveUserId: fin.id }],
  });
}
const act = (who: string, entity: string, id: string, action: 'approve' | 'reject' | 'veto') =>
  api(who, 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: entity, Action: action, Memo: '审批意见' });
const terminate = (who: string, id: string, reason = '客户已回款，提前收回') =>
  api(who, 'POST', `/api/documents/new_tempcredits/${id}/terminate`, { new_terminatereason: reason });

/** dealer1fin applies for `amount` over [from, to] (days from today) and hqfinance approves it: the id. */
async function approvedTemp(amount: string, from = 0, to = 30) {
  const id = done<{ id: string }>(
    await newTemp('dealer1fin', { new_amount: amount, new_validfrom: day(from), new_validto: day(to), new_reason: '旺季备货' }),
  ).id;
  done(await submitTemp('dealer1fin', id));
  done(await act('hqfinance', 'new_tempcredit', id, 'approve'));
  return id;
}

beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
  for (const u of ['dealer1', 'dealer1fin', 'dealer2', 'hqfinance', 'hqsales', 'station1', 'admin'])
    tok[u] = (await signIn(p.app, u)).access_token;
  tok.store1 = (await signIn(p.app, 'store1', STORE)).access_token;
  for (const r of (
    await p.db.query<{ id: string; no: string; price: string }>(
      'SELECT productid AS id, productnumber AS no, price::text AS price FROM product',
    )
  ).rows)
    part[r.no] = { id: r.id, price: r.price };
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT businessunitid AS id, new_code AS code FROM businessunit')).rows)
    unit[{ 'DL-GZ001': 'dealer1', 'DL-SZ001': 'dealer2', 'SP-SZ001': 'store1', HQ: 'hq' }[r.code] ?? r.code] = r.id;
});
afterAll(() => p?.close());

describe('credit limit', () => {
  it('the demo: 广州粤华 at about 95 % of its limit, 苏州恒达 with room; temporary credit in every state', async () => {
    const gz = await creditOf('hqfinance', unit.dealer1);
    const ratio = Number(toCents(gz.used)) / Number(toCents(gz.limit));
    expect(ratio).toBeGreaterThan(0.93);
    expect(ratio).toBeLessThan(0.97);
    const sz = await creditOf('hqfinance', unit.dealer2);
    expect(Number(toCents(sz.available))).toBeGreaterThan(Number(toCents(sz.limit)) / 2);
    // available = limit + temporary − open orders − receivable, for both.
    for (const c of [gz, sz])
      expect(toCents(c.available)).toBe(toCents(c.limit) + toCents(c.temporary) - toCents(c.openOrders) - toCents(c.receivable));
    const { rows } = await p.db.query<{ status: number; expired: boolean; ended: boolean }>(
      'SELECT new_approvalstatus AS status, new_validto < $1::date AS expired, new_terminatedon IS NOT NULL AS ended FROM new_tempcredit',
      [day(0)],
    );
    const has = (f: (r: (typeof rows)[number]) => boolean) => rows.some(f);
    expect(has((r) => r.status === approvalStatus.draft)).toBe(true);
    expect(has((r) => r.status === approvalStatus.underReview)).toBe(true);
    expect(has((r) => r.status === approvalStatus.rejected)).toBe(true);
    expect(has((r) => r.status === approvalStatus.approved && !r.expired && !r.ended)).toBe(true);
    expect(has((r) => r.status === approvalStatus.approved && r.expired)).toBe(true);
    expect(has((r) => r.status === approvalStatus.approved && r.ended)).toBe(true);
    // 苏州恒达's active credit counts; the one ended early does not.
    expect(sz.temporary).toBe('80000.00');
  });

  it('head-office finance sets it and every change is logged (who, when, from, to); a dealer reads its own account, never changes it', async () => {
    const acct = await one<{ id: string; lim: string }>(
      'SELECT new_dealeraccountid AS id, new_creditlimit::text AS lim FROM new_dealeraccount WHERE new_unit_id = $1',
      [unit.dealer2],
    );
    done(await api('hqfinance', 'POST', `/api/crmdata/Update/new_dealeraccounts(${acct.id})`, { new_creditlimit: '650000.00' }));
    const log = await one<{ before: string; after: string; change: string; by: string; unit: string }>(
      `SELECT new_before::text AS before, new_after::text AS after, new_change::text AS change, u.domainname AS by, l.new_unit_id AS unit
         FROM new_creditlimitlog l JOIN systemuser u ON u.systemuserid = l.createdby WHERE l.new_account_id = $1 ORDER BY l.createdon DESC LIMIT 1`,
      [acct.id],
    );
    expect(log).toEqual({
      before: acct.lim,
      after: '650000.00',
      change: formatCents(65000000n - toCents(acct.lim)),
      by: 'hqfinance',
      unit: unit.dealer2,
    });
    // The same value again is no change: nothing logged.
    const n = async () =>
      (await one<{ n: number }>('SELECT count(*)::int AS n FROM new_creditlimitlog WHERE new_account_id = $1', [acct.id])).n;
    const before = await n();
    done(await api('hqfinance', 'POST', `/api/crmdata/Update/new_dealeraccounts(${acct.id})`, { new_creditlimit: '650000' }));
    expect(await n()).toBe(before);
    // Below zero refused, nothing changes.
    expect(
      (await api('hqfinance', 'POST', `/api/crmdata/Update/new_dealeraccounts(${acct.id})`, { new_creditlimit: '-1' })).statusCode,
    ).toBe(400);
    expect(await n()).toBe(before);
    // The dealer reads its limit but cannot change it; another dealer does not see it; the log is the server's.
    expect(
      done<{ new_creditlimit: number | string }>(await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_dealeraccounts(${acct.id})`))
        .new_creditlimit,
    ).toBe(650000);
    expect(
      (await api('dealer2', 'POST', `/api/crmdata/Update/new_dealeraccounts(${acct.id})`, { new_creditlimit: '9999999' })).statusCode,
    ).toBe(403);
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/new_dealeraccounts(${acct.id})`)).statusCode).toBe(404);
    expect((await api('hqfinance', 'POST', '/api/crmdata/create/new_creditlimitlogs', { new_name: 'x' })).statusCode).toBe(403);
    expect(await n()).toBe(before);
  });

  it('the credit answer: a dealer its own, head office any dealer; another dealer’s or a store’s dealer’s is not found', async () => {
    expect((await creditOf('dealer1')).holderId).toBe(unit.dealer1);
    expect((await creditOf('hqfinance', unit.store1)).holderId).toBe(unit.dealer1);
    expect((await api('dealer2', 'GET', `/api/credit?unit=${unit.dealer1}`)).statusCode).toBe(404);
    expect((await api('store1', 'GET', '/api/credit')).statusCode).toBe(404);
  });
});

describe('order submit against credit', () => {
  const shared: { orderId?: string; amount?: bigint; tempId?: string } = {};

  it('an order beyond what is available is refused at settle with the shortfall; nothing is placed, the cart stays; a store of the dealer too', async () => {
    await leaveAvailable(5000_00n);
    const orders = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder')).n;
    const n0 = await orders();
    // 2 × 柱塞变量泵 at dealer1's price: above the ¥5,000.00 left.
    done(await api('dealer1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part['HC-PV-45'].id, Quantity: 2 }));
    const amount = (await cartPrice('dealer1', 'HC-PV-45')) * 2n;
    refused(await settle('dealer1', 'HC-PV-45'), `信用额度不足，还差 ${money(amount - 5000_00n)}`);
    expect((await settle('dealer1', 'HC-PV-45', 'en-US')).json().Message).toBe(`Not enough credit: ${money(amount - 5000_00n)} short`);
    expect(await orders()).toBe(n0);
    const cart = done<{ ProductList: { ProductNumber: string; Quantity: number }[] }[]>(
      await api('dealer1', 'GET', '/api/ShoppingCart/GetProductList'),
    );
    expect(cart.flatMap((g) => g.ProductList).find((i) => i.ProductNumber === 'HC-PV-45')?.Quantity).toBe(2);
    expect(toCents((await creditOf('dealer1')).available)).toBe(5000_00n);
    // A store's order draws on its dealer's credit.
    done(await api('store1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part['HC-PV-45'].id, Quantity: 1 }));
    const storeAmount = await cartPrice('store1', 'HC-PV-45');
    refused(await settle('store1', 'HC-PV-45'), `信用额度不足，还差 ${money(storeAmount - 5000_00n)}`);
    expect(await orders()).toBe(n0);
    shared.amount = amount;
  });

  it('temporary credit: refusals (zero or negative amount, dates out of order, head office, an ended period); approved, it lets the order through', async () => {
    // Bad input: a clear message at the field, nothing saved.
    const count = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM new_tempcredit')).n;
    const n0 = await count();
    const base = { new_amount: '20000', new_validfrom: day(0), new_validto: day(30), new_reason: '年底备货' };
    for (const amount of ['0', '-5000']) {
      const r = await newTemp('dealer1', { ...base, new_amount: amount });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().Data.errors[0].field).toBe('new_amount');
    }
    const backwards = await newTemp('dealer1', { ...base, new_validfrom: day(10), new_validto: day(2) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Data.errors[0]).toEqual({ field: 'new_validto', message: '截止日期不能早于生效日期' });
    const en = await newTemp('dealer1', { ...base, new_validfrom: day(10), new_validto: day(2) }, 'en-US');
    expect(en.json().Data.errors[0].message).toBe('The end date cannot be before the start date');
    // Head office does not apply (no funds.apply); an administrator who may is no dealer.
    expect((await newTemp('hqfinance', base)).statusCode).toBe(403);
    refused(await newTemp('admin', base), '只有经销商可以为本经销商申请临时信用额度');
    expect(await count()).toBe(n0);

    // A draft changed to a backward period is refused too; an ended period cannot be submitted.
    const id = done<{ id: string }>(await newTemp('dealer1', base)).id;
    expect((await tempRow(id)).dealer).toBe(unit.dealer1);
    const upd = await api('dealer1', 'POST', `/api/crmdata/Update/new_tempcredits(${id})`, { new_validto: day(-1) });
    expect(upd.json().Data.errors[0]).toEqual({ field: 'new_validto', message: '截止日期不能早于生效日期' });
    done(await api('dealer1', 'POST', `/api/crmdata/Update/new_tempcredits(${id})`, { new_validfrom: day(-20), new_validto: day(-1) }));
    refused(await submitTemp('dealer1', id), `WorkflowException: 截止日期 ${day(-1)} 已过，不能提交；请修改有效期`);
    done(await api('dealer1', 'POST', `/api/crmdata/Update/new_tempcredits(${id})`, { new_validfrom: day(0), new_validto: day(30) }));

    // Submitted: the dealer's position is kept for the approver; under review it counts nothing and cannot be changed.
    done(await submitTemp('dealer1', id));
    expect(await tempRow(id)).toMatchObject({ status: approvalStatus.underReview, available: '5000.00' });
    expect(toCents((await creditOf('dealer1')).temporary)).toBe(0n);
    expect((await api('dealer1', 'POST', `/api/crmdata/Update/new_tempcredits(${id})`, { new_amount: '90000' })).statusCode).toBe(400);
    // Rejected: back to the dealer; resubmitted and approved by head-office finance: it counts.
    done(await act('hqfinance', 'new_tempcredit', id, 'reject'));
    expect((await tempRow(id)).status).toBe(approvalStatus.rejected);
    expect(toCents((await creditOf('dealer1')).temporary)).toBe(0n);
    done(await submitTemp('dealer1', id));
    // The dealer cannot approve its own application.
    expect((await act('dealer1', 'new_tempcredit', id, 'approve')).statusCode).not.toBe(200);
    done(await act('hqfinance', 'new_tempcredit', id, 'approve'));
    expect((await creditOf('dealer1')).temporary).toBe('20000.00');
    shared.tempId = id;

    // The order now fits: 5,000 + 20,000 available.
    const before = await creditOf('dealer1');
    const [o] = done<{ Id: string; Submitted: boolean }[]>(await settle('dealer1', 'HC-PV-45'));
    expect(o.Submitted).toBe(true);
    const after = await creditOf('dealer1');
    expect(toCents(after.openOrders) - toCents(before.openOrders)).toBe(shared.amount);
    expect(toCents(after.available)).toBe(25000_00n - shared.amount!);
    shared.orderId = o.Id;
  });

  it('an approved temporary credit is ended early by finance only, with a reason; from today it counts no more; the order submitted stays', async () => {
    const id = shared.tempId!;
    expect((await terminate('dealer1', id)).statusCode).toBe(403);
    refused(await terminate('hqfinance', id, ' '), '终止原因不能为空');
    done(await terminate('hqfinance', id), '临时额度已终止，今天起不再计入');
    expect((await tempRow(id)).ended).toBe(day(0));
    refused(await terminate('hqfinance', id), `该临时额度已于 ${day(0)} 到期或终止`);
    const c = await creditOf('dealer1');
    expect(c.temporary).toBe('0.00');
    expect(toCents(c.available)).toBe(5000_00n - shared.amount!);
    // The order keeps going: head office approves it.
    done(await act('hqsales', 'salesorder', shared.orderId!, 'approve'));
    expect((await one<{ s: number }>('SELECT new_status AS s FROM salesorder WHERE salesorderid = $1', [shared.orderId])).s).toBe(
      salesOrderStatus.audited,
    );
    // Only an approved one can be ended; its reason is not the dealer's to write.
    const draft = done<{ id: string }>(
      await newTemp('dealer1', { new_amount: '1000', new_validfrom: day(0), new_validto: day(3), new_reason: '试' }),
    ).id;
    refused(await terminate('hqfinance', draft), '临时额度当前状态为“待提交”，只有已审批的才能终止');
    expect(
      (await api('dealer1', 'POST', `/api/crmdata/Update/new_tempcredits(${draft})`, { new_terminatereason: '不需要了' })).statusCode,
    ).toBe(400);
  });

  it('expiry never touches orders already submitted: past its end date it counts no more, the submitted order stays, the next one is refused', async () => {
    await leaveAvailable(0n);
    const id = await approvedTemp('8000.00', -3, 10);
    expect((await creditOf('dealer1')).temporary).toBe('8000.00');
    done(await api('dealer1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part['HC-LF-200'].id, Quantity: 10 }));
    const amount = (await cartPrice('dealer1', 'HC-LF-200')) * 10n;
    const [o] = done<{ Id: string }[]>(await settle('dealer1', 'HC-LF-200'));
    // Its end date passes (the days go by).
    await p.db.query('UPDATE new_tempcredit SET new_validfrom = $2::date, new_validto = $3::date WHERE new_tempcreditid = $1', [
      id,
      day(-40),
      day(-1),
    ]);
    const c = await creditOf('dealer1');
    expect(c.temporary).toBe('0.00');
    expect(toCents(c.available)).toBe(-amount);
    const order = await one<{ s: number; a: number; total: string }>(
      'SELECT new_status AS s, new_approvalstatus AS a, totalamount::text AS total FROM salesorder WHERE salesorderid = $1',
      [o.Id],
    );
    expect(order).toEqual({ s: salesOrderStatus.submitted, a: approvalStatus.underReview, total: formatCents(amount) });
    done(await act('hqsales', 'salesorder', o.Id, 'approve'));
    // The next order is short by its own amount and what the expiry took back.
    done(await api('dealer1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part['HC-LF-200'].id, Quantity: 1 }));
    const next = await cartPrice('dealer1', 'HC-LF-200');
    refused(await settle('dealer1', 'HC-LF-200'), `信用额度不足，还差 ${money(next + amount)}`);
  });

  it('head office’s own and a station’s orders are not checked against credit; a revoked order gives its credit back', async () => {
    // station1 (a service station buying parts) has no limit: its order goes through.
    done(await api('station1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part['HC-PV-45'].id, Quantity: 3 }));
    const [s] = done<{ Id: string; Submitted: boolean }[]>(await settle('station1', 'HC-PV-45'));
    expect(s.Submitted).toBe(true);
    // dealer1 with room for one order: the order revoked (back to draft) no longer uses credit.
    await leaveAvailable(100000_00n);
    const [o] = done<{ Id: string }[]>(await checkout('dealer1', 'HC-LF-200', 5));
    const used = toCents((await creditOf('dealer1')).available);
    expect(used).toBeLessThan(100000_00n);
    done(await api('dealer1', 'POST', '/api/CrmFlow/revoke', { EntityId: o.Id, EntityTypeName: 'salesorder' }));
    expect(toCents((await creditOf('dealer1')).available)).toBe(100000_00n);
  });
});

describe('an order using rebate', () => {
  it('draws on credit only what it pays: refused by exactly the rebate without it, through with it, available then zero', async () => {
    const id = await p.db.tx((sql) => placeOrder(sql, 'dealer1', [['HC-LF-200', 40]], '用返利抵扣'));
    const { price } = await one<{ price: string }>(
      `SELECT ${buyerPriceSql('$1::uuid')}::text AS price FROM product p WHERE p.productnumber = 'HC-LF-200'`,
      [unit.dealer1],
    );
    const net = toCents(price) * 40n - 200_00n;
    await leaveAvailable(net);
    const flow = await one<{ id: string; step: string }>(
      `SELECT f.new_flowid AS id, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'salesorder'`,
    );
    const hqsales = await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqsales'`);
    const submitOrder = () =>
      api('dealer1', 'POST', '/api/CrmFlow/submit', {
        EntityId: id,
        EntityTypeName: 'salesorder',
        FlowId: flow.id,
        ApproveList: [{ StepId: flow.step, ApproveUserId: hqsales.id }],
      });
    refused(await submitOrder(), 'WorkflowException: 信用额度不足，还差 ¥200.00');
    done(await api('dealer1', 'POST', `/api/crmdata/Update/salesorders(${id})`, { new_rebateamount: '200.00' }));
    const before = await creditOf('dealer1');
    done(await submitOrder());
    const after = await creditOf('dealer1');
    expect(toCents(after.openOrders) - toCents(before.openOrders)).toBe(net);
    expect(after.available).toBe('0.00');
  });
});

describe('open order lines', () => {
  it('a line head office adds to a dealer’s draft belongs to the dealer (its scope, and the open lines its credit reads)', async () => {
    const id = await p.db.tx((sql) => placeOrder(sql, 'dealer1', [['HC-LF-200', 1]], '补一行'));
    const line = done<{ id: string }>(
      await api('hqsales', 'POST', '/api/crmdata/create/salesorderdetails', {
        salesorderid: id,
        productid: part['HC-SK-80'].id,
        quantity: 3,
      }),
    ).id;
    expect((await one<{ u: string }>('SELECT owningbusinessunit AS u FROM salesorderdetail WHERE salesorderdetailid = $1', [line])).u).toBe(
      unit.dealer1,
    );
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/salesorderdetails(${line})`)).statusCode).toBe(200);
  });
});

describe('temporary credit scope', () => {
  it('a dealer sees only its own: dealer2 neither reads, lists, changes nor submits dealer1’s; a store sees none', async () => {
    const id = done<{ id: string }>(
      await newTemp('dealer1', { new_amount: '3000', new_validfrom: day(0), new_validto: day(5), new_reason: '周转' }),
    ).id;
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_tempcredits(${id})`)).statusCode).toBe(404);
    const listed = done<{ value: { new_tempcreditid: string }[] }>(
      await api('dealer2', 'GET', '/api/crmdata/Retrieve/new_tempcredits?$select=new_tempcreditid'),
    ).value;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((r) => r.new_tempcreditid)).not.toContain(id);
    const mine = await p.db.query<{ id: string }>('SELECT new_tempcreditid AS id FROM new_tempcredit WHERE new_dealer_id = $1', [
      unit.dealer2,
    ]);
    expect(listed.map((r) => r.new_tempcreditid).sort()).toEqual(mine.rows.map((r) => r.id).sort());
    expect((await api('dealer2', 'POST', `/api/crmdata/Update/new_tempcredits(${id})`, { new_amount: '1' })).statusCode).toBe(404);
    expect((await submitTemp('dealer2', id)).statusCode).toBe(404);
    expect((await tempRow(id)).status).toBe(approvalStatus.draft);
    expect(
      done<{ value: unknown[] }>(await api('store1', 'GET', '/api/crmdata/Retrieve/new_tempcredits?$select=new_tempcreditid')).value,
    ).toEqual([]);
    // Head office sees every dealer's.
    const all = done<{ value: { new_tempcreditid: string }[] }>(
      await api('hqfinance', 'GET', '/api/crmdata/Retrieve/new_tempcredits?$select=new_tempcreditid'),
    ).value;
    expect(all.map((r) => r.new_tempcreditid)).toContain(id);
  });
});
