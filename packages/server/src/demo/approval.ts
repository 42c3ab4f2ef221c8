import { getEntity } from '@portal/model';
import { documentNumbers } from '../documents/numbers.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { insert } from './insert.ts';

/** Demo approval flows, a flow role and claim fines (奖惩单) in every approval state. */

type State = 'draft' | 'step1' | 'step2' | 'approved' | 'rejected' | 'vetoed';

const ORDERS: { station: string; type: 1 | 2; amount: number; month: number; item: string; state: State; memo?: string }[] = [
  { station: 'SH001', type: 1, amount: 300, month: 10, item: '10月客户满意度回访全部满分，给予奖励', state: 'draft' },
  { station: 'SH001', type: 2, amount: 1200, month: 10, item: '工单 WO-20261015-003 超时48小时未到达现场', state: 'step1' },
  { station: 'SH001', type: 1, amount: 2000, month: 9, item: '9月工单及时率 100%，华东区第一', state: 'step2' },
  { station: 'SH001', type: 1, amount: 1500, month: 8, item: '协助总部完成 HC-X6 样机安装调试', state: 'approved' },
  {
    station: 'SH001',
    type: 2,
    amount: 800,
    month: 8,
    item: '旧件未按期返厂 3 件',
    state: 'rejected',
    memo: '请补充旧件返厂记录后重新提交',
  },
  {
    station: 'SH001',
    type: 2,
    amount: 5000,
    month: 7,
    item: '客户投诉服务态度（重复提报）',
    state: 'vetoed',
    memo: '与 7 月已处理的投诉重复，不予处罚',
  },
  { station: 'ZJ001', type: 1, amount: 2000, month: 10, item: '10月新增签约客户 5 家', state: 'draft' },
  { station: 'ZJ001', type: 2, amount: 600, month: 10, item: '完工信息未在 24 小时内提交 4 次', state: 'step1' },
  { station: 'ZJ001', type: 1, amount: 1000, month: 9, item: '技能比武二等奖', state: 'step2' },
  { station: 'ZJ001', type: 2, amount: 900, month: 9, item: '安全生产检查库房消防器材过期', state: 'approved' },
  {
    station: 'ZJ001',
    type: 1,
    amount: 700,
    month: 8,
    item: '节假日应急抢修奖励',
    state: 'rejected',
    memo: '金额与奖励标准不符，请按标准 500 元重新提交',
  },
  { station: 'ZJ001', type: 2, amount: 3000, month: 8, item: '配件串货', state: 'vetoed', memo: '经核实为调拨单据录入错误，不予处罚' },
];

const ACTION_NAMES = { submit: '提交', approve: '审批通过', reject: '驳回', veto: '否决' } as const;

