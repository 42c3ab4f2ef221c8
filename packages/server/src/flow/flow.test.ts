import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { onApproved, registerFlowHooks } from './hooks.ts';
import { flowDocuments } from './documents.ts';
import { approvableEntities } from '@portal/model';

let p: Portal;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
let sh001: string;
let mainFlow: string;
let quickFlow: string;
let step1: string;
let step2: string;
const E = 'new_srv_claimfine';

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['admin', 'hq', 'branch1', 'station1', 'station2']) {
    tok[u] = (await signIn(p.app, u)).access_token;
    uid[u] = (await p.db.one<{ id: string }>('SELECT systemuserid AS id FROM systemuser WHERE domainname = $1', [u]))!.id;
  }
  sh001 = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
  mainFlow = (await p.db.one<{ id: string }>(`SELECT new_flowid AS id FROM new_flow WHERE new_name = '奖惩单审批流程'`))!.id;
  quickFlow = (await p.db.one<{ id: string }>(`SELECT new_flowid AS id FROM new_flow WHERE new_name = '小额奖惩快速审批'`))!.id;
  step1 = (await p.db.one<{ id: string }>(`SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 AND new_sequence = 1`, [
    mainFlow,
  ]))!.id;
  step2 = (await p.db.one<{ id: string }>(`SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 AND new_sequence = 2`, [
    mainFlow,
  ]))!.id;
});
afterAll(() => p?.close());

