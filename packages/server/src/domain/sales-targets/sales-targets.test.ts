import {
  businessUnitType,
  salesOrderStatus,
  targetMetric,
  targetPeriodType,
  type SalesmanCard,
  type TargetDetail,
  type TargetPage,
} from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { completionOf } from './actuals.ts';
import { addMonths, thisMonth } from './period.ts';

/*
 * Salesmen and sales targets (issue 28) as their users call them: head office keeps salesmen, the
 * dealers they serve and targets (duplicates, zero or negative targets, fractional counts, other
 * units refused, nothing written); a target's actual is the audited orders computed when it is
 * read (a new audited order raises it at once, a cancelled one lowers it, one under review does not
 * count); scopes: a dealer reads only its own targets, a salesman only their own card.
 */

let p: Portal;
const tok: Record<string, string> = {};
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const create = (who: string, set: string, row: object, lang = 'zh-CN') => api(who, 'POST', `/api/crmdata/create/${set}`, row, lang);
const update = (who: string, set: string, id: string, row: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, row);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
/** A record-service refusal at a field, with its message; nothing was written. */
const atField = (res: Awaited<ReturnType<typeof api>>, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Data.errors[0]).toEqual({ field, message });
};
const unit = async (code: string) =>
  (await one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE new_code = $1', [code])).id;
const count = async (table: string) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n;
const month = thisMonth();
const y = Number(month.slice(0, 4));
const m = Number(month.slice(5, 7));

/**
 * What the audited, not cancelled orders of a dealer's unit and its stores came to this month, read
 * independently of the server's query: every counted line in JS, per product line.
 */
async function ordered(dealerCode: string, productLine?: string): Promise<{ fen: number; orders: number }> {
  const { rows } = await p.db.query<{ order: string; status: number; day: string; amount: string; line: string | null; unit: string }>(
    `SELECT o.salesorderid AS order, o.new_status AS status, to_char((COALESCE(o.new_approvedtime, o.createdon) AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS day,
            d.extendedamount::text AS amount, pr.new_productline_id AS line, o.owningbusinessunit AS unit
       FROM salesorder o JOIN salesorderdetail d ON d.salesorderid = o.salesorderid LEFT JOIN product pr ON pr.productid = d.productid`,
  );
  const dealer = await unit(dealerCode);
  const { rows: units } = await p.db.query<{ id: string; parent: string | null }>(
    'SELECT businessunitid AS id, parentbusinessunitid AS parent FROM businessunit',
  );
  const under = (u: string): boolean =>
    u === dealer || (!!units.find((x) => x.id === u)?.parent && under(units.find((x) => x.id === u)!.parent!));
  const counted: number[] = [
    salesOrderStatus.audited,
    salesOrderStatus.partShipped,
    salesOrderStatus.allShipped,
    salesOrderStatus.partSigned,
    salesOrderStatus.signed,
  ];
  const hits = rows.filter(
    (r) => counted.includes(r.status) && r.day === month && under(r.unit) && (!productLine || r.line === productLine),
  );
  return {
    fen: hits.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0),
    orders: new Set(hits.map((r) => r.order)).size,
  };
}
const yuan = (fen: number) => (fen / 100).toFixed(2);

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['hqsales', 'salesman1', 'dealer1', 'dealer2', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
});
afterAll(async () => {
  await p?.close();
});

