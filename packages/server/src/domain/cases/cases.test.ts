import { approvalStatus, caseState, excellentCasePublish } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData as ok, submitFirstFlow, userApi, type Res } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};

const api = userApi(() => p, tok);
const refused = (res: Res, status = 400) => {
  expect(res.statusCode, res.body).toBe(status);
  return String(res.json().Message);
};
const rows = (res: Res) => {
  const d = ok(res);
  return (Array.isArray(d) ? d : d.value) as Record<string, unknown>[];
};

const newCase = (who: string, code: string, extra: Record<string, unknown> = {}, lang = 'zh-CN') =>
  api(
    who,
    'POST',
    '/api/crmdata/create/new_srv_cases',
    {
      new_casetype: 1,
      new_priority: 3,
      new_station_id: station[code],
      new_customer: '苏州恒力精工有限公司',
      new_phone: '0512-65231188',
      new_subject: '维修后仍有异响',
      new_description: '客户反映更换轴承后仍有异响，要求复查。',
      ...extra,
    },
    lang,
  );
const caseRow = (id: string) =>
  p.db.one<{ name: string; state: number; response: string | null; resolution: string | null; sat: number | null }>(
    `SELECT new_name AS name, new_casestate AS state, new_response AS response, new_resolution AS resolution, new_satisfaction AS sat FROM new_srv_case WHERE new_srv_caseid = $1`,
    [id],
  );
const cmd = (who: string, id: string, action: string, body: object = {}, lang = 'zh-CN') =>
  api(who, 'POST', `/api/cases/${id}/${action}`, body, lang);
