import { ACCOUNT_CHANGE_FIELDS, approvalStatus, getEntity } from '@portal/model';
import { documentNumbers } from '../documents/numbers.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { insert } from './insert.ts';

const ENTITY = 'new_srv_accountapply';

/**
 * Account change applications (/edit/apply) in several states, and the flow head office reviews
 * them with (hq, admin). None of station1 or station2 (the tests file theirs), none waiting in an
 * inbox (the approval tests count them).
 */
const APPLICATIONS: {
  login: string;
  state: 'draft' | 'approved' | 'rejected';
  reason: string;
  values: Record<string, string>;
  memo?: string;
}[] = [
  {
    login: 'warehouse1',
    state: 'approved',
    reason: '启用公司邮箱，便于接收发货通知',
    values: { new_newemail: 'sunli@huachen-service.cn' },
  },
  {
    login: 'branch1',
    state: 'rejected',
    reason: '岗位调整为华东分公司服务总监',
    values: { new_newtitle: '华东分公司服务总监' },
    memo: '请附人事任命通知后重新提交',
  },
  { login: 'engineer1', state: 'draft', reason: '补充工作邮箱（草稿）', values: { new_newemail: 'zhaolei@huachen-service.cn' } },
];

export async function seedAccountApplyDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const user = (login: string) => ctx.userIds.get(login)!;
  const flow = await seedHeadOfficeFlow(sql, ctx, ENTITY, {
    flow: '账户信息变更审批流程',
    description: '总部审核用户本人的姓名、手机号码、邮箱与职务变更',
    step: '总部审核',
  });

  const numbers = await documentNumbers(sql, getEntity('new_srv_accountapply')!, APPLICATIONS.length);
  for (const [i, a] of APPLICATIONS.entries()) {
    const uid = user(a.login);
    const {
      rows: [u],
    } = await sql.query<Record<string, unknown>>(
      `SELECT ${ACCOUNT_CHANGE_FIELDS.map((f) => f.target).join(', ')}, businessunitid FROM systemuser WHERE systemuserid = $1::uuid`,
      [uid],
    );
    const snapshot: Record<string, unknown> = {};
    for (const f of ACCOUNT_CHANGE_FIELDS) [snapshot[f.current], snapshot[f.proposed]] = [u[f.target] ?? null, u[f.target] ?? null];
    const id = await insert(
      sql,
      ENTITY,
      {
        new_name: numbers[i],
        new_user_id: uid,
        new_reason: a.reason,
        ...snapshot,
        ...a.values,
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        createdby: uid,
        modifiedby: uid,
        ownerid: uid,
        owningbusinessunit: u.businessunitid,
      },
      'new_srv_accountapplyid',
    );
    if (a.state === 'draft') continue;
    // The final approval writes the change to the user (the domain's approval hook).
    await fileForApproval(sql, flow, id, { submitter: uid, approver: user('hq') }, a.state === 'approved' ? 'approve' : 'reject', a.memo);
  }
}