const get = (url: string, who: string, lang = 'zh-CN') =>
  p.app.inject({ method: 'GET', url, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const post = (url: string, payload: object, who: string, lang = 'zh-CN') =>
  p.app.inject({ method: 'POST', url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });

async function createFine(amount = 1200): Promise<string> {
  const res = await post(
    '/api/crmdata/create/new_srv_claimfines',
    {
      new_station_id: sh001,
      new_finetype: 2,
      new_amount: amount,
      new_checkmonth: 11,
      new_year: 2026,
      new_checkitem: '测试考核事项',
    },
    'hq',
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data.id;
}
const doc = (id: string) => p.db.one<Record<string, unknown>>('SELECT * FROM new_srv_claimfine WHERE new_srv_claimfineid = $1', [id]);
const submit = (id: string, approvers: [string, string][], who = 'hq', flowId = mainFlow) =>
  post(
    '/api/CrmFlow/submit',
    { EntityId: id, EntityTypeName: E, FlowId: flowId, ApproveList: approvers.map(([StepId, u]) => ({ StepId, ApproveUserId: uid[u] })) },
    who,
  );
const standard = (): [string, string][] => [
  [step1, 'branch1'],
  [step2, 'admin'],
];
const act = (id: string, who: string, Action = 'approve', Memo = '') =>
  post('/api/CrmFlow/approve', { EntityId: id, EntityTypeName: E, Action, Memo }, who);
const progress = async (id: string, who = 'hq') =>
  (await get(`/api/CrmFlow/GetFlowApproveProgressList?entityName=${E}&entityId=${id}`, who)).json().Data;
const logs = async (id: string, who = 'hq', lang = 'zh-CN') =>
  (await get(`/api/CrmFlow/GetFlowApproveLogList?entityName=${E}&entityId=${id}`, who, lang)).json().Data;
const refused = (res: { statusCode: number; json(): { Message: string } }, status: number, text: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().Message).toBe(`WorkflowException: ${text}`);
};

describe('approval flow: demo data and lists', () => {
  it('numbers new claim fines and starts them as drafts', async () => {
    const id = await createFine();
    const d = (await doc(id))!;
    expect(d.new_name).toMatch(/^JC\d{6}-\d{4}$/);
    expect(d.new_name).not.toBe('');
    expect(d).toMatchObject({ new_approvalstatus: 1, new_iscommit: false });
    const id2 = await createFine();
    const n1 = Number(String(d.new_name).slice(-4));
    expect((await doc(id2))!.new_name).toBe(`${String(d.new_name).slice(0, 9)}${String(n1 + 1).padStart(4, '0')}`);
    expect(await progress(id)).toEqual([]);
  });

  it('gives parallel creates distinct numbers', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => createFine()));
    const names = await Promise.all(ids.map(async (id) => (await doc(id))!.new_name));
    expect(new Set(names).size).toBe(6);
  });

  it('seeds claim fines of SH001 and ZJ001 in every approval state with consistent steps', async () => {
    const { rows } = await p.db.query<{
      code: string;
      status: number;
      stepuser: string | null;
      seq: number | null;
      steps: number[] | null;
      logs: number;
    }>(
      `SELECT s.new_code AS code, c.new_approvalstatus AS status, c.new_stepuser_id AS stepuser, c.new_stepsequence AS seq,
              (SELECT array_agg(a.new_status ORDER BY a.new_sequence) FROM new_approvalstep a WHERE a.new_recordid = c.new_srv_claimfineid::text) AS steps,
              (SELECT count(*)::int FROM new_approvallog l WHERE l.new_recordid = c.new_srv_claimfineid::text) AS logs
         FROM new_srv_claimfine c JOIN new_srv_station s ON s.new_srv_stationid = c.new_station_id
        WHERE c.new_name LIKE '%-00__' AND c.createdby = $1 ORDER BY c.new_name`,
      [uid.admin],
    );
    const seen = rows.map((r) => [
      r.code,
      r.status,
      r.stepuser === uid.branch1 ? 'branch1' : r.stepuser === uid.hq ? 'hq' : null,
      r.steps,
      r.logs,
    ]);
    for (const code of ['SH001', 'ZJ001']) {
      expect(seen.filter((r) => r[0] === code)).toEqual([
        [code, 1, null, null, 0],
        [code, 2, 'branch1', [1, 0], 1],
        [code, 2, 'hq', [2, 1], 2],
        [code, 3, null, [2, 2], 3],
        [code, 4, null, [3, 0], 2],
        [code, 5, null, [2, 4], 3],
      ]);
    }
  });

  it('serves flow configuration to flow.manage only', async () => {
    const flows = (
      await get(
        `/api/crmdata/Retrieve/new_flows?$select=new_name&$orderby=new_order&$filter=${encodeURIComponent(`new_entityname eq '${E}'`)}`,
        'admin',
      )
    ).json().Data.value;
    expect(flows.map((f: { new_name: string }) => f.new_name)).toEqual(['奖惩单审批流程', '小额奖惩快速审批']);
    const steps = (
      await get(
        `/api/crmdata/Retrieve/new_flowstepses?$select=new_name&$filter=${encodeURIComponent(`new_flow_id eq ${mainFlow} or new_flow_id eq ${quickFlow}`)}`,
        'admin',
      )
    ).json().Data.value;
    expect(steps).toHaveLength(3);
    expect((await get('/api/crmdata/Retrieve/new_flows', 'hq')).statusCode).toBe(403);
    expect((await get('/api/crmdata/Retrieve/new_approvallogs', 'admin')).statusCode).toBe(404);
  });

  it('lists the flows whose amount condition holds, by order', async () => {
    const big = await createFine(1200);
    const small = await createFine(300);
    expect((await get(`/api/CrmFlow/GetFlowList?entityName=${E}&entityId=${big}`, 'hq')).json().Data).toEqual([
      { new_flowid: mainFlow, new_name: '奖惩单审批流程' },
    ]);
    expect(
      (await get(`/api/CrmFlow/GetFlowList?entityName=${E}&entityId=${small}`, 'hq'))
        .json()
        .Data.map((f: { new_flowid: string }) => f.new_flowid),
    ).toEqual([mainFlow, quickFlow]);
  });

  it('offers the step candidates inside the document’s scope only', async () => {
    await p.db.query(`INSERT INTO new_flowstepuser (new_name, new_flowstep_id, new_systemuser_id) VALUES ('station2', $1, $2)`, [
      step2,
      uid.station2,
    ]);
    const id = await createFine();
    const steps = (await get(`/api/CrmFlow/GetFlowStepList?flowId=${mainFlow}&entityName=${E}&entityId=${id}`, 'hq')).json().Data;
    expect(steps.map((s: { new_name: string; new_sequence: number }) => [s.new_name, s.new_sequence])).toEqual([
      ['分公司审核', 1],
      ['总部审批', 2],
    ]);
    expect(steps[0].new_flowstepsid).toBe(step1);
    // the caller (hq, the would-be submitter) is left out; the nearest approver comes first
    expect(steps[0].new_stepusers).toEqual([{ systemuserid: uid.branch1, fullname: '张伟' }]);
    expect(steps[1].new_stepusers).toEqual([{ systemuserid: uid.admin, fullname: '王建国' }]);
    const forAdmin = (await get(`/api/CrmFlow/GetFlowStepList?flowId=${mainFlow}&entityName=${E}&entityId=${id}`, 'admin')).json().Data;
    expect(forAdmin[0].new_stepusers.map((u: { systemuserid: string }) => u.systemuserid)).toEqual([uid.branch1, uid.hq]);
    expect(forAdmin[1].new_stepusers.map((u: { systemuserid: string }) => u.systemuserid)).toEqual([uid.hq]);
    await p.db.query(`UPDATE new_flow SET new_allowselfapprove = true WHERE new_flowid = $1`, [mainFlow]);
    const self = (await get(`/api/CrmFlow/GetFlowStepList?flowId=${mainFlow}&entityName=${E}&entityId=${id}`, 'admin')).json().Data;
    expect(self[1].new_stepusers.map((u: { systemuserid: string }) => u.systemuserid)).toEqual([uid.hq, uid.admin]);
    await p.db.query(`UPDATE new_flow SET new_allowselfapprove = false WHERE new_flowid = $1`, [mainFlow]);
    expect((await get(`/api/CrmFlow/GetFlowStepList?flowId=${quickFlow}&entityName=${E}&entityId=${id}`, 'admin')).statusCode).toBe(400);
    expect((await get(`/api/CrmFlow/GetFlowStepList?flowId=${mainFlow}&entityName=${E}&entityId=${id}`, 'station2')).statusCode).toBe(404);
    // ... and refuses one outside it on submit
    refused(
      await submit(id, [
        [step1, 'branch1'],
        [step2, 'station2'],
      ]),
      400,
      '审批人不在单据的服务范围内',
    );
    await p.db.query(`DELETE FROM new_flowstepuser WHERE new_systemuser_id = $1`, [uid.station2]);
  });

  it('shows each approver the documents waiting for them', async () => {
    // The demo has two claim fines, one parts application and one quota adjustment waiting for each of branch1 and hq.
    const list = (await get('/api/CrmFlow/MyApprovalList?page=1&count=20', 'branch1')).json().Data;
    expect(list.TotalRecordCount).toBe(4);
    expect(list.items.find((i: { EntityName: string }) => i.EntityName === 'new_srv_amountadjustment')).toMatchObject({
      EntityLabel: '额度调整单',
      StepName: '分公司审核',
    });
    const fines = list.items.filter((i: { EntityName: string }) => i.EntityName === E);
    expect(fines).toHaveLength(2);
    expect(fines[0]).toMatchObject({ EntityLabel: '奖惩单', StepName: '分公司审核', SubmitterName: '王建国' });
    expect(fines[0].DocumentName).toMatch(/^JC/);
    expect(list.items.find((i: { EntityName: string }) => i.EntityName === 'new_srv_partsapply')).toMatchObject({
      EntityLabel: '配件申请',
      StepName: '分公司审核',
      SubmitterName: '陈志强',
    });
    expect((await get('/api/CrmFlow/MyApprovalCount', 'branch1')).json().Data).toBe(4);
    expect((await get('/api/CrmFlow/MyApprovalCount', 'hq')).json().Data).toBe(4);
    expect((await get('/api/CrmFlow/MyApprovalCount', 'station1')).statusCode).toBe(403);
  });

  it('shows the demo documents’ progress and log; another station gets 404', async () => {
    const { id } = (await p.db.one<{ id: string }>(
      `SELECT c.new_srv_claimfineid AS id FROM new_srv_claimfine c JOIN new_srv_station s ON s.new_srv_stationid = c.new_station_id
        WHERE s.new_code = 'SH001' AND c.new_approvalstatus = 4`,
    ))!;
    const pr = await progress(id, 'station1');
    expect(pr.map((s: { Status: number; UserName: string }) => [s.Status, s.UserName])).toEqual([
      [3, '张伟'],
      [0, '李慧敏'],
    ]);
    const lg = await logs(id, 'station1');
    expect(lg.map((l: { ActionName: string }) => l.ActionName)).toEqual(['提交', '驳回']);
    expect(lg[1].Memo).toBe('请补充旧件返厂记录后重新提交');
    const other = await get(`/api/CrmFlow/GetFlowApproveProgressList?entityName=${E}&entityId=${id}`, 'station2');
    expect(other.statusCode).toBe(404);
    expect(other.json().Message).toMatch(/^WorkflowException: /);
    expect((await get(`/api/CrmFlow/GetFlowApproveLogList?entityName=${E}&entityId=${id}`, 'station2')).statusCode).toBe(404);
    expect((await get(`/api/CrmFlow/GetFlowApproveLogList?entityName=nope&entityId=${id}`, 'hq')).statusCode).toBe(404);
  });
});

