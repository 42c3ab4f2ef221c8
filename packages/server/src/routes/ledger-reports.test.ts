import ExcelJS from 'exceljs';
import type { InventoryStatement, QuotaFlow } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { chinaDate } from '../domain/china-time.ts';
import { toCents } from '../domain/money.ts';
import { signIn } from '../testing/auth-helpers.ts';
import { refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';
import { okData, userApi } from '../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};
const api = userApi(() => p, tok);
const today = chinaDate();

/** The ledger's own figures for one warehouse and part: Σ moves before `start`, balance after the last move before `end`. */
async function ledger(w: string, pr: string, start: string, end: string) {
  return (await p.db.one<{ before: number; balance: number; ins: number; outs: number }>(
    `SELECT COALESCE(sum(new_quantity) FILTER (WHERE createdon < $3), 0)::int AS before,
            COALESCE((SELECT new_balance FROM new_srv_stocktransaction WHERE new_warehouse_id = $1 AND new_product_id = $2 AND createdon < $4 ORDER BY new_seq DESC LIMIT 1), 0) AS balance,
            COALESCE(sum(new_quantity) FILTER (WHERE createdon >= $3 AND new_quantity > 0), 0)::int AS ins,
            COALESCE(-sum(new_quantity) FILTER (WHERE createdon >= $3 AND new_quantity < 0), 0)::int AS outs
       FROM new_srv_stocktransaction WHERE new_warehouse_id = $1 AND new_product_id = $2 AND createdon < $4`,
    [w, pr, start, end],
  ))!;
}
const chinaStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 8 * 3600_000).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('库存报表 (inventory statement)', () => {
  it('per warehouse and part: opening + in − out = closing, each figure as in the stock ledger', async () => {
    // A period that cuts the demo's documents' moves in two (the opening stock before it), so that
    // opening, in and out all carry something.
    const mid = (await p.db.one<{ d: string }>(
      `SELECT to_char((createdon AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS d FROM new_srv_stocktransaction WHERE new_key NOT LIKE 'demo:opening:%'
        ORDER BY createdon OFFSET (SELECT count(*) / 2 FROM new_srv_stocktransaction WHERE new_key NOT LIKE 'demo:opening:%') LIMIT 1`,
    ))!.d;
    const st = okData(await api('hq', 'GET', `/api/stock/statement?from=${mid}&to=${today}&pageSize=500`)) as InventoryStatement;
    expect(st.total).toBeGreaterThan(0);
    expect(st.rows.some((r) => r.opening > 0) && st.rows.some((r) => r.in > 0) && st.rows.some((r) => r.out > 0)).toBe(true);
    const start = chinaStart(mid);
    const end = chinaStart(nextDay(today));
    for (const r of st.rows) {
      expect(r.opening + r.in - r.out, r.code).toBe(r.closing);
      const l = await ledger(r.warehouseId, r.productId, start, end);
      expect([r.opening, r.in, r.out, r.closing], `${r.warehouse} ${r.code}`).toEqual([l.before, l.ins, l.outs, l.balance]);
    }
    // Up to today the closing quantity is what the warehouse holds now.
    const onHand = await p.db.query<{ w: string; pr: string; q: number }>(
      `SELECT new_warehouse_id AS w, new_product_id AS pr, new_quantity AS q FROM new_srv_siteinv`,
    );
    const held = new Map(onHand.rows.map((r) => [`${r.w}|${r.pr}`, r.q]));
    for (const r of st.rows) expect(r.closing, r.code).toBe(held.get(`${r.warehouseId}|${r.productId}`));
  });

  it('a station sees its own warehouses, head office every station; filters by station, part and period', async () => {
    const own = okData(await api('station1', 'GET', `/api/stock/statement?from=2000-01-01&pageSize=500`)) as InventoryStatement;
    expect(own.rows.length).toBeGreaterThan(0);
    expect(new Set(own.rows.map((r) => r.stationId))).toEqual(new Set([station.SH001]));
    expect(
      (okData(await api('station1', 'GET', `/api/stock/statement?stationId=${station.ZJ001}&from=2000-01-01`)) as InventoryStatement).total,
    ).toBe(0);

    const all = okData(await api('hq', 'GET', `/api/stock/statement?from=2000-01-01&pageSize=500`)) as InventoryStatement;
    expect(new Set(all.rows.map((r) => r.stationId)).size).toBeGreaterThan(2);
    const zj = okData(
      await api('hq', 'GET', `/api/stock/statement?stationId=${station.ZJ001}&from=2000-01-01&pageSize=500`),
    ) as InventoryStatement;
    expect(zj.rows.length).toBeGreaterThan(0);
    expect(zj.rows.every((r) => r.stationId === station.ZJ001)).toBe(true);
    const part = zj.rows[0];
    const one = okData(
      await api('hq', 'GET', `/api/stock/statement?stationId=${station.ZJ001}&productId=${part.productId}&from=2000-01-01`),
    ) as InventoryStatement;
    expect(one.rows).toEqual([part]);
    // Before any move nothing is there to state.
    expect((okData(await api('hq', 'GET', `/api/stock/statement?from=2000-01-01&to=2000-01-31`)) as InventoryStatement).total).toBe(0);
    // Paging: the total stays, the page holds pageSize rows.
    const page2 = okData(await api('hq', 'GET', `/api/stock/statement?from=2000-01-01&pageSize=5&page=2`)) as InventoryStatement;
    expect(page2.total).toBe(all.total);
    expect(page2.rows).toEqual(all.rows.slice(5, 10));
  });

  it('refuses a period it cannot read, naming the field', async () => {
    refused(await api('hq', 'GET', '/api/stock/statement?from=2026-13-01'), '开始日期不是有效的日期（YYYY-MM-DD）', 400, 'from');
    refused(await api('hq', 'GET', '/api/stock/statement?from=2026-11-20&to=2026-11-01'), '结束日期不能小于开始日期！', 400, 'to');
  });

  it('exports the same rows to Excel', async () => {
    const st = okData(await api('station1', 'GET', `/api/stock/statement?from=2000-01-01&pageSize=500`)) as InventoryStatement;
    const res = await api('station1', 'GET', `/api/stock/statement/export?from=2000-01-01`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '服务站',
      '仓库',
      '物料编码',
      '配件名称',
      '期初数量',
      '本期入库',
      '本期出库',
      '期末数量',
    ]);
    expect(ws.rowCount - 1).toBe(st.rows.length);
    const first = st.rows[0];
    expect((ws.getRow(2).values as unknown[]).slice(3)).toEqual([
      first.code,
      first.name,
      first.opening,
      first.in,
      first.out,
      first.closing,
    ]);
  });
});