export async function seedApprovalDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const { adminId, hqUnitId } = ctx;
  const user = (login: string) => ctx.userIds.get(login)!;
  const branch1 = user('branch1');
  const hq = user('hq');
  const sys = { createdby: adminId, modifiedby: adminId, ownerid: adminId, owningbusinessunit: hqUnitId };

  const role = await insert(
    sql,
    'new_flowrole',
    { new_name: '华东区审批组', new_description: '华东分公司辖区单据的审核人', ...sys },
    'new_flowroleid',
  );
  for (const login of ['branch1', 'hq']) {
    await insert(
      sql,
      'new_flowroleuser',
      { new_name: login, new_flowrole_id: role, new_systemuser_id: user(login), ...sys },
      'new_flowroleuserid',
    );
  }
  const flow = await insert(
    sql,
    'new_flow',
    {
      new_name: '奖惩单审批流程',
      new_entityname: 'new_srv_claimfine',
      new_description: '分公司审核后由总部审批',
      new_isactive: true,
      new_allowselfapprove: false,
      new_order: 1,
      ...sys,
    },
    'new_flowid',
  );
  const step1 = await insert(
    sql,
    'new_flowsteps',
    { new_name: '分公司审核', new_flow_id: flow, new_sequence: 1, new_approvertype: 2, new_flowrole_id: role, ...sys },
    'new_flowstepsid',
  );
  const step2 = await insert(
    sql,
    'new_flowsteps',
    { new_name: '总部审批', new_flow_id: flow, new_sequence: 2, new_approvertype: 1, ...sys },
    'new_flowstepsid',
  );
  for (const login of ['hq', 'admin']) {
    await insert(
      sql,
      'new_flowstepuser',
      { new_name: login, new_flowstep_id: step2, new_systemuser_id: user(login), ...sys },
      'new_flowstepuserid',
    );
  }
  const quick = await insert(
    sql,
    'new_flow',
    {
      new_name: '小额奖惩快速审批',
      new_entityname: 'new_srv_claimfine',
      new_description: '500 元以内的奖惩单由总部直接审批',
      new_isactive: true,
      new_allowselfapprove: false,
      new_condition_max: 500,
      new_order: 2,
      ...sys,
    },
    'new_flowid',
  );
  const quickStep = await insert(
    sql,
    'new_flowsteps',
    { new_name: '总部审批', new_flow_id: quick, new_sequence: 1, new_approvertype: 1, ...sys },
    'new_flowstepsid',
  );
  for (const login of ['hq', 'admin']) {
    await insert(
      sql,
      'new_flowstepuser',
      { new_name: login, new_flowstep_id: quickStep, new_systemuser_id: user(login), ...sys },
      'new_flowstepuserid',
    );
  }

  // Numbered as every new claim fine is (JC<yyyyMM>-0001…), so the next one made takes the next number.
  const numbers = await documentNumbers(sql, getEntity('new_srv_claimfine')!, ORDERS.length);
  const base = Date.now() - 30 * 86400_000;
  for (const [i, o] of ORDERS.entries()) {
    const unit = ctx.unitIds.get(`ST-${o.station}`)!;
    const t0 = base + i * 2 * 86400_000;
    const at = (hours: number) => new Date(t0 + hours * 3600_000);
    const submitted = o.state !== 'draft';
    const status = { draft: 1, step1: 2, step2: 2, approved: 3, rejected: 4, vetoed: 5 }[o.state];
    const current = o.state === 'step1' ? step1 : o.state === 'step2' ? step2 : null;
    const last = o.state === 'step2' || o.state === 'rejected' ? step1 : o.state === 'approved' || o.state === 'vetoed' ? step2 : null;
    const id = await insert(
      sql,
      'new_srv_claimfine',
      {
        new_name: numbers[i],
        new_station_id: ctx.stationIds.get(o.station),
        new_finetype: o.type,
        new_amount: o.amount,
        new_checkmonth: o.month,
        new_year: 2026,
        new_checkitem: o.item,
        new_iscommit: status === 2 || status === 3 || status === 5,
        new_approvalstatus: status,
        new_flow_id: submitted ? flow : null,
        new_currentstep_id: current,
        new_laststep_id: last,
        // as the engine leaves them: the step name and sequence of the last step acted on stay after the end
        new_stepname: !submitted ? null : o.state === 'step1' || o.state === 'rejected' ? '分公司审核' : '总部审批',
        new_stepuser_id: o.state === 'step1' ? branch1 : o.state === 'step2' ? hq : null,
        new_stepsequence: !submitted ? null : o.state === 'step1' || o.state === 'rejected' ? 1 : 2,
        new_submitter_id: submitted ? adminId : null,
        new_submittime: submitted ? at(1) : null,
        new_approvedtime: o.state === 'approved' ? at(30) : null,
        createdon: at(0),
        modifiedon: at(submitted ? 30 : 0),
        createdby: adminId,
        modifiedby: adminId,
        ownerid: adminId,
        owningbusinessunit: unit,
      },
      'new_srv_claimfineid',
    );
    if (!submitted) continue;

    // step statuses: 0 submitted, 1 approving, 2 approved, 3 rejected, 4 vetoed
    const s1 = { draft: 0, step1: 1, step2: 2, approved: 2, rejected: 3, vetoed: 2 }[o.state];
    const s2 = { draft: 0, step1: 0, step2: 1, approved: 2, rejected: 0, vetoed: 4 }[o.state];
    const stepRow = async (flowStep: string, seq: number, name: string, approver: string, st: number, actedon: Date | null) => {
      await insert(
        sql,
        'new_approvalstep',
        {
          new_entityname: 'new_srv_claimfine',
          new_recordid: id,
          new_round: 1,
          new_flowstep_id: flowStep,
          new_sequence: seq,
          new_name: name,
          new_approver_id: approver,
          new_status: st,
          new_actedon: actedon,
          createdon: at(1),
          ...sys,
        },
        'new_approvalstepid',
      );
    };
    await stepRow(step1, 1, '分公司审核', branch1, s1, s1 >= 2 ? at(8) : null);
    await stepRow(step2, 2, '总部审批', hq, s2, s2 >= 2 ? at(30) : null);

    const log = async (action: keyof typeof ACTION_NAMES, stepName: string, who: string, when: Date, memo: string | null = null) => {
      await insert(
        sql,
        'new_approvallog',
        {
          new_name: ACTION_NAMES[action],
          new_entityname: 'new_srv_claimfine',
          new_recordid: id,
          new_action: action,
          new_stepname: stepName,
          new_user_id: who,
          new_memo: memo,
          createdon: when,
          ...sys,
        },
        'new_approvallogid',
      );
    };
    await log('submit', '分公司审核', adminId, at(1));
    if (o.state === 'rejected') await log('reject', '分公司审核', branch1, at(8), o.memo ?? null);
    if (s1 === 2) await log('approve', '分公司审核', branch1, at(8), '情况属实，同意');
    if (o.state === 'approved') await log('approve', '总部审批', hq, at(30), '同意');
    if (o.state === 'vetoed') await log('veto', '总部审批', hq, at(30), o.memo ?? null);
  }
}
