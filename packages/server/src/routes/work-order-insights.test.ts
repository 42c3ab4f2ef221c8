import { MAP_MAX_ORDERS, mapView, type DashboardData, type MapData, type MapView } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { chinaDate, lastMonths } from '../domain/china-time.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const token: Record<string, string> = {};
const station = new Map<string, { id: string; unit: string }>();
let adminId: string;
const units: Record<string, string[]> = {};

/** The units each demo user reaches, written out by hand (not through the server's subtree code). */
const REACH = {
  station1: ['ST-SH001'],
  branch1: ['BR-HD', 'ST-SH001', 'ST-ZJ001'],
  hq: ['HQ', 'BR-HD', 'BR-HN', 'ST-SH001', 'ST-ZJ001', 'ST-GD001', 'SP-SZ001'],
} as const;
type Who = keyof typeof REACH;

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'branch1', 'hq', 'warehouse1'] as const) token[u] = (await signIn(p.app, u)).access_token;
  const st = await p.db.query<{ code: string; id: string; unit: string }>(
    'SELECT new_code AS code, new_srv_stationid AS id, owningbusinessunit AS unit FROM new_srv_station',
  );
  for (const r of st.rows) station.set(r.code, { id: r.id, unit: r.unit });
  adminId = (await p.db.one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'`))!.id;
  const bu = await p.db.query<{ code: string; id: string }>('SELECT new_code AS code, businessunitid AS id FROM businessunit');
  const byCode = new Map(bu.rows.map((r) => [r.code, r.id]));
  for (const [who, codes] of Object.entries(REACH)) units[who] = codes.map((c) => byCode.get(c)!);
}, 120_000);
afterAll(() => p?.close());

