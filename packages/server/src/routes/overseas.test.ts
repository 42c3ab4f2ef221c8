import { country, currency } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { chinaDate } from '../domain/china-time.ts';
import { multipart, SAMPLES, tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/** Overseas work orders: the work order's record service and commands with the overseas address rules. */
let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};

type Res = Awaited<ReturnType<Portal['app']['inject']>>;
const api = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const create = (who: string, body: object, lang = 'zh-CN') => api(who, 'POST', '/api/crmdata/create/new_srv_workorders', body, lang);
const update = (who: string, id: string, body: object, lang = 'zh-CN') =>
  api(who, 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, body, lang);
const cmd = (who: string, id: string, name: string, body: object) => api(who, 'POST', `/api/workorders/${id}/${name}`, body);
const order = async (id: string) =>
  (await p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_workorder WHERE new_srv_workorderid = $1', [id]))!;
const orderCount = async () => (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_workorder'))!.n;
const count = async (who: string, filter: string) => {
  const res = await api(who, 'GET', `/api/crmdata/Retrieve/new_srv_workorders?$count=true&$top=0&$filter=${encodeURIComponent(filter)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data['@odata.count'] as number;
};
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const common = {
  new_type: 1,
  new_warranty: 1,
  new_contact: '陈建国（驻外项目经理）',
  new_phone: '13916600288',
  new_faultdesc: 'Máy không khởi động / 设备无法启动',
};
const overseas = (extra: Record<string, unknown> = {}) => ({
  ...common,
  new_isoverseas: true,
  new_country: country.VN,
  new_currency: currency.USD,
  new_customer: 'Công ty TNHH Cơ khí Hà Nội',
  new_address: '12 Phạm Hùng, Nam Từ Liêm, Hà Nội',
  ...extra,
});

/** 400 naming each field with its message; nothing written. */
async function refusedWith(res: Res, errors: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(400);
  const got = Object.fromEntries((res.json().Data.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
  expect(got).toEqual(errors);
}

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of ['hq', 'station1', 'station2', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ code: string; id: string }>('SELECT new_code AS code, new_srv_stationid AS id FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('demo data', () => {
  it('has eight overseas orders of SH001 in several states, each with a country and a currency and no province', async () => {
    const { rows } = await p.db.query<{
      status: number;
      country: number;
      currency: number;
      province: string | null;
      station: string;
      log: number;
    }>(
      `SELECT new_status AS status, new_country AS country, new_currency AS currency, new_province AS province, new_station_id AS station,
              (SELECT count(*)::int FROM new_srv_workorderlog l WHERE l.new_workorder_id = o.new_srv_workorderid) AS log
         FROM new_srv_workorder o WHERE new_isoverseas`, // before this file's own orders (the first test)
    );
    expect(rows.length).toBe(8);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([1, 2, 3, 5, 7, 10, 12, 9]));
    expect(new Set(rows.map((r) => r.station))).toEqual(new Set([station.SH001]));
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set([currency.USD, currency.EUR, currency.BRL, currency.VND]));
    expect(rows.every((r) => r.country && r.currency && r.province === null && r.log >= 1)).toBe(true);
    // The total of an audited one is its labour (32 h × 95,000 VND, a repair item) and its travel (2,400,000 VND).
    const done = (await p.db.one<{ total: string }>(
      `SELECT new_totalcost::text AS total FROM new_srv_workorder WHERE new_isoverseas AND new_status = 10`,
    ))!;
    expect(done.total).toBe('5440000.00');
  });
});

describe('creating overseas orders', () => {
  it('refuses an overseas order without country and currency, or with a Chinese address, in zh-CN and en-US; nothing is created', async () => {
    const before = await orderCount();
    await refusedWith(await create('station1', overseas({ new_country: null, new_currency: null })), {
      new_country: '海外工单必须选择国家/地区',
      new_currency: '海外工单必须选择币种',
    });
    await refusedWith(await create('station1', overseas({ new_country: null }), 'en-US'), {
      new_country: 'An overseas work order needs its country/region',
    });
    await refusedWith(await create('station1', overseas({ new_province: '上海市', new_city: '上海市', new_county: '浦东新区' })), {
      new_province: '海外工单不填写省份，请选择国家/地区',
      new_city: '海外工单不填写城市，请选择国家/地区',
      new_county: '海外工单不填写区县，请选择国家/地区',
    });
    await refusedWith(await create('station1', overseas({ new_city: 'Hanoi' }), 'en-US'), {
      new_city: 'An overseas work order has no City: choose its country/region instead',
    });
    expect(await orderCount()).toBe(before);
  });

  it('keeps the domestic address rules: province and city required, no country, CNY only', async () => {
    const before = await orderCount();
    const domestic = {
      ...common,
      new_customer: '上海测试机械有限公司',
      new_province: '上海市',
      new_city: '上海市',
      new_address: '张江路 1 号',
    };
    const noProvince = await create('station1', { ...domestic, new_province: '' });
    expect(noProvince.statusCode).toBe(400);
    expect(noProvince.json().Message).toBe('省份不能为空');
    await refusedWith(await create('station1', { ...domestic, new_country: country.VN }), {
      new_country: '国内工单不填写国家/地区，海外客户请在海外工单中登记',
    });
    await refusedWith(await create('station1', { ...domestic, new_currency: currency.EUR }, 'en-US'), {
      new_currency: 'A domestic work order is in CNY: it cannot take another currency',
    });
    expect(await orderCount()).toBe(before);
    const ok = await create('station1', { ...domestic, new_currency: currency.CNY });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await order(ok.json().Data.id)).toMatchObject({ new_isoverseas: false, new_country: null, new_currency: currency.CNY });
  });

  it('creates an overseas order without a Chinese address: numbered, unassigned, with its country and currency', async () => {
    const res = await create('station1', overseas());
    expect(res.statusCode, res.body).toBe(200);
    const o = await order(res.json().Data.id);
    expect(o).toMatchObject({
      new_isoverseas: true,
      new_country: 704,
      new_currency: 840,
      new_province: null,
      new_city: null,
      new_status: 1,
      new_dealstatus: 1,
      new_station_id: station.SH001,
    });
    expect(String(o.new_name)).toMatch(/^WO\d{8}-\d{4}$/);
  });
});

describe('updating overseas orders', () => {
  it('keeps the rules over the stored order and the update together', async () => {
    const id = (await create('station1', overseas())).json().Data.id;
    await refusedWith(await update('station1', id, { new_province: '广东省' }), { new_province: '海外工单不填写省份，请选择国家/地区' });
    await refusedWith(await update('station1', id, { new_currency: null }, 'en-US'), {
      new_currency: 'An overseas work order needs its currency',
    });
    // Domestic again only whole: a province and a city, and no country.
    await refusedWith(await update('station1', id, { new_isoverseas: false }), {
      new_country: '国内工单不填写国家/地区，海外客户请在海外工单中登记',
      new_currency: '国内工单的费用以人民币计，不能选择其他币种',
      new_province: '省份不能为空',
      new_city: '城市不能为空',
    });
    expect(await order(id)).toMatchObject({ new_isoverseas: true, new_country: 704, new_currency: 840, new_province: null });
    const ok = await update('station1', id, { new_country: country.KZ, new_currency: currency.KZT, new_address: 'Abay Ave 10, Almaty' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await order(id)).toMatchObject({ new_country: 398, new_currency: 398, new_address: 'Abay Ave 10, Almaty' });
    // A domestic order's unrelated update is not disturbed by the rules.
    const domestic = (await p.db.one<{ id: string }>(
      `SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_station_id = $1 AND new_status = 1 AND NOT COALESCE(new_isoverseas, false) LIMIT 1`,
      [station.SH001],
    ))!.id;
    expect((await update('station1', domestic, { new_contact: '王工' })).statusCode).toBe(200);
  });
});

describe('phones of overseas orders (issue 25)', () => {
  const phoneOf = async (id: string) => (await order(id)).new_phone;

  it("takes international numbers and keeps them as E.164, a number without a country code in the order's country", async () => {
    const written: [string, number, string][] = [
      ['+66 2 123 4567', country.TH, '+6621234567'],
      ['+1 (415) 555-0132', country.TH, '+14155550132'],
      ['+44 20 7946 0958', country.TH, '+442079460958'],
      ['0066 2 123 4567', country.TH, '+6621234567'],
      ['+49 30 901820', country.TH, '+4930901820'],
      ['02 123 4567', country.TH, '+6621234567'],
      ['13916600288', country.VN, '+8613916600288'],
    ];
    for (const [phone, where, stored] of written) {
      const res = await create('station1', overseas({ new_phone: phone, new_country: where, new_currency: currency.THB }));
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(200);
      expect(await phoneOf(res.json().Data.id)).toBe(stored);
    }
  });

  it("refuses what is no phone number with the field's message; a domestic order keeps the domestic rule; nothing is written", async () => {
    const before = await orderCount();
    await refusedWith(await create('station1', overseas({ new_phone: '+66 12' })), { new_phone: '联系电话格式不正确' });
    await refusedWith(await create('station1', overseas({ new_phone: 'call me' }), 'en-US'), {
      new_phone: 'Phone has an incorrect format',
    });
    const domestic = {
      ...common,
      new_customer: '上海测试机械有限公司',
      new_province: '上海市',
      new_city: '上海市',
      new_address: '张江路 1 号',
    };
    await refusedWith(await create('station1', { ...domestic, new_phone: '+66 2 123 4567' }), { new_phone: '联系电话格式不正确' });
    expect(await orderCount()).toBe(before);
    const ok = await create('station1', { ...domestic, new_phone: '021-58956321' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await phoneOf(ok.json().Data.id)).toBe('021-58956321');
  });

  it('judges a changed phone by the stored order: E.164 abroad, refused garbage and foreign numbers at home', async () => {
    const id = (await create('station1', overseas({ new_country: country.GB, new_currency: currency.GBP }))).json().Data.id;
    const res = await update('station1', id, { new_phone: '020 7946 0958' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await phoneOf(id)).toBe('+442079460958');
    await refusedWith(await update('station1', id, { new_phone: '+44 (20) (7946)' }), { new_phone: '联系电话格式不正确' });
    expect(await phoneOf(id)).toBe('+442079460958');
    const home = (await p.db.one<{ id: string; phone: string }>(
      `SELECT new_srv_workorderid AS id, new_phone AS phone FROM new_srv_workorder WHERE new_station_id = $1 AND new_status = 1 AND NOT COALESCE(new_isoverseas, false) LIMIT 1`,
      [station.SH001],
    ))!;
    await refusedWith(await update('station1', home.id, { new_phone: '+44 20 7946 0958' }), { new_phone: '联系电话格式不正确' });
    expect(await phoneOf(home.id)).toBe(home.phone);
  });
});

describe('the service flow', () => {
  it('takes an overseas order from dispatch to settlement with the work-order commands', async () => {
    const id = (
      await create(
        'station1',
        overseas({
          new_country: country.SA,
          new_currency: currency.SAR,
          new_customer: 'Al Rajhi Heavy Equipment Co.',
          new_address: 'King Fahd Rd, Riyadh',
        }),
      )
    ).json().Data.id;
    const worker = (await p.db.one<{ id: string }>(
      'SELECT new_srv_workerid AS id FROM new_srv_worker WHERE new_station_id = $1 ORDER BY new_code LIMIT 1',
      [station.SH001],
    ))!.id;
    const ok = async (res: Res, status: number) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Data.status).toBe(status);
    };
    await ok(await cmd('station1', id, 'dispatch', { workerId: worker }), 2);
    // As if dispatched an hour ago (the progress times follow the dispatch time).
    await p.db.query(`UPDATE new_srv_workorder SET new_dispatchtime = now() - interval '1 hour' WHERE new_srv_workorderid = $1`, [id]);
    await ok(await cmd('station1', id, 'progress', { step: 'response', time: ago(30) }), 3);
    await ok(await cmd('station1', id, 'progress', { step: 'departure', time: ago(20), address: 'Riyadh service base' }), 4);
    await ok(await cmd('station1', id, 'progress', { step: 'arrival', time: ago(10), address: 'King Fahd Rd, Riyadh' }), 5);
    const body = multipart(
      { ModuleType: 'new_srv_workorder', FileId: '', FileName: 'site.png', ObjectId: id, IsOverwrite: '0' },
      { name: 'site.png', content: SAMPLES.png },
    );
    expect(
      (
        await p.app.inject({
          method: 'POST',
          url: '/api/attachment/upload',
          payload: body.payload,
          headers: { ...body.headers, ...bearer(tok.station1) },
        })
      ).statusCode,
    ).toBe(200);
    await ok(
      await cmd('station1', id, 'complete', {
        completionTime: ago(1),
        fixtype: 1,
        solution: 'Replaced the hydraulic filter',
        serviceResult: 'Running',
      }),
      7,
    );
    await ok(await cmd('hq', id, 'audit', { pass: true }), 10);
    await ok(await cmd('hq', id, 'revisit', { memo: 'Customer satisfied' }), 11);
    for (const s of [12, 13, 14, 15, 16]) await ok(await cmd('hq', id, 'settlement', { status: s }), s);
    expect(await order(id)).toMatchObject({ new_status: 16, new_isoverseas: true, new_country: 682, new_currency: 682, new_photocount: 1 });
    const { rows } = await p.db.query<{ action: number }>(
      'SELECT new_action AS action FROM new_srv_workorderlog WHERE new_workorder_id = $1 ORDER BY createdon, new_action',
      [id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });
});

describe('lists', () => {
  it('scopes overseas orders like every work order; the domestic filter leaves them out', async () => {
    const id = (
      await create(
        'station2',
        overseas({
          new_country: country.BR,
          new_currency: currency.BRL,
          new_customer: 'Construtora São Paulo Ltda.',
          new_address: 'Av. Paulista 1000, São Paulo',
        }),
      )
    ).json().Data.id;
    const mine = await count('station2', 'new_isoverseas eq true');
    expect(mine).toBeGreaterThanOrEqual(1);
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${id})`)).statusCode).toBe(404);
    const sh = (await p.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_isoverseas AND new_station_id = $1`,
      [station.SH001],
    ))!.n;
    expect(await count('station1', 'new_isoverseas eq true')).toBe(sh);
    // An engineer sees only the overseas orders dispatched to them.
    const me = (await p.db.one<{ id: string }>(`SELECT new_worker_id AS id FROM systemuser WHERE domainname = 'engineer1'`))!.id;
    const assigned = (await p.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_isoverseas AND new_worker_id = $1`,
      [me],
    ))!.n;
    expect(await count('engineer1', 'new_isoverseas eq true')).toBe(assigned);
    // The domestic list's filter (web WorkOrderListPage): orders from before the marker count as domestic.
    const all = await count('hq', 'new_srv_workorderid ne null');
    const abroad = await count('hq', 'new_isoverseas eq true');
    expect(await count('hq', '(new_isoverseas eq false or new_isoverseas eq null)')).toBe(all - abroad);
    expect(abroad).toBeGreaterThanOrEqual(3);
  });
});

describe('expense statement', () => {
  it("takes a CNY overseas order into the station's statement and leaves an order in another currency to its own settlement steps", async () => {
    const today = chinaDate();
    const period = {
      year: Number(today.slice(0, 4)),
      month: Number(today.slice(5, 7)),
      section: Number(today.slice(8, 10)) <= 15 ? 1 : 2,
      settleWay: 1,
    };
    const usd = (await create('station1', overseas())).json().Data.id;
    const cny = (await create('station1', overseas({ new_country: country.SG, new_currency: currency.CNY }))).json().Data.id;
    await p.db.query(
      `UPDATE new_srv_workorder SET new_status = 10, new_dealstatus = 7, new_audittime = now() - interval '1 minute' WHERE new_srv_workorderid = ANY($1::uuid[])`,
      [[usd, cny]],
    );
    const res = await api('hq', 'POST', '/api/expense/claims/generate', { ...period, stationIds: [station.SH001] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await order(usd)).toMatchObject({ new_status: 10, new_expenseclaim_id: null });
    expect(await order(cny)).toMatchObject({ new_status: 14 });
    expect((await order(cny)).new_expenseclaim_id).not.toBeNull();
  });
});
