import { APPOINTMENT_SLOTS, getEntity } from '@portal/model';
import { loadSessionPrincipal } from '../auth/principal.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { chinaDate } from '../domain/china-time.ts';
import { multipart, SAMPLES, tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { businessUnitSubtree } from '../records/scope.ts';
import { insertRecords } from '../records/write.ts';

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};
const crew: Record<string, string[]> = {};
let product: { id: string; name: string; price: string };

type Res = Awaited<ReturnType<Portal['app']['inject']>>;
const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const cmd = (who: string, id: string, name: string, body: object, lang = 'zh-CN') =>
  api(who, 'POST', `/api/workorders/${id}/${name}`, body, lang);
const order = async (id: string) =>
  (await p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_workorder WHERE new_srv_workorderid = $1', [id]))!;
const logs = async (id: string) =>
  (
    await p.db.query<{
      action: number;
      from: number | null;
      to: number | null;
      worker: string | null;
      memo: string | null;
      date: string | null;
      begin: number | null;
      end: number | null;
      astatus: number | null;
      reason: number | null;
    }>(
      `SELECT new_action AS action, new_fromstatus AS "from", new_tostatus AS "to", new_worker_id AS worker, new_memo AS memo,
            to_char(new_appointmenttime, 'YYYY-MM-DD') AS date, new_appointmentbegin AS begin, new_appointmentend AS "end",
            new_appointmentstatus AS astatus, new_appointmentreason AS reason
       FROM new_srv_workorderlog WHERE new_workorder_id = $1 ORDER BY createdon, new_action`,
      [id],
    )
  ).rows;
const load = async (worker: string) =>
  (await p.db.one<{ n: number }>('SELECT new_load AS n FROM new_srv_worker WHERE new_srv_workerid = $1', [worker]))!.n;
const realLoad = async (worker: string) =>
  (await p.db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_worker_id = $1 AND new_status BETWEEN 2 AND 5',
    [worker],
  ))!.n;

/** 400 with the message in the envelope and in `error`. */
function refused(res: Res, message: string, field?: string, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const b = res.json();
  expect(b.Message).toBe(message);
  expect(b.error.message).toBe(message);
  if (field) expect(b.error.field).toBe(field);
}
/** A refusal of the generic record service (its own envelope). */
function recordRefused(res: Res, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Message).toBe(message);
}
function accepted(res: Res, message: string, status: number, dealstatus: number) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().Message).toBe(message);
  expect(res.json().Data).toMatchObject({ message, status, dealstatus });
}

