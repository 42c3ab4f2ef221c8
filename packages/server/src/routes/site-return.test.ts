import { returnState, returnType, stockDocumentType, stockUsage } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const part: Record<string, string> = {};
const partName: Record<string, string> = {};

const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
type Level = { q: number; a: number; t: number };
const level = async (no: string, warehouse: string): Promise<Level> => {
  const r = await p.db.one<Level>(
    `SELECT new_quantity AS q, new_available AS a, new_intransit AS t FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
    [wh[warehouse], part[no]],
  );
  return { q: Number(r?.q ?? 0), a: Number(r?.a ?? 0), t: Number(r?.t ?? 0) };
};
const doc = async (id: string) =>
  (await p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_sitereturn WHERE new_srv_sitereturnid = $1', [id]))!;
const lineIds = async (id: string) =>
  (
    await p.db.query<{ id: string; no: string }>(
      `SELECT new_srv_sitereturndetailid AS id, new_code AS no FROM new_srv_sitereturndetail WHERE new_sitereturn_id = $1 ORDER BY new_code`,
      [id],
    )
  ).rows;

/** A new return of `who` to the East China warehouse with lines; returns its id. */
async function siteReturn(lines: [string, number][], who = 'station1', type: number = returnType.transfer) {
  const id = done(
    await api(who, 'POST', '/api/crmdata/create/new_srv_sitereturns', {
      new_towarehouse_id: wh['WH-HD'],
      new_returntype: type,
      new_returnreason: '备件积压，退回中心库',
      new_deliveraddress: '上海市浦东新区张江碧波路 690 号',
    }),
  ).id;
  for (const [no, qty] of lines)
    done(await api(who, 'POST', `/api/parts/siteReturns/${id}/lines`, { productId: part[no], qty }), '添加成功');
  return id;
}
/** Parts station1's warehouse holds, at least `min` available each, most first. */
async function heldParts(min: number, n = 1): Promise<string[]> {
  const { rows } = await p.db.query<{ no: string }>(
    `SELECT pr.productnumber AS no FROM new_srv_siteinv s JOIN product pr ON pr.productid = s.new_product_id
      WHERE s.new_warehouse_id = $1 AND s.new_available >= $2 ORDER BY s.new_available DESC, pr.productnumber LIMIT $3`,
    [wh['WH-SH001'], min, n],
  );
  expect(rows.length).toBe(n);
  return rows.map((r) => r.no);
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'warehouse1', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (
    await p.db.query<{ id: string; no: string; name: string }>('SELECT productid AS id, productnumber AS no, name FROM product')
  ).rows) {
    part[r.no] = r.id;
    partName[r.no] = r.name;
  }
});
afterAll(() => p?.close());

describe('parts return application', () => {
  it('the demo has returns of station1 and station2 in every state, their stock on the ledger', async () => {
    const { rows } = await p.db.query<{ state: number; closed: boolean; n: number }>(
      `SELECT new_state AS state, new_isclose AS closed, count(*)::int AS n FROM new_srv_sitereturn GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(rows.map((r) => r.state)).toEqual(
      expect.arrayContaining([returnState.draft, returnState.delivered, returnState.semiReceived, returnState.received]),
    );
    const stations = await p.db.query<{ n: number }>(`SELECT count(DISTINCT new_station_id)::int AS n FROM new_srv_sitereturn`);
    expect(stations.rows[0].n).toBe(2);
    // Every delivered line left the station once; what is neither received nor closed is in transit.
    const bad = await p.db.query(
      `SELECT r.new_name FROM new_srv_sitereturn r
        WHERE r.new_state > $1 AND (SELECT COALESCE(sum(-t.new_quantity), 0) FROM new_srv_stocktransaction t WHERE t.new_docid = r.new_srv_sitereturnid::text AND t.new_warehouse_id = r.new_warehouse_id)
                                    <> r.new_totalqty`,
      [returnState.draft],
    );
    expect(bad.rows).toEqual([]);
  });

  it('a station writes a draft return to a central warehouse: number, warehouses, totals; the line rules and their messages', async () => {
    const [no, other] = await heldParts(2, 2);
    const have = (await level(no, 'WH-SH001')).a;
    const id = await siteReturn([[no, 2]]);
    expect(String((await doc(id)).new_name)).toMatch(/^TH\d{8}-\d{4}$/);
    expect(await doc(id)).toMatchObject({
      new_warehouse_id: wh['WH-SH001'],
      new_towarehouse_id: wh['WH-HD'],
      new_state: returnState.draft,
      new_isclose: false,
      new_totalqty: 2,
      new_linecount: 1,
    });
    const line = `/api/parts/siteReturns/${id}/lines`;
    refused(
      await api('station1', 'POST', line, { productId: part[no], qty: 1 }),
      `配件“${no} ${partName[no]}”重复，同一配件不允许重复添加`,
      400,
      'productId',
    );
    refused(await api('station1', 'POST', line, { productId: part[other], qty: 0 }), '退货数量必须大于0', 400, 'qty');
    refused(await api('station1', 'POST', line, { productId: part[other], qty: 1.5 }), '退货数量只能输入整数');
    refused(await api('station1', 'POST', line, { productId: part[other], qty: 100_000 }), '退货数量必须小于100000');
    refused(
      await api('station1', 'POST', line, { productId: part[other], qty: 100_000 }, 'en-US'),
      'Returned number must be less than 100,000',
    );
    const otherHave = (await level(other, 'WH-SH001')).a;
    refused(
      await api('station1', 'POST', line, { productId: part[other], qty: otherHave + 1 }),
      `可退配件数量不足，配件“${other} ${partName[other]}”剩余可退数量 ${otherHave}`,
      400,
      'qty',
    );
    refused(
      await api('station1', 'POST', line, { productId: part[other], qty: otherHave + 1 }, 'en-US'),
      `Insufficient quantity of parts to return: ${otherHave} of ${other} ${partName[other]} remaining`,
    );
    const [first] = await lineIds(id);
    refused(
      await api('station1', 'PATCH', `${line}/${first.id}`, { qty: have + 1 }),
      `可退配件数量不足，配件“${no} ${partName[no]}”剩余可退数量 ${have}`,
    );
    // Nothing of the refused writes stayed.
    expect(await doc(id)).toMatchObject({ new_totalqty: 2, new_linecount: 1 });
    done(await api('station1', 'PATCH', `${line}/${first.id}`, { qty: 1 }), '保存成功');
    expect(await doc(id)).toMatchObject({ new_totalqty: 1 });
    // Header rules: the receiving warehouse a central one (reason and address under 100 characters: records/validate-values.test.ts).
    const res = await api('station1', 'POST', '/api/crmdata/create/new_srv_sitereturns', {
      new_towarehouse_id: wh['WH-ZJ001'],
      new_returntype: returnType.transfer,
      new_returnreason: '退货',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toContain('退入仓库必须是中心库');
    // No station (head office): it cannot write a return.
    expect(
      (
        await api('hq', 'POST', '/api/crmdata/create/new_srv_sitereturns', {
          new_towarehouse_id: wh['WH-HD'],
          new_returntype: 1,
          new_returnreason: '退货',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("delivering moves each line from the station into the receiving warehouse's transit (usage of the return type); then it is locked", async () => {
    const empty = await siteReturn([]);
    refused(await api('station1', 'POST', `/api/parts/siteReturns/${empty}/deliver`), '请至少添加一条单据明细');
    refused(
      await api('station1', 'POST', `/api/parts/siteReturns/${empty}/deliver`, undefined, 'en-US'),
      'Add at least one document detail',
    );
    const [a, b] = await heldParts(3, 2);
    const before = {
      a: await level(a, 'WH-SH001'),
      b: await level(b, 'WH-SH001'),
      ta: await level(a, 'WH-HD'),
      tb: await level(b, 'WH-HD'),
    };
    const id = await siteReturn(
      [
        [a, 2],
        [b, 1],
      ],
      'station1',
      returnType.stocking,
    );
    expect((await level(a, 'WH-SH001')).q).toBe(before.a.q);
    done(await api('station1', 'POST', `/api/parts/siteReturns/${id}/deliver`), '发运成功');
    expect(await level(a, 'WH-SH001')).toMatchObject({ q: before.a.q - 2 });
    expect(await level(b, 'WH-SH001')).toMatchObject({ q: before.b.q - 1 });
    expect(await level(a, 'WH-HD')).toEqual({ ...before.ta, t: before.ta.t + 2 });
    expect(await level(b, 'WH-HD')).toEqual({ ...before.tb, t: before.tb.t + 1 });
    expect(await doc(id)).toMatchObject({ new_state: returnState.delivered });
    const moves = (
      await p.db.query<{ usage: number; type: number }>(
        'SELECT DISTINCT new_usage AS usage, new_doctype AS type FROM new_srv_stocktransaction WHERE new_docid = $1',
        [id],
      )
    ).rows;
    expect(moves).toEqual([{ usage: stockUsage.stockingDocument, type: stockDocumentType.siteReturn }]);

    refused(await api('station1', 'POST', `/api/parts/siteReturns/${id}/deliver`), '只有待提交的退货申请才能发货');
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_sitereturns(${id})`, { new_memo: '改一下' }),
      '只有草稿状态的单据才能修改',
    );
    refused(
      await api('station1', 'POST', `/api/parts/siteReturns/${id}/lines`, { productId: part[(await heldParts(1, 3))[2]], qty: 1 }),
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    expect(await level(a, 'WH-SH001')).toMatchObject({ q: before.a.q - 2 });
  });

  it('the receiving warehouse receives in part (semi received) and then in full (received); the station cannot receive', async () => {
    const [a, b] = await heldParts(3, 2);
    const id = await siteReturn([
      [a, 3],
      [b, 2],
    ]);
    done(await api('station1', 'POST', `/api/parts/siteReturns/${id}/deliver`));
    const [la, lb] = (await lineIds(id)).sort((x, y) => (x.no === a ? -1 : y.no === a ? 1 : 0));
    const hd = { a: await level(a, 'WH-HD'), b: await level(b, 'WH-HD') };
    const url = `/api/parts/siteReturns/${id}/receive`;
    refused(await api('station1', 'POST', url, { lines: [{ lineId: la.id, qty: 1 }] }), '单据不属于本服务站或仓库', 403);
    expect((await api('station2', 'POST', url, { lines: [{ lineId: la.id, qty: 1 }] })).statusCode).toBe(404);
    refused(await api('warehouse1', 'POST', url, { lines: [{ lineId: la.id, qty: 0 }] }), '请填写签收数量');
    refused(
      await api('warehouse1', 'POST', url, { lines: [{ lineId: la.id, qty: 4 }] }),
      `签收数量不能大于未签收数量，配件“${partName[a]}”最多还可签收 3`,
    );

    done(await api('warehouse1', 'POST', url, { lines: [{ lineId: la.id, qty: 2 }] }), '签收成功');
    expect(await doc(id)).toMatchObject({ new_state: returnState.semiReceived, new_receivedqty: 2 });
    expect(await level(a, 'WH-HD')).toEqual({ q: hd.a.q + 2, a: hd.a.a + 2, t: hd.a.t - 2 });
    refused(await api('station1', 'POST', `/api/parts/siteReturns/${id}/close`), '单据不属于本服务站或仓库', 403);

    done(
      await api('warehouse1', 'POST', url, {
        lines: [
          { lineId: la.id, qty: 1 },
          { lineId: lb.id, qty: 2 },
        ],
      }),
      '签收成功',
    );
    expect(await doc(id)).toMatchObject({ new_state: returnState.received, new_receivedqty: 5 });
    expect(await level(a, 'WH-HD')).toEqual({ q: hd.a.q + 3, a: hd.a.a + 3, t: hd.a.t - 3 });
    expect(await level(b, 'WH-HD')).toEqual({ q: hd.b.q + 2, a: hd.b.a + 2, t: hd.b.t - 2 });
    refused(await api('warehouse1', 'POST', url, { lines: [{ lineId: la.id, qty: 1 }] }), '只有已发货或部分收货的退货申请才能收货');
    refused(await api('warehouse1', 'POST', `/api/parts/siteReturns/${id}/close`), '已收货或已关闭的退货申请不能关闭');
  });

  it('close: the station closes its draft; the warehouse closes a semi received one and the rest goes back to the station', async () => {
    const [a] = await heldParts(3);
    const draft = await siteReturn([[a, 1]]);
    refused(await api('warehouse1', 'POST', `/api/parts/siteReturns/${draft}/close`), '单据不属于本服务站或仓库', 403);
    done(await api('station1', 'POST', `/api/parts/siteReturns/${draft}/close`), '关闭成功');
    expect(await doc(draft)).toMatchObject({ new_isclose: true, new_state: returnState.draft });
    refused(await api('station1', 'POST', `/api/parts/siteReturns/${draft}/deliver`), '单据已关闭');
    refused(
      await api('station1', 'POST', `/api/parts/siteReturns/${draft}/lines`, { productId: part[(await heldParts(1, 2))[1]], qty: 1 }),
      '单据已关闭',
    );

    const st = await level(a, 'WH-SH001');
    const hd = await level(a, 'WH-HD');
    const id = await siteReturn([[a, 3]]);
    done(await api('station1', 'POST', `/api/parts/siteReturns/${id}/deliver`));
    const [l] = await lineIds(id);
    done(await api('warehouse1', 'POST', `/api/parts/siteReturns/${id}/receive`, { lines: [{ lineId: l.id, qty: 1 }] }));
    done(await api('warehouse1', 'POST', `/api/parts/siteReturns/${id}/close`), '关闭成功');
    expect(await level(a, 'WH-SH001')).toEqual({ ...st, q: st.q - 1, a: st.a - 1 });
    expect(await level(a, 'WH-HD')).toEqual({ q: hd.q + 1, a: hd.a + 1, t: hd.t });
    refused(await api('warehouse1', 'POST', `/api/parts/siteReturns/${id}/receive`, { lines: [{ lineId: l.id, qty: 1 }] }), '单据已关闭');
  });

  it("two returns of one part that together exceed the station's stock, delivered at once: one delivered, the other refused with what remains; stock adds up", async () => {
    const [no] = await heldParts(3);
    const st = await level(no, 'WH-SH001');
    const hd = await level(no, 'WH-HD');
    const first = st.a - 1;
    const x = await siteReturn([[no, first]]);
    const y = await siteReturn([[no, 2]]);
    const res = await Promise.all([x, y].map((id) => api('station1', 'POST', `/api/parts/siteReturns/${id}/deliver`)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const won = res[0].statusCode === 200 ? first : 2;
    const lostRes = res.find((r) => r.statusCode === 400)!;
    expect(lostRes.json().Message).toBe(`可退配件数量不足，配件“${partName[no]}”剩余可退数量 ${st.a - won}`);
    const after = { st: await level(no, 'WH-SH001'), hd: await level(no, 'WH-HD') };
    expect(after.st.q).toBe(st.q - won);
    expect(after.hd).toEqual({ ...hd, t: hd.t + won });
    // Station and transit together hold what the station held.
    expect(after.st.q + (after.hd.t - hd.t)).toBe(st.q);
    expect([(await doc(x)).new_state, (await doc(y)).new_state].sort()).toEqual([returnState.draft, returnState.delivered]);
  });

  it('scope: another station sees nothing of it, the receiving warehouse and head office read it; a draft can be deleted', async () => {
    const id = await siteReturn([]);
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_srv_sitereturns(${id})`)).statusCode).toBe(404);
    expect((await api('station2', 'POST', `/api/parts/siteReturns/${id}/deliver`)).statusCode).toBe(404);
    expect((await api('warehouse1', 'GET', `/api/crmdata/Retrieve/new_srv_sitereturns(${id})`)).statusCode).toBe(200);
    expect((await api('hq', 'GET', `/api/crmdata/Retrieve/new_srv_sitereturns(${id})`)).statusCode).toBe(200);
    done(await api('station1', 'POST', `/api/crmdata/delete/new_srv_sitereturns(${id})`, {}));
    expect(await p.db.one('SELECT 1 FROM new_srv_sitereturn WHERE new_srv_sitereturnid = $1', [id])).toBeFalsy();
  });
});
