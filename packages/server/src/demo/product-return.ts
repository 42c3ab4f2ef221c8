import { productReturnItemType, pulloutType, workOrderStatus } from '@portal/model';
import { productReturnController as ctrl, RETURN, RETURN_LINE } from '../domain/product-return/product-return.controller.ts';
import { runCommand } from '../documents/kernel.ts';
import { chinaDate } from '../domain/china-time.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { insertRecords } from '../records/write.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from './parts.ts';
import type { DemoContext } from './service.ts';

type State = 'draft' | 'review' | 'rejected' | 'vetoed' | 'toCollect' | 'collected' | 'shipped' | 'received';
const RETURNS: {
  by: 'station1' | 'station2';
  type: 'return' | 'exchange';
  reason: string;
  state: State;
  exchange?: string;
  memo?: string;
  logistics?: [string, string];
}[] = [
  {
    by: 'station1',
    type: 'return',
    reason: '整机主轴异响，三次维修未解决，客户要求退机',
    state: 'received',
    logistics: ['顺丰速运', 'SF1402836617520'],
  },
  {
    by: 'station1',
    type: 'exchange',
    reason: '液压泵体铸件砂眼渗油，厂家同意换新机',
    state: 'shipped',
    exchange: 'HC2611-9031SH',
    logistics: ['德邦物流', 'DPK300912873465'],
  },
  { by: 'station2', type: 'return', reason: '客户工厂搬迁停产，按合同条款办理退机', state: 'toCollect' },
  { by: 'station2', type: 'exchange', reason: '控制柜主板批次问题，申请整机换机', state: 'review', exchange: 'HC2611-7740ZJ' },
  { by: 'station1', type: 'return', reason: '客户称设备噪音大', state: 'rejected', memo: '经检测噪音在标准范围内，请先调试并附检测报告' },
  { by: 'station2', type: 'return', reason: '已过退机期限，客户仍要求退机', state: 'vetoed', memo: '购机已超过一年，不符合退机政策' },
  { by: 'station1', type: 'exchange', reason: '电气柜进水短路，待确认是否换机（草稿）', state: 'draft', exchange: 'HC2611-5528SH' },
];

/**
 * Demo product returns (退机申请) of completed demo work orders, in every state, made through the
 * domain's rules: created through the record service's writes, submitted and decided through the
 * approval engine, shipped by the station and received by head office through the commands — so
 * the work orders' pullout fields are what those steps set.
 */
export async function seedProductReturnDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const user = (login: string) => ctx.userIds.get(login)!;
  const flow = await seedHeadOfficeFlow(sql, ctx, RETURN.logicalName, {
    flow: '退机申请审批流程',
    description: '总部售后服务部审批',
    step: '总部审批',
  });
  const hq = await callerOf(sql, 'hq');
  const {
    rows: [accessory],
  } = await sql.query<{ id: string }>(`SELECT productid AS id FROM product WHERE new_state = 0 ORDER BY price, productnumber LIMIT 1`);
  const used = new Map<string, number>();
  for (const r of RETURNS) {
    const by = await callerOf(sql, r.by);
    const offset = used.get(r.by) ?? 0;
    used.set(r.by, offset + 1);
    const {
      rows: [wo],
    } = await sql.query<{ id: string; serial: string; product: string | null; customer: string }>(
      `SELECT new_srv_workorderid AS id, new_serialnumber AS serial, new_product_id AS product, new_customer AS customer FROM new_srv_workorder
        WHERE new_station_id = $1::uuid AND new_status = $2 AND new_serialnumber IS NOT NULL AND new_product_id IS NOT NULL ORDER BY new_name DESC OFFSET $3 LIMIT 1`,
      [by.principal.stationId, workOrderStatus.completed, offset],
    );
    if (!wo) continue;
    const [id] = await insertRecords(
      sql,
      RETURN,
      by,
      [
        {
          new_returntype: pulloutType[r.type],
          new_workorder_id: wo.id,
          new_station_id: by.principal.stationId,
          new_serialnumber: wo.serial,
          new_product_id: wo.product,
          new_customer: wo.customer,
          new_reason: r.reason,
          new_exchangeserial: r.exchange ?? null,
          new_memo: null,
        },
      ],
      'zh-CN',
    );
    await insertRecords(
      sql,
      RETURN_LINE,
      by,
      [
        {
          new_productreturn_id: id,
          new_itemtype: productReturnItemType.machine,
          new_product_id: wo.product,
          new_qty: 1,
          new_memo: '整机含原包装',
        },
        ...(accessory
          ? [
              {
                new_productreturn_id: id,
                new_itemtype: productReturnItemType.accessory,
                new_product_id: accessory.id,
                new_qty: 2,
                new_memo: '随机附件',
              },
            ]
          : []),
      ],
      'zh-CN',
    );
    if (r.state === 'draft') continue;
    // Left under review with admin, so hq's inbox (counted by other tests) is unchanged.
    const approver = r.state === 'review' ? 'admin' : 'hq';
    const outcome = r.state === 'review' ? 'review' : r.state === 'rejected' ? 'reject' : r.state === 'vetoed' ? 'veto' : 'approve';
    await fileForApproval(
      sql,
      flow,
      id,
      { submitter: by.principal.userId, approver: user(approver) },
      outcome,
      r.memo ?? '同意，请尽快安排拉回发运',
    );
    if (r.state === 'review') continue;
    if (r.state === 'collected' || r.state === 'shipped' || r.state === 'received')
      await runCommand(sql, by, ctrl, 'collect', id, { collectedOn: chinaDate(), memo: '已从客户现场拉回整机及随机附件' }, 'zh-CN');
    if (r.state === 'shipped' || r.state === 'received')
      await runCommand(sql, by, ctrl, 'ship', id, { logisticsCorp: r.logistics![0], trackingNo: r.logistics![1] }, 'zh-CN');
    if (r.state === 'received') await runCommand(sql, hq, ctrl, 'receive', id, {}, 'zh-CN');
  }
}