const orderOf = async (code: string) =>
  (await p.db.one<{ id: string; name: string }>(
    `SELECT new_srv_workorderid AS id, new_name AS name FROM new_srv_workorder WHERE new_station_id = $1 AND new_case_id IS NULL ORDER BY new_name DESC LIMIT 1`,
    [station[code]],
  ))!;

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('customer cases', () => {
  it('open → in progress → resolved → closed; each step refused out of turn, nothing changed', async () => {
    const id = ok(await newCase('station1', 'SH001')).id as string;
    expect(await caseRow(id)).toMatchObject({ name: expect.stringMatching(/^KS\d{6}-\d{4}$/), state: caseState.open });
    expect(refused(await cmd('station1', id, 'close', { satisfaction: 4 }))).toContain('只有已解决的案件可以关闭');
    expect(refused(await cmd('station1', id, 'respond', { response: '  ' }))).toContain('响应说明不能为空');
    ok(await cmd('station1', id, 'respond', { response: '已致电客户，明早上门复查' }));
    expect(await caseRow(id)).toMatchObject({ state: caseState.inProgress, response: '已致电客户，明早上门复查' });
    // Resolve needs a resolution note, in both languages; the case stays in progress.
    expect(refused(await cmd('station1', id, 'resolve', {}))).toContain('解决说明不能为空');
    expect(refused(await cmd('station1', id, 'resolve', { resolution: '' }, 'en-US'))).toContain('Resolution is required');
    expect(refused(await cmd('station1', id, 'resolve', { resolution: '长'.repeat(1001) }, 'en-US'))).toContain('1000');
    expect((await caseRow(id))!.state).toBe(caseState.inProgress);
    ok(await cmd('station1', id, 'resolve', { resolution: '重新校正联轴器后异响消除，客户确认' }));
    expect(await caseRow(id)).toMatchObject({ state: caseState.resolved, resolution: '重新校正联轴器后异响消除，客户确认' });
    // Resolved: no second response or resolution, no generic edits; close with a satisfaction 1–5.
    expect(refused(await cmd('station1', id, 'respond', { response: '再次响应' }))).toContain('只有待处理或处理中的案件可以响应');
    expect(refused(await cmd('station1', id, 'resolve', { resolution: 'x' }, 'en-US'))).toContain(
      'Only an open case or one in progress can be resolved',
    );
    expect(refused(await api('station1', 'POST', `/api/crmdata/Update/new_srv_cases(${id})`, { new_subject: '改主题' }))).toContain(
      '已解决或已关闭的案件不能修改',
    );
    expect(refused(await cmd('station1', id, 'close', { satisfaction: 9 }))).toContain('客户满意度');
    expect((await caseRow(id))!.state).toBe(caseState.resolved);
    ok(await cmd('station1', id, 'close', { satisfaction: 5 }));
    expect(await caseRow(id)).toMatchObject({ state: caseState.closed, sat: 5 });
    expect(refused(await cmd('station1', id, 'close', {}, 'en-US'))).toContain('Only a resolved case can be closed');
  });

  it('an open case may be resolved directly; the state is not written through the generic create', async () => {
    expect((await newCase('station1', 'SH001', { new_casestate: caseState.closed })).statusCode).toBe(400);
    const id = ok(await newCase('station1', 'SH001')).id as string;
    expect((await caseRow(id))!.state).toBe(caseState.open);
    ok(await cmd('station1', id, 'resolve', { resolution: '电话指导客户复位后恢复正常' }));
    expect((await caseRow(id))!.state).toBe(caseState.resolved);
  });

  it('is station-scoped: another station neither sees nor acts on it; head office sees every station', async () => {
    const id = ok(await newCase('station1', 'SH001')).id as string;
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_srv_cases(${id})`)).statusCode).toBe(404);
    expect((await cmd('station2', id, 'respond', { response: '越权' })).statusCode).toBe(404);
    expect((await caseRow(id))!.state).toBe(caseState.open);
    const mine = rows(await api('station2', 'GET', '/api/crmdata/Retrieve/new_srv_cases?$select=new_station_id'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((r) => r.new_station_id !== station.ZJ001)).toEqual([]);
    const all = rows(await api('hq', 'GET', '/api/crmdata/Retrieve/new_srv_cases?$select=new_station_id&$top=200'));
    expect(new Set(all.map((r) => r.new_station_id)).size).toBeGreaterThanOrEqual(3);
    // A station cannot file a case for another station.
    expect((await newCase('station1', 'ZJ001')).statusCode).toBeGreaterThanOrEqual(400);
    // The engineer reads cases but has no command.
    expect((await cmd('engineer1', id, 'respond', { response: '工程师' })).statusCode).toBe(403);
  });

  it('links work orders of its own station only, each to one case; the order lists under the case', async () => {
    const id = ok(await newCase('station1', 'SH001')).id as string;
    const own = await orderOf('SH001');
    ok(await cmd('station1', id, 'link', { workOrderId: own.id }));
    const listed = rows(
      await api(
        'station1',
        'GET',
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_name&$filter=${encodeURIComponent(`new_case_id eq ${id}`)}`,
      ),
    );
    expect(listed.map((r) => r.new_name)).toEqual([own.name]);
    const other = await orderOf('ZJ001');
    // Out of the station's reach: not found; head office linking another station's order: refused by name.
    expect((await cmd('station1', id, 'link', { workOrderId: other.id })).statusCode).toBe(404);
    expect(refused(await cmd('hq', id, 'link', { workOrderId: other.id }))).toContain(`工单 ${other.name} 不属于该案件的处理服务站`);
    const second = ok(await newCase('station1', 'SH001')).id as string;
    expect(refused(await cmd('station1', second, 'link', { workOrderId: own.id }, 'en-US'))).toContain(
      `Work order ${own.name} is already linked to case`,
    );
    expect(refused(await cmd('station1', second, 'link', {}))).toContain('服务工单不能为空');
    // An open case with orders is not deleted.
    expect(refused(await api('station1', 'POST', `/api/crmdata/delete/new_srv_cases(${id})`))).toContain(
      '只有待处理且未关联工单的案件可以删除',
    );
  });

  it('demo data holds every state, with linked work orders', async () => {
    const states = (
      await p.db.query<{ s: number }>(
        `SELECT DISTINCT new_casestate AS s FROM new_srv_case WHERE new_subject <> '维修后仍有异响' ORDER BY 1`,
      )
    ).rows.map((r) => r.s);
    expect(states).toEqual([caseState.open, caseState.inProgress, caseState.resolved, caseState.closed]);
    const { n } = (await p.db.one<{ n: number }>(
      `SELECT count(DISTINCT new_case_id)::int AS n FROM new_srv_workorder WHERE new_case_id IS NOT NULL`,
    ))!;
    expect(n).toBeGreaterThanOrEqual(5);
  });
});

const EXC = 'new_srv_excellentcase';
const excRow = (id: string) =>
  p.db.one<{ code: string; a: number; pub: number; on: Date | null }>(
    `SELECT new_code AS code, new_approvalstatus AS a, new_publishstatus AS pub, new_publishedon AS on FROM new_srv_excellentcase WHERE new_srv_excellentcaseid = $1`,
    [id],
  );
