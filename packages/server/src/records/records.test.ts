import { getEntity } from '@portal/model';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { loadSessionPrincipal } from '../auth/principal.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { businessUnitSubtree } from './scope.ts';
import { insertRecords, ValidationFailed } from './write.ts';

const FV = '@OData.Community.Display.V1.FormattedValue';
const PREFER = { prefer: 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

let p: Portal;
const tok: Record<string, string> = {};
const st: Record<string, { id: string; unit: string }> = {};
const mine: Record<string, string[]> = { SH001: [], ZJ001: [], GD001: [] };

type Headers = Record<string, string>;
const get = (who: string, url: string, h: Headers = {}) => p.app.inject({ method: 'GET', url, headers: { ...bearer(tok[who]), ...h } });
const post = (who: string, url: string, payload?: object, h: Headers = {}) =>
  p.app.inject({ method: 'POST', url, payload, headers: { ...bearer(tok[who]), ...h } });
const list = async (who: string, query: string, h: Headers = {}) => {
  const r = await get(who, `/api/crmdata/Retrieve/new_srv_workers?${query}`, h);
  expect(r.statusCode, r.body).toBe(200);
  return data(r) as { value: Record<string, unknown>[]; '@odata.count'?: number };
};
const enc = encodeURIComponent;
const RT = "startswith(new_name,'RT-')";

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['admin', 'hq', 'branch1', 'station1', 'station2', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  const { rows } = await p.db.query<{ new_code: string; new_srv_stationid: string; new_businessunit_id: string }>(
    'SELECT new_code, new_srv_stationid, new_businessunit_id FROM new_srv_station',
  );
  for (const r of rows) st[r.new_code] = { id: r.new_srv_stationid, unit: r.new_businessunit_id };
  // Our own personnel: 3 in SH001, 2 in ZJ001, 2 in GD001, created by the administrator through the API.
  let n = 0;
  for (const [code, count] of [
    ['SH001', 3],
    ['ZJ001', 2],
    ['GD001', 2],
  ] as const) {
    for (let i = 0; i < count; i++) {
      n++;
      const r = await post('admin', '/api/crmdata/create/new_srv_workers', {
        new_name: `RT-${code}-${i}`,
        new_code: `RT${n}`,
        new_phone: `1380000${String(n).padStart(4, '0')}`,
        new_station_id: st[code].id,
        new_job: 1 + (i % 3),
        new_workyear: n,
      });
      expect(r.statusCode, r.body).toBe(200);
      mine[code].push(data<{ id: string }>(r).id);
    }
  }
});
afterAll(() => p?.close());

function data<T>(r: { json(): unknown }): T {
  return (r.json() as { Data: T }).Data;
}

