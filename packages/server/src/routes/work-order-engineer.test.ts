import { mapView, type DashboardData, type MapData } from '@portal/model';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { multipart, SAMPLES, tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * The authorization matrix, engineer row: engineer1 (service personnel of SH001, no workorder.all)
 * reaches only the orders dispatched to their own personnel record — in reads, counts, exports,
 * the map, the dashboard, attachments, lines and history — and of those may record appointment,
 * progress, photos, completion and lines (workorder.service), never dispatch, cancel or edit.
 * Outside their reach: 404 (as another station); a command not theirs on their own order: 403.
 */

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
let me: string; // engineer1's personnel record
let colleague: string; // another engineer of SH001
let sh001: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (who: string, method: Method, url: string, payload?: object) =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN' } });
const cmd = (who: string, id: string, name: string, body: object) => api(who, 'POST', `/api/workorders/${id}/${name}`, body);
const count = async (who: string, set: string, filter?: string) => {
  const res = await api(
    who,
    'GET',
    `/api/crmdata/Retrieve/${set}?$count=true&$top=0${filter ? `&$filter=${encodeURIComponent(filter)}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data['@odata.count'] as number;
};
const dbCount = async (sql: string, params: unknown[] = []) => (await p.db.one<{ n: number }>(sql, params))!.n;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A new SH001 order, dispatched by the station principal to `worker` (or left unassigned). */
async function order(worker: string | null): Promise<string> {
  const res = await api('station1', 'POST', '/api/crmdata/create/new_srv_workorders', {
    new_type: 1,
    new_warranty: 1,
    new_customer: '上海矩阵测试有限公司',
    new_contact: '测试',
    new_phone: '13812345678',
    new_province: '上海市',
    new_city: '上海市',
    new_county: '浦东新区',
    new_address: '张江路 1 号',
    new_faultdesc: '设备无法启动',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().Data.id as string;
  if (worker) {
    expect((await cmd('station1', id, 'dispatch', { workerId: worker })).statusCode).toBe(200);
    // Dispatched an hour ago, so the engineer's steps can be recorded at past times after it.
    await p.db.query(`UPDATE new_srv_workorder SET new_dispatchtime = now() - interval '1 hour' WHERE new_srv_workorderid = $1`, [id]);
  }
  return id;
}

function upload(who: string, id: string) {
  const body = multipart(
    { ModuleType: 'new_srv_workorder', FileId: '', FileName: 'site.png', ObjectId: id, IsOverwrite: '0' },
    { name: 'site.png', content: SAMPLES.png },
  );
  return p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok[who]) },
  });
}

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of ['station1', 'station2', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  me = (await p.db.one<{ id: string }>(`SELECT new_worker_id AS id FROM systemuser WHERE domainname = 'engineer1'`))!.id;
  sh001 = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
  colleague = (await p.db.one<{ id: string }>(
    'SELECT new_srv_workerid AS id FROM new_srv_worker WHERE new_station_id = $1 AND new_srv_workerid <> $2 ORDER BY new_code LIMIT 1',
    [sh001, me],
  ))!.id;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('engineer: demo data', () => {
  it('engineer1 is linked to their personnel record and has orders in several states', async () => {
    expect(me).toBeTruthy();
    const w = await p.db.one<{ name: string; station: string }>(
      'SELECT new_name AS name, new_station_id AS station FROM new_srv_worker WHERE new_srv_workerid = $1',
      [me],
    );
    expect(w).toEqual({ name: '赵磊', station: sh001 });
    const { rows } = await p.db.query<{ s: number }>(
      'SELECT DISTINCT new_status AS s FROM new_srv_workorder WHERE new_worker_id = $1 ORDER BY 1',
      [me],
    );
    const states = rows.map((r) => r.s);
    expect(states.filter((s) => s >= 2 && s <= 5).length, String(states)).toBeGreaterThanOrEqual(2); // open: to do today
    expect(
      states.some((s) => s >= 7),
      String(states),
    ).toBe(true); // completed or later
  });
});

describe('engineer: reads', () => {
  it('list, $count, Retrieve by id, fetchXml and export hold only the orders assigned to them', async () => {
    const mine = await dbCount('SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_worker_id = $1', [me]);
    const station = await dbCount('SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_station_id = $1', [sh001]);
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(station);
    expect(await count('engineer1', 'new_srv_workorders')).toBe(mine);
    expect(await count('station1', 'new_srv_workorders')).toBe(station);
    // A filter cannot widen the reach: another worker's orders are simply not there.
    expect(await count('engineer1', 'new_srv_workorders', `new_worker_id eq ${colleague}`)).toBe(0);

    const page = await api('engineer1', 'GET', '/api/crmdata/Retrieve/new_srv_workorders?$select=new_worker_id&$top=500');
    expect(page.json().Data.value.every((r: { new_worker_id: string }) => r.new_worker_id === me)).toBe(true);

    const own = (await p.db.one<{ id: string }>(
      'SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_worker_id = $1 LIMIT 1',
      [me],
    ))!.id;
    const other = (await p.db.one<{ id: string }>(
      'SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_worker_id = $1 LIMIT 1',
      [colleague],
    ))!.id;
    const unassigned = (await p.db.one<{ id: string }>(
      'SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_station_id = $1 AND new_worker_id IS NULL LIMIT 1',
      [sh001],
    ))!.id;
    expect((await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${own})`)).statusCode).toBe(200);
    for (const id of [other, unassigned])
      expect((await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${id})`)).statusCode).toBe(404);

    const fetchXml = encodeURIComponent('<fetch><entity name="new_srv_workorder"><attribute name="new_name"/></entity></fetch>');
    const fx = await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders?fetchXml=${fetchXml}`);
    expect(fx.statusCode, fx.body).toBe(200);
    expect(fx.json().Data.value).toHaveLength(mine);

    const x = await api('engineer1', 'GET', '/api/crmdata/Export/new_srv_workorders?view=all&columns=new_name,new_worker_id');
    expect(x.statusCode, x.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.length - 1).toBe(mine);
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['赵磊']));
  });

  it('lines and history only of their own orders', async () => {
    for (const set of ['new_srv_workorderlogs', 'new_srv_repairitems', 'new_srv_partlines', 'new_srv_troubles', 'new_srv_outsidelines']) {
      const table = set.slice(0, -1);
      const mine = await dbCount(
        `SELECT count(*)::int AS n FROM ${table} l JOIN new_srv_workorder o ON o.new_srv_workorderid = l.new_workorder_id WHERE o.new_worker_id = $1`,
        [me],
      );
      const station = await dbCount(`SELECT count(*)::int AS n FROM ${table} WHERE new_station_id = $1`, [sh001]);
      expect(await count('engineer1', set), set).toBe(mine);
      expect(await count('station1', set), set).toBe(station);
      if (set === 'new_srv_workorderlogs' || set === 'new_srv_repairitems') expect(mine, set).toBeGreaterThan(0);
      expect(mine, set).toBeLessThan(station);
    }
    const other = (await p.db.one<{ id: string }>(
      `SELECT l.new_srv_workorderlogid AS id FROM new_srv_workorderlog l JOIN new_srv_workorder o ON o.new_srv_workorderid = l.new_workorder_id WHERE o.new_worker_id = $1 LIMIT 1`,
      [colleague],
    ))!.id;
    expect((await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorderlogs(${other})`)).statusCode).toBe(404);
  });

  it('the map, the dashboard and the calendar count only their orders', async () => {
    const map = await api('engineer1', 'GET', '/api/workorders/map?range=all');
    expect(map.statusCode, map.body).toBe(200);
    const data = mapView(map.json().Data as MapData);
    // The map of China shows the orders placed on it (overseas orders have no position there).
    const open = await dbCount(
      'SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_worker_id = $1 AND new_status BETWEEN 1 AND 5 AND new_latitude IS NOT NULL AND new_longitude IS NOT NULL',
      [me],
    );
    expect(data.orders.length).toBe(open);
    expect(data.orders.every((o) => o.workerId === me)).toBe(true);
    expect(data.toAssign).toBe(0);

    const dash = await api('engineer1', 'GET', '/api/workorders/dashboard');
    expect(dash.statusCode, dash.body).toBe(200);
    const d = dash.json().Data as DashboardData;
    // The dashboard counts the domestic orders (overseas ones have their own list).
    const total = await dbCount(
      'SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_worker_id = $1 AND new_isoverseas IS NOT TRUE',
      [me],
    );
    expect(d.byType.reduce((n, x) => n + x.count, 0)).toBe(total);

    // The calendar's call: orders with an appointment in a date range.
    const appts = await count('engineer1', 'new_srv_workorders', 'new_appointmenttime ne null');
    expect(appts).toBe(
      await dbCount('SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_worker_id = $1 AND new_appointmenttime IS NOT NULL', [me]),
    );
  });
});

