import { approvalStatus, leadDisqualifyReason, leadState } from '@portal/model';
import { DynamicsWebApi } from 'dynamics-web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * The Web API as a Dataverse client sees it: the real `dynamics-web-api` (npm) against the server
 * listening on 127.0.0.1, signed in as demo people. Station isolation mirrors records.test.ts.
 */

let p: Portal;
let root: string;
const tok: Record<string, string> = {};
const st: Record<string, string> = {};
const api = (who: string) => new DynamicsWebApi({ serverUrl: root, onTokenRefresh: async () => tok[who] });
const FV = '@OData.Community.Display.V1.FormattedValue';

/** A raw call, for what the client hides (headers, the error body). */
const raw = (who: string | null, path: string, init: RequestInit = {}) =>
  fetch(`${root}api/data/v9.2/${path}`, {
    ...init,
    headers: { ...(who ? { authorization: `Bearer ${tok[who]}` } : {}), ...(init.headers as Record<string, string>) },
  });
type Answer = { error: { code: string; message: string }; '@odata.context'?: string };
const answer = async (r: Response) => (await r.json()) as Answer;
const workerRow = async (id: string) =>
  (await p.db.query('SELECT new_name, new_workyear, new_station_id FROM new_srv_worker WHERE new_srv_workerid = $1', [id])).rows[0];

type Failure = Error & { status?: number; message: string; code?: string };
async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (e) {
    return e as Failure;
  }
  throw new Error('expected a refusal');
}

const mine: string[] = [];
const theirs: string[] = [];

beforeAll(async () => {
  p = await testPortal();
  await p.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = p.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  root = `http://127.0.0.1:${addr.port}/`;
  for (const u of ['admin', 'hq', 'branch1', 'station1', 'station2', 'salesman1']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ code: string; id: string }>('SELECT new_code AS code, new_srv_stationid AS id FROM new_srv_station'))
    .rows)
    st[r.code] = r.id;
  // station1's three (its station by default), and two of station2's station made by head office through @odata.bind.
  for (let i = 0; i < 3; i++) {
    const id = await api('station1').create({
      collection: 'new_srv_workers',
      data: { new_name: `WA-${i}`, new_code: `WA${i}`, new_phone: `1390000000${i}`, new_workyear: i + 1 },
    });
    mine.push(id as unknown as string);
  }
  for (let i = 0; i < 2; i++) {
    const id = await api('admin').create({
      collection: 'new_srv_workers',
      data: {
        new_name: `WA-Z${i}`,
        new_code: `WAZ${i}`,
        new_phone: `1391000000${i}`,
        'new_station_id@odata.bind': `/new_srv_stations(${st.ZJ001})`,
      },
    });
    theirs.push(id as unknown as string);
  }
});
afterAll(() => p?.close());

