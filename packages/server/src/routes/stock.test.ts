import ExcelJS from 'exceljs';
import { stockCheckState, stockUsage } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { chinaDate } from '../domain/china-time.ts';
import { multipart } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const part: Record<string, string> = {};
const station: Record<string, string> = {};

const api = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN' } });
const sheetLines = async (id: string) =>
  (
    await p.db.query<{ id: string; code: string; book: number; counted: number | null; variance: number | null; product: string }>(
      `SELECT new_srv_stockcheckdetailid AS id, new_code AS code, new_bookqty AS book, new_countqty AS counted, new_variance AS variance, new_product_id AS product
       FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1 ORDER BY new_code`,
      [id],
    )
  ).rows;
const onHand = async (warehouse: string, product: string) =>
  (await p.db.one<{ q: number; f: number }>(
    'SELECT new_quantity AS q, new_frozen AS f FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2',
    [wh[warehouse], product],
  ))!;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('盘点');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = async (who: string, id: string, file: Buffer) => {
  const body = multipart({}, { name: '盘点.xlsx', content: file });
  return p.app.inject({
    method: 'POST',
    url: `/api/stock/counts/${id}/import`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok[who]), 'accept-language': 'zh-CN' },
  });
};

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'warehouse1', 'hq', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('stock counts', () => {
  let sheet: string;

  it("one open count per warehouse: a second is refused naming the open one, in the caller's language", async () => {
    const open = (await p.db.one<{ id: string; name: string; wh: string }>(
      `SELECT c.new_srv_stockcheckid AS id, c.new_name AS name, w.new_name AS wh FROM new_srv_stockcheck c JOIN new_srv_warehouse w ON w.new_srv_warehouseid = c.new_warehouse_id
        WHERE c.new_warehouse_id = $1 AND c.new_state IN ($2, $3)`,
      [wh['WH-SH001'], stockCheckState.counting, stockCheckState.submitted],
    ))!;
    const before = (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_stockcheck'))!.n;
    refused(
      await api('station1', 'POST', '/api/stock/counts', { warehouseId: wh['WH-SH001'] }),
      `仓库“${open.wh}”已有未完成的盘点单 ${open.name}，请先完成或取消该盘点单`,
    );
    const en = await p.app.inject({
      method: 'POST',
      url: '/api/stock/counts',
      payload: { warehouseId: wh['WH-SH001'] },
      headers: { ...bearer(tok.station1), 'accept-language': 'en-US' },
    });
    expect(en.json().Message).toBe(`Warehouse "${open.wh}" already has an open stock count ${open.name}: complete or cancel it first`);
    expect((await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_stockcheck'))!.n).toBe(before);
    // The database refuses a second open count too (the partial unique index behind the check).
    await expect(
      p.db.query(`INSERT INTO new_srv_stockcheck (new_name, new_warehouse_id, new_state) VALUES ('PD-TEST', $1, $2)`, [
        wh['WH-SH001'],
        stockCheckState.counting,
      ]),
    ).rejects.toThrow(/ux_new_srv_stockcheck_open_warehouse/);
    // Closed, the warehouse can be counted again (the next test).
    done(await api('admin', 'POST', `/api/stock/counts/${open.id}/cancel`), '取消成功');
  });

  it('a warehouse counts its own stock: one line per part it holds, book quantity as on hand', async () => {
    refused(await api('station1', 'POST', '/api/stock/counts', { warehouseId: wh['WH-HD'] }), '单据不属于本服务站或仓库', 403);
    sheet = done(await api('station1', 'POST', '/api/stock/counts', { warehouseId: wh['WH-SH001'], memo: '月末盘点' }), '创建成功').id;
    const lines = await sheetLines(sheet);
    const held = (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_siteinv WHERE new_warehouse_id = $1', [
      wh['WH-SH001'],
    ]))!.n;
    expect(lines.length).toBe(held);
    for (const l of lines.slice(0, 3)) expect(l.book).toBe((await onHand('WH-SH001', l.product)).q);
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_srv_stockchecks(${sheet})`)).statusCode).toBe(404);
  });

  it('Excel import lists every row error at once and writes nothing; a right file fills the counts', async () => {
    const lines = await sheetLines(sheet);
    const bad = await upload(
      'station1',
      sheet,
      await xlsx([
        ['物料编码', '实盘数量', '备注'],
        [lines[0].code, 5],
        ['NO-SUCH-PART', 1],
        [lines[1].code, -1],
        [lines[0].code, 2],
        [lines[2].code, 1.5],
      ]),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().Data.total).toBe(4);
    expect(bad.json().Data.errors.map((e: { message: string }) => e.message)).toEqual([
      '第 3 行：物料编码“NO-SUCH-PART”不在本盘点单中',
      '第 4 行：实盘数量必须是 0 至 99999 的整数',
      `第 5 行：物料编码“${lines[0].code}”重复`,
      '第 6 行：实盘数量必须是 0 至 99999 的整数',
    ]);
    expect((await sheetLines(sheet)).every((l) => l.counted === null)).toBe(true);
    const headerless = await upload(
      'station1',
      sheet,
      await xlsx([
        ['编码', '数量'],
        ['x', 1],
      ]),
    );
    expect(headerless.json().Message).toBe('Excel 表头缺少：物料编码、实盘数量');
    const ok = await upload(
      'station1',
      sheet,
      await xlsx([
        ['物料编码', '实盘数量', '备注'],
        ...lines.map((l, i) => [l.code, i === 0 ? l.book + 2 : l.book, i === 0 ? '多出两件' : null]),
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().Data.imported).toBe(lines.length);
    const after = await sheetLines(sheet);
    expect(after[0]).toMatchObject({ counted: lines[0].book + 2, variance: 2 });
  });

  it('counts change only while counting; submit needs every line; confirming needs stock.adjust and posts the variances', async () => {
    const lines = await sheetLines(sheet);
    done(await api('station1', 'PATCH', `/api/stock/counts/${sheet}/lines`, { lines: [{ lineId: lines[1].id, countQty: null }] }));
    refused(await api('station1', 'POST', `/api/stock/counts/${sheet}/submit`), '还有 1 行未填写实盘数量');
    refused(
      await api('station1', 'PATCH', `/api/stock/counts/${sheet}/lines`, { lines: [{ lineId: lines[1].id, countQty: 100_000 }] }),
      '实盘数量必须小于100000',
    );
    done(
      await api('station1', 'PATCH', `/api/stock/counts/${sheet}/lines`, {
        lines: [{ lineId: lines[1].id, countQty: Math.max(0, lines[1].book - 1) }],
      }),
    );
    done(await api('station1', 'POST', `/api/stock/counts/${sheet}/submit`), '提交成功');
    refused(
      await api('station1', 'PATCH', `/api/stock/counts/${sheet}/lines`, { lines: [{ lineId: lines[1].id, countQty: 1 }] }),
      '盘点单已提交或已确认，不能修改',
    );
    refused(await api('station1', 'POST', `/api/stock/counts/${sheet}/confirm`), '您没有权限访问该资源.', 403);
    // Stock moves between counting and confirming: the variance is against what is on hand at confirm.
    const moved = lines[0];
    await p.db.query(`UPDATE new_srv_siteinv SET new_quantity = new_quantity + 1 WHERE new_warehouse_id = $1 AND new_product_id = $2`, [
      wh['WH-SH001'],
      moved.product,
    ]);
    await p.db.query(
      `INSERT INTO new_srv_stocktransaction (new_name, new_warehouse_id, new_product_id, new_usage, new_quantity, new_frozen, new_intransit, new_key, owningbusinessunit)
       SELECT 'TEST', $1, $2, 10, 1, 0, 0, 'test:moved', owningbusinessunit FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
      [wh['WH-SH001'], moved.product],
    );
    const before = await onHand('WH-SH001', moved.product);
    done(await api('hq', 'POST', `/api/stock/counts/${sheet}/confirm`), '确认成功');
    expect(await onHand('WH-SH001', moved.product)).toMatchObject({ q: moved.book + 2 });
    const confirmed = await sheetLines(sheet);
    expect(confirmed[0]).toMatchObject({ book: before.q, variance: moved.book + 2 - before.q });
    const posted = (
      await p.db.query<{ q: number; usage: number }>(
        `SELECT new_quantity AS q, new_usage AS usage FROM new_srv_stocktransaction WHERE new_docid = $1 ORDER BY new_seq`,
        [sheet],
      )
    ).rows;
    expect(posted).toEqual(expect.arrayContaining([{ q: moved.book + 2 - before.q, usage: stockUsage.adjustment }]));
    expect(posted.length).toBe(confirmed.filter((l) => l.variance !== 0).length);
    expect(
      await p.db.one(
        'SELECT new_state AS s, new_confirmedby_id IS NOT NULL AS by FROM new_srv_stockcheck WHERE new_srv_stockcheckid = $1',
        [sheet],
      ),
    ).toEqual({ s: stockCheckState.confirmed, by: true });
  });

  it('a count below what is reserved is refused with the part and the frozen quantity', async () => {
    const { id: reserved, name } = (await p.db.one<{ id: string; name: string }>(
      `SELECT s.new_product_id AS id, s.new_name AS name FROM new_srv_siteinv s WHERE s.new_warehouse_id = $1 AND s.new_frozen > 0 ORDER BY s.new_code LIMIT 1`,
      [wh['WH-HD']],
    ))!;
    const frozen = (await onHand('WH-HD', reserved)).f;
    const id = done(await api('warehouse1', 'POST', '/api/stock/counts', { warehouseId: wh['WH-HD'] })).id;
    const lines = await sheetLines(id);
    done(
      await api('warehouse1', 'PATCH', `/api/stock/counts/${id}/lines`, {
        lines: lines.map((l) => ({ lineId: l.id, countQty: l.product === reserved ? frozen - 1 : l.book })),
      }),
    );
    done(await api('warehouse1', 'POST', `/api/stock/counts/${id}/submit`));
    refused(await api('warehouse1', 'POST', `/api/stock/counts/${id}/confirm`), `配件“${name}”实盘数量不能小于已冻结数量 ${frozen}`);
    done(await api('warehouse1', 'POST', `/api/stock/counts/${id}/cancel`), '取消成功');
  });

  it("the template holds the sheet's lines", async () => {
    const res = await api('station1', 'GET', `/api/stock/counts/${sheet}/template`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '物料编码', '配件名称', '单位', '实盘数量', '备注']);
    expect(ws.actualRowCount).toBe((await sheetLines(sheet)).length + 1);
  });
});