const get = (url: string, who?: string) => p.app.inject({ method: 'GET', url, headers: who ? bearer(token[who]) : {} });
const rawMap = async (who: Who, range = 'all'): Promise<MapData> => {
  const res = await get(`/api/workorders/map?range=${range}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().Data;
};
/** The answer with its order columns as objects, as the screen reads it. */
const map = async (who: Who, range = 'all'): Promise<MapView> => mapView(await rawMap(who, range));

let seq = 0;
interface OrderSpec {
  st: string;
  status?: number;
  deal?: number;
  lng?: number | null;
  lat?: number | null;
  appt?: string | null;
  created?: Date;
  completed?: Date | null;
  type?: number;
  line?: string | null;
  abnormal?: boolean;
}
/** Inserts one order straight into the table (the read side must not depend on the commands). */
async function order(o: OrderSpec): Promise<string> {
  const s = station.get(o.st)!;
  seq += 1;
  const { rows } = await p.db.query<{ id: string }>(
    `INSERT INTO new_srv_workorder (new_name, new_type, new_warranty, new_status, new_dealstatus, new_customer, new_contact, new_phone,
       new_province, new_city, new_address, new_longitude, new_latitude, new_appointmenttime, new_station_id, new_productline_id,
       new_isabnormal, new_completiontime, new_faultdesc, createdon, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, 1, $3, $4, '测试客户', '测试联系人', '13800000000', '上海市', '上海市', '测试路 1 号', $5, $6, $7::date, $8, $9,
       $10, $11, '测试', $12, $13, $14, $13, $13) RETURNING new_srv_workorderid AS id`,
    [
      `MAPT-${String(seq).padStart(5, '0')}`,
      o.type ?? 1,
      o.status ?? 1,
      o.deal ?? (o.status && o.status > 1 ? 2 : 1),
      o.lng === undefined ? 121.5 + seq / 1000 : o.lng,
      o.lat === undefined ? 31.2 + seq / 1000 : o.lat,
      o.appt ?? null,
      s.id,
      o.line ?? null,
      o.abnormal ?? false,
      o.completed ?? null,
      o.created ?? new Date(),
      adminId,
      s.unit,
    ],
  );
  return rows[0].id;
}

describe('GET /api/workorders/map', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ids.sh = await order({ st: 'SH001' });
    ids.shAssigned = await order({ st: 'SH001', status: 2, deal: 3 });
    ids.zj = await order({ st: 'ZJ001' });
    ids.gd = await order({ st: 'GD001' });
    ids.shClosed = await order({ st: 'SH001', status: 7, deal: 7 });
    ids.shNoCoords = await order({ st: 'SH001', lng: null, lat: null });
    // Engineers' last positions; one engineer of SH001 holds the assigned order above.
    await p.db.query(
      `UPDATE new_srv_worker SET new_longitude = 121.55, new_latitude = 31.22, new_locationtime = now() WHERE new_station_id = $1`,
      [station.get('SH001')!.id],
    );
    await p.db.query(
      `UPDATE new_srv_workorder SET new_worker_id = (SELECT new_srv_workerid FROM new_srv_worker WHERE new_code = 'SH001-E001') WHERE new_srv_workorderid = $1`,
      [ids.shAssigned],
    );
  });

  const workersOf = async (who: Who) =>
    (
      await p.db.query<{ id: string }>(
        'SELECT new_srv_workerid AS id FROM new_srv_worker WHERE owningbusinessunit = ANY($1::uuid[]) AND statecode = 0',
        [units[who]],
      )
    ).rows
      .map((r) => r.id)
      .sort();
  const toAssignOf = async (who: Who) =>
    (await p.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_srv_workorder WHERE owningbusinessunit = ANY($1::uuid[]) AND new_status = 1',
      [units[who]],
    ))!.n;

  it('shows a station only its own open orders and engineers', async () => {
    const d = await map('station1');
    const sh = station.get('SH001')!.id;
    expect(d.orders.length).toBeGreaterThan(0);
    expect(new Set(d.orders.map((o) => o.stationId))).toEqual(new Set([sh]));
    const got = d.orders.map((o) => o.id);
    expect(got).toContain(ids.sh);
    expect(got).toContain(ids.shAssigned);
    for (const hidden of [ids.zj, ids.gd, ids.shClosed, ids.shNoCoords]) expect(got).not.toContain(hidden);
    expect(d.orders.every((o) => o.status >= 1 && o.status <= 5)).toBe(true);
    expect(d.workers.map((w) => w.id).sort()).toEqual(await workersOf('station1'));
    expect(d.workers.every((w) => w.stationId === sh && w.stationName === '上海浦东华辰服务站')).toBe(true);
    // The order without coordinates is not drawn but still waits to be assigned.
    expect(d.toAssign).toBe(await toAssignOf('station1'));
    expect(d.truncated).toBe(false);

    const one = d.orders.find((o) => o.id === ids.sh)!;
    expect(one).toMatchObject({
      status: 1,
      stationName: '上海浦东华辰服务站',
      workerId: null,
      workerName: null,
      customer: '测试客户',
      address: '上海市测试路 1 号',
    });
    expect(typeof one.lng).toBe('number');
    expect(one.appointmentDate).toBeNull();
    const held = d.orders.find((o) => o.id === ids.shAssigned)!;
    expect(held).toMatchObject({ workerName: '赵磊', stationName: '上海浦东华辰服务站' });
    const zhao = d.workers.find((w) => w.code === 'SH001-E001')!;
    expect(zhao).toMatchObject({ lng: 121.55, lat: 31.22 });
    const load = (await p.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_worker_id = $1 AND new_status BETWEEN 2 AND 5`,
      [zhao.id],
    ))!.n;
    expect(load).toBeGreaterThanOrEqual(1);
    expect(zhao.load).toBe(load);
  });

  it('shows a branch its stations and head office everything', async () => {
    const br = await map('branch1');
    const reach = new Set([station.get('SH001')!.id, station.get('ZJ001')!.id]);
    expect(br.orders.every((o) => reach.has(o.stationId))).toBe(true);
    expect(br.orders.map((o) => o.id)).toEqual(expect.arrayContaining([ids.sh, ids.zj]));
    expect(br.orders.map((o) => o.id)).not.toContain(ids.gd);
    expect(br.workers.map((w) => w.id).sort()).toEqual(await workersOf('branch1'));
    expect(br.toAssign).toBe(await toAssignOf('branch1'));

    const hq = await map('hq');
    expect(hq.orders.map((o) => o.id)).toEqual(expect.arrayContaining([ids.sh, ids.zj, ids.gd]));
    expect(hq.workers.map((w) => w.id).sort()).toEqual(await workersOf('hq'));
    expect(hq.workers.length).toBeGreaterThan(br.workers.length);
    expect(hq.toAssign).toBe(await toAssignOf('hq'));
    // Newest first.
    const created = await p.db.query<{ id: string; t: number }>(
      'SELECT new_srv_workorderid AS id, extract(epoch FROM createdon)::float8 AS t FROM new_srv_workorder WHERE new_srv_workorderid = ANY($1::uuid[])',
      [hq.orders.map((o) => o.id)],
    );
    const at = new Map(created.rows.map((r) => [r.id, r.t]));
    const times = hq.orders.map((o) => at.get(o.id)!);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('sends each station and assigned engineer once, the orders as columns that point at them', async () => {
    const d = await rawMap('branch1');
    const n = d.orders.id.length;
    expect(n).toBeGreaterThan(1);
    for (const col of Object.values(d.orders)) expect(col).toHaveLength(n);
    expect(new Set(d.stations.map((s) => s.id)).size).toBe(d.stations.length);
    expect(d.stations.map((s) => s.name)).toEqual(expect.arrayContaining(['上海浦东华辰服务站', '杭州西湖华辰服务站']));
    expect(d.assignees.map((a) => a.name)).toContain('赵磊');
    expect(d.orders.station.every((k) => k >= 0 && k < d.stations.length)).toBe(true);
    expect(d.orders.worker.every((k) => k >= -1 && k < d.assignees.length)).toBe(true);
  });

  it('filters on the order day in China time: the appointment date, else the creation day', async () => {
    const now = new Date();
    const today = chinaDate(now);
    const tomorrow = chinaDate(now, 1);
    const r = {
      apptToday: await order({ st: 'SH001', appt: today, created: new Date(now.getTime() - 5 * 86_400_000) }),
      apptTomorrow: await order({ st: 'SH001', appt: tomorrow }),
      createdToday: await order({ st: 'SH001' }),
      // Created 23:30 yesterday China time (15:30 UTC): yesterday, whatever the server's clock zone.
      createdYesterday: await order({ st: 'SH001', created: new Date(`${chinaDate(now, -1)}T15:30:00Z`) }),
      createdTomorrowNoAppt: await order({ st: 'SH001', created: new Date(`${today}T16:10:00Z`) }),
      apptLater: await order({ st: 'SH001', appt: chinaDate(now, 3) }),
    };
    const has = (d: MapView) => Object.fromEntries(Object.entries(r).map(([k, id]) => [k, d.orders.some((o) => o.id === id)]));
    expect(has(await map('station1', 'today'))).toEqual({
      apptToday: true,
      apptTomorrow: false,
      createdToday: true,
      createdYesterday: false,
      createdTomorrowNoAppt: false,
      apptLater: false,
    });
    expect(has(await map('station1', 'tomorrow'))).toEqual({
      apptToday: false,
      apptTomorrow: true,
      createdToday: false,
      createdYesterday: false,
      createdTomorrowNoAppt: true,
      apptLater: false,
    });
    expect(Object.values(has(await map('station1', 'all'))).every(Boolean)).toBe(true);

    // toAssign counts the same days, worked out here from the raw rows.
    const raw = await p.db.query<{ appt: string | null; created: Date }>(
      `SELECT to_char(new_appointmenttime, 'YYYY-MM-DD') AS appt, createdon AS created FROM new_srv_workorder WHERE owningbusinessunit = $1 AND new_status = 1`,
      [units.station1[0]],
    );
    const dayOf = (x: { appt: string | null; created: Date }) =>
      x.appt ?? new Date(x.created.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await map('station1', 'today')).toAssign).toBe(raw.rows.filter((x) => dayOf(x) === today).length);
    expect((await map('station1', 'tomorrow')).toAssign).toBe(raw.rows.filter((x) => dayOf(x) === tomorrow).length);
    expect((await get('/api/workorders/map?range=yesterday', 'station1')).statusCode).toBe(400);
  });

  it('sends at most MAP_MAX_ORDERS of the newest orders and says so', async () => {
    const gd = station.get('GD001')!;
    const before = await map('hq');
    expect(before.truncated).toBe(false);
    // Enough GD001 orders to pass the limit, all older than every order so far but one newest.
    await p.db.query(
      `INSERT INTO new_srv_workorder (new_name, new_type, new_status, new_dealstatus, new_longitude, new_latitude, new_station_id, createdon, ownerid, owningbusinessunit)
       SELECT 'MAPB-' || g, 1, 1, 1, 113.3 + g / 1e6, 23.1, $1, now() - interval '400 days' - g * interval '1 second', $2, $3
         FROM generate_series(1, $4::int) g`,
      [gd.id, adminId, gd.unit, MAP_MAX_ORDERS],
    );
    // Later than every order of the other tests (one of them is created "tomorrow").
    const newest = await order({ st: 'GD001', created: new Date(Date.now() + 3 * 86_400_000) });
    const d = await map('hq');
    expect(d.truncated).toBe(true);
    expect(d.orders).toHaveLength(MAP_MAX_ORDERS);
    expect(d.orders[0].id).toBe(newest);
    const n = (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_status = 1`))!.n;
    expect(d.toAssign).toBe(n);
    // The oldest of the open orders with coordinates are the ones left out.
    expect(d.orders.some((o) => o.id === before.orders[0].id)).toBe(true);
    // A station outside GD001 is not affected.
    expect((await map('station1')).truncated).toBe(false);
  }, 120_000);

  it('answers 401 without a token and 403 without workorder.read', async () => {
    for (const url of ['/api/workorders/map', '/api/workorders/map/config', '/api/workorders/dashboard']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, 'warehouse1')).statusCode).toBe(403);
    }
  });
});

describe('GET /api/workorders/map/config', () => {
  it('has no tile URL by default, so the page draws markers only', async () => {
    const d = (await get('/api/workorders/map/config', 'station1')).json().Data;
    expect(d).toEqual({ url: null, datum: 'gcj02', attribution: '', maxZoom: 18, subdomains: [] });
  });
  it('reads the tile source from the environment', () => {
    const c = loadConfig({
      MAP_TILE_URL: 'https://t{s}.example.cn/{z}/{x}/{y}.png',
      MAP_TILE_DATUM: 'wgs84',
      MAP_TILE_ATTRIBUTION: '© Example',
      MAP_TILE_MAX_ZOOM: '17',
      MAP_TILE_SUBDOMAINS: '1,2,3',
    } as NodeJS.ProcessEnv);
    expect(c.mapTiles).toEqual({
      url: 'https://t{s}.example.cn/{z}/{x}/{y}.png',
      datum: 'wgs84',
      attribution: '© Example',
      maxZoom: 17,
      subdomains: ['1', '2', '3'],
    });
    expect(loadConfig({ MAP_TILE_DATUM: 'mercator' } as NodeJS.ProcessEnv).mapTiles.datum).toBe('gcj02');
  });
});

describe('GET /api/workorders/dashboard', () => {
  let lineA: string;
  beforeAll(async () => {
    lineA = (await p.db.one<{ id: string }>(`SELECT new_productlineid AS id FROM new_productline ORDER BY new_code LIMIT 1`))!.id;
    const months = lastMonths(new Date(), 6);
    // Around a month boundary: one minute before and after 00:00 China time of months[3].
    const edge = months[3].start.getTime();
    await order({
      st: 'SH001',
      type: 2,
      line: lineA,
      created: new Date(edge - 60_000),
      status: 7,
      deal: 7,
      completed: new Date(edge + 60_000),
    });
    await order({ st: 'SH001', type: 3, created: new Date(edge + 60_000), abnormal: true, status: 3, deal: 4 });
    await order({ st: 'ZJ001', type: 2, line: lineA, abnormal: true });
    await order({ st: 'GD001', type: 1, status: 9, deal: 1, created: new Date(months[0].start.getTime() + 3600_000) });
    // Older than the window: counted by type, not in the months.
    await order({
      st: 'SH001',
      type: 1,
      created: new Date(months[0].start.getTime() - 60_000),
      status: 7,
      deal: 7,
      completed: new Date(months[0].start.getTime() - 30_000),
    });
  });

  /** The same figures computed straight from the table for a set of units. */
  async function expected(who: Who, lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<DashboardData> {
    const u = units[who];
    const group = async (col: string, where = 'TRUE') =>
      (
        await p.db.query<{ v: number; n: number }>(
          `SELECT ${col} AS v, count(*)::int AS n FROM new_srv_workorder WHERE owningbusinessunit = ANY($1::uuid[]) AND new_isoverseas IS NOT TRUE AND ${where} AND ${col} IS NOT NULL GROUP BY 1 ORDER BY 1`,
          [u],
        )
      ).rows.map((r) => ({ value: r.v, count: r.n }));
    const lines = await p.db.query<{ id: string | null; name: string | null; n: number }>(
      `SELECT w.new_productline_id AS id, pl.new_name AS name, count(*)::int AS n FROM new_srv_workorder w
         LEFT JOIN new_productline pl ON pl.new_productlineid = w.new_productline_id
        WHERE w.owningbusinessunit = ANY($1::uuid[]) AND w.new_isoverseas IS NOT TRUE GROUP BY 1, 2`,
      [u],
    );
    const times = await p.db.query<{ c: Date; d: Date | null }>(
      `SELECT createdon AS c, new_completiontime AS d FROM new_srv_workorder WHERE owningbusinessunit = ANY($1::uuid[]) AND new_isoverseas IS NOT TRUE`,
      [u],
    );
    const month = (t: Date) => new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    const abnormal = await group('new_dealstatus', 'new_isabnormal');
    return {
      byType: await group('new_type'),
      byProductLine: lines.rows
        .map((r) => ({ id: r.id, name: r.id ? r.name! : lang === 'zh-CN' ? '未指定' : 'Not specified', count: r.n }))
        .sort((a, b) => Number(a.id === null) - Number(b.id === null) || b.count - a.count || a.name.localeCompare(b.name, 'zh-CN')),
      uncompletedByDeal: await group('new_dealstatus', 'new_status BETWEEN 1 AND 5'),
      lastMonths: lastMonths(new Date(), 6).map((m) => ({
        month: m.month,
        from: m.from,
        to: m.to,
        created: times.rows.filter((r) => month(r.c) === m.month).length,
        completed: times.rows.filter((r) => r.d && month(r.d) === m.month).length,
      })),
      abnormal: { total: abnormal.reduce((s, x) => s + x.count, 0), byDeal: abnormal },
    };
  }

  it.each(['station1', 'branch1', 'hq'] as const)('counts %s’s orders as the table does', async (who) => {
    const res = await get('/api/workorders/dashboard', who);
    expect(res.statusCode).toBe(200);
    const d: DashboardData = res.json().Data;
    expect(d).toEqual(await expected(who));
    expect(d.byType.reduce((s, x) => s + x.count, 0)).toBeGreaterThan(0);
  });

  it('puts orders in China-time months, names the months and speaks the caller’s language', async () => {
    const d: DashboardData = (await get('/api/workorders/dashboard', 'station1')).json().Data;
    expect(d.lastMonths).toHaveLength(6);
    const m = lastMonths(new Date(), 6);
    expect(d.lastMonths[5].month).toBe(chinaDate(new Date()).slice(0, 7));
    expect(d.lastMonths[3]).toMatchObject({ from: `${m[3].month}-01`, to: m[3].to });
    // The edge orders: created one minute before month 3 began → month 2; completed after → month 3.
    expect(d.lastMonths[2].created).toBeGreaterThanOrEqual(1);
    expect(d.lastMonths[3].completed).toBeGreaterThanOrEqual(1);
    expect(d.abnormal.total).toBeGreaterThanOrEqual(1);
    const en = await p.app.inject({
      method: 'GET',
      url: '/api/workorders/dashboard',
      headers: { ...bearer(token.hq), 'accept-language': 'en-US' },
    });
    const line = (en.json().Data as DashboardData).byProductLine.find((x) => x.id === null);
    expect(line?.name).toBe('Not specified');
  });
});
