import { amountAdjustType, amountAdjustValidity, approvalStatus, quotaDocumentType, quotaUsage } from '@portal/model';
import { documentNumbers } from '../documents/numbers.ts';
import { postQuota } from '../domain/quota/ledger.ts';
import { flowDocument } from '../flow/documents.ts';
import { act, submit } from '../flow/engine.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { insert } from './insert.ts';

/**
 * Demo station quotas: every station's opening quota as a ledger move, an approval flow for quota
 * adjustments and adjustments in every state, all through the commands (the parts demo that runs
 * after this draws the quota-limited stations' quota as its applications are submitted).
 */

type State = 'draft' | 'invalid' | 'step1' | 'step2' | 'approved' | 'rejected' | 'vetoed';
const ADJUSTMENTS: { station: string; type: 'increase' | 'decrease'; amount: string; reason: string; state: State; memo?: string }[] = [
  {
    station: 'SH001',
    type: 'increase',
    amount: '50000.00',
    reason: '四季度 HC-X6 新机型上市，备件需求增加，申请临时提高额度',
    state: 'approved',
  },
  { station: 'ZJ001', type: 'decrease', amount: '20000.00', reason: '三季度回款逾期，按信用政策下调额度', state: 'approved' },
  { station: 'ZJ001', type: 'increase', amount: '30000.00', reason: '双十一促销期间安装量上升，申请增加额度', state: 'step1' },
  { station: 'SH001', type: 'increase', amount: '15000.00', reason: '承接浦东机场设备维保项目，需增加备件额度', state: 'step2' },
  {
    station: 'SH001',
    type: 'increase',
    amount: '80000.00',
    reason: '年底备货',
    state: 'rejected',
    memo: '备货理由不充分，请附备件需求清单后重新提交',
  },
  {
    station: 'ZJ001',
    type: 'increase',
    amount: '100000.00',
    reason: '申请长期提高额度',
    state: 'vetoed',
    memo: '超出二级服务站额度上限，不予调整',
  },
  { station: 'SH001', type: 'decrease', amount: '10000.00', reason: '季度额度复核（草稿）', state: 'draft' },
  { station: 'ZJ001', type: 'increase', amount: '5000.00', reason: '重复录入，作废', state: 'invalid' },
];

export async function seedQuotaDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const { adminId, hqUnitId } = ctx;
  const user = (login: string) => ctx.userIds.get(login)!;
  // Opening quotas: the balance is the sum of the ledger's moves from the first one.
  const { rows: stations } = await sql.query<{ id: string; name: string; begin: string }>(
    `UPDATE new_srv_station SET new_currentamount = 0 RETURNING new_srv_stationid AS id, new_name AS name, COALESCE(new_beginamount, 0)::text AS begin`,
  );
  for (const s of stations.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    await postQuota(sql, adminId, {
      stationId: s.id,
      change: s.begin,
      usage: quotaUsage.opening,
      docType: quotaDocumentType.station,
      docId: s.id,
      docName: s.name,
      key: `station:${s.id}:opening`,
    });
  }

  const sys = { createdby: adminId, modifiedby: adminId, ownerid: adminId, owningbusinessunit: hqUnitId };
  const flow = await insert(
    sql,
    'new_flow',
    {
      new_name: '额度调整审批流程',
      new_entityname: 'new_srv_amountadjustment',
      new_description: '分公司审核后由总部审批',
      new_isactive: true,
      new_allowselfapprove: false,
      new_order: 1,
      ...sys,
    },
    'new_flowid',
  );
  const steps: string[] = [];
  for (const [i, [name, logins]] of (
    [
      ['分公司审核', ['branch1', 'hq']],
      ['总部审批', ['hq', 'admin']],
    ] as const
  ).entries()) {
    const step = await insert(
      sql,
      'new_flowsteps',
      { new_name: name, new_flow_id: flow, new_sequence: i + 1, new_approvertype: 1, ...sys },
      'new_flowstepsid',
    );
    for (const login of logins)
      await insert(
        sql,
        'new_flowstepuser',
        { new_name: login, new_flowstep_id: step, new_systemuser_id: user(login), ...sys },
        'new_flowstepuserid',
      );
    steps.push(step);
  }

  const d = flowDocument('new_srv_amountadjustment')!;
  const numbers = await documentNumbers(sql, d.entity, ADJUSTMENTS.length);
  for (const [i, a] of ADJUSTMENTS.entries()) {
    const station = ctx.stationIds.get(a.station)!;
    const id = await insert(
      sql,
      'new_srv_amountadjustment',
      {
        new_name: numbers[i],
        new_station_id: station,
        new_amounttype: amountAdjustType[a.type],
        new_amount: a.amount,
        new_reason: a.reason,
        new_adjuststatus: a.state === 'invalid' ? amountAdjustValidity.invalid : amountAdjustValidity.valid,
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        createdby: adminId,
        modifiedby: adminId,
        ownerid: adminId,
        owningbusinessunit: ctx.unitIds.get(`ST-${a.station}`),
      },
      'new_srv_amountadjustmentid',
    );
    if (a.state === 'draft' || a.state === 'invalid') continue;
    await submit(sql, d, id, adminId, {
      flowId: flow,
      approvers: [
        { StepId: steps[0], ApproveUserId: user('branch1') },
        { StepId: steps[1], ApproveUserId: user('hq') },
      ],
    });
    if (a.state === 'step1') continue;
    if (a.state === 'rejected') {
      await act(sql, d, id, user('branch1'), 'reject', a.memo ?? null);
      continue;
    }
    await act(sql, d, id, user('branch1'), 'approve', '情况属实，同意');
    if (a.state === 'step2') continue;
    await act(sql, d, id, user('hq'), a.state === 'vetoed' ? 'veto' : 'approve', a.memo ?? '同意');
  }
}