describe('inventory tasks and limits', () => {
  it('head office releases a task: one sheet per station in its warehouse; stations see their own', async () => {
    const deadline = chinaDate(new Date(), 7);
    refused(
      await api('station1', 'POST', '/api/stock/tasks', { subject: 'x', deadline, stationIds: [station.SH001] }),
      '您没有权限访问该资源.',
      403,
    );
    refused(
      await api('hq', 'POST', '/api/stock/tasks', {
        subject: '年末盘点',
        deadline: chinaDate(new Date(), -1),
        stationIds: [station.SH001],
      }),
      '完成期限不能早于今天',
    );
    refused(await api('hq', 'POST', '/api/stock/tasks', { subject: '年末盘点', deadline, stationIds: [] }), '请至少选择一个服务站');
    // Hangzhou is still counting the demo's task: no second sheet there, and nothing of the task is made.
    const open = (await p.db.one<{ id: string; name: string }>(
      'SELECT new_srv_stockcheckid AS id, new_name AS name FROM new_srv_stockcheck WHERE new_warehouse_id = $1 AND new_state IN ($2, $3)',
      [wh['WH-ZJ001'], stockCheckState.counting, stockCheckState.submitted],
    ))!;
    const tasks = (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_invtask'))!.n;
    const release = () =>
      api('hq', 'POST', '/api/stock/tasks', {
        subject: '2026 年末盘点',
        deadline,
        stationIds: [station.SH001, station.ZJ001],
        memo: '先盘滤芯类配件',
      });
    expect((await release()).json().Message).toContain(`已有未完成的盘点单 ${open.name}`);
    expect((await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_invtask'))!.n).toBe(tasks);
    done(await api('admin', 'POST', `/api/stock/counts/${open.id}/cancel`));
    const task = done(await release(), '创建成功').id;
    const sheets = (
      await p.db.query<{ id: string; wh: string; deadline: string }>(
        `SELECT new_srv_stockcheckid AS id, new_warehouse_id AS wh, to_char(new_deadline, 'YYYY-MM-DD') AS deadline FROM new_srv_stockcheck WHERE new_invtask_id = $1`,
        [task],
      )
    ).rows;
    expect(sheets.map((s) => s.wh).sort()).toEqual([wh['WH-SH001'], wh['WH-ZJ001']].sort());
    expect(sheets.every((s) => s.deadline === deadline)).toBe(true);
    const seen = done(
      await api(
        'station1',
        'GET',
        `/api/crmdata/Retrieve/new_srv_stockchecks?$select=new_name&$filter=${encodeURIComponent(`new_invtask_id eq ${task}`)}`,
      ),
    ) as unknown as { value: unknown[] };
    expect(seen.value.length).toBe(1);
    // The station reads the task's subject and head office's note on its sheet; its own memo is its own.
    const mine = sheets.find((s) => s.wh === wh['WH-SH001'])!.id;
    const head = done(
      await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_stockchecks(${mine})?$select=new_tasksubject,new_tasknote,new_memo`),
    ) as unknown as Record<string, unknown>;
    expect(head).toMatchObject({ new_tasksubject: '2026 年末盘点', new_tasknote: '先盘滤芯类配件', new_memo: null });
    expect(
      await p.db.one('SELECT new_stationcount AS n, new_state AS s FROM new_srv_invtask WHERE new_srv_invtaskid = $1', [task]),
    ).toEqual({ n: 2, s: 1 });
  });

  it('limits in a batch (min ≤ max, each part once) and the station inventory beside them', async () => {
    const batch = (who: string, lines: object[]) => api(who, 'POST', '/api/stock/limits/batch', { stationId: station.ZJ001, lines });
    refused(await batch('station2', [{ productId: part['PW-FL-01'], minQty: 1, maxQty: 2 }]), '您没有权限访问该资源.', 403);
    refused(await batch('hq', [{ productId: part['PW-FL-01'], minQty: 5, maxQty: 2 }]), '库存上限不能小于库存下限');
    done(
      await batch('hq', [
        { productId: part['PW-FL-01'], minQty: 9999, maxQty: 99999 },
        { productId: part['PW-CP-35'], minQty: 1, maxQty: 2 },
      ]),
      '保存成功',
    );
    const rows = done(await api('station2', 'GET', `/api/stock/limits/overview?stationId=${station.ZJ001}`)) as unknown as {
      code: string;
      level: string;
      minQty: number | null;
      quantity: number;
    }[];
    expect(rows.find((r) => r.code === 'PW-FL-01')).toMatchObject({ level: 'below', minQty: 9999 });
    expect(rows.find((r) => r.code === 'PW-CP-35')?.minQty).toBe(1);
    expect((await api('station1', 'GET', `/api/stock/limits/overview?stationId=${station.ZJ001}`)).statusCode).toBe(404);
    // One row per station and part through the record service too, with min ≤ max.
    const dup = await api('hq', 'POST', '/api/crmdata/create/new_srv_stationparts', {
      new_station_id: station.ZJ001,
      new_product_id: part['PW-CP-35'],
      new_minqty: 1,
      new_maxqty: 1,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Data.errors[0].field).toBe('new_product_id');
    const range = await api('hq', 'POST', '/api/crmdata/create/new_srv_stationparts', {
      new_station_id: station.ZJ001,
      new_product_id: part['HC-GP-16'],
      new_minqty: 3,
      new_maxqty: 1,
    });
    expect(range.json().Data.errors).toEqual([{ field: 'new_maxqty', message: '库存上限不能小于库存下限' }]);
  });
});