describe('approval flow: submit rules', () => {
  it('needs exactly one candidate approver per step, no self-approval, write access, a draft', async () => {
    const id = await createFine();
    refused(await submit(id, [[step1, 'branch1']]), 400, '请为每个审批步骤选择审批人');
    refused(
      await submit(id, [
        [step1, 'branch1'],
        [step1, 'hq'],
        [step2, 'admin'],
      ]),
      400,
      '请为每个审批步骤选择审批人',
    );
    refused(
      await submit(id, [
        [step1, 'branch1'],
        [step2, 'branch1'],
      ]),
      400,
      '所选审批人不是该步骤的审批人',
    );
    refused(
      await submit(id, [
        [step1, 'branch1'],
        [step2, 'hq'],
      ]),
      400,
      '不能审批自己提交的单据',
    );
    expect((await submit(id, standard(), 'station1')).statusCode).toBe(403);
    const en = await post('/api/CrmFlow/submit', { EntityId: id, EntityTypeName: E, FlowId: mainFlow, ApproveList: [] }, 'hq', 'en-US');
    expect(en.json().Message).toBe('WorkflowException: Choose one approver for every approval step');
    expect((await doc(id))!.new_approvalstatus).toBe(1);
    expect((await submit(id, standard())).statusCode).toBe(200);
    refused(await submit(id, standard()), 400, '只有草稿或已驳回的单据可以提交');
    refused(await submit(await createFine(1200), [[step1, 'hq']], 'hq', quickFlow), 400, '审批流程不存在或不适用于该单据');
  });
});

