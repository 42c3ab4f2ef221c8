import { approvalStatus, delayStatus, getEntity } from '@portal/model';
import { documentNumbers } from '../documents/numbers.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { insert } from './insert.ts';

type State = 'draft' | 'review' | 'approved' | 'rejected' | 'cancelled';
const REQUESTS: { station: string; months: number; reason: string; state: State; memo?: string }[] = [
  { station: 'SH001', months: 12, reason: '客户签订年度保养协议，按政策赠送一年延保', state: 'approved' },
  { station: 'SH001', months: 6, reason: '整机更换主板后，按厂家承诺延长保修半年', state: 'cancelled' },
  { station: 'ZJ001', months: 24, reason: '重点客户批量采购，商务约定延保两年', state: 'review' },
  { station: 'ZJ001', months: 12, reason: '客户要求延保', state: 'rejected', memo: '未附购机合同及延保协议，请补充后重新提交' },
  { station: 'SH001', months: 12, reason: '展会样机售出，申请延保一年（草稿）', state: 'draft' },
];

/**
 * Demo warranty extensions on machines of demo work orders, in every state, and their
 * cancellations (one approved, one draft), through the approval engine and the domain's rules.
 */
export async function seedDelayDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const { adminId } = ctx;
  const user = (login: string) => ctx.userIds.get(login)!;
  const flows = {
    new_srv_delayproduct: await seedHeadOfficeFlow(sql, ctx, 'new_srv_delayproduct', {
      flow: '延保申请审批流程',
      description: '总部服务管理部审批',
      step: '总部审批',
    }),
    new_srv_delaycancel: await seedHeadOfficeFlow(sql, ctx, 'new_srv_delaycancel', {
      flow: '延保取消审批流程',
      description: '总部服务管理部审批',
      step: '总部审批',
    }),
  };
  // The station's manager submits; the one left under review waits for admin, so hq's inbox (counted elsewhere) is unchanged.
  const manager: Record<string, string> = { SH001: 'station1', ZJ001: 'station2' };
  // The final approval applies the extension or cancellation (the domain's approval hooks).
  const run = (entity: keyof typeof flows, id: string, code: string, outcome: 'review' | 'approve' | 'reject', memo?: string) =>
    fileForApproval(
      sql,
      flows[entity],
      id,
      { submitter: user(manager[code]), approver: user(outcome === 'review' ? 'admin' : 'hq') },
      outcome,
      memo,
    );

  const numbers = await documentNumbers(sql, getEntity('new_srv_delayproduct')!, REQUESTS.length);
  const cancels: { delay: string; station: string; serial: string; reason: string; approve: boolean }[] = [];
  for (const [i, r] of REQUESTS.entries()) {
    const station = ctx.stationIds.get(r.station)!;
    const {
      rows: [wo],
    } = await sql.query<{ id: string; serial: string; product: string | null; customer: string; end: string }>(
      `SELECT new_srv_workorderid AS id, new_serialnumber AS serial, new_product_id AS product, new_customer AS customer,
              to_char(COALESCE(new_buydate, createdon::date) + interval '1 year', 'YYYY-MM-DD') AS end
         FROM new_srv_workorder WHERE new_station_id = $1::uuid AND new_serialnumber IS NOT NULL ORDER BY new_name OFFSET $2 LIMIT 1`,
      [station, i],
    );
    if (!wo) continue;
    const id = await insert(
      sql,
      'new_srv_delayproduct',
      {
        new_name: numbers[i],
        new_station_id: station,
        new_workorder_id: wo.id,
        new_serialnumber: wo.serial,
        new_product_id: wo.product,
        new_customer: wo.customer,
        new_currentenddate: wo.end,
        new_newenddate: (
          await sql.query<{ d: string }>(`SELECT to_char($1::date + make_interval(months => $2), 'YYYY-MM-DD') AS d`, [wo.end, r.months])
        ).rows[0].d,
        new_reason: r.reason,
        new_delaystatus: delayStatus.pending,
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        createdby: adminId,
        modifiedby: adminId,
        ownerid: adminId,
        owningbusinessunit: ctx.unitIds.get(`ST-${r.station}`),
      },
      'new_srv_delayproductid',
    );
    if (r.state === 'draft') continue;
    await run(
      'new_srv_delayproduct',
      id,
      r.station,
      r.state === 'review' ? 'review' : r.state === 'rejected' ? 'reject' : 'approve',
      r.memo,
    );
    if (r.state === 'cancelled')
      cancels.push({ delay: id, station: r.station, serial: wo.serial, reason: '客户退机，延保随之取消', approve: true });
    if (r.state === 'approved')
      cancels.push({ delay: id, station: r.station, serial: wo.serial, reason: '客户对延保条款有异议，拟取消（草稿）', approve: false });
  }
  const cancelNumbers = await documentNumbers(sql, getEntity('new_srv_delaycancel')!, cancels.length);
  for (const [i, c] of cancels.entries()) {
    const id = await insert(
      sql,
      'new_srv_delaycancel',
      {
        new_name: cancelNumbers[i],
        new_delayproduct_id: c.delay,
        new_station_id: ctx.stationIds.get(c.station),
        new_serialnumber: c.serial,
        new_reason: c.reason,
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        createdby: adminId,
        modifiedby: adminId,
        ownerid: adminId,
        owningbusinessunit: ctx.unitIds.get(`ST-${c.station}`),
      },
      'new_srv_delaycancelid',
    );
    if (c.approve) await run('new_srv_delaycancel', id, c.station, 'approve');
  }
}
