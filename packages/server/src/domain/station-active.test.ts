import { pulloutType, returnType, stationState, workOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { signIn } from '../testing/auth-helpers.ts';
import { refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';
import { okData, userApi } from '../testing/user-api.ts';

// An exited station (statecode inactive, as an approved 退出 leaves it: station-apply.test.ts) takes no new business.
let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const station: Record<string, string> = {};
const api = userApi(() => p, tok);
const count = async (table: string) => (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
const NAME = '杭州西湖华辰服务站';
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  p = await testPortal();
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
  for (const u of ['station2', 'admin', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  // The exit itself disables the station's users; station2 is kept signed in here to show the server refuses anyway.
  await p.db.query('UPDATE new_srv_station SET statecode = $2 WHERE new_srv_stationid = $1', [station.ZJ001, stationState.inactive]);
});
afterAll(() => p?.close());

describe('new business for an exited station', () => {
  it('is refused in every module with one message naming the station (zh, en), and nothing is saved', async () => {
    expect(
      (await p.db.one<{ name: string }>('SELECT new_name AS name FROM new_srv_station WHERE new_srv_stationid = $1', [station.ZJ001]))!
        .name,
    ).toBe(NAME);
    const {
      rows: [wo],
    } = await p.db.query<{ id: string; serial: string; product: string; customer: string }>(
      `SELECT new_srv_workorderid AS id, new_serialnumber AS serial, new_product_id AS product, new_customer AS customer FROM new_srv_workorder
        WHERE new_station_id = $1 AND new_serialnumber IS NOT NULL AND new_product_id IS NOT NULL ORDER BY new_name LIMIT 1`,
      [station.ZJ001],
    );
    const CASES: [who: string, set: string, table: string, body: object][] = [
      [
        'hq',
        'new_srv_workorders',
        'new_srv_workorder',
        {
          new_type: 1,
          new_warranty: 1,
          new_customer: '杭州测试机械有限公司',
          new_contact: '测试',
          new_phone: '13812345678',
          new_province: '浙江省',
          new_city: '杭州市',
          new_county: '西湖区',
          new_address: '文三路 1 号',
          new_faultdesc: '设备无法启动',
          new_station_id: station.ZJ001,
        },
      ],
      [
        'station2',
        'new_srv_partsapplies',
        'new_srv_partsapply',
        { new_type: 1, new_warehouse_id: wh['WH-HD'], new_recipient: '刘洋', new_phonenumber: '0571-88776655' },
      ],
      [
        'station2',
        'new_srv_sitereturns',
        'new_srv_sitereturn',
        { new_towarehouse_id: wh['WH-HD'], new_returntype: returnType.transfer, new_returnreason: '备件积压' },
      ],
      ['station2', 'new_srv_partsreturns', 'new_srv_partsreturn', { new_contact: '刘洋', new_phone: '13800138002' }],
      [
        'station2',
        'new_srv_productreturns',
        'new_srv_productreturn',
        {
          new_returntype: pulloutType.return,
          new_workorder_id: wo.id,
          new_station_id: station.ZJ001,
          new_serialnumber: wo.serial,
          new_product_id: wo.product,
          new_customer: wo.customer,
          new_reason: '主轴异响，多次维修未解决',
        },
      ],
      [
        'admin',
        'new_srv_amountadjustments',
        'new_srv_amountadjustment',
        { new_station_id: station.ZJ001, new_amounttype: 1, new_amount: '100', new_reason: '测试调整' },
      ],
    ];
    for (const [who, set, table, body] of CASES) {
      const before = await count(table);
      refused(await api(who, 'POST', `/api/crmdata/create/${set}`, body), `服务站“${NAME}”已退出，不能再办理新业务`);
      refused(
        await api(who, 'POST', `/api/crmdata/create/${set}`, body, 'en-US'),
        `Station "${NAME}" has exited: no new business can be entered for it`,
      );
      expect(await count(table), set).toBe(before);
    }
  });

  it('a settlement is refused for a chosen exited station and passes it over when every station is meant', async () => {
    const [y, m, d] = today.split('-').map(Number);
    const period = { year: y, month: m, section: d <= 15 ? 1 : 2, settleWay: 1 };
    refused(
      await api('hq', 'POST', '/api/expense/claims/generate', { ...period, stationIds: [station.SH001, station.ZJ001] }),
      `服务站“${NAME}”已退出，不能再办理新业务`,
      400,
      'stationIds',
    );
    // ZJ001 has audited orders waiting: generating for every station would settle them but for the exit.
    expect(
      (await p.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_station_id = $1 AND new_status = ANY($2::int[]) AND new_expenseclaim_id IS NULL',
        [station.ZJ001, [workOrderStatus.audited, workOrderStatus.revisited]],
      ))!.n,
    ).toBeGreaterThan(0);
    await api('hq', 'POST', '/api/expense/claims/generate', period);
    expect(
      await p.db.one(
        'SELECT 1 FROM new_srv_expense_claim WHERE new_station_id = $1 AND new_year = $2 AND new_month = $3 AND new_section = $4',
        [station.ZJ001, period.year, period.month, period.section],
      ),
    ).toBeFalsy();
  });

  it("a record moved to an exited station is refused; the station's own records keep showing its name", async () => {
    const { id } = okData(
      await api('hq', 'POST', '/api/crmdata/create/new_srv_workorders', {
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
        new_station_id: station.SH001,
      }),
    ) as { id: string };
    refused(
      await api('hq', 'POST', `/api/crmdata/Update/new_srv_workorders(${id})`, { new_station_id: station.ZJ001 }),
      `服务站“${NAME}”已退出，不能再办理新业务`,
    );
    expect(
      (await p.db.one<{ s: string }>('SELECT new_station_id::text AS s FROM new_srv_workorder WHERE new_srv_workorderid = $1', [id]))!.s,
    ).toBe(station.SH001);
    const old = okData(
      await p.app.inject({
        method: 'GET',
        url: `/api/crmdata/Retrieve/new_srv_workorders?$filter=new_station_id eq ${station.ZJ001}&$top=1&$select=new_station_id`,
        headers: { authorization: `Bearer ${tok.hq}`, prefer: 'odata.include-annotations="*"' },
      }),
    ).value[0];
    expect(old['new_station_id@OData.Community.Display.V1.FormattedValue']).toBe(NAME);
  });
});

describe('station lookups', () => {
  const lookup = async (query: string) =>
    (
      okData(await api('hq', 'GET', `/api/crmlookupview/data?entityName=new_srv_station&count=50&select=new_code${query}`)) as {
        new_code: string;
      }[]
    ).map((r) => r.new_code);

  it('offer active stations only; a caller asking about statecode gets the exited ones', async () => {
    const active = await lookup('');
    expect(active).toContain('SH001');
    expect(active).not.toContain('ZJ001');
    expect(
      await lookup(`&condition=${encodeURIComponent(JSON.stringify([{ field: 'statecode', op: 'eq', value: stationState.inactive }]))}`),
    ).toEqual(['ZJ001']);
  });
});
