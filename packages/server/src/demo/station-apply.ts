import { approvalStatus, getEntity, STATION_CHANGE_FIELDS, stationApplyType } from '@portal/model';
import { documentNumbers } from '../documents/numbers.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { insert } from './insert.ts';

const ENTITY = 'new_srv_stationapply';
type State = 'draft' | 'review' | 'approved' | 'rejected';
type Type = keyof typeof stationApplyType & ('change' | 'continue' | 'exit');

/** Contract term ends of the demo stations (a continuation extends one). */
const TERMS: Record<string, string> = { SH001: '2026-12-31', ZJ001: '2027-06-30', GD001: '2026-09-30' };

/**
 * Station applications of several stations in every approval state. No approved exit of SH001 or
 * ZJ001 (station1 and station2 must keep signing in), and no open change of SH001 (the e2e flow
 * files one). The one under review waits for admin, so hq's inbox is unchanged.
 */
const APPLICATIONS: { station: string; type: Type; state: State; reason: string; values?: Record<string, unknown>; memo?: string }[] = [
  {
    station: 'GD001',
    type: 'change',
    state: 'approved',
    reason: '服务站搬迁至新办公地址，传真号码同步变更',
    values: { new_newaddress: '天河路 385 号太古汇一座 12 楼', new_newfax: '020-38772299' },
  },
  {
    station: 'SH001',
    type: 'continue',
    state: 'approved',
    reason: '合作协议到期，年度考核合格，申请续约一年',
    values: { new_newtermenddate: '2027-12-31' },
  },
  {
    station: 'ZJ001',
    type: 'change',
    state: 'rejected',
    reason: '站长变更',
    values: { new_newsiteowner: '王海峰', new_newphone: '0571-88231599' },
    memo: '请附上新站长的任命文件后重新提交',
  },
  {
    station: 'ZJ001',
    type: 'continue',
    state: 'draft',
    reason: '合同即将到期，申请续约两年（草稿）',
    values: { new_newtermenddate: '2029-06-30' },
  },
  {
    station: 'GD001',
    type: 'exit',
    state: 'review',
    reason: '业务调整，拟于年底退出华辰服务网络，库存配件退回华南中心库',
    values: { new_exitdate: '2026-12-31' },
  },
];

export async function seedStationApplyDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const { adminId } = ctx;
  const user = (login: string) => ctx.userIds.get(login)!;
  for (const [code, term] of Object.entries(TERMS))
    await sql.query(`UPDATE new_srv_station SET new_termenddate = $2::date WHERE new_code = $1`, [code, term]);

  const flow = await seedHeadOfficeFlow(sql, ctx, ENTITY, {
    flow: '服务站申请审批流程',
    description: '总部渠道管理部审批服务站变更、续约与退出',
    step: '总部审批',
  });

  const numbers = await documentNumbers(sql, getEntity('new_srv_stationapply')!, APPLICATIONS.length);
  for (const [i, a] of APPLICATIONS.entries()) {
    const station = ctx.stationIds.get(a.station)!;
    const {
      rows: [s],
    } = await sql.query<Record<string, unknown>>(
      `SELECT ${STATION_CHANGE_FIELDS.map((f) => f.station).join(', ')}, to_char(new_termenddate, 'YYYY-MM-DD') AS term FROM new_srv_station WHERE new_srv_stationid = $1::uuid`,
      [station],
    );
    const snapshot: Record<string, unknown> = {};
    if (a.type === 'change')
      for (const f of STATION_CHANGE_FIELDS) [snapshot[f.current], snapshot[f.proposed]] = [s[f.station], s[f.station]];
    if (a.type === 'continue') snapshot.new_oldtermenddate = s.term;
    const id = await insert(
      sql,
      ENTITY,
      {
        new_name: numbers[i],
        new_applytype: stationApplyType[a.type],
        new_station_id: station,
        new_reason: a.reason,
        ...snapshot,
        ...a.values,
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        createdby: adminId,
        modifiedby: adminId,
        ownerid: adminId,
        owningbusinessunit: ctx.unitIds.get(`ST-${a.station}`),
      },
      'new_srv_stationapplyid',
    );
    if (a.state === 'draft') continue;
    // GD001 has no portal account: its principal's applications are filed by head office for it.
    const submitter = a.station === 'SH001' ? 'station1' : a.station === 'ZJ001' ? 'station2' : 'hq';
    const approver = a.state === 'review' || submitter === 'hq' ? 'admin' : 'hq';
    const outcome = a.state === 'review' ? 'review' : a.state === 'approved' ? 'approve' : 'reject';
    // The final approval applies the application to the station (the domain's approval hook).
    await fileForApproval(sql, flow, id, { submitter: user(submitter), approver: user(approver) }, outcome, a.memo);
  }
}