describe("流水 (the station quota's line flow)", () => {
  it("every move with the balance after it: opening + each amount in turn, ending at the station's quota", async () => {
    const flow = okData(await api('station1', 'GET', `/api/quota/flow?from=2000-01-01`)) as QuotaFlow;
    expect(flow.stations.map((s) => s.stationId)).toEqual([station.SH001]);
    expect(flow.moves.length).toBeGreaterThan(1);
    const [st] = flow.stations;
    let balance = toCents(st.opening);
    for (const m of flow.moves) {
      balance += toCents(m.amount);
      expect(toCents(m.balance), `${m.document} ${m.time}`).toBe(balance);
    }
    expect(toCents(st.closing)).toBe(balance);
    const now = (await p.db.one<{ c: string }>(`SELECT new_currentamount::text AS c FROM new_srv_station WHERE new_srv_stationid = $1`, [
      station.SH001,
    ]))!.c;
    expect(balance).toBe(toCents(now));
    expect(flow.moves.every((m) => m.document && m.time && m.usage > 0)).toBe(true);
  });

  it('a later period opens at the balance the earlier one closed with; scoped per station', async () => {
    const times = (okData(await api('hq', 'GET', `/api/quota/flow?stationId=${station.SH001}&from=2000-01-01`)) as QuotaFlow).moves.map(
      (m) => chinaDate(new Date(m.time)),
    );
    const cut = times[Math.floor(times.length / 2)];
    const before = okData(
      await api(
        'hq',
        'GET',
        `/api/quota/flow?stationId=${station.SH001}&from=2000-01-01&to=${new Date(Date.parse(cut) - 86_400_000).toISOString().slice(0, 10)}`,
      ),
    ) as QuotaFlow;
    const after = okData(await api('hq', 'GET', `/api/quota/flow?stationId=${station.SH001}&from=${cut}`)) as QuotaFlow;
    expect(after.stations[0].opening).toBe(before.stations[0]?.closing ?? '0.00');
    expect(before.moves.length + after.moves.length).toBe(times.length);

    expect((okData(await api('station1', 'GET', `/api/quota/flow?stationId=${station.ZJ001}&from=2000-01-01`)) as QuotaFlow).moves).toEqual(
      [],
    );
    const all = okData(await api('hq', 'GET', `/api/quota/flow?from=2000-01-01`)) as QuotaFlow;
    expect(all.stations.length).toBeGreaterThan(2);
  });
});
