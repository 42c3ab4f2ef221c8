import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { DEMO_PRODUCTS, seedShopCatalogue } from './demo-catalogue.ts';

describe('shopping cart', () => {
  let portal: Portal;
  let tok: Record<'station1' | 'admin' | 'engineer1', string>;
  const pid = new Map<string, string>();

  beforeAll(async () => {
    portal = await testPortal();
    const { db } = portal;
    const hq = (await db.one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'HQ'"))!.id;
    const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
    await db.tx((sql) => seedShopCatalogue(sql, { hqUnitId: hq, adminId: admin }));
    await db.tx((sql) => seedShopCatalogue(sql, { hqUnitId: hq, adminId: admin })); // idempotent
    for (const r of (await db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
      pid.set(r.no, r.id);
    tok = {
      station1: (await signIn(portal.app, 'station1')).access_token,
      admin: (await signIn(portal.app, 'admin')).access_token,
      engineer1: (await signIn(portal.app, 'engineer1')).access_token,
    };
  });
  afterAll(() => portal?.close());

  const call = (who: keyof typeof tok, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
    portal.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
  const add = (who: keyof typeof tok, no: string, Quantity: unknown = 1) =>
    call(who, 'POST', '/api/ShoppingCart/AddProduct', { ProductId: pid.get(no) ?? no, Quantity });
  const cart = async (who: keyof typeof tok = 'station1') =>
    (await call(who, 'GET', '/api/ShoppingCart/GetProductList')).json().Data as {
      GroupId: string;
      GroupName: string;
      CurrentIndex: number;
      ProductList: { Id: string; ProductNumber: string; Price: string; Quantity: number; Amount: string }[];
    }[];
  const delivery = {
    Contact: '陈志强',
    Phone: '13800138001',
    Province: '上海市',
    City: '上海市',
    County: '浦东新区',
    Address: '张江高科技园区碧波路 690 号',
    Remark: '工作日送货',
  };

  // The shop's own demo orders (stations'); the sales network's carry their checkout's number (issue 27) or their quote (issue 29).
  it('seeds a catalogue of five product lines and demo orders', async () => {
    const n = await portal.db.one<{ lines: number; products: number; active: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM new_productline) AS lines, (SELECT count(*)::int FROM product) AS products,
              (SELECT count(*)::int FROM product WHERE new_state = 0) AS active,
              (SELECT count(*)::int FROM salesorder WHERE new_settleno IS NULL AND new_quote_id IS NULL) AS orders`,
    );
    expect(n).toEqual({ lines: 5, products: DEMO_PRODUCTS.length, active: expect.any(Number), orders: 6 });
    expect(n!.active).toBeLessThan(n!.products);
    expect(pid.get('HC-LF-200')).toBeTruthy();
  });

  it('needs shop.buy', async () => {
    expect((await call('engineer1', 'GET', '/api/ShoppingCart/GetProductList')).statusCode).toBe(403);
    expect((await portal.app.inject({ method: 'GET', url: '/api/ShoppingCart/GetProductList' })).statusCode).toBe(401);
  });

  it('adds, increases, updates and deletes; prices come from the product now', async () => {
    expect(await cart()).toEqual([]);
    const a = await add('station1', 'HC-LF-200', 2);
    expect(a.statusCode).toBe(200);
    expect(a.json().Message).toBe('已加入购物车');
    await add('station1', 'HC-LF-200', 3);
    await add('station1', 'EC-CT-25', 1);
    let groups = await cart();
    expect(groups.map((g) => [g.GroupName, g.CurrentIndex, g.ProductList.length])).toEqual([
      ['电气控制', -1, 1],
      ['液压系统', -1, 1],
    ]);
    const filter = groups.find((g) => g.GroupName === '液压系统')!.ProductList[0];
    expect(filter).toMatchObject({
      ProductNumber: 'HC-LF-200',
      Price: '168.00',
      Quantity: 5,
      Amount: '840.00',
      ProductName: '液压油滤芯',
      Model: 'LF-200/10μm',
      Uom: '个',
    });
    // A price change shows at once.
    await portal.db.query("UPDATE product SET price = 170.5 WHERE productnumber = 'HC-LF-200'");
    groups = await cart();
    expect(groups.find((g) => g.GroupName === '液压系统')!.ProductList[0]).toMatchObject({ Price: '170.50', Amount: '852.50' });
    await portal.db.query("UPDATE product SET price = 168 WHERE productnumber = 'HC-LF-200'");

    const up = await call('station1', 'POST', '/api/ShoppingCart/UpdateProduct', { Id: filter.Id, Quantity: 12 });
    expect(up.json().Data).toEqual({ Id: filter.Id, Quantity: 12 });
    expect((await cart()).flatMap((g) => g.ProductList).find((i) => i.Id === filter.Id)!.Quantity).toBe(12);

    const del = await call('station1', 'POST', `/api/ShoppingCart/DeleteProduct?id=${filter.Id}`);
    expect(del.statusCode).toBe(200);
    expect((await cart()).flatMap((g) => g.ProductList).map((i) => i.ProductNumber)).toEqual(['EC-CT-25']);
    expect((await call('station1', 'POST', `/api/ShoppingCart/DeleteProduct?id=${filter.Id}`)).statusCode).toBe(404);

    const clear = await call('station1', 'POST', '/api/ShoppingCart/ClearAllProduct');
    expect(clear.json().Data).toEqual({ removed: 1 });
    expect(await cart()).toEqual([]);
  });

  it("checks quantities and products with the specification's messages", async () => {
    const msgOf = async (q: unknown, no = 'HC-LF-200', lang = 'zh-CN') =>
      (await call('station1', 'POST', '/api/ShoppingCart/AddProduct', { ProductId: pid.get(no) ?? no, Quantity: q }, lang)).json().Message;
    expect(await msgOf(1.5)).toBe('只能输入整数');
    expect(await msgOf('abc')).toBe('只能输入整数');
    // Not decimal digits: refused, never read as 16 or 1,000; a null quantity is no quantity (issue 23).
    for (const q of ['0x10', '1e3', '12.0', ' ', null]) expect(await msgOf(q), String(q)).toBe('只能输入整数');
    expect(await msgOf('9007199254740993')).toBe('数量必须小于100,000');
    expect(await msgOf(9007199254740993)).toBe('数量必须小于100,000');
    expect(await cart()).toEqual([]);
    expect(await msgOf(0)).toBe('数量必须大于0');
    expect(await msgOf(-3)).toBe('数量必须大于0');
    expect(await msgOf(100000)).toBe('数量必须小于100,000');
    expect(await msgOf(100000, 'HC-LF-200', 'en-US')).toBe('The number must be less than 100,000');
    expect(await msgOf(1, 'HC-AC-04')).toBe('商品“皮囊式蓄能器”已下架，不能购买'); // retired
    expect(await msgOf(1, 'EC-CB-10')).toBe('商品“电控柜线束总成”已下架，不能购买'); // draft
    expect(await msgOf(1, '00000000-0000-4000-8000-000000000000')).toBe('商品不存在');
    // Increasing past 99,999 is refused too.
    await add('station1', 'CS-OR-386', 99_999);
    expect(await msgOf(1, 'CS-OR-386')).toBe('数量必须小于100,000');
    const item = (await cart()).flatMap((g) => g.ProductList)[0];
    const bad = await call('station1', 'POST', '/api/ShoppingCart/UpdateProduct', { Id: item.Id, Quantity: 0 });
    expect(bad.json().Message).toBe('数量必须大于0');
    await call('station1', 'POST', '/api/ShoppingCart/ClearAllProduct');
  });

  it('another user cannot see, change, delete or settle my items', async () => {
    await add('station1', 'DR-BR-6205', 4);
    const mine = (await cart()).flatMap((g) => g.ProductList)[0];
    expect(await cart('admin')).toEqual([]);
    expect((await call('admin', 'POST', '/api/ShoppingCart/UpdateProduct', { Id: mine.Id, Quantity: 1 })).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/api/ShoppingCart/DeleteProduct?id=${mine.Id}`)).statusCode).toBe(404);
    await call('admin', 'POST', '/api/ShoppingCart/ClearAllProduct');
    const s = await call('admin', 'POST', '/api/ShoppingCart/Settle', { ItemIds: [mine.Id], ...delivery });
    expect(s.statusCode).toBe(400);
    expect(s.json().Message).toBe('所选商品已结算或已从购物车移除，请刷新购物车');
    expect((await cart()).flatMap((g) => g.ProductList)).toEqual([expect.objectContaining({ Id: mine.Id, Quantity: 4 })]);
    await call('station1', 'POST', '/api/ShoppingCart/ClearAllProduct');
  });

  it('settles the chosen items: one submitted order per product line, totals from prices, items removed; a retry changes nothing', async () => {
    await add('station1', 'HC-LF-200', 10); // 168.00 × 10
    await add('station1', 'HC-CV-06', 3); //   585.00 × 3
    await add('station1', 'EC-RL-24', 7); //    28.50 × 7
    await add('station1', 'DR-SP-16', 2); //    88.00 × 2 (not chosen)
    const items = (await cart()).flatMap((g) => g.ProductList);
    const chosen = items.filter((i) => i.ProductNumber !== 'DR-SP-16').map((i) => i.Id);
    const ordersBefore = (await portal.db.one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder'))!.n;

    const r = await call('station1', 'POST', '/api/ShoppingCart/Settle', { ItemIds: chosen, ...delivery });
    expect(r.statusCode).toBe(200);
    const orders = r.json().Data as { Id: string; Name: string; TotalAmount: string; LineCount: number }[];
    expect(orders.map((o) => [o.TotalAmount, o.LineCount])).toEqual([
      ['199.50', 1],
      ['3435.00', 2],
    ]); // groups in product-line code order
    for (const o of orders) expect(o.Name).toMatch(/^SO\d{8}-\d{4}$/);
    expect(new Set(orders.map((o) => o.Name)).size).toBe(2);

    const rows = (
      await portal.db.query<{
        id: string;
        name: string;
        new_status: number;
        totalamount: string;
        owningbusinessunit: string;
        ownerid: string;
        line: string;
        new_contact: string;
        new_county: string;
        new_remark: string;
      }>(
        `SELECT o.salesorderid AS id, o.name, o.new_status, o.totalamount::text, o.owningbusinessunit, o.ownerid, l.new_name AS line, o.new_contact, o.new_county, o.new_remark
         FROM salesorder o JOIN new_productline l ON l.new_productlineid = o.new_productline_id WHERE o.salesorderid = ANY($1::uuid[]) ORDER BY o.name`,
        [orders.map((o) => o.Id)],
      )
    ).rows;
    const station1 = (await portal.db.one<{ id: string; unit: string }>(
      "SELECT systemuserid AS id, businessunitid AS unit FROM systemuser WHERE domainname = 'station1'",
    ))!;
    expect(rows.map((o) => [o.line, o.new_status, o.totalamount])).toEqual([
      ['电气控制', 2, '199.50'],
      ['液压系统', 2, '3435.00'],
    ]);
    for (const o of rows)
      expect(o).toMatchObject({
        owningbusinessunit: station1.unit,
        ownerid: station1.id,
        new_contact: '陈志强',
        new_county: '浦东新区',
        new_remark: '工作日送货',
      });
    const lines = (
      await portal.db.query<{ quantity: number; priceperunit: string; extendedamount: string; new_name: string }>(
        'SELECT quantity, priceperunit::text, extendedamount::text, new_name FROM salesorderdetail WHERE salesorderid = $1 ORDER BY extendedamount DESC',
        [rows.find((o) => o.line === '液压系统')!.id],
      )
    ).rows;
    expect(lines).toEqual([
      { quantity: 3, priceperunit: '585.00', extendedamount: '1755.00', new_name: '电磁换向阀' },
      { quantity: 10, priceperunit: '168.00', extendedamount: '1680.00', new_name: '液压油滤芯' },
    ]);
    // The chosen items left the cart; the other one stays.
    expect((await cart()).flatMap((g) => g.ProductList).map((i) => i.ProductNumber)).toEqual(['DR-SP-16']);

    const retry = await call('station1', 'POST', '/api/ShoppingCart/Settle', { ItemIds: chosen, ...delivery });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().Message).toBe('所选商品已结算或已从购物车移除，请刷新购物车');
    expect((await portal.db.one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder'))!.n).toBe(ordersBefore + 2);
  });

  it('checks the settle form: items, contact, phone, address, remark ≤ 100; nothing written on refusal', async () => {
    await add('station1', 'PW-FL-01', 2);
    const item = (await cart()).flatMap((g) => g.ProductList).find((i) => i.ProductNumber === 'PW-FL-01')!;
    const before = (await portal.db.one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder'))!.n;
    const settle = async (body: object) => (await call('station1', 'POST', '/api/ShoppingCart/Settle', body)).json().Message;
    expect(await settle({ ...delivery, ItemIds: [] })).toBe('请至少选择一个商品');
    expect(await settle({ ...delivery, ItemIds: [item.Id], Contact: ' ' })).toBe('请填写收货人');
    expect(await settle({ ...delivery, ItemIds: [item.Id], Phone: '12345' })).toBe('电话格式不正确');
    expect(await settle({ ...delivery, ItemIds: [item.Id], Address: '' })).toBe('请填写收货地址');
    expect(await settle({ ...delivery, ItemIds: [item.Id], Remark: '备'.repeat(101) })).toBe('备注最多 100 个字符');
    expect(await settle({ ...delivery, ItemIds: [item.Id, '00000000-0000-4000-8000-000000000000'] })).toBe(
      '所选商品已结算或已从购物车移除，请刷新购物车',
    );
    // A product retired after it was put in the cart cannot be settled.
    await portal.db.query("UPDATE product SET new_state = 1 WHERE productnumber = 'PW-FL-01'");
    const groups = await cart();
    expect(groups.flatMap((g) => g.ProductList).find((i) => i.Id === item.Id)).toMatchObject({ Available: false });
    expect(await settle({ ...delivery, ItemIds: [item.Id] })).toBe('商品“柴油滤清器”已下架，不能购买');
    await portal.db.query("UPDATE product SET new_state = 0 WHERE productnumber = 'PW-FL-01'");
    expect((await portal.db.one<{ n: number }>('SELECT count(*)::int AS n FROM salesorder'))!.n).toBe(before);
    expect(
      (await call('station1', 'POST', '/api/ShoppingCart/Settle', { ...delivery, Phone: '021-58956321', ItemIds: [item.Id] })).statusCode,
    ).toBe(200);
  });

  it('numbers orders uniquely when two users settle at once', async () => {
    await add('station1', 'SM-DP-02', 1);
    await add('admin', 'SM-DP-02', 1);
    const a = (await cart('station1')).flatMap((g) => g.ProductList).map((i) => i.Id);
    const b = (await cart('admin')).flatMap((g) => g.ProductList).map((i) => i.Id);
    const [ra, rb] = await Promise.all([
      call('station1', 'POST', '/api/ShoppingCart/Settle', { ItemIds: a, ...delivery }),
      call('admin', 'POST', '/api/ShoppingCart/Settle', { ItemIds: b, ...delivery }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(ra.json().Data[0].Name).not.toBe(rb.json().Data[0].Name);
  });
});