describe('reads', () => {
  it('list with $filter, $select, $expand, annotations and paging (nextLink followed), $count', async () => {
    const request = {
      collection: 'new_srv_workers',
      select: ['new_name', '_new_station_id_value', 'new_workyear'],
      filter: "startswith(new_name,'WA-')",
      orderBy: ['new_name asc'],
      expand: [{ property: 'new_station_id', select: ['new_code'] }],
      maxPageSize: 2,
      includeAnnotations: '*',
    };
    const first = await api('station1').retrieveMultiple(request);
    expect(first.value).toHaveLength(2);
    expect(first.oDataNextLink).toMatch(/\$skiptoken=/);
    const w = first.value[0];
    expect(w).toMatchObject({
      new_name: 'WA-0',
      new_workyear: 1,
      _new_station_id_value: st.SH001,
      '_new_station_id_value@Microsoft.Dynamics.CRM.lookuplogicalname': 'new_srv_station',
      new_station_id: { new_srv_stationid: st.SH001, new_code: 'SH001' },
    });
    expect(w[`_new_station_id_value${FV}`]).toEqual(expect.any(String));
    expect(w['@odata.etag']).toMatch(/^W\/"\d+"$/);
    const all = await api('station1').retrieveAll(request);
    expect(all.value.map((r) => r.new_name)).toEqual(['WA-0', 'WA-1', 'WA-2']);
    expect(await api('station1').count({ collection: 'new_srv_workers', filter: "startswith(new_name,'WA-')" })).toBe(3);
    expect(await api('admin').count({ collection: 'new_srv_workers', filter: "startswith(new_name,'WA-')" })).toBe(5);
    const n = await api('station1').count({ collection: 'new_srv_workers' });
    expect(n).toBeGreaterThanOrEqual(3);
    // The answer says what it is.
    const res = await raw('station1', "new_srv_workers?$select=new_name&$top=1&$filter=startswith(new_name,'WA-')");
    expect(res.headers.get('odata-version')).toBe('4.0');
    expect((await answer(res))['@odata.context']).toMatch(/\/api\/data\/v9\.2\/\$metadata#new_srv_workers$/);
  });

  it('fetchXml, scoped', async () => {
    const xml = `<fetch><entity name="new_srv_worker"><attribute name="new_name"/><attribute name="new_station_id"/>
      <filter><condition attribute="new_name" operator="begins-with" value="WA-"/></filter><order attribute="new_name"/></entity></fetch>`;
    const r = await api('station1').fetch({ collection: 'new_srv_workers', fetchXml: xml });
    expect(r.value.map((v) => v.new_name)).toEqual(['WA-0', 'WA-1', 'WA-2']);
    expect(r.value[0]._new_station_id_value).toBe(st.SH001);
    const all = await api('admin').fetchAll({ collection: 'new_srv_workers', fetchXml: xml.replace('<fetch>', '<fetch count="2">') });
    expect(all.value).toHaveLength(5);
  });

  it('WhoAmI', async () => {
    const me = await api('station1').callFunction<{ UserId: string; BusinessUnitId: string; OrganizationId: string }>('WhoAmI');
    const row = (await p.db.query("SELECT systemuserid, businessunitid FROM systemuser WHERE domainname = 'station1'")).rows[0];
    expect(me).toMatchObject({ UserId: row.systemuserid, BusinessUnitId: row.businessunitid, OrganizationId: expect.any(String) });
  });
});

describe('writes', () => {
  it('create with return=representation, update with its ETag, a stale ETag is 412 and changes nothing', async () => {
    const c = api('station1');
    const made = await c.create<Record<string, unknown>>({
      collection: 'new_srv_workers',
      data: { new_name: 'WB-1', new_code: 'WB1', new_phone: '13920000001' },
      returnRepresentation: true,
      select: ['new_name', 'new_workyear'],
    });
    const id = made.new_srv_workerid as string;
    const etag = made['@odata.etag'] as string;
    expect(made).toMatchObject({ new_name: 'WB-1', new_workyear: null });
    expect(await c.update({ collection: 'new_srv_workers', key: id, data: { new_workyear: 4 }, ifmatch: etag })).toBe(true);
    // The first ETag is stale now: dynamics-web-api answers false for the 412.
    expect(await c.update({ collection: 'new_srv_workers', key: id, data: { new_workyear: 9 }, ifmatch: etag })).toBe(false);
    expect((await workerRow(id)).new_workyear).toBe(4);
    const stale = await raw('station1', `new_srv_workers(${id})`, {
      method: 'PATCH',
      body: JSON.stringify({ new_workyear: 9 }),
      headers: { 'content-type': 'application/json', 'if-match': etag, 'accept-language': 'en-US' },
    });
    expect(stale.status).toBe(412);
    expect(await answer(stale)).toEqual({
      error: { code: '0x80060882', message: expect.stringMatching(/changed by someone else/), innererror: { type: 'webapi.stale' } },
    });
    const now = await c.retrieve<Record<string, unknown>>({ collection: 'new_srv_workers', key: id, select: ['new_workyear'] });
    expect(now['@odata.etag']).not.toBe(etag);
    // Field validation: 400, the field named.
    const bad = await failure(c.update({ collection: 'new_srv_workers', key: id, data: { new_phone: 'abc', new_load: 3 } }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('手机号码格式不正确');
    // One property: PUT {set}({id})/{field} and GET it back.
    await c.updateSingleProperty({ collection: 'new_srv_workers', key: id, fieldValuePair: { new_workyear: 6 } });
    const one = await raw('station1', `new_srv_workers(${id})/new_workyear`);
    expect(((await one.json()) as { value: number }).value).toBe(6);
    // A field the business steps own stays unwritable here too.
    expect(bad.message).toContain('当前负荷由业务流程维护，不能直接修改');
  });

  it('upsert creates under the given id, If-None-Match: * refuses the existing one, If-Match: * does not create; delete', async () => {
    const c = api('station1');
    const id = '7d1f0a52-3c1b-4e8e-9a51-0c2b5d6e7f80';
    await c.upsert({ collection: 'new_srv_workers', key: id, data: { new_name: 'WU-1', new_code: 'WU1', new_phone: '13930000001' } });
    expect(await workerRow(id)).toMatchObject({ new_name: 'WU-1', new_station_id: st.SH001 });
    await c.upsert({ collection: 'new_srv_workers', key: id, data: { new_workyear: 3 } });
    expect((await workerRow(id)).new_workyear).toBe(3);
    expect(await c.upsert({ collection: 'new_srv_workers', key: id, data: { new_workyear: 5 }, ifnonematch: '*' })).toBeNull();
    expect((await workerRow(id)).new_workyear).toBe(3);
    const missing = '1a2b3c4d-0000-4000-8000-000000000001';
    const notThere = await failure(c.update({ collection: 'new_srv_workers', key: missing, data: { new_name: 'x' } }));
    expect(notThere.status).toBe(404);
    expect(await workerRow(missing)).toBeUndefined();
    // DELETE honours If-Match: a stale version keeps the row (false: the client's 412).
    expect(await c.deleteRecord({ collection: 'new_srv_workers', key: id, ifmatch: 'W/"1"' })).toBe(false);
    expect(await workerRow(id)).toBeDefined();
    expect(await c.deleteRecord({ collection: 'new_srv_workers', key: id })).toBe(true);
    const gone = await failure(c.retrieve({ collection: 'new_srv_workers', key: id }));
    expect(gone.status).toBe(404);
    expect(gone.message).toBe('记录不存在或您无权访问');
  });

  it('$batch: a change set whose second request fails leaves nothing; a good one commits both, $1 referenced', async () => {
    const c = api('station1');
    c.startBatch();
    c.create({ collection: 'new_srv_workers', data: { new_name: 'WC-1', new_code: 'WC1', new_phone: '13940000001' } });
    c.create({ collection: 'new_srv_workers', data: { new_name: 'WC-2', new_code: 'WC2', new_phone: 'abc' } });
    const refused = await failure(c.executeBatch());
    const parts = refused as unknown as Failure[];
    expect(Array.isArray(parts)).toBe(true);
    expect(parts.at(-1)).toMatchObject({ status: 400 });
    // As Dataverse: the failing request's OData error, in the caller's language.
    expect((parts.at(-1) as unknown as Answer).error.message).toContain('手机号码格式不正确');
    expect((await p.db.query("SELECT count(*)::int AS n FROM new_srv_worker WHERE new_name LIKE 'WC-%'")).rows[0].n).toBe(0);

    c.startBatch();
    c.retrieveMultiple({ collection: 'new_srv_workers', select: ['new_name'], filter: "new_name eq 'WA-0'" });
    c.create({ collection: 'new_srv_workers', data: { new_name: 'WC-3', new_code: 'WC3', new_phone: '13940000003' }, contentId: '1' });
    // The client names the record made above by its Content-ID alone.
    c.update({ contentId: '$1', data: { new_workyear: 7 } } as Parameters<typeof c.update>[0]);
    const ok = await c.executeBatch();
    expect((ok[0] as { value: unknown[] }).value).toHaveLength(1);
    expect(ok[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await workerRow(ok[1] as string)).toMatchObject({ new_name: 'WC-3', new_workyear: 7 });
    // A malformed batch, or a GET inside a change set, is the caller's mistake: 400.
    const post = (body: string, type = 'multipart/mixed; boundary=b') =>
      raw('station1', '$batch', { method: 'POST', body, headers: { 'content-type': type } });
    expect((await post('--b\r\nContent-Type: application/http\r\n\r\nGET new_srv_workers HTTP/1.1\r\n')).status).toBe(400);
    expect((await post('no parts', 'multipart/mixed')).status).toBe(400);
    const getInSet = await post(
      '--b\r\nContent-Type: multipart/mixed; boundary=c\r\n\r\n--c\r\nContent-Type: application/http\r\n\r\nGET new_srv_workers HTTP/1.1\r\n\r\n--c--\r\n--b--\r\n',
    );
    expect(getInSet.status).toBe(400);
    expect(await getInSet.text()).toContain('变更集中不能包含 GET 请求');
  });
});

describe('bound actions', () => {
  it("a document command runs through the kernel: the lead's state moves, a second run is refused", async () => {
    const c = api('salesman1');
    const id = (await c.create({
      collection: 'leads',
      data: { subject: '测试线索：Web API', fullname: '钱明', mobilephone: '13812340000', leadsourcecode: 1 },
    })) as string;
    const res = await c.callAction<{ id: string; state: number; message: string }>({
      collection: 'leads',
      key: id,
      actionName: 'Microsoft.Dynamics.CRM.disqualify',
      action: { new_disqualifyreason: leadDisqualifyReason.cannotContact, new_disqualifynote: '电话空号' },
    });
    expect(res).toMatchObject({ id, state: leadState.disqualified, message: '线索已取消资格' });
    const row = (await p.db.query('SELECT new_leadstate AS state, new_disqualifyreason AS reason FROM lead WHERE leadid = $1', [id]))
      .rows[0];
    expect(row).toEqual({ state: leadState.disqualified, reason: leadDisqualifyReason.cannotContact });
    const again = await failure(
      c.callAction({ collection: 'leads', key: id, actionName: 'Microsoft.Dynamics.CRM.disqualify', action: { new_disqualifyreason: 1 } }),
    );
    expect(again.status).toBe(400);
    expect(again.message).toBe('线索当前状态为“已取消资格”，不能取消资格');
    const unknown = await failure(c.callAction({ collection: 'leads', key: id, actionName: 'Microsoft.Dynamics.CRM.nothing' }));
    expect(unknown.status).toBe(404);
  });
});

describe('approval actions', () => {
  it('FlowSubmit, FlowApprove by each step approver; FlowReject without a reason is refused', async () => {
    const one = async (text: string, args: unknown[] = []) => (await p.db.query<{ id: string }>(text, args)).rows[0].id;
    const flow = await one(`SELECT new_flowid AS id FROM new_flow WHERE new_name = '奖惩单审批流程'`);
    const steps = (
      await p.db.query<{ id: string }>('SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 ORDER BY new_sequence', [
        flow,
      ])
    ).rows;
    const user = (login: string) => one('SELECT systemuserid AS id FROM systemuser WHERE domainname = $1', [login]);
    const id = (await api('hq').create({
      collection: 'new_srv_claimfines',
      data: {
        new_station_id: st.SH001,
        new_finetype: 2,
        new_amount: 1200,
        new_checkmonth: 11,
        new_year: 2026,
        new_checkitem: 'Web API 考核',
      },
    })) as unknown as string;
    const call = (who: string, actionName: string, action?: object) =>
      api(who).callAction<{ id: string; message: string; state: number | null }>({
        collection: 'new_srv_claimfines',
        key: id,
        actionName: `Microsoft.Dynamics.CRM.${actionName}`,
        action,
      });
    const submitted = await call('hq', 'FlowSubmit', {
      FlowId: flow,
      ApproveList: [
        { StepId: steps[0].id, ApproveUserId: await user('branch1') },
        { StepId: steps[1].id, ApproveUserId: await user('admin') },
      ],
    });
    expect(submitted).toMatchObject({ id, message: '已提交' });
    expect((await call('branch1', 'FlowApprove', { Memo: '同意' })).message).toBe('已同意');
    const noReason = await failure(call('admin', 'FlowReject', {}));
    expect(noReason.status).toBe(400);
    const last = await call('admin', 'FlowApprove');
    expect(last.state).toBe(approvalStatus.approved);
    const row = (await p.db.query('SELECT new_approvalstatus AS s FROM new_srv_claimfine WHERE new_srv_claimfineid = $1', [id])).rows[0];
    expect(row.s).toBe(approvalStatus.approved);
  });
});

describe('isolation and errors', () => {
  it("station1 does not see station2's rows: list, retrieve 404, update 404, delete 404", async () => {
    const s1 = await api('station1').retrieveAll({
      collection: 'new_srv_workers',
      select: ['new_name'],
      filter: "startswith(new_name,'WA-Z')",
    });
    expect(s1.value).toEqual([]);
    const s2 = await api('station2').retrieveAll({
      collection: 'new_srv_workers',
      select: ['new_name'],
      filter: "startswith(new_name,'WA-')",
    });
    expect(s2.value.map((r) => r.new_name).sort()).toEqual(['WA-Z0', 'WA-Z1']);
    expect((await failure(api('station1').retrieve({ collection: 'new_srv_workers', key: theirs[0] }))).status).toBe(404);
    expect(
      (await failure(api('station1').update({ collection: 'new_srv_workers', key: theirs[0], data: { new_workyear: 2 } }))).status,
    ).toBe(404);
    // Upsert of another station's id does not create or change it either.
    expect(
      (await failure(api('station1').upsert({ collection: 'new_srv_workers', key: theirs[0], data: { new_workyear: 2 } }))).status,
    ).toBe(404);
    expect((await failure(api('station1').deleteRecord({ collection: 'new_srv_workers', key: theirs[1] }))).status).toBe(404);
    expect(await workerRow(theirs[0])).toMatchObject({ new_name: 'WA-Z0', new_workyear: null });
    expect((await failure(api('station2').retrieve({ collection: 'new_srv_workers', key: mine[0] }))).status).toBe(404);
  });

  it('answers in the OData error shape: 401 without a token, 400 for a bad query in the caller language, 404 for an unknown set', async () => {
    const anon = await raw(null, 'new_srv_workers');
    expect(anon.status).toBe(401);
    expect(anon.headers.get('odata-version')).toBe('4.0');
    expect((await answer(anon)).error).toMatchObject({ code: expect.stringMatching(/^0x/), message: expect.any(String) });
    const bad = await raw('station1', `new_srv_workers?$filter=${encodeURIComponent('nope eq 1')}`, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(bad.status).toBe(400);
    expect((await answer(bad)).error.message).toMatch(/nope/);
    // What OData clients send besides passes the app's hooks.
    const headers = {
      'odata-version': '4.0',
      'odata-maxversion': '4.0',
      'MSCRM.SuppressDuplicateDetection': 'false',
      'MSCRM.BypassCustomPluginExecution': 'true',
      prefer: 'odata.include-annotations="*",odata.maxpagesize=1',
      'if-none-match': 'W/"1"',
    };
    expect(
      (await raw('station1', `new_srv_workers?$select=new_name&$filter=${encodeURIComponent("new_name eq 'WA-0'")}`, { headers })).status,
    ).toBe(200);
    const zh = await raw('station1', 'nothings');
    expect(zh.status).toBe(404);
    expect((await answer(zh)).error.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
