import { returnType } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

// Creates refused with the texts of spec 001 §8's error catalogue, changing nothing.
let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const station: Record<string, string> = {};

const create = (who: string, set: string, payload: object, lang = 'zh-CN') =>
  p.app.inject({ method: 'POST', url: `/api/crmdata/create/${set}`, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const count = async (table: string) => (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

beforeAll(async () => {
  p = await testPortal();
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
  // station2 is station staff whose account lost its station.
  await p.db.query("UPDATE systemuser SET new_station_id = NULL WHERE domainname = 'station2'");
  for (const u of ['station1', 'station2', 'engineer1', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
});
afterAll(() => p?.close());

describe('user has no service station', () => {
  // Each document a station makes for itself, with everything else in order.
  const DOCUMENTS: [set: string, table: string, body: () => object][] = [
    [
      'new_srv_partsapplies',
      'new_srv_partsapply',
      () => ({ new_type: 1, new_warehouse_id: wh['WH-HD'], new_recipient: '刘洋', new_phonenumber: '0571-88776655' }),
    ],
    ['new_orders', 'new_order', () => ({ new_customername: '刘建国', new_phone: '13816620451' })],
    [
      'new_srv_sitereturns',
      'new_srv_sitereturn',
      () => ({ new_towarehouse_id: wh['WH-HD'], new_returntype: returnType.transfer, new_returnreason: '备件积压' }),
    ],
    ['new_srv_partsreturns', 'new_srv_partsreturn', () => ({ new_contact: '刘洋', new_phone: '13800138002' })],
    ['new_srv_workers', 'new_srv_worker', () => ({ new_name: '王五', new_code: 'NS001', new_phone: '13800005555' })],
  ];

  it("a station user without a station creates none of their station's documents, in either language, and nothing is saved", async () => {
    for (const [set, table, body] of DOCUMENTS) {
      const before = await count(table);
      refused(await create('station2', set, body()), '用户没有服务站');
      refused(await create('station2', set, body(), 'en-US'), 'The user has no service station');
      expect(await count(table), set).toBe(before);
    }
    // Naming a station (the application form presets the user's department) does not make one theirs.
    refused(await create('station2', 'new_srv_partsapplies', { ...DOCUMENTS[0][2](), new_station_id: station.ZJ001 }), '用户没有服务站');
  });

  it("documents made for the caller's own station refuse anyone without one; head office still names the station of a record it keeps", async () => {
    refused(await create('admin', 'new_orders', { new_customername: '刘建国', new_phone: '13816620451' }), '用户没有服务站');
    const worker = await create('admin', 'new_srv_workers', { new_name: '王五', new_code: 'NS002', new_phone: '13800005556' });
    expect(worker.statusCode).toBe(400);
    expect(worker.json().Data.errors).toEqual([{ field: 'new_station_id', message: '服务站不能为空' }]);
  });
});

describe('expense settlement can only be modified, not created', () => {
  it('a direct create answers 403 with that text to whoever may read settlements, the plain refusal to others, and saves nothing', async () => {
    const before = await count('new_srv_expense_claim');
    refused(await create('station1', 'new_srv_expense_claims', { new_memo: 'x' }), '费用结算单只能修改，不能新建', 403);
    refused(await create('admin', 'new_srv_expense_claims', {}, 'en-US'), 'Expense settlement can only be modified, not created', 403);
    refused(await create('engineer1', 'new_srv_expense_claims', {}), '您没有权限访问该资源.', 403);
    expect(await count('new_srv_expense_claim')).toBe(before);
  });
});