describe('approval flow: state machine', () => {
  it('reject → resubmit → approve through; the follow-up hook runs once; edits refused while submitted', async () => {
    const calls: string[] = [];
    // The claim fine's hook, registered as a domain module does; its own is put back afterwards.
    const own = onApproved(E);
    registerFlowHooks(E, {
      approved: async (sql, id) => {
        calls.push(id);
        await sql.query('SELECT 1');
      },
    });
    try {
      const id = await createFine();
      expect((await submit(id, standard())).statusCode).toBe(200);
      expect(await doc(id)).toMatchObject({
        new_approvalstatus: 2,
        new_flow_id: mainFlow,
        new_currentstep_id: step1,
        new_stepname: '分公司审核',
        new_stepuser_id: uid.branch1,
        new_stepsequence: 1,
        new_submitter_id: uid.hq,
        new_laststep_id: null,
        new_iscommit: true,
      });
      expect((await progress(id)).map((s: { Status: number }) => s.Status)).toEqual([1, 0]);
      // edits and deletes of a submitted document are refused
      const upd = await post(`/api/crmdata/Update/new_srv_claimfines(${id})`, { new_checkitem: '改' }, 'hq');
      expect(upd.statusCode).toBe(400);
      expect(upd.json().Message).toBe('已提交的单据不允许修改');
      expect((await post(`/api/crmdata/delete/new_srv_claimfines(${id})`, {}, 'hq')).statusCode).toBe(400);
      // only the current step's approver acts: no skipping to step 2, no outsiders
      refused(await act(id, 'admin'), 403, '只有当前步骤的审批人可以审批');
      expect((await act(id, 'station1')).statusCode).toBe(403);
      refused(await act(id, 'branch1', 'approve', 'x'.repeat(501)), 400, '审批意见不能超过 500 个字');
      expect((await act(id, 'branch1', 'reject', '金额有误')).statusCode).toBe(200);
      expect(await doc(id)).toMatchObject({ new_approvalstatus: 4, new_iscommit: false, new_stepuser_id: null, new_laststep_id: step1 });
      expect((await progress(id)).map((s: { Status: number }) => s.Status)).toEqual([3, 0]);
      refused(await act(id, 'branch1'), 400, '单据已被处理，请刷新后重试');
      // a rejected document may be fixed and resubmitted: a new round
      expect((await post(`/api/crmdata/Update/new_srv_claimfines(${id})`, { new_amount: 1100 }, 'hq')).statusCode).toBe(200);
      expect((await submit(id, standard())).statusCode).toBe(200);
      expect((await progress(id)).map((s: { Status: number }) => s.Status)).toEqual([1, 0]);
      expect((await act(id, 'branch1', 'approve', '同意')).statusCode).toBe(200);
      expect(await doc(id)).toMatchObject({
        new_approvalstatus: 2,
        new_currentstep_id: step2,
        new_laststep_id: step1,
        new_stepuser_id: uid.admin,
        new_stepname: '总部审批',
        new_stepsequence: 2,
      });
      refused(await act(id, 'branch1'), 400, '单据已被处理，请刷新后重试');
      expect(calls).toEqual([]);
      const fin = await act(id, 'admin', 'approve', '');
      expect(fin.json().Data).toEqual({ Status: 3 });
      const d = (await doc(id))!;
      expect(d).toMatchObject({
        new_approvalstatus: 3,
        new_stepuser_id: null,
        new_currentstep_id: null,
        new_laststep_id: step2,
        new_stepname: '总部审批',
        new_stepsequence: 2,
      });
      expect(d.new_approvedtime).toBeInstanceOf(Date);
      expect(calls).toEqual([id]);
      refused(await act(id, 'admin'), 400, '单据已被处理，请刷新后重试');
      expect(calls).toEqual([id]);
      const pr = await progress(id);
      expect(pr.map((s: { Status: number; UserName: string; StepId: string }) => [s.StepId, s.Status, s.UserName])).toEqual([
        [step1, 2, '张伟'],
        [step2, 2, '王建国'],
      ]);
      expect(pr[0].Date).toMatch(/^\d{4}-/);
      const lg = await logs(id);
      expect(lg.map((l: { ActionName: string; StepName: string; UserName: string }) => [l.ActionName, l.StepName, l.UserName])).toEqual([
        ['提交', '分公司审核', '李慧敏'],
        ['驳回', '分公司审核', '张伟'],
        ['提交', '分公司审核', '李慧敏'],
        ['审批通过', '分公司审核', '张伟'],
        ['审批通过', '总部审批', '王建国'],
      ]);
      expect(lg[1].Memo).toBe('金额有误');
      expect((await logs(id, 'hq', 'en-US')).map((l: { ActionName: string }) => l.ActionName)).toEqual([
        'Submit',
        'Reject',
        'Submit',
        'Approve',
        'Approve',
      ]);
      expect((await post(`/api/crmdata/Update/new_srv_claimfines(${id})`, { new_checkitem: '改' }, 'hq')).statusCode).toBe(400);
      refused(await submit(id, standard()), 400, '只有草稿或已驳回的单据可以提交');
    } finally {
      registerFlowHooks(E, { approved: own });
    }
  });

  it('veto is final', async () => {
    const id = await createFine();
    expect((await submit(id, standard())).statusCode).toBe(200);
    expect((await act(id, 'branch1', 'veto', '不予处罚')).statusCode).toBe(200);
    expect(await doc(id)).toMatchObject({ new_approvalstatus: 5 });
    expect((await progress(id)).map((s: { Status: number }) => s.Status)).toEqual([4, 0]);
    refused(await submit(id, standard()), 400, '只有草稿或已驳回的单据可以提交');
    expect((await post(`/api/crmdata/delete/new_srv_claimfines(${id})`, {}, 'hq')).statusCode).toBe(400);
  });

  it('the submitter revokes while under review', async () => {
    const id = await createFine();
    expect((await submit(id, standard())).statusCode).toBe(200);
    refused(await post('/api/CrmFlow/revoke', { EntityId: id, EntityTypeName: E }, 'admin'), 403, '只有提交人可以撤回');
    expect((await post('/api/CrmFlow/revoke', { EntityId: id, EntityTypeName: E }, 'hq')).statusCode).toBe(200);
    expect(await doc(id)).toMatchObject({ new_approvalstatus: 1, new_stepuser_id: null, new_iscommit: false });
    expect(await progress(id)).toEqual([]);
    expect((await logs(id)).map((l: { ActionName: string }) => l.ActionName)).toEqual(['提交', '撤回']);
    refused(await act(id, 'branch1'), 400, '单据不在审批中');
    refused(await post('/api/CrmFlow/revoke', { EntityId: id, EntityTypeName: E }, 'hq'), 400, '单据不在审批中');
    expect((await post(`/api/crmdata/Update/new_srv_claimfines(${id})`, { new_amount: 50 }, 'hq')).statusCode).toBe(200);
    expect((await get(`/api/CrmFlow/GetFlowList?entityName=${E}&entityId=${id}`, 'hq')).json().Data).toHaveLength(2);
    // the small-amount flow: one step, hq's only candidate is admin; approval goes straight to 3
    const quick = (await get(`/api/CrmFlow/GetFlowStepList?flowId=${quickFlow}&entityName=${E}&entityId=${id}`, 'hq')).json().Data;
    expect(quick.map((s: { new_stepusers: { fullname: string }[] }) => s.new_stepusers.map((u) => u.fullname))).toEqual([['王建国']]);
    expect((await submit(id, [[quick[0].new_flowstepsid, 'admin']], 'hq', quickFlow)).statusCode).toBe(200);
    expect((await act(id, 'admin')).json().Data).toEqual({ Status: 3 });
  });

  it('20 parallel approvals of one step: exactly one succeeds', async () => {
    const id = await createFine();
    expect((await submit(id, standard())).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => act(id, 'branch1', 'approve', '并发')));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json().Message).toBe('WorkflowException: 单据已被处理，请刷新后重试');
    expect((await progress(id)).map((s: { Status: number }) => s.Status)).toEqual([2, 1]);
    expect((await logs(id)).filter((l: { ActionName: string }) => l.ActionName === '审批通过')).toHaveLength(1);
  });
});