describe('station scope on reads', () => {
  it('list and $count: a station sees its own rows, a branch its stations, head office all', async () => {
    const s1 = await list('station1', `$filter=${enc(RT)}&$count=true`);
    expect(s1['@odata.count']).toBe(3);
    expect(s1.value.every((r) => r.new_station_id === st.SH001.id)).toBe(true);
    const b = await list('branch1', `$filter=${enc(RT)}&$count=true&$select=new_name`);
    expect(b['@odata.count']).toBe(5);
    expect(b.value.map((r) => r.new_name).sort()).toEqual(['RT-SH001-0', 'RT-SH001-1', 'RT-SH001-2', 'RT-ZJ001-0', 'RT-ZJ001-1']);
    expect((await list('hq', `$filter=${enc(RT)}&$count=true`))['@odata.count']).toBe(7);
    // Asking for another station's rows by name gives nothing.
    expect((await list('station1', `$filter=${enc(`new_station_id eq ${st.GD001.id}`)}&$count=true`))['@odata.count']).toBe(0);
    expect((await list('station2', `$filter=${enc(RT)}&$count=true`))['@odata.count']).toBe(2);
  });

  it("retrieve by id: another station's row is 404", async () => {
    const own = await get('station1', `/api/crmdata/Retrieve/new_srv_workers(${mine.SH001[0]})?$select=new_name`);
    expect(own.statusCode).toBe(200);
    expect(data(own)).toEqual({ new_srv_workerid: mine.SH001[0], new_name: 'RT-SH001-0' });
    const other = await get('station1', `/api/crmdata/Retrieve/new_srv_workers(${mine.GD001[0]})`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ ErrorCode: 404, Message: '记录不存在或您无权访问', Data: null });
    expect((await get('branch1', `/api/crmdata/Retrieve/new_srv_workers(${mine.ZJ001[0]})`)).statusCode).toBe(200);
    expect((await get('branch1', `/api/crmdata/Retrieve/new_srv_workers(${mine.GD001[0]})`)).statusCode).toBe(404);
  });

  it('fetchXml: scoped, also through a link-entity, which gets its own scope predicate', async () => {
    const fx = (who: string, xml: string, set = 'new_srv_workers') => get(who, `/api/crmdata/Retrieve/${set}?fetchXml=${enc(xml)}`);
    const r = await fx(
      'station1',
      `<fetch returntotalrecordcount="true"><entity name="new_srv_worker"><attribute name="new_name"/>
      <filter><condition attribute="new_name" operator="begins-with" value="RT-"/></filter>
      <link-entity name="new_srv_station" from="new_srv_stationid" to="new_station_id" alias="st"><attribute name="new_code"/></link-entity></entity></fetch>`,
    );
    expect(r.statusCode, r.body).toBe(200);
    const d = data<{ value: Record<string, unknown>[]; '@odata.count': number; page: number; count: number; moreRecords: boolean }>(r);
    expect(d['@odata.count']).toBe(3);
    expect(d).toMatchObject({ page: 1, count: 50, moreRecords: false });
    expect(new Set(d.value.map((v) => v['st.new_code']))).toEqual(new Set(['SH001']));
    // A global root (notices) linked to personnel: only the caller's own personnel come through the link.
    const n = await fx(
      'station1',
      `<fetch><entity name="new_notice"><attribute name="new_name"/>
      <link-entity name="new_srv_worker" from="createdby" to="createdby" alias="w" link-type="inner"><attribute name="new_name"/>
        <filter><condition attribute="new_name" operator="like" value="RT-%"/></filter></link-entity></entity></fetch>`,
      'new_notice',
    );
    expect(n.statusCode, n.body).toBe(200);
    const names = new Set(data<{ value: Record<string, unknown>[] }>(n).value.map((v) => v['w.new_name']));
    expect(names).toEqual(new Set(['RT-SH001-0', 'RT-SH001-1', 'RT-SH001-2']));
    const all = await fx(
      'admin',
      `<fetch><entity name="new_notice"><attribute name="new_name"/>
      <link-entity name="new_srv_worker" from="createdby" to="createdby" alias="w"><attribute name="new_name"/>
        <filter><condition attribute="new_name" operator="like" value="RT-%"/></filter></link-entity></entity></fetch>`,
      'new_notice',
    );
    expect(new Set(data<{ value: Record<string, unknown>[] }>(all).value.map((v) => v['w.new_name'])).size).toBe(7);
    // A link-entity the caller may not read at all is refused.
    const u = await fx(
      'station1',
      `<fetch><entity name="new_srv_worker"><link-entity name="systemuser" from="systemuserid" to="createdby"><attribute name="fullname"/></link-entity></entity></fetch>`,
    );
    expect(u.statusCode).toBe(403);
    expect(u.json().Message).toBe('您没有权限访问该资源.');
    // Paging, counts and an entity that does not match the path.
    const paged = data<{ value: unknown[]; moreRecords: boolean }>(
      await fx(
        'admin',
        `<fetch count="2" page="2"><entity name="new_srv_worker"><attribute name="new_name"/><order attribute="new_code"/>
      <filter><condition attribute="new_name" operator="begins-with" value="RT-"/></filter></entity></fetch>`,
      ),
    );
    expect(paged.value).toHaveLength(2);
    expect(paged.moreRecords).toBe(true);
    expect((await fx('admin', '<fetch><entity name="product"/></fetch>')).statusCode).toBe(400);
    const byName = await fx(
      'station1',
      '<fetch top="1"><entity name="new_srv_worker"><attribute name="new_name"/></entity></fetch>',
      'new_srv_worker',
    );
    expect(byName.statusCode).toBe(200);
    expect(Object.keys(data<{ value: object[] }>(byName).value[0]).sort()).toEqual(['new_name', 'new_srv_workerid']);
  });

  it('fetchXml: DOCTYPE/ENTITY refused; operators, in, between, null, distinct', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE fetch [<!ENTITY x SYSTEM "file:///etc/passwd">]><fetch><entity name="new_srv_worker"><attribute name="new_name"/></entity></fetch>';
    const r = await get('admin', `/api/crmdata/Retrieve/new_srv_workers?fetchXml=${enc(xxe)}`, { 'accept-language': 'en-US' });
    expect(r.statusCode).toBe(400);
    expect(r.json().Message).toBe('fetchXml must not contain a DOCTYPE or entity declaration');
    const q = await get(
      'admin',
      `/api/crmdata/Retrieve/new_srv_workers?fetchXml=${enc(`<fetch distinct="true"><entity name="new_srv_worker"><attribute name="new_job"/><order attribute="new_job"/>
      <filter type="and"><condition attribute="new_name" operator="begins-with" value="RT-"/><condition attribute="new_job" operator="in"><value>1</value><value>2</value></condition>
      <condition attribute="new_workyear" operator="between"><value>1</value><value>7</value></condition><condition attribute="new_wechat" operator="null"/>
      <filter type="or"><condition attribute="new_code" operator="ne" value="none"/><condition attribute="new_code" operator="ends-with" value="9"/></filter></filter></entity></fetch>`)}`,
    );
    expect(q.statusCode, q.body).toBe(200);
    expect(data<{ value: unknown[] }>(q).value).toEqual([{ new_job: 1 }, { new_job: 2 }]);
    const bad = await get(
      'admin',
      `/api/crmdata/Retrieve/new_srv_workers?fetchXml=${enc('<fetch><entity name="new_srv_worker"><filter><condition attribute="new_workyear" operator="eq" value="abc"/></filter></entity></fetch>')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('查询条件不正确：字段 new_workyear 的值 abc 与字段类型不符');
  });

  it('lookup: scoped page with TotalRecordCount, conditions and quick search', async () => {
    const url = (q: string) => `/api/crmlookupview/data?entityName=new_srv_worker&${q}`;
    const r = await get('station1', url(`filterValue=RT-&filter=new_name,new_code`));
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ ErrorCode: 0, Message: '', TotalRecordCount: 3 });
    expect(Object.keys(body.Data[0]).sort()).toEqual(['createdon', 'new_name', 'new_srv_workerid']);
    expect((await get('branch1', url('filterValue=RT-'))).json().TotalRecordCount).toBe(5);
    const cond = enc(JSON.stringify([{ field: 'new_station_id', op: 'eq', value: st.GD001.id }]));
    expect((await get('station1', url(`condition=${cond}`))).json()).toMatchObject({ Data: [], TotalRecordCount: 0 });
    const c2 = enc(
      JSON.stringify([
        { field: 'new_job', op: 'in', value: [1, '2'] },
        { field: 'new_name', op: 'like', value: 'RT-%' },
      ]),
    );
    const r2 = await get('admin', url(`condition=${c2}&select=new_name,new_job&orderby=new_name asc&count=10`), PREFER);
    expect(r2.json().TotalRecordCount).toBe(6);
    expect(r2.json().Data[0]).toMatchObject({ new_name: 'RT-GD001-0', new_job: 1, [`new_job${FV}`]: '初级工程师' });
    // Limits and bad input: 400 in the caller's language.
    const en = { 'accept-language': 'en-US' };
    expect((await get('admin', url('count=5'), en)).json().Message).toBe('Parameter count is out of range (10–50)');
    expect((await get('admin', url('count=51'))).statusCode).toBe(400);
    expect((await get('admin', url('page=100000&count=50'))).statusCode).toBe(400);
    expect((await get('admin', url('filterValue=x&filter=new_workyear'), en)).json().Message).toBe(
      'Quick-search field new_workyear must be a text field',
    );
    expect((await get('admin', url(`condition=${enc('[{"field":"new_workyear","op":"eq","value":"x"}]')}`))).statusCode).toBe(400);
    expect((await get('admin', url(`condition=${enc('1=1; DROP TABLE x')}`))).statusCode).toBe(400);
    expect((await get('admin', url(`condition=${enc('[{"field":"new_apppassword","op":"null"}]')}`))).statusCode).toBe(400);
    expect((await get('admin', '/api/crmlookupview/data?entityName=new_roleprivilege')).statusCode).toBe(404);
    expect((await get('engineer1', url(''))).statusCode).toBe(403);
  });

  it('$expand: joined, only readable targets, each with its own scope', async () => {
    const d = await list('station1', `$filter=${enc(RT)}&$select=new_name&$expand=new_station_id($select=new_code,new_name)`);
    expect(d.value[0].new_station_id_ref).toEqual({ new_srv_stationid: st.SH001.id, new_code: 'SH001', new_name: '上海浦东华辰服务站' });
    expect((await get('station1', `/api/crmdata/Retrieve/new_srv_workers?$expand=createdby`)).statusCode).toBe(403);
    // A visible row that points at a station outside the caller's scope: the reference stays, the expansion is null.
    await p.db.query('UPDATE new_srv_worker SET new_station_id = $1 WHERE new_srv_workerid = $2', [st.GD001.id, mine.SH001[2]]);
    try {
      const r = await get('station1', `/api/crmdata/Retrieve/new_srv_workers(${mine.SH001[2]})?$select=new_name&$expand=new_station_id`);
      expect(data(r)).toMatchObject({ new_station_id_ref: null });
    } finally {
      await p.db.query('UPDATE new_srv_worker SET new_station_id = $1 WHERE new_srv_workerid = $2', [st.SH001.id, mine.SH001[2]]);
    }
  });

  it('export: scoped rows, labels in the caller language, display texts, formula-safe cells', async () => {
    const id = data<{ id: string }>(
      await post('station1', '/api/crmdata/create/new_srv_workers', {
        new_name: '=HYPERLINK("http://x")',
        new_code: 'RTX1',
        new_phone: '13800009999',
        new_skill: '@SUM(A1)',
        new_wechat: '-1+2',
      }),
    );
    const r = await get(
      'station1',
      `/api/crmdata/Export/new_srv_workers?view=active&$filter=${enc("startswith(new_code,'RT')")}&columns=new_code,new_name,new_sex,new_job,new_station_id,new_workyear,new_skill,new_wechat`,
      { 'accept-language': 'en-US' },
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Code', 'Name', 'Sex', 'Job', 'Service station', 'Working years', 'Skills', 'WeChat']);
    expect(rows).toHaveLength(5);
    expect(rows.slice(1).every((row) => row[4] === '上海浦东华辰服务站')).toBe(true);
    const evil = rows.find((row) => row[0] === 'RTX1')!;
    expect(evil[1]).toBe('\'=HYPERLINK("http://x")');
    expect(evil[6]).toBe("'@SUM(A1)");
    expect(evil[7]).toBe("'-1+2");
    expect(rows.find((row) => row[0] === 'RT1')!.slice(0, 6)).toEqual([
      'RT1',
      'RT-SH001-0',
      undefined,
      'Junior engineer',
      '上海浦东华辰服务站',
      1,
    ]);
    expect((await get('station1', '/api/crmdata/Export/new_srv_workers?view=nosuch')).statusCode).toBe(400);
    expect((await post('station1', `/api/crmdata/delete/new_srv_workers(${id.id})`)).statusCode).toBe(200);
  });
});

describe('formatted values', () => {
  it('options, lookups, bools, money and datetimes, on request only', async () => {
    const plain = await get('station1', `/api/crmdata/Retrieve/new_srv_workers(${mine.SH001[0]})?$select=new_job,new_station_id`);
    expect(Object.keys(data(plain))).not.toContain(`new_job${FV}`);
    const r = data<Record<string, unknown>>(
      await get(
        'station1',
        `/api/crmdata/Retrieve/new_srv_workers(${mine.SH001[0]})?$select=new_job,new_station_id,createdon,createdby`,
        PREFER,
      ),
    );
    expect(r[`new_job${FV}`]).toBe('初级工程师');
    expect(r[`new_station_id${FV}`]).toBe('上海浦东华辰服务站');
    expect(r[`createdby${FV}`]).toBe('王建国');
    expect(r[`createdon${FV}`]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const s = data<Record<string, unknown>>(
      await get('station1', `/api/crmdata/Retrieve/new_srv_stations(${st.SH001.id})?$select=new_limitamount,new_beginamount,new_level`, {
        prefer: 'odata.include-annotations="*"',
        'accept-language': 'en-US',
      }),
    );
    expect(s).toMatchObject({
      new_limitamount: true,
      [`new_limitamount${FV}`]: 'Yes',
      new_beginamount: 200000,
      [`new_beginamount${FV}`]: '¥200,000.00',
      [`new_level${FV}`]: 'Level 1',
    });
  });
});

describe('writes', () => {
  it('create: station user gets own station by default, may not choose another; owning unit follows the station', async () => {
    const r = await post('station1', '/api/crmdata/create/new_srv_workers', {
      new_name: 'RW-1',
      new_code: 'RW1',
      new_phone: '13800001111',
    });
    expect(r.statusCode, r.body).toBe(200);
    const id = data<{ id: string }>(r).id;
    const row = (
      await p.db.query(
        'SELECT new_station_id, owningbusinessunit, ownerid, createdby, modifiedby FROM new_srv_worker WHERE new_srv_workerid = $1',
        [id],
      )
    ).rows[0];
    const me = (await p.db.query("SELECT systemuserid FROM systemuser WHERE domainname = 'station1'")).rows[0].systemuserid;
    expect(row).toEqual({ new_station_id: st.SH001.id, owningbusinessunit: st.SH001.unit, ownerid: me, createdby: me, modifiedby: me });
    const other = await post('station1', '/api/crmdata/create/new_srv_workers', {
      new_name: 'RW-2',
      new_code: 'RW2',
      new_phone: '13800001112',
      new_station_id: st.ZJ001.id,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().Message).toBe('单据不属于本服务站');
    expect(
      (
        await post(
          'station1',
          '/api/crmdata/create/new_srv_workers',
          { new_name: 'RW-2', new_code: 'RW2', new_phone: '13800001112', new_station_id: st.ZJ001.id },
          { 'accept-language': 'en-US' },
        )
      ).json().Message,
    ).toBe('The document does not belong to this station');
    // Head office (admin) chooses any station; the row belongs to that station's unit.
    const a = data<{ id: string }>(
      await post('admin', '/api/crmdata/create/new_srv_workers', {
        new_name: 'RW-3',
        new_code: 'RW3',
        new_phone: '13800001113',
        new_station_id: st.GD001.id,
      }),
    );
    expect(
      (await p.db.query('SELECT owningbusinessunit FROM new_srv_worker WHERE new_srv_workerid = $1', [a.id])).rows[0].owningbusinessunit,
    ).toBe(st.GD001.unit);
    // A user without a station must name one.
    const none = await post('admin', '/api/crmdata/create/new_srv_workers', {
      new_name: 'RW-4',
      new_code: 'RW4',
      new_phone: '13800001114',
    });
    expect(none.json()).toMatchObject({ ErrorCode: 400, Data: { errors: [{ field: 'new_station_id', message: '服务站不能为空' }] } });
  });

  it('create: mass assignment and validation, every error at once, zh-CN and en-US', async () => {
    const body = {
      new_name: '',
      new_phone: 'abc',
      new_workyear: 99,
      ownerid: st.SH001.id,
      owningbusinessunit: st.GD001.unit,
      new_load: 3,
      new_apppassword: 'x',
      new_image: `data:image/gif;base64,${PNG}`,
    };
    const zh = await post('station1', '/api/crmdata/create/new_srv_workers', body);
    expect(zh.statusCode).toBe(400);
    const j = zh.json();
    expect(j.Data.errors).toEqual(
      expect.arrayContaining([
        { field: 'ownerid', message: '字段 ownerid 不存在或不可写' },
        { field: 'owningbusinessunit', message: '字段 owningbusinessunit 不存在或不可写' },
        { field: 'new_load', message: '当前负荷由业务流程维护，不能直接修改' },
        { field: 'new_apppassword', message: '字段 new_apppassword 不存在或不可写' },
        { field: 'new_name', message: '姓名不能为空' },
        { field: 'new_code', message: '工号不能为空' },
        { field: 'new_phone', message: '手机号码格式不正确' },
        { field: 'new_workyear', message: '工作年限不能大于 60' },
        { field: 'new_image', message: '照片必须是 png、jpg 或 gif 图片' },
      ]),
    );
    expect(j.Message).toContain('姓名不能为空；');
    const en = (await post('station1', '/api/crmdata/create/new_srv_workers', body, { 'accept-language': 'en-US' })).json();
    expect(en.Message).toContain('Name is required; ');
    expect(en.Data.errors).toContainEqual({ field: 'new_phone', message: 'Phone has an incorrect format' });
    expect((await p.db.query("SELECT count(*)::int AS n FROM new_srv_worker WHERE new_phone = 'abc'")).rows[0].n).toBe(0);
    // A taken unique value and a body that is not an object.
    const dup = await post('station1', '/api/crmdata/create/new_srv_workers', {
      new_name: 'RW-5',
      new_code: 'RT1',
      new_phone: '13800001115',
    });
    expect(dup.json()).toMatchObject({ ErrorCode: 400, Message: '工号“RT1”已存在' });
    expect(
      (
        await p.app.inject({
          method: 'POST',
          url: '/api/crmdata/create/new_srv_workers',
          payload: '[1]',
          headers: { ...bearer(tok.station1), 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("update and delete: another station's row is 404; modifiedon/by maintained; field update", async () => {
    const other = mine.GD001[1];
    expect((await post('station1', `/api/crmdata/Update/new_srv_workers(${other})`, { new_workyear: 5 })).statusCode).toBe(404);
    expect((await post('station1', `/api/crmdata/Update/new_srv_workers(${other})/new_workyear`, { value: 5 })).statusCode).toBe(404);
    expect((await post('station1', `/api/crmdata/delete/new_srv_workers(${other})`)).statusCode).toBe(404);
    expect((await post('station2', `/api/crmdata/delete/new_srv_workers(${mine.SH001[0]})`)).statusCode).toBe(404);
    expect((await p.db.query('SELECT new_workyear FROM new_srv_worker WHERE new_srv_workerid = $1', [other])).rows[0].new_workyear).toBe(7);

    const own = mine.SH001[1];
    const before = (await p.db.query('SELECT modifiedon FROM new_srv_worker WHERE new_srv_workerid = $1', [own])).rows[0]
      .modifiedon as Date;
    const u = await post('station1', `/api/crmdata/Update/new_srv_workers(${own})`, { new_workyear: 9, new_wechat: 'wx9' });
    expect(u.json()).toEqual({ ErrorCode: 0, Message: '', Data: { id: own } });
    const f = await post('station1', `/api/crmdata/Update/new_srv_workers(${own})/new_skill`, { value: '焊接' });
    expect(f.statusCode, f.body).toBe(200);
    const row = (
      await p.db.query(
        'SELECT new_workyear, new_wechat, new_skill, modifiedon, modifiedby FROM new_srv_worker WHERE new_srv_workerid = $1',
        [own],
      )
    ).rows[0];
    expect(row).toMatchObject({ new_workyear: 9, new_wechat: 'wx9', new_skill: '焊接' });
    expect((row.modifiedon as Date).getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row.modifiedby).toBe(
      (await p.db.query("SELECT systemuserid FROM systemuser WHERE domainname = 'station1'")).rows[0].systemuserid,
    );
    // Validation on update: no blanking, no unknown or read-only field, no move to another station.
    expect((await post('station1', `/api/crmdata/Update/new_srv_workers(${own})/new_name`, { value: '' })).json().Data.errors).toEqual([
      { field: 'new_name', message: '姓名不能为空' },
    ]);
    expect((await post('station1', `/api/crmdata/Update/new_srv_workers(${own})/new_load`, { value: 1 })).statusCode).toBe(400);
    expect((await post('station1', `/api/crmdata/Update/new_srv_workers(${own})`, { new_station_id: st.ZJ001.id })).statusCode).toBe(403);
    expect((await post('station1', `/api/crmdata/Update/new_srv_workers(${own})/new_skill`, {})).statusCode).toBe(400);

    // Head office moves a row to another station: the owning unit follows, so the branch now sees it.
    expect((await post('admin', `/api/crmdata/Update/new_srv_workers(${other})`, { new_station_id: st.ZJ001.id })).statusCode).toBe(200);
    expect(
      (await p.db.query('SELECT owningbusinessunit FROM new_srv_worker WHERE new_srv_workerid = $1', [other])).rows[0].owningbusinessunit,
    ).toBe(st.ZJ001.unit);
    expect((await get('branch1', `/api/crmdata/Retrieve/new_srv_workers(${other})`)).statusCode).toBe(200);

    const del = data<{ id: string }>(
      await post('station1', '/api/crmdata/create/new_srv_workers', { new_name: 'RW-del', new_code: 'RWD', new_phone: '13800001119' }),
    );
    expect((await post('station1', `/api/crmdata/delete/new_srv_workers(${del.id})`)).json()).toEqual({
      ErrorCode: 0,
      Message: '',
      Data: null,
    });
    expect((await get('station1', `/api/crmdata/Retrieve/new_srv_workers(${del.id})`)).statusCode).toBe(404);
  });

  it('delete of a referenced row is refused; the unit tree stays a tree', async () => {
    const r = await post('admin', `/api/crmdata/delete/new_srv_stations(${st.GD001.id})`);
    expect(r.statusCode).toBe(400);
    expect(r.json().Message).toMatch(/^该记录已被“.+”引用，不能删除$/);
    const hq = (await p.db.query("SELECT businessunitid FROM businessunit WHERE new_code = 'HQ'")).rows[0].businessunitid;
    const cyc = await post('admin', `/api/crmdata/Update/businessunits(${hq})`, { parentbusinessunitid: st.SH001.unit });
    expect(cyc.statusCode).toBe(400);
    expect(cyc.json().Message).toBe('上级部门不能是本部门或其下级部门');
  });

  it('privileges: read needs access.read, write needs access.write, read-only entities refuse writes', async () => {
    expect((await get('engineer1', '/api/crmdata/Retrieve/new_srv_workers')).statusCode).toBe(403);
    expect((await post('branch1', '/api/crmdata/create/new_srv_workers', { new_name: 'x' })).statusCode).toBe(403);
    expect((await post('station1', '/api/crmdata/create/new_notices', { new_name: 'x' })).statusCode).toBe(403);
    expect((await post('station1', '/api/crmdata/create/new_noticereads', { new_name: 'x' })).statusCode).toBe(403);
    for (const set of ['new_roleprivileges', 'roles', 'new_cartitems', 'nosuch', 'systemuserrolescollection']) {
      const res = await get('admin', `/api/crmdata/Retrieve/${set}`);
      expect(res.statusCode, set).toBe(404);
    }
    expect((await get('station1', '/api/crmdata/Retrieve/new_srv_workers')).headers['content-type']).toContain('application/json');
    expect((await p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers' })).statusCode).toBe(401);
  });

  it('global, business-unit and user scopes', async () => {
    // global: every reader sees every notice; created rows belong to the creator's unit
    const n = data<{ id: string }>(
      await post('admin', '/api/crmdata/create/new_notices', {
        new_name: 'RT 公告',
        new_type: 3,
        new_status: 1,
        new_content: '正文',
        new_needreply: false,
      }),
    );
    const s1 = await get('station1', `/api/crmdata/Retrieve/new_notices?$filter=${enc("new_name eq 'RT 公告'")}&$count=true`);
    expect(data<{ '@odata.count': number }>(s1)['@odata.count']).toBe(1);
    const hq = (await p.db.query("SELECT businessunitid FROM businessunit WHERE new_code = 'HQ'")).rows[0].businessunitid;
    expect((await p.db.query('SELECT owningbusinessunit FROM new_notice WHERE new_noticeid = $1', [n.id])).rows[0].owningbusinessunit).toBe(
      hq,
    );
    // user: read records belong to their owner only
    const reads = async (who: string) =>
      data<{ '@odata.count': number }>(await get(who, '/api/crmdata/Retrieve/new_noticereads?$count=true'))['@odata.count'];
    expect(await reads('station1')).toBe(1);
    expect(await reads('station2')).toBe(5);
    // businessUnit: a station sees its own replies, its branch sees them, another station does not
    const reply = data<{ id: string }>(
      await post('station1', '/api/crmdata/create/new_noticereplies', { new_notice_id: n.id, new_content: '收到' }),
    );
    expect((await get('branch1', `/api/crmdata/Retrieve/new_noticereplies(${reply.id})`)).statusCode).toBe(200);
    expect((await get('station2', `/api/crmdata/Retrieve/new_noticereplies(${reply.id})`)).statusCode).toBe(404);
    // a lookup must point at a row that exists and is visible
    const bad = await post('station1', '/api/crmdata/create/new_noticereplies', {
      new_notice_id: '4efcd39c-2364-4641-8d9d-d27c8b67ba42',
      new_content: 'x',
    });
    expect(bad.json()).toMatchObject({ Message: '公告引用的记录不存在或您无权访问', Data: { errors: [{ field: 'new_notice_id' }] } });
    // products: money and options
    const prod = await post('admin', '/api/crmdata/create/products', {
      name: 'RT 滤芯',
      productnumber: 'RT-P1',
      new_state: 0,
      price: '1234.5',
    });
    expect(prod.statusCode, prod.body).toBe(200);
    // engineers hold no product privilege
    expect((await get('engineer1', '/api/crmdata/Retrieve/products')).statusCode).toBe(403);
    const pr = data<Record<string, unknown>>(
      await get('admin', `/api/crmdata/Retrieve/products(${data<{ id: string }>(prod).id})?$select=price,new_state`, PREFER),
    );
    expect(pr).toMatchObject({ price: 1234.5, [`price${FV}`]: '¥1,234.50', [`new_state${FV}`]: '有效' });
  });
});

describe('OData options and limits', () => {
  it('$select, $orderby, $top, $skip and their bounds', async () => {
    const d = await list('admin', `$filter=${enc(RT)}&$select=new_name,new_code&$orderby=new_code desc&$top=2&$skip=1`);
    expect(d.value).toEqual([expect.objectContaining({ new_code: 'RT6' }), expect.objectContaining({ new_code: 'RT5' })]);
    expect(Object.keys(d.value[0]).sort()).toEqual(['new_code', 'new_name', 'new_srv_workerid']);
    const bad = async (q: string) =>
      (await get('admin', `/api/crmdata/Retrieve/new_srv_workers?${q}`, { 'accept-language': 'en-US' })).json();
    expect((await bad('$top=5001')).Message).toBe('Parameter $top is out of range (0–5000)');
    expect((await bad('$skip=100001')).ErrorCode).toBe(400);
    expect((await bad('$select=new_apppassword')).Message).toBe('Incorrect query: new_srv_worker has no queryable field new_apppassword');
    expect((await bad('$orderby=new_image')).ErrorCode).toBe(400);
    expect((await bad(`$filter=${enc("new_name eq 'x' or")}`)).Message).toMatch(/^Incorrect query: syntax error near character/);
    expect((await bad('$top=1&$top=2')).ErrorCode).toBe(400);
    expect((await bad('$count=maybe')).ErrorCode).toBe(400);
    // secret fields never come back, and lists leave images out unless asked
    const one = data<Record<string, unknown>>(await get('admin', `/api/crmdata/Retrieve/new_srv_workers(${mine.SH001[0]})`));
    expect(one).not.toHaveProperty('new_apppassword');
    expect(one).toHaveProperty('new_image');
    expect((await list('admin', '$top=1')).value[0]).not.toHaveProperty('new_image');
  });

  it('arbitrary $filter text answers 200 or 400, never 500', async () => {
    const soup = fc
      .array(
        fc.constantFrom(
          '(',
          ')',
          'and',
          'or',
          'not',
          'eq',
          'ne',
          'lt',
          "'x'",
          "''",
          '1',
          '-1.5',
          'null',
          'true',
          '2026-01-01',
          '2026-01-01T00:00:00Z',
          'contains(new_name,',
          "startswith(new_code,'R')",
          'new_name',
          'new_workyear',
          'new_station_id',
          'createdon',
          'new_image',
          'new_job in (1,2)',
          st.SH001.id,
          '中文',
          '%',
          '\\',
        ),
        { maxLength: 12 },
      )
      .map((a) => a.join(' '));
    await fc.assert(
      fc.asyncProperty(fc.oneof(soup, fc.string({ maxLength: 40 })), async (f) => {
        const r = await get('station1', `/api/crmdata/Retrieve/new_srv_workers?$filter=${enc(f)}&$count=true`);
        expect([200, 400], `${f} → ${r.body}`).toContain(r.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});

describe('picklists', () => {
  it('option sets and bools in the caller language; 404 for unknown entity or attribute', async () => {
    const r = await get('station1', '/api/crmpicklist/options/new_srv_worker/new_job', { 'accept-language': 'en-US' });
    expect(r.json()).toEqual({
      ErrorCode: 0,
      Message: '',
      Data: [
        { Value: 1, Text: 'Junior engineer', IconSrc: '' },
        { Value: 2, Text: 'Mid-level engineer', IconSrc: '' },
        { Value: 3, Text: 'Senior engineer', IconSrc: '' },
      ],
    });
    expect(data(await get('station1', '/api/crmpicklist/options/new_notice/new_needreply'))).toEqual([
      { Value: 1, Text: '是', IconSrc: '' },
      { Value: 0, Text: '否', IconSrc: '' },
    ]);
    expect((await get('station1', '/api/crmpicklist/options/new_srv_worker/new_name')).statusCode).toBe(404);
    expect((await get('station1', '/api/crmpicklist/options/nosuch/new_job')).statusCode).toBe(404);
    expect((await get('station1', '/api/crmpicklist/options/new_roleprivilege/new_name')).statusCode).toBe(404);
  });
});

describe('insertRecords (bulk, for the Excel import)', () => {
  it('inserts 5000 rows set-based, with ownership, and numbers the rows of lookup errors', async () => {
    const e = getEntity('new_srv_worker')!;
    const { rows } = await p.db.query<{ id: string }>(
      "SELECT s.id FROM auth_session s JOIN systemuser u ON u.systemuserid = s.user_id WHERE u.domainname = 'station2' AND s.ended_at IS NULL LIMIT 1",
    );
    const uid = (await p.db.query("SELECT systemuserid FROM systemuser WHERE domainname = 'station2'")).rows[0].systemuserid as string;
    const { principal } = await loadSessionPrincipal(p.db, rows[0].id, uid);
    const caller = { principal: principal!, subtree: await businessUnitSubtree(p.db, principal!.businessUnitId) };
    const batch = Array.from({ length: 5000 }, (_, i) => ({
      new_name: `BULK-${i}`,
      new_code: `BULK${i}`,
      new_phone: '13800002222',
      new_workyear: i % 60,
    }));
    const t0 = performance.now();
    const ids = await p.db.tx((sql) => insertRecords(sql, e, caller, batch, 'zh-CN'));
    const ms = performance.now() - t0;
    console.log(`insertRecords: 5000 rows in ${ms.toFixed(0)} ms`);
    expect(ids).toHaveLength(5000);
    expect(ms).toBeLessThan(10_000);
    const c = await p.db.query(
      'SELECT count(*)::int AS n, count(DISTINCT owningbusinessunit)::int AS units, min(new_station_id::text) AS st FROM new_srv_worker WHERE new_name LIKE $1',
      ['BULK-%'],
    );
    expect(c.rows[0]).toEqual({ n: 5000, units: 1, st: st.ZJ001.id });
    expect((await p.db.query('SELECT new_name FROM new_srv_worker WHERE new_srv_workerid = $1', [ids[1234]])).rows[0].new_name).toBe(
      'BULK-1234',
    );

    const bad = [
      { new_name: 'B1', new_code: 'BX1', new_phone: '13800002222' },
      { new_name: 'B2', new_code: 'BX2', new_phone: '13800002222', new_station_id: st.SH001.id },
    ];
    await expect(p.db.tx((sql) => insertRecords(sql, e, caller, bad, 'zh-CN'))).rejects.toMatchObject({ status: 403 });
    const dupes = [
      { new_name: 'B1', new_code: 'BX1', new_phone: '13800002222' },
      { new_name: 'B2', new_code: 'BX1', new_phone: '13800002222' },
    ];
    const err = await p.db.tx((sql) => insertRecords(sql, e, caller, dupes, 'en-US', { firstRowNumber: 2 })).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ValidationFailed);
    expect((err as ValidationFailed).errors).toEqual([{ field: 'new_code', message: 'Row 3: Code "BX1" already exists' }]);
    const replies = getEntity('new_noticereply')!;
    const lookErr = await p.db
      .tx((sql) =>
        insertRecords(
          sql,
          replies,
          caller,
          [
            { new_notice_id: st.SH001.id, new_content: 'x' },
            { new_notice_id: st.ZJ001.id, new_content: 'y' },
          ],
          'zh-CN',
        ),
      )
      .catch((x: unknown) => x);
    expect((lookErr as ValidationFailed).errors.map((x) => x.message)).toEqual([
      '第 1 行：公告引用的记录不存在或您无权访问',
      '第 2 行：公告引用的记录不存在或您无权访问',
    ]);
  });
});

describe('quick search', () => {
  it('contains / startswith / endswith match the same rows as a case-insensitive match, whatever the text', async () => {
    // Names mixing texts without case (Chinese, digits, punctuation) with cased letters, including
    // ones whose lower case is special (İ, ẞ, Kelvin sign) and LIKE's own characters.
    const alphabet = [
      '王',
      '建',
      '国',
      '有',
      '限',
      '1',
      '3',
      '-',
      ' ',
      '（',
      '，',
      '１',
      'ｱ',
      'a',
      'A',
      'k',
      'K',
      'K',
      'İ',
      'i',
      'ß',
      'ẞ',
      'é',
      'É',
      '%',
      '_',
      '\\',
    ];
    const word = (min: number, max: number) =>
      fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
    const names = fc.sample(word(1, 8), { numRuns: 120, seed: 2026 });
    await p.db.query(
      `INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit)
      SELECT n, 'QS' || i, '13800003333', $2, $3 FROM unnest($1::text[]) WITH ORDINALITY AS x(n, i)`,
      [names, st.SH001.id, st.SH001.unit],
    );
    try {
      const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
      const patterns = {
        contains: (s: string) => `%${escapeLike(s)}%`,
        startswith: (s: string) => `${escapeLike(s)}%`,
        endswith: (s: string) => `%${escapeLike(s)}`,
      };
      await fc.assert(
        fc.asyncProperty(
          word(1, 3),
          fc.constantFrom('contains', 'startswith', 'endswith') as fc.Arbitrary<keyof typeof patterns>,
          async (text, fn) => {
            const r = await list(
              'admin',
              `$select=new_name&$top=5000&$count=true&$filter=${enc(`${fn}(new_name,'${text.replace(/'/g, "''")}') and startswith(new_code,'QS')`)}`,
            );
            const { rows } = await p.db.query<{ new_name: string }>(
              "SELECT new_name FROM new_srv_worker WHERE new_code LIKE 'QS%' AND new_name ILIKE $1",
              [patterns[fn](text)],
            );
            expect(r.value.map((x) => x.new_name).sort()).toEqual(rows.map((x) => x.new_name).sort());
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      await p.db.query("DELETE FROM new_srv_worker WHERE new_code LIKE 'QS%'");
    }
  });
});