describe('engineer: commands', () => {
  it('on their own order: appointment, progress, photos, lines and completion; 403 for dispatch, cancel and edits', async () => {
    const id = await order(me);
    expect((await cmd('engineer1', id, 'dispatch', { workerId: colleague })).statusCode).toBe(403);
    expect((await cmd('engineer1', id, 'cancel', { reason: '客户取消' })).statusCode).toBe(403);
    for (const name of ['audit', 'revisit', 'settlement', 'supervise'])
      expect((await cmd('engineer1', id, name, {})).statusCode, name).toBe(403);
    expect((await api('engineer1', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_contact: '改名' })).statusCode).toBe(403);
    expect(
      (await api('engineer1', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})/new_contact`, { value: '改名' })).statusCode,
    ).toBe(403);
    expect((await api('engineer1', 'POST', `/api/crmdata/delete/new_srv_workorders(${id})`)).statusCode).toBe(403);
    expect((await api('engineer1', 'POST', '/api/crmdata/create/new_srv_workorders', { new_customer: 'x' })).statusCode).toBe(403);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const ok = async (res: Awaited<ReturnType<typeof api>>) => expect(res.statusCode, res.body).toBe(200);
    await ok(await cmd('engineer1', id, 'appointment', { date: tomorrow, begin: 900, end: 1100, status: 1 }));
    await ok(await cmd('engineer1', id, 'progress', { step: 'response', time: ago(30) }));
    await ok(await cmd('engineer1', id, 'progress', { step: 'departure', time: ago(20), address: '张江高科技园区碧波路 690 号' }));
    await ok(await cmd('engineer1', id, 'progress', { step: 'arrival', time: ago(10), address: '张江路 1 号' }));
    await ok(await upload('engineer1', id));
    await ok(await cmd('engineer1', id, 'progress', { step: 'photos', time: ago(5) }));
    const line = await api('engineer1', 'POST', `/api/workorders/${id}/lines/repairitems`, {
      new_name: '液压系统检修',
      new_hours: 2,
      new_price: 100,
    });
    await ok(line);
    await ok(await api('engineer1', 'PATCH', `/api/workorders/${id}/lines/repairitems/${line.json().Data.lineId}`, { new_hours: 3 }));
    await ok(await api('engineer1', 'POST', `/api/workorders/${id}/lines/troubles`, { new_name: '液压压力不足' }));
    const done = await cmd('engineer1', id, 'complete', {
      fixtype: 1,
      solution: '更换滤芯',
      serviceResult: '运行正常',
      completionTime: ago(1),
      completionAddress: '张江路 1 号',
    });
    expect(done.statusCode, done.body).toBe(200);
    const row = (await p.db.one<{ s: number; cost: string }>(
      'SELECT new_status AS s, new_servicecharge::text AS cost FROM new_srv_workorder WHERE new_srv_workorderid = $1',
      [id],
    ))!;
    expect(row).toEqual({ s: 7, cost: '300.00' });
  });

  it('on any other order of the station: 404 for every command, line and attachment call', async () => {
    const theirs = await order(colleague);
    const open = await order(null);
    const line = (
      await api('station1', 'POST', `/api/workorders/${theirs}/lines/repairitems`, { new_name: '调试', new_hours: 1, new_price: 50 })
    ).json().Data.lineId;
    const calls: [Method, string, object?][] = [
      ['POST', 'appointment', { date: '2026-12-01', begin: 900, end: 1000, status: 1 }],
      ['POST', 'progress', { step: 'response', time: ago(1) }],
      ['POST', 'complete', {}],
      ['POST', 'lines/repairitems', { new_name: 'x', new_hours: 1, new_price: 1 }],
      ['PATCH', `lines/repairitems/${line}`, { new_hours: 2 }],
      ['DELETE', `lines/repairitems/${line}`],
    ];
    for (const id of [theirs, open]) {
      for (const [method, path, body] of calls) {
        const res = await api('engineer1', method, `/api/workorders/${id}/${path}`, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
      expect((await api('engineer1', 'GET', `/api/attachment?moduleType=new_srv_workorder&objectId=${id}`)).statusCode).toBe(404);
      expect((await upload('engineer1', id)).statusCode).toBe(404);
      // Commands they may not run at all stay 403, whoever's the order.
      expect((await cmd('engineer1', id, 'cancel', { reason: 'x' })).statusCode).toBe(403);
      expect((await cmd('engineer1', id, 'dispatch', { workerId: me })).statusCode).toBe(403);
      expect((await api('engineer1', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_contact: 'x' })).statusCode).toBe(403);
    }
    const after = await p.db.one<{ a: string | null; s: number }>(
      'SELECT new_appointmenttime::text AS a, new_status AS s FROM new_srv_workorder WHERE new_srv_workorderid = $1',
      [theirs],
    );
    expect(after).toEqual({ a: null, s: 2 });
    // Another station's engineer-less orders are as far away as before.
    const zj = (await p.db.one<{ id: string }>(
      `SELECT o.new_srv_workorderid AS id FROM new_srv_workorder o JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id WHERE s.new_code = 'ZJ001' LIMIT 1`,
    ))!.id;
    expect((await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${zj})`)).statusCode).toBe(404);
  });

  it('a reassigned order leaves their reach at once; the principal keeps seeing it', async () => {
    const id = await order(me);
    expect((await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${id})`)).statusCode).toBe(200);
    expect((await cmd('station1', id, 'dispatch', { workerId: colleague, memo: '改派' })).statusCode).toBe(200);
    expect((await api('engineer1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${id})`)).statusCode).toBe(404);
    expect((await cmd('engineer1', id, 'progress', { step: 'response', time: ago(1) })).statusCode).toBe(404);
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${id})`)).statusCode).toBe(200);
  });
});