describe('salesmen and the dealers they serve (head office, sales.target)', () => {
  it('a salesman names a portal login the server resolves; unknown or taken logins and taken codes are refused', async () => {
    const before = await count('new_salesman');
    atField(
      await create('hqsales', 'new_salesmen', { new_code: 'XS101', new_name: '孙浩', new_mobile: '13900139101', new_login: 'nobody' }),
      'new_login',
      '门户账号“nobody”不存在或已停用',
    );
    atField(
      await create('hqsales', 'new_salesmen', { new_code: 'XS101', new_name: '孙浩', new_mobile: '13900139101', new_login: 'salesman1' }),
      'new_login',
      '门户账号“salesman1”已对应业务员 韩冬',
    );
    atField(
      await create('hqsales', 'new_salesmen', { new_code: 'XS001', new_name: '孙浩', new_mobile: '13900139101' }),
      'new_code',
      '业务员编码“XS001”已存在',
    );
    expect(await count('new_salesman')).toBe(before);
    const id = done<{ id: string }>(
      await create('hqsales', 'new_salesmen', { new_code: 'XS101', new_name: '孙浩', new_mobile: '13900139101', new_login: 'hq' }),
    ).id;
    const row = await one<{ user: string; active: boolean }>(
      'SELECT new_user_id AS user, new_isactive AS active FROM new_salesman WHERE new_salesmanid = $1',
      [id],
    );
    expect(row).toEqual({
      user: (await one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hq'")).id,
      active: true,
    });
    // A client never writes the resolved account itself.
    expect((await update('hqsales', 'new_salesmen', id, { new_user_id: row.user })).statusCode).toBe(400);
  });

  it('serves dealers only, one salesman each (the refusal names who serves it); dealers and salesmen cannot read salesmen', async () => {
    const xs = await one<{ id: string }>("SELECT new_salesmanid AS id FROM new_salesman WHERE new_code = 'XS101'");
    const before = await count('new_salesmandealer');
    atField(
      await create('hqsales', 'new_salesmandealers', { new_salesman_id: xs.id, new_dealer_id: await unit('SP-SZ001') }),
      'new_dealer_id',
      '只能选择经销商',
    );
    atField(
      await create('hqsales', 'new_salesmandealers', { new_salesman_id: xs.id, new_dealer_id: await unit('DL-GZ001') }),
      'new_dealer_id',
      '经销商 广州粤华机电设备有限公司 已由业务员 韩冬 负责',
    );
    expect(await count('new_salesmandealer')).toBe(before);
    for (const who of ['dealer1', 'salesman1']) {
      expect((await api(who, 'GET', '/api/crmdata/Retrieve/new_salesmen')).statusCode, who).toBe(403);
      expect((await create(who, 'new_stafftargets', {})).statusCode, who).toBe(403);
    }
  });
});

describe('targets: set by head office, refused when duplicate, zero, negative, fractional or out of range', () => {
  let han: string;
  let hydraulics: string;
  beforeAll(async () => {
    han = (await one<{ id: string }>("SELECT new_salesmanid AS id FROM new_salesman WHERE new_code = 'XS001'")).id;
    hydraulics = (await one<{ id: string }>("SELECT new_productlineid AS id FROM new_productline WHERE new_code = 'PL-HYD'")).id;
  });
  const next = addMonths(month, 3);
  const row = (over: object = {}) => ({
    new_salesman_id: han,
    new_periodtype: targetPeriodType.month,
    new_year: Number(next.slice(0, 4)),
    new_periodno: Number(next.slice(5, 7)),
    new_metric: targetMetric.amount,
    new_target: '88000',
    ...over,
  });

  it('one target per salesman, period, metric and product line; each refusal in the caller’s language, nothing written', async () => {
    const before = await count('new_stafftarget');
    atField(await create('hqsales', 'new_stafftargets', row({ new_target: '0' })), 'new_target', '目标值必须大于 0');
    atField(
      await create('hqsales', 'new_stafftargets', row({ new_target: '-5' }), 'en-US'),
      'new_target',
      'The target must be greater than 0',
    );
    atField(
      await create('hqsales', 'new_stafftargets', row({ new_metric: targetMetric.count, new_target: '2.5' })),
      'new_target',
      '订单数目标必须是整数',
    );
    atField(
      await create('hqsales', 'new_stafftargets', row({ new_periodtype: targetPeriodType.quarter, new_periodno: 5 })),
      'new_periodno',
      '季度只能是 1–4',
    );
    expect(await count('new_stafftarget')).toBe(before);
    const first = done<{ id: string }>(await create('hqsales', 'new_stafftargets', row())).id;
    const period = `${Number(next.slice(0, 4))}年${Number(next.slice(5, 7))}月`;
    atField(
      await create('hqsales', 'new_stafftargets', row({ new_target: '1000' })),
      'new_periodno',
      `韩冬 ${period} 的订单金额目标（全部产品线）已存在，请修改原目标`,
    );
    // Another product line, another metric, a quarter: other targets.
    const line = done<{ id: string }>(await create('hqsales', 'new_stafftargets', row({ new_productline_id: hydraulics }))).id;
    atField(
      await create('hqsales', 'new_stafftargets', row({ new_productline_id: hydraulics })),
      'new_periodno',
      `韩冬 ${period} 的订单金额目标（液压系统）已存在，请修改原目标`,
    );
    done(await create('hqsales', 'new_stafftargets', row({ new_metric: targetMetric.count, new_target: '12' })));
    // Changing one into another's key is the same duplicate; the stored target is unchanged.
    atField(
      await update('hqsales', 'new_stafftargets', line, { new_productline_id: null }),
      'new_periodno',
      `韩冬 ${period} 的订单金额目标（全部产品线）已存在，请修改原目标`,
    );
    atField(await update('hqsales', 'new_stafftargets', first, { new_target: '0' }), 'new_target', '目标值必须大于 0');
    const stored = await one<{ target: string; start: string; end: string; name: string }>(
      'SELECT new_target::text AS target, new_periodstart::text AS start, new_periodend::text AS end, new_name AS name FROM new_stafftarget WHERE new_stafftargetid = $1',
      [first],
    );
    expect(stored).toEqual({
      target: '88000.00',
      start: `${next}-01`,
      end: expect.stringMatching(new RegExp(`^${next}-(28|29|30|31)$`)),
      name: `韩冬 ${period} 订单金额`,
    });
    // A quarter's days follow its number.
    done(await update('hqsales', 'new_stafftargets', first, { new_periodtype: targetPeriodType.quarter, new_periodno: 1 }));
    expect(
      await one('SELECT new_periodstart::text AS start, new_periodend::text AS end FROM new_stafftarget WHERE new_stafftargetid = $1', [
        first,
      ]),
    ).toEqual({ start: `${next.slice(0, 4)}-01-01`, end: `${next.slice(0, 4)}-03-31` });
  });

  it('a dealer target is for a dealer only; a left salesman gets no targets', async () => {
    atField(
      await create('hqsales', 'new_accounttargets', { ...row(), new_salesman_id: undefined, new_dealer_id: await unit('BR-HN') }),
      'new_dealer_id',
      '只能选择经销商',
    );
    const left = (await one<{ id: string }>("SELECT new_salesmanid AS id FROM new_salesman WHERE new_code = 'XS003'")).id;
    atField(
      await create('hqsales', 'new_stafftargets', row({ new_salesman_id: left })),
      'new_salesman_id',
      '业务员 刘建军 已离职，不能设置目标',
    );
  });
});

describe('actuals are the audited orders, computed when read', () => {
  const mine = () => api('salesman1', 'GET', '/api/salesmen/me');

  it('the salesman’s card: their dealers, this month’s targets with actual and completion as the orders say', async () => {
    const card = done<SalesmanCard>(await mine());
    expect(card.salesman).toMatchObject({ code: 'XS001', name: '韩冬', active: true });
    expect(card.month).toBe(month);
    expect(card.dealers.map((d) => d.name)).toEqual(['广州粤华机电设备有限公司']);
    const gz = await ordered('DL-GZ001');
    expect(card.dealers[0]).toMatchObject({ monthAmount: yuan(gz.fen), monthOrders: gz.orders });
    expect(gz.fen).toBeGreaterThan(0);
    const amount = card.targets.find(
      (t) =>
        t.year === y && t.periodNo === m && t.periodType === targetPeriodType.month && t.metric === targetMetric.amount && !t.productLineId,
    )!;
    expect(amount).toMatchObject({
      period: `${y}年${m}月`,
      target: '110000.00',
      actual: yuan(gz.fen),
      completion: completionOf(yuan(gz.fen), '110000.00'),
    });
    const orders = card.targets.find(
      (t) => t.periodType === targetPeriodType.month && t.periodNo === m && t.metric === targetMetric.count,
    )!;
    expect(orders).toMatchObject({ target: '15', actual: String(gz.orders) });
    const hyd = await one<{ id: string }>("SELECT new_productlineid AS id FROM new_productline WHERE new_code = 'PL-HYD'");
    const line = card.targets.find((t) => t.productLineId === hyd.id && t.periodNo === m)!;
    expect(line).toMatchObject({ productLine: '液压系统', actual: yuan((await ordered('DL-GZ001', hyd.id)).fen) });
    // The quarter holds this month.
    const q = card.targets.find((t) => t.periodType === targetPeriodType.quarter && t.year === y && t.periodNo === Math.ceil(m / 3))!;
    expect(Number(q.actual)).toBeGreaterThanOrEqual(Number(amount.actual));
    // English period texts.
    const en = done<SalesmanCard>(await api('salesman1', 'GET', '/api/salesmen/me', undefined, 'en-US'));
    expect(en.targets.find((t) => t.id === amount.id)!.period).toMatch(new RegExp(` ${y}$`));
  });

  it('a new audited order raises the actual at once; one under review does not count; a cancelled one no longer counts', async () => {
    const dealerTarget = async () =>
      done<TargetPage>(
        await api(
          'hqsales',
          'GET',
          `/api/sales-targets/account?year=${y}&periodType=1&periodNo=${m}&metric=1&who=${await unit('DL-SZ001')}`,
        ),
      ).rows[0];
    const before = await dealerTarget();
    expect(before.actual).toBe(yuan((await ordered('DL-SZ001')).fen));
    // dealer2 orders (its credit made ample: this test is about targets).
    await p.db.query(`UPDATE new_dealeraccount SET new_creditlimit = 99999999 WHERE new_unit_id = $1`, [await unit('DL-SZ001')]);
    const product = await one<{ id: string; price: string }>(
      "SELECT productid AS id, price::text AS price FROM product WHERE productnumber = 'HC-GP-16'",
    );
    done(await api('dealer2', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: product.id, Quantity: 3 }));
    const cart = done<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(
      await api('dealer2', 'GET', '/api/ShoppingCart/GetProductList'),
    );
    const [o] = done<{ Id: string }[]>(
      await api('dealer2', 'POST', '/api/ShoppingCart/Settle', {
        ItemIds: cart
          .flatMap((g) => g.ProductList)
          .filter((i) => i.ProductNumber === 'HC-GP-16')
          .map((i) => i.Id),
        Contact: '顾振华',
        Phone: '13600136031',
        Province: '江苏省',
        City: '苏州市',
        County: '吴中区',
        Address: '木渎镇金枫南路 1258 号',
      }),
    );
    expect((await one<{ s: number }>('SELECT new_status AS s FROM salesorder WHERE salesorderid = $1', [o.Id])).s).toBe(
      salesOrderStatus.submitted,
    );
    expect((await dealerTarget()).actual).toBe(before.actual);
    done(
      await api('hqsales', 'POST', '/api/CrmFlow/approve', {
        EntityId: o.Id,
        EntityTypeName: 'salesorder',
        Action: 'approve',
        Memo: '同意',
      }),
    );
    const line = await one<{ a: string }>('SELECT sum(extendedamount)::text AS a FROM salesorderdetail WHERE salesorderid = $1', [o.Id]);
    const after = await dealerTarget();
    expect(Math.round(Number(after.actual) * 100)).toBe(Math.round(Number(before.actual) * 100) + Math.round(Number(line.a) * 100));
    expect(after.completion).toBe(completionOf(after.actual, after.target));
    // 周敏 serves 苏州恒达: his target moved the same way.
    const zhou = done<TargetPage>(
      await api('hqsales', 'GET', `/api/sales-targets/staff?year=${y}&periodType=1&periodNo=${m}&metric=1`),
    ).rows.find((r) => r.who === '周敏')!;
    expect(zhou.actual).toBe(after.actual);
    const detail = done<TargetDetail>(await api('hqsales', 'GET', `/api/sales-targets/account/${after.id}`));
    expect(detail.orders.map((x) => x.id)).toContain(o.Id);
    done(await api('hqsales', 'POST', `/api/documents/salesorders/${o.Id}/cancel`, { new_cancelreason: '客户项目延期' }));
    expect((await dealerTarget()).actual).toBe(before.actual);
  });
});