async function submit(id: string, who: string) {
  const hq = (await p.db.one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hq'`))!.id;
  return submitFirstFlow(api, who, EXC, id, { approver: (s) => s.new_stepusers.find((u) => u.systemuserid === hq)!.systemuserid });
}

describe('excellent cases', () => {
  it('station2 cannot see station1’s draft or case under review, and reads it once approved and published; it stays station1’s to change', async () => {
    const line = (await p.db.one<{ id: string }>(`SELECT new_productlineid AS id FROM new_productline ORDER BY new_code LIMIT 1`))!.id;
    const id = ok(
      await api('station1', 'POST', '/api/crmdata/create/new_srv_excellentcases', {
        new_name: '测试：主轴过热的排查',
        new_station_id: station.SH001,
        new_productline_id: line,
        new_symptom: '主轴运行 20 分钟后温度超过 70℃',
        new_cause: '润滑油路堵塞',
        new_solution: '疏通油路并更换润滑油',
      }),
    ).id as string;
    expect(await excRow(id)).toMatchObject({
      code: expect.stringMatching(/^YXAL\d{6}-\d{4}$/),
      a: approvalStatus.draft,
      pub: excellentCasePublish.unpublished,
      on: null,
    });
    const byId = (who: string) => api(who, 'GET', `/api/crmdata/Retrieve/new_srv_excellentcases(${id})`);
    const listed = async (who: string) =>
      rows(await api(who, 'GET', '/api/crmdata/Retrieve/new_srv_excellentcases?$select=new_name&$top=200')).some(
        (r) => r.new_srv_excellentcaseid === id,
      );
    expect((await byId('station2')).statusCode).toBe(404);
    expect(await listed('station2')).toBe(false);
    expect(await listed('station1')).toBe(true);

    ok(await submit(id, 'station1'));
    expect((await byId('station2')).statusCode).toBe(404);
    expect((await api('station2', 'GET', `/api/CrmFlow/GetFlowApproveProgressList?entityName=${EXC}&entityId=${id}`)).statusCode).toBe(404);
    expect(
      ok(await api('hq', 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: EXC, Action: 'approve', Memo: '同意发布' })),
    ).toEqual({ Status: approvalStatus.approved });
    expect(await excRow(id)).toMatchObject({ a: approvalStatus.approved, pub: excellentCasePublish.published, on: expect.any(Date) });

    // Published: every station reads it (by id, in the list, its approval progress); engineers too.
    expect(ok(await byId('station2'))).toMatchObject({ new_name: '测试：主轴过热的排查' });
    expect(await listed('station2')).toBe(true);
    expect(await listed('engineer1')).toBe(true);
    expect(ok(await api('station2', 'GET', `/api/CrmFlow/GetFlowApproveProgressList?entityName=${EXC}&entityId=${id}`))).toHaveLength(1);
    // Reading only: station2 cannot change or delete it (not in its write reach), station1 not once approved.
    expect((await api('station2', 'POST', `/api/crmdata/Update/new_srv_excellentcases(${id})`, { new_name: '改标题' })).statusCode).toBe(
      404,
    );
    expect((await api('station2', 'POST', `/api/crmdata/delete/new_srv_excellentcases(${id})`)).statusCode).toBe(404);
    expect(refused(await api('station1', 'POST', `/api/crmdata/Update/new_srv_excellentcases(${id})`, { new_name: '改标题' }))).toContain(
      '已提交的单据不允许修改',
    );
    expect(
      (await p.db.one<{ n: string }>(`SELECT new_name AS n FROM new_srv_excellentcase WHERE new_srv_excellentcaseid = $1`, [id]))!.n,
    ).toBe('测试：主轴过热的排查');
  });

  it('the published view of a station holds published cases of every station; demo cases are published, under review, draft and rejected', async () => {
    const pub = rows(
      await api(
        'station2',
        'GET',
        `/api/crmdata/Retrieve/new_srv_excellentcases?$select=new_station_id,new_publishstatus&$filter=${encodeURIComponent(`new_publishstatus eq ${excellentCasePublish.published}`)}&$top=200`,
      ),
    );
    expect(new Set(pub.map((r) => r.new_station_id)).size).toBeGreaterThanOrEqual(3);
    const unpublished = rows(
      await api(
        'station2',
        'GET',
        `/api/crmdata/Retrieve/new_srv_excellentcases?$select=new_station_id&$filter=${encodeURIComponent(`new_publishstatus eq ${excellentCasePublish.unpublished}`)}&$top=200`,
      ),
    );
    expect(unpublished.length).toBeGreaterThan(0);
    expect(unpublished.filter((r) => r.new_station_id !== station.ZJ001)).toEqual([]);
    const states = (
      await p.db.query<{ a: number }>(
        `SELECT DISTINCT new_approvalstatus AS a FROM new_srv_excellentcase WHERE new_name NOT LIKE '测试%' ORDER BY 1`,
      )
    ).rows.map((r) => r.a);
    expect(states).toEqual([approvalStatus.draft, approvalStatus.underReview, approvalStatus.approved, approvalStatus.rejected]);
  });
});
