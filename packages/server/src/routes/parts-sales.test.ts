import { partsSalesState, stockUsage } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const part: Record<string, string> = {};

const api = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...headers } });
const available = async (no: string, warehouse = 'WH-SH001') =>
  Number(
    (
      await p.db.one<{ a: number }>(`SELECT new_available AS a FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`, [
        wh[warehouse],
        part[no],
      ])
    )?.a ?? 0,
  );
const order = async (id: string) => (await p.db.one<Record<string, unknown>>('SELECT * FROM new_order WHERE new_orderid = $1', [id]))!;

/** A new sale of `who` to a customer, with lines; returns its id. */
async function sale(lines: [string, number][], who = 'station1') {
  const id = done(
    await api(who, 'POST', '/api/crmdata/create/new_orders', {
      new_customername: '刘建国',
      new_phone: '13816620451',
      new_address: '上海市浦东新区川沙路 88 号',
    }),
  ).id;
  for (const [no, qty] of lines) done(await api(who, 'POST', `/api/parts/sales/${id}/lines`, { productId: part[no], qty }), '添加成功');
  return id;
}
/** A part station1's warehouse holds, with at least `min` available. */
async function heldPart(min: number): Promise<string> {
  const { rows } = await p.db.query<{ no: string }>(
    `SELECT pr.productnumber AS no FROM new_srv_siteinv s JOIN product pr ON pr.productid = s.new_product_id
      WHERE s.new_warehouse_id = $1 AND s.new_available >= $2 ORDER BY s.new_available DESC, pr.productnumber`,
    [wh['WH-SH001'], min],
  );
  expect(rows.length).toBeGreaterThan(0);
  return rows[0].no;
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
});
afterAll(() => p?.close());

describe('parts sales', () => {
  it('the demo has sales of both stations in both states, the sold ones on the ledger', async () => {
    const { rows } = await p.db.query<{ state: number; n: number; moved: number }>(
      `SELECT o.new_state AS state, count(DISTINCT o.new_orderid)::int AS n, count(t.new_srv_stocktransactionid)::int AS moved
         FROM new_order o LEFT JOIN new_srv_stocktransaction t ON t.new_docid = o.new_orderid::text GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { state: partsSalesState.draft, n: 2, moved: 0 },
      { state: partsSalesState.sold, n: 3, moved: 5 },
    ]);
  });

  it('a station creates a draft sale of its own warehouse and adds lines; totals follow', async () => {
    const no = await heldPart(2);
    const id = await sale([[no, 2]]);
    const o = await order(id);
    expect(String(o.new_name)).toMatch(/^XS\d{8}-\d{4}$/);
    expect(o).toMatchObject({ new_warehouse_id: wh['WH-SH001'], new_state: partsSalesState.draft, new_totalqty: 2, new_linecount: 1 });
    refused(
      await api('station1', 'POST', `/api/parts/sales/${id}/lines`, { productId: part[no], qty: 1 }),
      `配件“${no} ${(await p.db.one<{ n: string }>('SELECT name AS n FROM product WHERE productid = $1', [part[no]]))!.n}”重复，同一配件不允许重复添加`,
    );
    refused(
      await api('station1', 'POST', `/api/parts/sales/${id}/lines`, {
        productId: part[(await heldPart(0)) === no ? 'EC-PCB-210' : await heldPart(0)],
        qty: 0,
      }),
      '销售数量必须大于0',
    );
  });

  it('confirming takes every line out of the station stock (usage parts sales) once, and sets it sold', async () => {
    const no = await heldPart(3);
    const before = await available(no);
    const id = await sale([[no, 3]]);
    done(await api('station1', 'POST', `/api/parts/sales/${id}/confirm`, {}, { 'idempotency-key': `sale-${id}` }), '确认成功');
    // A retry with the same key answers the first result and takes nothing more.
    done(await api('station1', 'POST', `/api/parts/sales/${id}/confirm`, {}, { 'idempotency-key': `sale-${id}` }), '确认成功');
    expect(await available(no)).toBe(before - 3);
    expect(await order(id)).toMatchObject({ new_state: partsSalesState.sold });
    const moves = (
      await p.db.query<{ q: number; usage: number }>(
        'SELECT new_quantity AS q, new_usage AS usage FROM new_srv_stocktransaction WHERE new_docid = $1',
        [id],
      )
    ).rows;
    expect(moves).toEqual([{ q: -3, usage: stockUsage.partsSales }]);

    // Sold: no more confirm, change or line (the delete refusal: documents/kernel.test.ts).
    refused(await api('station1', 'POST', `/api/parts/sales/${id}/confirm`), '只有草稿状态的单据才能确认');
    refused(await api('station1', 'POST', `/api/crmdata/Update/new_orders(${id})`, { new_memo: '改一下' }), '只有草稿状态的单据才能修改');
    refused(
      await api('station1', 'POST', `/api/parts/sales/${id}/lines`, { productId: part['EC-PCB-210'], qty: 1 }),
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    expect(await available(no)).toBe(before - 3);
  });

  it('refuses a sale with no lines, and one over the stock naming the part and what is available; nothing moves', async () => {
    const empty = await sale([]);
    refused(await api('station1', 'POST', `/api/parts/sales/${empty}/confirm`), '请至少添加一条单据明细');
    const no = await heldPart(1);
    const have = await available(no);
    const id = await sale([[no, have + 1]]);
    const res = await api('station1', 'POST', `/api/parts/sales/${id}/confirm`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Message).toMatch(new RegExp(`库存不足：可用 ${have}，需要 ${have + 1}`));
    expect(await available(no)).toBe(have);
    expect(await order(id)).toMatchObject({ new_state: partsSalesState.draft });
  });

  it('two sales of the whole stock of a part confirmed at once: one is sold, the other refused; the stock never goes below 0', async () => {
    const no = await heldPart(1);
    const have = await available(no);
    const a = await sale([[no, have]]);
    const b = await sale([[no, have]]);
    const res = await Promise.all([a, b].map((id) => api('station1', 'POST', `/api/parts/sales/${id}/confirm`)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(res.find((r) => r.statusCode === 400)!.json().Message).toMatch(new RegExp(`库存不足：可用 0，需要 ${have}`));
    expect(await available(no)).toBe(0);
    expect([(await order(a)).new_state, (await order(b)).new_state].sort()).toEqual([partsSalesState.draft, partsSalesState.sold]);
  });

  it('a draft can be changed and deleted; another station sees none of it (404) and head office cannot sell', async () => {
    const id = await sale([]);
    done(await api('station1', 'POST', `/api/crmdata/Update/new_orders(${id})`, { new_memo: '客户自提' }));
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_orders(${id})`)).statusCode).toBe(404);
    expect((await api('station2', 'POST', `/api/parts/sales/${id}/confirm`)).statusCode).toBe(404);
    expect((await api('station2', 'POST', `/api/parts/sales/${id}/lines`, { productId: part['EC-PCB-210'], qty: 1 })).statusCode).toBe(404);
    const list = (await api('station2', 'GET', '/api/crmdata/Retrieve/new_orders?$select=new_name&$count=true')).json();
    expect(JSON.stringify(list)).not.toContain(id);
    done(await api('station1', 'POST', `/api/crmdata/delete/new_orders(${id})`, {}));
    expect(await p.db.one('SELECT 1 FROM new_order WHERE new_orderid = $1', [id])).toBeFalsy();
    // Head office does not sell parts (no parts.write).
    expect(
      (await api('hq', 'POST', '/api/crmdata/create/new_orders', { new_customername: '刘建国', new_phone: '13816620451' })).statusCode,
    ).toBe(403);
  });
});