describe('scopes', () => {
  it('a dealer reads its own targets only; another dealer’s target is not there for it; it sets none', async () => {
    const gz = await unit('DL-GZ001');
    const page = done<TargetPage>(await api('dealer1', 'GET', '/api/sales-targets/account?pageSize=100'));
    expect(page.rows.length).toBeGreaterThan(0);
    expect(new Set(page.rows.map((r) => r.whoId))).toEqual(new Set([gz]));
    const other = await one<{ id: string }>('SELECT new_accounttargetid AS id FROM new_accounttarget WHERE new_dealer_id = $1 LIMIT 1', [
      await unit('DL-SZ001'),
    ]);
    expect((await api('dealer1', 'GET', `/api/sales-targets/account/${other.id}`)).statusCode).toBe(404);
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/new_accounttargets(${other.id})`)).statusCode).toBe(404);
    expect((await create('dealer1', 'new_accounttargets', { new_dealer_id: gz })).statusCode).toBe(403);
    expect((await api('dealer1', 'GET', '/api/sales-targets/staff')).statusCode).toBe(403);
  });

  it('a salesman reads their own card only; head office reads any; an account that is no salesman is told so', async () => {
    expect((await api('salesman1', 'GET', '/api/sales-targets/staff')).statusCode).toBe(403);
    const zhou = await one<{ id: string }>("SELECT new_salesmanid AS id FROM new_salesman WHERE new_code = 'XS002'");
    expect((await api('salesman1', 'GET', `/api/salesmen/${zhou.id}/card`)).statusCode).toBe(403);
    const card = done<SalesmanCard>(await api('hqsales', 'GET', `/api/salesmen/${zhou.id}/card`));
    expect(card.salesman.name).toBe('周敏');
    expect(card.dealers.map((d) => d.name)).toEqual(['苏州恒达机电工程有限公司']);
    expect((await api('dealer1', 'GET', '/api/salesmen/me')).statusCode).toBe(403);
    expect(done(await api('admin', 'GET', '/api/salesmen/me'), '您的账号没有对应的业务员档案，请联系总部销售管理员')).toBeNull();
    // The dealer type of the units the cards list.
    expect((await one<{ t: number }>('SELECT new_type AS t FROM businessunit WHERE businessunitid = $1', [card.dealers[0].id])).t).toBe(
      businessUnitType.dealer,
    );
  });

  it('the lists export what they show', async () => {
    const res = await api('hqsales', 'GET', `/api/sales-targets/staff/export?year=${y}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