describe('approval flow: what a flow names and what an action says (issue 12)', () => {
  it('a flow names an approvable document; another entity is refused with the choices', async () => {
    const make = (entity: string, lang = 'zh-CN') =>
      post('/api/crmdata/create/new_flows', { new_name: `测试流程 ${entity}`, new_entityname: entity, new_isactive: false }, 'admin', lang);
    const bad = await make('new_srv_workorder');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toContain('“new_srv_workorder”不是可审批的单据');
    expect(bad.json().Message).toContain('奖惩单 (new_srv_claimfine)');
    expect((await make('no_such_entity', 'en-US')).json().Message).toContain(
      '"no_such_entity" is not a document that goes through approval',
    );
    const good = await make('new_srv_partsapply');
    expect(good.statusCode, good.body).toBe(200);
    const id = good.json().Data.id;
    expect((await post(`/api/crmdata/Update/new_flows(${id})`, { new_entityname: 'new_flow' }, 'admin')).statusCode).toBe(400);
    expect((await post(`/api/crmdata/delete/new_flows(${id})`, {}, 'admin')).statusCode).toBe(200);
  });

  it('the engine’s documents are the model’s approvable entities', () => {
    expect(
      flowDocuments()
        .map((d) => d.entity.logicalName)
        .sort(),
    ).toEqual(
      approvableEntities()
        .map((e) => e.logicalName)
        .sort(),
    );
  });

  it('submit, approve, reject, veto and revoke each say what happened', async () => {
    const a = await createFine();
    expect((await submit(a, standard())).json().Message).toBe('已提交');
    expect((await act(a, 'branch1')).json().Message).toBe('已同意');
    expect((await act(a, 'admin', 'reject', '金额有误')).json().Message).toBe('已驳回');
    const b = await createFine();
    await submit(b, standard());
    expect((await act(b, 'branch1', 'veto', '不予处罚')).json().Message).toBe('已否决');
    const c = await createFine();
    await submit(c, standard());
    expect((await post('/api/CrmFlow/revoke', { EntityId: c, EntityTypeName: E }, 'hq', 'en-US')).json().Message).toBe('Revoked');
  });

  it('rejecting and vetoing need a reason: an empty or blank one is refused and changes nothing', async () => {
    const id = await createFine();
    expect((await submit(id, standard())).statusCode).toBe(200);
    refused(await act(id, 'branch1', 'reject', ''), 400, '请填写驳回原因');
    refused(await act(id, 'branch1', 'veto', '   '), 400, '请填写否决原因');
    const en = await post('/api/CrmFlow/approve', { EntityId: id, EntityTypeName: E, Action: 'reject' }, 'branch1', 'en-US');
    refused(en, 400, 'Give the reason for the rejection');
    expect((await doc(id))!.new_approvalstatus).toBe(2);
    expect((await progress(id)).map((s: { Status: number }) => s.Status)).toEqual([1, 0]);
    expect((await logs(id)).map((l: { ActionName: string }) => l.ActionName)).toEqual(['提交']);
    // Approving needs none.
    expect((await act(id, 'branch1', 'approve', '')).statusCode).toBe(200);
  });
});