async function newOrder(code = 'SH001', who = 'hq', extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(who, 'POST', '/api/crmdata/create/new_srv_workorders', {
    new_type: 1,
    new_warranty: 1,
    new_customer: '上海测试机械有限公司',
    new_contact: '测试',
    new_phone: '13812345678',
    new_province: '上海市',
    new_city: '上海市',
    new_county: '浦东新区',
    new_address: '张江路 1 号',
    new_faultdesc: '设备无法启动',
    ...(who.startsWith('station') ? {} : { new_station_id: station[code] }),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data.id;
}

/** Puts an order straight into a state (test set-up only; column names are literals of this file). */
async function setState(id: string, sets: Record<string, unknown>) {
  const cols = Object.keys(sets);
  await p.db.query(`UPDATE new_srv_workorder SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE new_srv_workorderid = $1`, [
    id,
    ...Object.values(sets),
  ]);
}

async function uploadPhoto(id: string, name = 'site.png', content = SAMPLES.png) {
  const body = multipart(
    { ModuleType: 'new_srv_workorder', FileId: '', FileName: name, ObjectId: id, IsOverwrite: '0' },
    { name, content },
  );
  const res = await p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok.station1) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of ['admin', 'hq', 'branch1', 'station1', 'station2', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ code: string; id: string }>('SELECT new_code AS code, new_srv_stationid AS id FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
  for (const code of Object.keys(station)) {
    crew[code] = (
      await p.db.query<{ id: string }>('SELECT new_srv_workerid AS id FROM new_srv_worker WHERE new_station_id = $1 ORDER BY new_code', [
        station[code],
      ])
    ).rows.map((r) => r.id);
  }
  product = (await p.db.one<{ id: string; name: string; price: string }>(
    `SELECT productid AS id, name, price::text AS price FROM product WHERE productnumber = 'HC-LF-200'`,
  ))!;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('work orders through the record service', () => {
  it('numbers new orders by China-time day, starts them unassigned with a history entry and zero costs', async () => {
    const id = await newOrder('SH001', 'hq', { new_othercost: 30, new_fineamount: -10 });
    const o = await order(id);
    expect(o.new_name).toMatch(new RegExp(`^WO${chinaDate().replaceAll('-', '')}-\\d{4}$`));
    expect(o).toMatchObject({
      new_status: 1,
      new_dealstatus: 1,
      new_isabnormal: false,
      new_photocount: 0,
      new_servicecharge: '0.00',
      new_partcost: '0.00',
      new_outsidecost: '0.00',
      new_specialfee: '0.00',
      new_totalcost: '20.00',
    });
    expect(await logs(id)).toMatchObject([{ action: 1, from: null, to: 1 }]);
    const ids = await Promise.all(Array.from({ length: 5 }, () => newOrder('ZJ001', 'station2')));
    const names = await Promise.all(ids.map(async (x) => (await order(x)).new_name));
    expect(new Set(names).size).toBe(5);
    // the day's sequence continues after the demo orders created today
    const seqs = [o.new_name, ...names].map((n) => Number(String(n).slice(-4)));
    expect(Math.min(...seqs)).toBeGreaterThan(0);
  });

  it('numbers, logs and totals an import of 5000 orders set-based', async () => {
    const { rows } = await p.db.query<{ id: string; uid: string }>(
      "SELECT s.id, u.systemuserid AS uid FROM auth_session s JOIN systemuser u ON u.systemuserid = s.user_id WHERE u.domainname = 'station2' AND s.ended_at IS NULL LIMIT 1",
    );
    const { principal } = await loadSessionPrincipal(p.db, rows[0].id, rows[0].uid);
    const caller = { principal: principal!, subtree: await businessUnitSubtree(p.db, principal!.businessUnitId) };
    const batch = Array.from({ length: 5000 }, (_, i) => ({
      new_type: 3,
      new_warranty: 1,
      new_customer: `批量客户${i}`,
      new_contact: '联系人',
      new_phone: '13800002222',
      new_province: '浙江省',
      new_city: '杭州市',
      new_address: '文三路 1 号',
      new_faultdesc: '年度保养',
      new_othercost: i % 2 ? '10' : undefined,
    }));
    const t0 = performance.now();
    const ids = await p.db.tx((sql) => insertRecords(sql, getEntity('new_srv_workorder')!, caller, batch, 'zh-CN'));
    expect(performance.now() - t0).toBeLessThan(20_000);
    const c = await p.db.one<{ n: number; names: number; first: string; last: string; logs: number; total: string }>(
      `SELECT count(*)::int AS n, count(DISTINCT new_name)::int AS names, min(new_name) AS first, max(new_name) AS last, sum(new_totalcost)::text AS total,
              (SELECT count(*)::int FROM new_srv_workorderlog l WHERE l.new_workorder_id = ANY($1::uuid[]) AND l.new_action = 1) AS logs
         FROM new_srv_workorder WHERE new_srv_workorderid = ANY($1::uuid[])`,
      [ids],
    );
    expect(c).toMatchObject({ n: 5000, names: 5000, logs: 5000, total: '25000.00' });
    expect(Number(c!.last.slice(-4)) - Number(c!.first.slice(-4))).toBe(4999);
  });

  it('keeps the total after a generic update of a cost field (reward +, fine −)', async () => {
    const id = await newOrder();
    const up = await api('hq', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, {
      new_othercost: 45.5,
      new_specialfee: 100,
      new_fineamount: -20,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((await order(id)).new_totalcost).toBe('125.50');
    await api('hq', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})/new_fineamount`, { value: 50 });
    expect((await order(id)).new_totalcost).toBe('195.50');
  });

  it('refuses generic updates after completion and deletes once dispatched', async () => {
    const id = await newOrder();
    for (const s of [9, 10, 11, 12, 13, 14, 15, 16]) {
      await setState(id, { new_status: s });
      recordRefused(
        await api('hq', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_contact: '改' }),
        '工单当前状态不允许修改',
      );
    }
    for (const s of [1, 2, 3, 4, 5, 7]) {
      await setState(id, { new_status: s });
      expect((await api('hq', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_contact: `状态${s}` })).statusCode).toBe(200);
    }
    await setState(id, { new_status: 2 });
    recordRefused(await api('hq', 'POST', `/api/crmdata/delete/new_srv_workorders(${id})`), '工单当前状态不允许修改');
    await setState(id, { new_status: 1 });
    const del = await api('hq', 'POST', `/api/crmdata/delete/new_srv_workorders(${id})`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await logs(id)).toEqual([]);
  });
});

describe('dispatch', () => {
  it('is allowed only for unassigned, dispatched, or dispatched-but-unserviceable orders', async () => {
    const cases: [status: number, appointment: number | null, allowed: boolean][] = [
      [1, null, true],
      [2, null, true],
      [2, 1, true],
      [3, null, false],
      [3, 1, false],
      [3, 2, false],
      [3, 4, true],
      [3, 7, true],
      [4, 4, false],
      [5, null, false],
      [7, null, false],
      [9, null, false],
      [10, null, false],
      [11, null, false],
      [12, null, false],
      [13, null, false],
      [14, null, false],
      [15, null, false],
      [16, null, false],
    ];
    const [w0, w1] = crew.SH001;
    for (const [status, appt, allowed] of cases) {
      const id = await newOrder();
      if (status > 1)
        await setState(id, { new_status: status, new_dealstatus: Math.min(status, 7), new_worker_id: w0, new_appointmentstatus: appt });
      const res = await cmd('station1', id, 'dispatch', { workerId: w1 });
      if (allowed) accepted(res, status === 1 ? '派工成功' : '改派成功', 2, 2);
      else refused(res, '该工单不允许派工');
      expect((await order(id)).new_status, `status ${status}/${appt}`).toBe(allowed ? 2 : status);
    }
    const id = await newOrder();
    await setState(id, { new_status: 10 });
    refused(await cmd('hq', id, 'dispatch', { workerId: w1 }, 'en-US'), 'Dispatch is not allowed for this work order');
  });

  it("dispatches and reassigns to a worker of the order's station, logging both, keeping loads", async () => {
    const [a, b] = crew.SH001;
    const [before, beforeB] = [await realLoad(a), await realLoad(b)];
    const id = await newOrder();
    refused(await cmd('station1', id, 'dispatch', {}), '请选择服务人员', 'workerId');
    refused(await cmd('station1', id, 'dispatch', { workerId: crew.ZJ001[0] }), '所选服务人员不属于该工单的服务站', 'workerId');
    refused(await cmd('station1', id, 'dispatch', { workerId: 'not-a-guid' }), '所选服务人员不属于该工单的服务站');
    accepted(await cmd('station1', id, 'dispatch', { workerId: a, memo: '就近派工' }), '派工成功', 2, 2);
    expect([await load(a), await realLoad(a)]).toEqual([before + 1, before + 1]);
    refused(await cmd('station1', id, 'dispatch', { workerId: a }), '工单已派给该服务人员');
    await setState(id, { new_status: 3, new_dealstatus: 3, new_responsetime: new Date(), new_appointmentstatus: 4 });
    accepted(await cmd('branch1', id, 'dispatch', { workerId: b }, 'en-US'), 'reassigned', 2, 2);
    const o = await order(id);
    expect(o).toMatchObject({
      new_worker_id: b,
      new_status: 2,
      new_dealstatus: 2,
      new_responsetime: null,
      new_departuretime: null,
      new_arrivaltime: null,
    });
    expect([await load(a), await load(b)]).toEqual([before, beforeB + 1]);
    expect([await realLoad(a), await realLoad(b)]).toEqual([before, beforeB + 1]);
    const h = await logs(id);
    expect(h.map((l) => [l.action, l.from, l.to, l.worker])).toEqual([
      [1, null, 1, null],
      [2, 1, 2, a],
      [3, 3, 2, b],
    ]);
    expect(h[1].memo).toBe('就近派工');
    // engineers hold workorder.write but not workorder.dispatch
    expect((await cmd('engineer1', id, 'dispatch', { workerId: a })).statusCode).toBe(403);
  });
});

describe('appointment', () => {
  it('takes only the 35 half-hour slots from 05:00 to 22:00, begin before end', async () => {
    expect(APPOINTMENT_SLOTS).toHaveLength(35);
    const id = await newOrder();
    await cmd('station1', id, 'dispatch', { workerId: crew.SH001[2] });
    const date = chinaDate(new Date(Date.now() + 86_400_000));
    for (const [begin, end] of [
      [430, 600],
      [2130, 2230],
      [500, 515],
      [700, 2300],
    ]) {
      refused(await cmd('station1', id, 'appointment', { date, begin, end, status: 1 }), '请选择 05:00 至 22:00 之间的半点时段');
    }
    refused(await cmd('station1', id, 'appointment', { date, begin: 1000, end: 1000, status: 1 }), '开始时间必须早于结束时间', 'end');
    refused(await cmd('station1', id, 'appointment', { begin: 900, end: 1000, status: 1 }), '请选择预约日期');
    refused(await cmd('station1', id, 'appointment', { date, begin: 900, end: 1000, status: 8 }), '预约状态不正确', 'status');
    accepted(await cmd('station1', id, 'appointment', { date, begin: 500, end: 2200, status: 1 }), '保存成功', 2, 2);
    // every slot is accepted as the begin of a range ending at 22:00
    for (const begin of APPOINTMENT_SLOTS.slice(0, -1))
      expect((await cmd('station1', id, 'appointment', { date, begin, end: 2200, status: 1, reason: 1 })).statusCode).toBe(200);
  });

  it('needs the reason to change an appointment, and marks could-not-contact abnormal', async () => {
    const id = await newOrder();
    await cmd('station1', id, 'dispatch', { workerId: crew.SH001[2] });
    refused(await cmd('station1', id, 'appointment', { date: '2026-12-01', begin: 900, end: 1100, status: 2 }), '请选择改约原因', 'reason');
    accepted(await cmd('station1', id, 'appointment', { date: '2026-12-01', begin: 900, end: 1100, status: 1 }), '保存成功', 2, 2);
    refused(await cmd('station1', id, 'appointment', { date: '2026-12-02', begin: 900, end: 1100, status: 1 }), '请选择改约原因');
    refused(
      await cmd('station1', id, 'appointment', { date: '2026-12-01', begin: 930, end: 1100, status: 1 }, 'en-US'),
      'Choose the reason for the change',
    );
    expect(
      (await cmd('station1', id, 'appointment', { date: '2026-12-01', begin: 900, end: 1100, status: 1, memo: '再次确认' })).statusCode,
    ).toBe(200);
    accepted(
      await cmd('station1', id, 'appointment', { date: '2026-12-02', begin: 1300, end: 1500, status: 2, reason: 3, memo: '缺件' }),
      '保存成功',
      2,
      2,
    );
    expect(await order(id)).toMatchObject({
      new_appointmentbegin: 1300,
      new_appointmentend: 1500,
      new_appointmentstatus: 2,
      new_appointmentreason: 3,
      new_isabnormal: false,
    });
    await cmd('station1', id, 'appointment', { date: '2026-12-02', begin: 1300, end: 1500, status: 4, reason: null });
    expect((await order(id)).new_isabnormal).toBe(true);
    const appts = (await logs(id)).filter((l) => l.action === 4);
    expect(appts.map((l) => [l.date, l.begin, l.end, l.astatus, l.reason, l.from, l.to])).toEqual([
      ['2026-12-01', 900, 1100, 1, null, 2, 2],
      ['2026-12-01', 900, 1100, 1, null, 2, 2],
      ['2026-12-02', 1300, 1500, 2, 3, 2, 2],
      ['2026-12-02', 1300, 1500, 4, null, 2, 2],
    ]);
    // an undispatched or completed order takes no appointment
    const fresh = await newOrder();
    refused(await cmd('station1', fresh, 'appointment', { date: '2026-12-02', begin: 900, end: 1000, status: 1 }), '工单当前状态不能预约');
  });
});

describe('progress and completion', () => {
  it('moves status and handling status step by step, in order, with times not in the future', async () => {
    const id = await newOrder();
    const w = crew.SH001[1];
    refused(await cmd('station1', id, 'progress', { step: 'response', time: ago(1) }), '工单不在服务中，不能记录进度');
    await cmd('station1', id, 'dispatch', { workerId: w });
    refused(await cmd('station1', id, 'progress', { step: 'arrival', time: ago(1), address: 'x' }), '请先记录“响应”', 'step');
    refused(await cmd('station1', id, 'progress', { step: 'departure', time: ago(1), address: 'x' }, 'en-US'), 'Record "Responded" first');
    refused(await cmd('station1', id, 'progress', { step: 'response', time: ago(-10) }), '时间不能晚于当前时间', 'time');
    refused(await cmd('station1', id, 'progress', { step: 'response', time: ago(60) }), '结束时间必须晚于开始时间', 'time');
    accepted(await cmd('station1', id, 'progress', { step: 'response', time: ago(0) }), '处理成功', 3, 3);
    refused(await cmd('station1', id, 'progress', { step: 'response', time: ago(0) }), '“响应”已记录');
    refused(await cmd('station1', id, 'progress', { step: 'departure', time: ago(0) }), '请填写出发地址', 'address');
    accepted(
      await cmd('station1', id, 'progress', {
        step: 'departure',
        time: ago(0),
        address: '张江碧波路 690 号',
        longitude: 121.59,
        latitude: 31.2,
      }),
      '处理成功',
      4,
      4,
    );
    const pos = await p.db.one<{ lng: string; lat: string; at: Date }>(
      'SELECT new_longitude AS lng, new_latitude AS lat, new_locationtime AS at FROM new_srv_worker WHERE new_srv_workerid = $1',
      [w],
    );
    expect(pos).toMatchObject({ lng: '121.590000', lat: '31.200000' });
    refused(await cmd('station1', id, 'progress', { step: 'photos', time: ago(0) }), '请先记录“到达”');
    accepted(await cmd('station1', id, 'progress', { step: 'arrival', time: ago(-1), address: '金桥路 1399 号' }), '处理成功', 5, 5);
    await uploadPhoto(id, 'report.pdf', SAMPLES.pdf);
    refused(await cmd('station1', id, 'progress', { step: 'photos', time: ago(-1) }), '请上传现场照片', 'photos');
    await uploadPhoto(id, 'a.png');
    await uploadPhoto(id, 'b.png');
    accepted(await cmd('station1', id, 'progress', { step: 'photos', time: ago(-1) }), '处理成功', 5, 6);
    const o = await order(id);
    expect(o).toMatchObject({ new_photocount: 2, new_departureaddress: '张江碧波路 690 号', new_arrivaladdress: '金桥路 1399 号' });
    expect(o.new_begintime).toEqual(o.new_arrivaltime);
    expect((await logs(id)).map((l) => [l.action, l.from, l.to])).toEqual([
      [1, null, 1],
      [2, 1, 2],
      [5, 2, 3],
      [6, 3, 4],
      [7, 4, 5],
      [8, 5, 5],
    ]);
    refused(await cmd('station1', id, 'progress', { step: 'photos', time: ago(-1) }), '“拍照”已记录');
  });

  it('answers the completion requirements one by one, in order, then completes', async () => {
    const id = await newOrder();
    const w = crew.SH001[3];
    await cmd('station1', id, 'dispatch', { workerId: w });
    const before = await load(w);
    const body: Record<string, unknown> = {};
    const step = async (message: string, field: string, add: Record<string, unknown>) => {
      refused(await cmd('station1', id, 'complete', body), message, field);
      Object.assign(body, add);
    };
    await step('请填写出发时间', 'departureTime', { departureTime: ago(120) });
    await step('请填写出发地址', 'departureAddress', { departureAddress: '张江碧波路 690 号' });
    await step('请填写到达时间', 'arrivalTime', { arrivalTime: ago(150) });
    await step('请填写到达地址', 'arrivalAddress', { arrivalAddress: '金桥路 1399 号' });
    refused(await cmd('station1', id, 'complete', body, 'en-US'), 'Please upload the site photos', 'photos');
    await uploadPhoto(id);
    await step('请填写完工时间', 'completionTime', { completionTime: ago(30) });
    await step('开始时间必须早于结束时间', 'arrivalTime', { arrivalTime: ago(60) });
    body.completionTime = ago(90);
    refused(await cmd('station1', id, 'complete', body), '开始时间必须早于结束时间', 'completionTime');
    body.completionTime = ago(-30);
    refused(await cmd('station1', id, 'complete', body), '时间不能晚于当前时间', 'completionTime');
    body.completionTime = ago(10);
    expect((await order(id)).new_status).toBe(2);
    accepted(
      await cmd('station1', id, 'complete', { ...body, fixtype: 1, solution: '更换滤芯', serviceResult: '运行正常' }),
      '完工成功',
      7,
      7,
    );
    const o = await order(id);
    expect(o).toMatchObject({
      new_status: 7,
      new_dealstatus: 7,
      new_photocount: 1,
      new_fixtype: 1,
      new_solution: '更换滤芯',
      new_serviceresult: '运行正常',
      new_completionaddress: '金桥路 1399 号',
    });
    expect(o.new_endtime).toEqual(o.new_completiontime);
    expect(await load(w)).toBe(before - 1);
    expect((await logs(id)).at(-1)).toMatchObject({ action: 9, from: 2, to: 7, worker: w });
    refused(await cmd('station1', id, 'complete', body), '工单不在服务中，不能完工');
  });
});

describe('cancel, audit, revisit, settlement, supervise', () => {
  it('cancels open orders with a reason; every refusal is a cancel failure', async () => {
    const id = await newOrder();
    const w = crew.SH001[4];
    await cmd('station1', id, 'dispatch', { workerId: w });
    const before = await load(w);
    refused(await cmd('station1', id, 'cancel', { reason: '  ' }), '取消失败：请填写取消原因', 'reason');
    accepted(await cmd('station1', id, 'cancel', { reason: '客户已自行解决' }), '取消成功', 9, 2);
    expect(await order(id)).toMatchObject({ new_status: 9, new_cancelreason: '客户已自行解决' });
    expect((await order(id)).new_canceltime).not.toBeNull();
    expect(await load(w)).toBe(before - 1);
    refused(await cmd('station1', id, 'cancel', { reason: '再次' }), '取消失败：工单已取消');
    refused(await cmd('station1', id, 'cancel', { reason: 'again' }, 'en-US'), 'cancel failure: The work order is already cancelled');
    const done = await newOrder();
    await setState(done, { new_status: 7 });
    refused(await cmd('station1', done, 'cancel', { reason: '晚了' }), '取消失败：工单已完工，不能取消');
  });

  it('audits, revisits and settles step by step; supervises open orders', async () => {
    const id = await newOrder();
    refused(await cmd('hq', id, 'audit', { pass: true }), '审核失败：工单尚未完工');
    await setState(id, { new_status: 7, new_dealstatus: 7 });
    expect((await cmd('station1', id, 'audit', { pass: true })).statusCode).toBe(403);
    refused(await cmd('hq', id, 'audit', { pass: false }), '审核失败：请填写审核不通过的原因', 'memo');
    accepted(await cmd('hq', id, 'audit', { pass: false, memo: '缺少现场照片' }), '审核不通过', 7, 7);
    expect((await order(id)).new_auditmemo).toBe('缺少现场照片');
    refused(await cmd('hq', id, 'revisit', { memo: '满意' }), '工单尚未审核');
    accepted(await cmd('branch1', id, 'audit', { pass: true, memo: '通过' }), '审核通过', 10, 7);
    refused(await cmd('hq', id, 'audit', { pass: true }), '审核失败：工单已审核');
    refused(await cmd('hq', id, 'settlement', { status: 12 }), '工单尚未回访');
    refused(await cmd('hq', id, 'revisit', { memo: '' }), '请填写回访记录');
    accepted(await cmd('hq', id, 'revisit', { memo: '客户满意', sampleStatus: 2 }), '保存成功', 11, 7);
    refused(await cmd('hq', id, 'settlement', { status: 13 }), '结算状态只能依次推进到“结算已确认”', 'status');
    for (const s of [12, 13, 14, 15, 16])
      accepted(await cmd('hq', id, 'settlement', { status: s, settlementNo: s === 12 ? 'JS202611-SH001' : undefined }), '确认成功', s, 7);
    refused(await cmd('hq', id, 'settlement', { status: 16 }), '工单已关闭');
    expect(await order(id)).toMatchObject({
      new_status: 16,
      new_settlementno: 'JS202611-SH001',
      new_samplestatus: 2,
      new_revisitmemo: '客户满意',
    });
    expect((await logs(id)).map((l) => [l.action, l.from, l.to])).toEqual([
      [1, null, 1],
      [12, 7, 7],
      [11, 7, 10],
      [13, 10, 11],
      [14, 11, 12],
      [14, 12, 13],
      [14, 13, 14],
      [14, 14, 15],
      [14, 15, 16],
    ]);
    refused(await cmd('hq', id, 'supervise', { reason: '催办' }), '只能督办未完工的工单');
    const open = await newOrder();
    refused(await cmd('hq', open, 'supervise', { reason: '' }), '请填写督办原因', 'reason');
    accepted(await cmd('hq', open, 'supervise', { reason: '客户催单' }), '保存成功', 1, 1);
    expect(await order(open)).toMatchObject({ new_isabnormal: true, new_supervisereason: '客户催单' });
  });
});

describe('detail lines', () => {
  const lines = (id: string, kind: string) => `/api/workorders/${id}/lines/${kind}`;

  it("keeps amounts and the order's costs on add, update and delete", async () => {
    const id = await newOrder('SH001', 'hq', { new_othercost: 10 });
    const add = await api('station1', 'POST', lines(id, 'repairitems'), { new_name: '液压系统检修', new_hours: 2.5, new_price: 80 });
    accepted(add, '添加成功', 1, 1);
    const repair = add.json().Data.lineId;
    const part = (await api('station1', 'POST', lines(id, 'partlines'), { new_product_id: product.id, new_qty: 3 })).json().Data.lineId;
    const trip = (
      await api('station1', 'POST', lines(id, 'outsidelines'), {
        new_name: '上门',
        new_state: 10,
        new_cost: 45,
        new_worker_id: crew.SH001[0],
      })
    ).json().Data.lineId;
    expect((await api('station1', 'POST', lines(id, 'troubles'), { new_name: '压力不足', new_part: '液压泵' })).statusCode).toBe(200);
    const pl = await p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_partline WHERE new_srv_partlineid = $1', [part]);
    expect(pl).toMatchObject({
      new_name: product.name,
      new_price: product.price,
      new_qty: 3,
      new_workorder_id: id,
      new_station_id: station.SH001,
    });
    const partCost = (3 * Number(product.price)).toFixed(2);
    expect(await order(id)).toMatchObject({
      new_servicecharge: '200.00',
      new_partcost: partCost,
      new_outsidecost: '45.00',
      new_totalcost: (200 + 3 * Number(product.price) + 45 + 10).toFixed(2),
    });

    accepted(await api('station1', 'PATCH', `${lines(id, 'partlines')}/${part}`, { new_qty: 1, new_price: 100 }), '保存成功', 1, 1);
    accepted(await api('station1', 'PATCH', `${lines(id, 'repairitems')}/${repair}`, { new_hours: 1 }), '保存成功', 1, 1);
    expect(await order(id)).toMatchObject({ new_servicecharge: '80.00', new_partcost: '100.00', new_totalcost: '235.00' });
    accepted(await api('station1', 'DELETE', `${lines(id, 'outsidelines')}/${trip}`), '删除成功', 1, 1);
    expect(await order(id)).toMatchObject({ new_outsidecost: '0.00', new_totalcost: '190.00' });
    await api('hq', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_othercost: 0, new_fineamount: -40 });
    expect((await order(id)).new_totalcost).toBe('140.00');
    refused(await api('station1', 'DELETE', `${lines(id, 'outsidelines')}/${trip}`), '明细不存在', undefined, 404);
    // Every detail change is in the order's history, in order.
    const history = await p.db.query<{ new_name: string }>(
      'SELECT new_name FROM new_srv_workorderlog WHERE new_workorder_id = $1 AND new_action = 17 ORDER BY createdon, new_name',
      [id],
    );
    expect(history.rows.map((r) => r.new_name)).toEqual(
      expect.arrayContaining([
        '添加维修项目：液压系统检修',
        `添加配件更换明细：${product.name}`,
        '添加外出服务明细：上门',
        '添加故障信息：压力不足',
        `修改配件更换明细：${product.name}`,
        '修改维修项目：液压系统检修',
        '删除外出服务明细：上门',
      ]),
    );
    expect(history.rows).toHaveLength(7);
  });

  it('validates values like the record service and refuses changes once audited or cancelled', async () => {
    const id = await newOrder();
    const bad = await api('station1', 'POST', lines(id, 'repairitems'), {
      new_hours: -1,
      new_price: 'abc',
      new_amount: 5,
      new_workorder_id: id,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const fields = bad
      .json()
      .Data.errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['new_amount', 'new_hours', 'new_name', 'new_price', 'new_workorder_id']);
    const hidden = await api('station1', 'POST', lines(id, 'outsidelines'), {
      new_name: '上门',
      new_state: 10,
      new_cost: 1,
      new_worker_id: crew.GD001[0],
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().Data.errors).toEqual([{ field: 'new_worker_id', message: '服务工程师引用的记录不存在或您无权访问' }]);
    // Head office sees every engineer, but a trip is still made by one of the order's station.
    const foreign = await api('hq', 'POST', lines(id, 'outsidelines'), {
      new_name: '上门',
      new_state: 10,
      new_cost: 1,
      new_worker_id: crew.GD001[0],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Data.errors).toEqual([{ field: 'new_worker_id', message: '所选服务人员不属于该工单的服务站' }]);
    const line = (await api('station1', 'POST', lines(id, 'repairitems'), { new_name: '调试', new_hours: 1, new_price: 50 })).json().Data
      .lineId;
    for (const s of [9, 10, 16]) {
      await setState(id, { new_status: s });
      refused(
        await api('station1', 'POST', lines(id, 'repairitems'), { new_name: '调试', new_hours: 1, new_price: 50 }),
        '工单已审核或已取消，不能增加、修改或删除明细',
      );
      refused(
        await api('station1', 'PATCH', `${lines(id, 'repairitems')}/${line}`, { new_hours: 2 }),
        '工单已审核或已取消，不能增加、修改或删除明细',
      );
      refused(await api('station1', 'DELETE', `${lines(id, 'repairitems')}/${line}`), '工单已审核或已取消，不能增加、修改或删除明细');
    }
    await setState(id, { new_status: 7 });
    expect((await api('station1', 'PATCH', `${lines(id, 'repairitems')}/${line}`, { new_hours: 2 })).statusCode).toBe(200);
    expect((await order(id)).new_servicecharge).toBe('100.00');
  });
});

describe('scope', () => {
  it('gives another station 404 on every command and line call, and no reads of its details', async () => {
    const id = await newOrder('SH001', 'station1');
    const line = (
      await api('station1', 'POST', `/api/workorders/${id}/lines/repairitems`, { new_name: '调试', new_hours: 1, new_price: 50 })
    ).json().Data.lineId;
    const calls: [string, string, object?][] = [
      ['POST', 'dispatch', { workerId: crew.ZJ001[0] }],
      ['POST', 'appointment', { date: '2026-12-01', begin: 900, end: 1000, status: 1 }],
      ['POST', 'progress', { step: 'response', time: ago(1) }],
      ['POST', 'complete', {}],
      ['POST', 'cancel', { reason: 'x' }],
      ['POST', 'lines/repairitems', { new_name: 'x', new_hours: 1, new_price: 1 }],
      ['PATCH', `lines/repairitems/${line}`, { new_hours: 2 }],
      ['DELETE', `lines/repairitems/${line}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api('station2', method as 'POST', `/api/workorders/${id}/${path}`, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    for (const name of ['audit', 'revisit', 'settlement', 'supervise']) {
      // station users lack workorder.audit (403); a branch outside the order's region gets 404 — checked below with the GD001 order.
      expect((await cmd('station2', id, name, {})).statusCode).toBe(403);
    }
    expect((await order(id)).new_status).toBe(1);
    const filter = encodeURIComponent(`new_workorder_id eq ${id}`);
    // The order's history holds its creation and the line added for this test; the line itself is one row.
    for (const [set, n] of [
      ['new_srv_workorderlogs', 2],
      ['new_srv_repairitems', 1],
    ] as const) {
      const mine = await api('station1', 'GET', `/api/crmdata/Retrieve/${set}?$filter=${filter}`);
      expect(mine.json().Data.value.length, set).toBe(n);
      const theirs = await api('station2', 'GET', `/api/crmdata/Retrieve/${set}?$filter=${filter}`);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().Data.value, set).toEqual([]);
    }
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_srv_repairitems(${line})`)).statusCode).toBe(404);
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${id})`)).statusCode).toBe(404);

    const gd = await newOrder('GD001');
    for (const [name, body] of [
      ['audit', { pass: true }],
      ['revisit', { memo: 'x' }],
      ['settlement', { status: 12 }],
      ['supervise', { reason: 'x' }],
      ['dispatch', { workerId: crew.GD001[0] }],
    ] as const) {
      expect((await cmd('branch1', gd, name, body)).statusCode, name).toBe(404);
    }
    expect((await cmd('hq', gd, 'supervise', { reason: '总部督办' })).statusCode).toBe(200);
  });

  it("shows a branch its stations' orders and head office all", async () => {
    const count = async (who: string) => {
      const by: Record<string, number> = {};
      for (const code of Object.keys(station)) {
        const res = await api(
          who,
          'GET',
          `/api/crmdata/Retrieve/new_srv_workorders?$filter=${encodeURIComponent(`new_station_id eq ${station[code]}`)}&$count=true&$top=0`,
        );
        expect(res.statusCode).toBe(200);
        const n = res.json().Data['@odata.count'];
        if (n) by[code] = n;
      }
      return by;
    };
    const all = await p.db.query<{ code: string; n: number }>(
      'SELECT s.new_code AS code, count(*)::int AS n FROM new_srv_workorder o JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id GROUP BY 1',
    );
    const db = Object.fromEntries(all.rows.map((r) => [r.code, r.n]));
    expect(await count('hq')).toEqual(db);
    expect(await count('branch1')).toEqual({ SH001: db.SH001, ZJ001: db.ZJ001 });
    expect(await count('station2')).toEqual({ ZJ001: db.ZJ001 });
  });
});

describe('concurrency', () => {
  it('20 parallel dispatches of one order: one transition, one log entry, the load counted once', async () => {
    const id = await newOrder('ZJ001', 'station2');
    const w = crew.ZJ001[1];
    const res = await Promise.all(Array.from({ length: 20 }, () => cmd('station2', id, 'dispatch', { workerId: w })));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 400).every((r) => r.json().Message === '工单已派给该服务人员')).toBe(true);
    expect((await logs(id)).filter((l) => l.action === 2 || l.action === 3)).toHaveLength(1);
    expect(await load(w)).toBe(await realLoad(w));
  });

  it('20 parallel completions and reassignments keep state, history and loads consistent', async () => {
    const id = await newOrder('ZJ001', 'station2');
    const w = crew.ZJ001[2];
    await cmd('station2', id, 'dispatch', { workerId: w });
    await uploadPhotoAs(id);
    const body = {
      departureTime: ago(90),
      departureAddress: '文三路 199 号',
      arrivalTime: ago(60),
      arrivalAddress: '西溪路 525 号',
      completionTime: ago(5),
    };
    const res = await Promise.all(Array.from({ length: 20 }, () => cmd('station2', id, 'complete', body)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await logs(id)).filter((l) => l.action === 9)).toHaveLength(1);
    expect(await load(w)).toBe(await realLoad(w));

    // Reassignments of two orders in opposite directions at once: no deadlock, loads exact.
    const [a, b] = crew.ZJ001;
    const x = await newOrder('ZJ001', 'station2');
    const y = await newOrder('ZJ001', 'station2');
    await cmd('station2', x, 'dispatch', { workerId: a });
    await cmd('station2', y, 'dispatch', { workerId: b });
    const swaps = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        cmd('station2', i % 2 ? x : y, 'dispatch', { workerId: i % 2 ? (i % 4 === 1 ? b : a) : i % 4 === 0 ? a : b }),
      ),
    );
    expect(swaps.every((r) => r.statusCode === 200 || r.json().Message === '工单已派给该服务人员')).toBe(true);
    expect([await load(a), await load(b)]).toEqual([await realLoad(a), await realLoad(b)]);
  });
});

async function uploadPhotoAs(id: string) {
  const body = multipart(
    { ModuleType: 'new_srv_workorder', FileId: '', FileName: 'zj.png', ObjectId: id, IsOverwrite: '0' },
    { name: 'zj.png', content: SAMPLES.png },
  );
  const res = await p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok.station2) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('bad input', () => {
  it("answers malformed bodies with 400 in the caller's language and changes nothing", async () => {
    const id = await newOrder();
    refused(await cmd('station1', id, 'progress', { step: 'teleport', time: ago(1) }), 'step不正确', 'step');
    refused(await cmd('hq', id, 'audit', { pass: 'yes' }, 'en-US'), 'pass is not valid');
    refused(await cmd('station1', id, 'appointment', { date: '2026-12-01', begin: '9:00', end: 1000, status: 1 }), 'begin不正确');
    expect((await cmd('station1', 'not-an-id', 'dispatch', { workerId: crew.SH001[0] })).statusCode).toBe(404);
    expect((await api('station1', 'POST', `/api/workorders/${id}/lines/cars`, {})).statusCode).toBe(400);
    expect(await order(id)).toMatchObject({ new_status: 1, new_worker_id: null });
    expect(await logs(id)).toHaveLength(1);
  });
});
