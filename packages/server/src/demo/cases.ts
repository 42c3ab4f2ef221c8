import { approvalStatus, caseState, excellentCasePublish, getEntity, workOrderStatus } from '@portal/model';
import { excellentCaseNumbers, EXCELLENT_CASE } from '../domain/cases/excellent-case.controller.ts';
import { documentNumbers } from '../documents/numbers.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { insert } from './insert.ts';

type CaseState = 'open' | 'inProgress' | 'resolved' | 'closed';
const DAY = 86_400_000;

/** Customer cases: station, type (1 complaint, 2 enquiry, 3 suggestion), priority, state, days ago, subject, description, notes, satisfaction, linked orders. */
const CASES: {
  st: string;
  type: 1 | 2 | 3;
  pr: 1 | 2 | 3 | 4;
  state: CaseState;
  ago: number;
  subject: string;
  desc: string;
  response?: string;
  resolution?: string;
  sat?: number;
  orders: number;
}[] = [
  {
    st: 'SH001',
    type: 1,
    pr: 4,
    state: 'open',
    ago: 0,
    subject: '设备维修后两天再次停机',
    desc: '客户反映上周维修的空压机两天后再次报高温停机，生产线受影响，要求今天上门。',
    orders: 1,
  },
  {
    st: 'SH001',
    type: 2,
    pr: 2,
    state: 'open',
    ago: 1,
    subject: '咨询年度保养套餐价格',
    desc: '客户询问两台设备的年度保养套餐内容与报价，希望下周安排上门评估。',
    orders: 0,
  },
  {
    st: 'SH001',
    type: 1,
    pr: 3,
    state: 'inProgress',
    ago: 3,
    subject: '工程师未按预约时间到场',
    desc: '客户投诉工程师迟到两个小时且未提前电话告知。',
    response: '已向客户致歉，站长跟进并重新安排明早 9 点上门。',
    orders: 1,
  },
  {
    st: 'SH001',
    type: 3,
    pr: 1,
    state: 'resolved',
    ago: 9,
    subject: '建议提供微信预约服务',
    desc: '客户建议开通微信预约与进度查询。',
    response: '已记录并反馈总部。',
    resolution: '已告知客户可通过服务热线 400-820-6688 及门户查询进度，微信渠道已列入计划。',
    orders: 0,
  },
  {
    st: 'SH001',
    type: 1,
    pr: 3,
    state: 'closed',
    ago: 21,
    subject: '更换配件后噪音偏大',
    desc: '更换轴承后设备运行噪音明显变大，客户要求复查。',
    response: '已安排工程师复查。',
    resolution: '复查发现联轴器对中偏差，重新校正后噪音恢复正常，客户现场确认。',
    sat: 4,
    orders: 2,
  },
  {
    st: 'SH001',
    type: 2,
    pr: 2,
    state: 'closed',
    ago: 30,
    subject: '咨询保修期限',
    desc: '客户咨询购买两年的设备是否仍在保修期内。',
    response: '已核对购机日期。',
    resolution: '设备保修期至明年三月，已书面告知客户。',
    sat: 5,
    orders: 0,
  },
  {
    st: 'ZJ001',
    type: 1,
    pr: 4,
    state: 'open',
    ago: 0,
    subject: '冷却系统漏水未处理',
    desc: '客户称三天前报修冷却系统漏水，至今无人联系。',
    orders: 1,
  },
  {
    st: 'ZJ001',
    type: 2,
    pr: 2,
    state: 'inProgress',
    ago: 2,
    subject: '咨询设备搬迁安装',
    desc: '客户工厂搬迁至萧山，咨询设备拆装及重新调试的费用和周期。',
    response: '已安排工程师下周二上门勘察。',
    orders: 1,
  },
  {
    st: 'ZJ001',
    type: 1,
    pr: 3,
    state: 'resolved',
    ago: 7,
    subject: '维修费用与报价不符',
    desc: '客户认为结算的服务费高于工程师口头报价。',
    response: '已调取工单明细核对。',
    resolution: '核对后外出费计算有误，已按报价调整并向客户说明。',
    orders: 1,
  },
  {
    st: 'ZJ001',
    type: 3,
    pr: 1,
    state: 'closed',
    ago: 25,
    subject: '建议增加夜间服务',
    desc: '客户为三班倒工厂，建议提供夜间紧急服务。',
    response: '已反馈服务站站长。',
    resolution: '服务站已开通夜间紧急服务电话并告知客户。',
    sat: 4,
    orders: 0,
  },
  {
    st: 'GD001',
    type: 1,
    pr: 2,
    state: 'inProgress',
    ago: 4,
    subject: '配件到货时间过长',
    desc: '客户等待配件已超过一周，要求明确到货时间。',
    response: '已联系中心库加急发货。',
    orders: 1,
  },
  {
    st: 'GD001',
    type: 2,
    pr: 1,
    state: 'closed',
    ago: 40,
    subject: '咨询操作培训',
    desc: '客户新员工入职，咨询是否提供设备操作培训。',
    response: '已安排培训。',
    resolution: '工程师已上门完成半天操作培训。',
    sat: 5,
    orders: 0,
  },
];

/**
 * Excellent repair cases: station, title, symptom, cause, solution, where it stands; `fromOrder`: written
 * up from a completed order of the station that another engineer than the demo's engineer1 handled
 * (so engineer1, reaching only their own orders' cases, sees it only once it is published).
 */
const EXCELLENT: {
  st: string;
  title: string;
  symptom: string;
  cause: string;
  solution: string;
  state: 'published' | 'review' | 'draft' | 'rejected';
  fromOrder?: true;
}[] = [
  {
    st: 'SH001',
    title: '空压机频繁高温停机的快速排查',
    symptom: '螺杆空压机运行 30 分钟后报排气高温停机，重启后反复出现。',
    cause: '油冷却器翅片被油泥和粉尘堵塞，散热效率下降；温控阀芯卡滞。',
    solution: '拆洗油冷却器并用压缩空气反吹；更换温控阀芯；建议客户每季度清洁冷却器并加装进风过滤棉。',
    state: 'published',
    fromOrder: true,
  },
  {
    st: 'ZJ001',
    title: '变频器过流报警的根因定位',
    symptom: '设备启动瞬间变频器报 OC 过流，偶发，雨天更频繁。',
    cause: '电机接线盒密封老化进水，绕组对地绝缘下降。',
    solution: '更换接线盒密封圈并烘干电机；测量绝缘电阻恢复至 100MΩ 以上；变频器参数加速时间由 5s 调整为 10s。',
    state: 'published',
  },
  {
    st: 'GD001',
    title: '液压系统压力不稳的处理方法',
    symptom: '液压站压力在 8~12MPa 之间波动，执行机构动作不平稳。',
    cause: '溢流阀阀芯磨损，液压油含水乳化。',
    solution: '更换溢流阀和全部液压油，清洗油箱；增加呼吸器干燥剂，每月检测油品。',
    state: 'published',
  },
  {
    st: 'SH001',
    title: 'PLC 通讯中断导致整线停机',
    symptom: '生产线运行中 HMI 提示通讯中断，整线急停。',
    cause: '网线水晶头氧化接触不良，交换机供电电压偏低。',
    solution: '更换工业级网线及接头，交换机改用独立 24V 电源。',
    state: 'review',
    fromOrder: true,
  },
  {
    st: 'ZJ001',
    title: '冷却塔风机振动超标',
    symptom: '冷却塔风机振动值达 7.1mm/s，伴随异响。',
    cause: '叶片积垢导致动不平衡。',
    solution: '清洗叶片并做现场动平衡，振动降至 2.3mm/s。',
    state: 'draft',
  },
  { st: 'SH001', title: '真空泵抽速下降', symptom: '真空泵抽速明显下降。', cause: '待补充。', solution: '更换泵油。', state: 'rejected' },
];

/**
 * Demo customer cases in every state (linked to demo work orders of their station) and excellent
 * repair cases through the approval engine: published ones of three stations, one under review
 * (waiting for admin, so hq's inbox counted elsewhere is unchanged), a draft and a rejected one.
 */
export async function seedCasesDemo(sql: Sql, ctx: DemoContext, now = new Date()): Promise<void> {
  const user = (login: string) => ctx.userIds.get(login)!;
  const actor: Record<string, string> = { SH001: user('station1'), ZJ001: user('station2'), GD001: user('hq') };
  const { rows: products } = await sql.query<{ id: string; line: string }>(
    `SELECT productid AS id, new_productline_id AS line FROM product WHERE new_state = 0 AND new_productline_id IS NOT NULL ORDER BY productnumber`,
  );
  const numbers = await documentNumbers(sql, getEntity('new_srv_case')!, CASES.length);
  const taken = new Set<string>();
  for (const [i, c] of CASES.entries()) {
    const station = ctx.stationIds.get(c.st);
    if (!station) continue;
    const by = actor[c.st];
    const created = new Date(now.getTime() - c.ago * DAY - (i + 1) * 3_600_000);
    const later = (days: number) => new Date(Math.min(now.getTime(), created.getTime() + days * DAY));
    const { rows: orders } = await sql.query<{
      id: string;
      customer: string;
      phone: string;
      product: string | null;
      serial: string | null;
    }>(
      `SELECT new_srv_workorderid AS id, new_customer AS customer, new_phone AS phone, new_product_id AS product, new_serialnumber AS serial
         FROM new_srv_workorder WHERE new_station_id = $1::uuid AND new_case_id IS NULL AND NOT (new_srv_workorderid = ANY($2::uuid[]))
          AND COALESCE(new_isoverseas, false) = false ORDER BY new_name OFFSET $3 LIMIT $4`,
      [station, [...taken], i % 3, Math.max(c.orders, 1)],
    );
    const first = orders[0];
    const product = products[i % Math.max(products.length, 1)];
    const state = caseState[c.state];
    const id = await insert(
      sql,
      'new_srv_case',
      {
        new_name: numbers[i],
        new_casetype: c.type,
        new_priority: c.pr,
        new_casestate: state,
        new_station_id: station,
        new_customer: first?.customer ?? '上海新沪精密机械有限公司',
        new_phone: first?.phone ?? '021-58321166',
        new_product_id: first?.product ?? product?.id ?? null,
        new_serialnumber: first?.serial ?? null,
        new_subject: c.subject,
        new_description: c.desc,
        new_response: c.response ?? null,
        new_respondedon: c.response ? later(0.2) : null,
        new_resolution: c.resolution ?? null,
        new_resolvedon: c.resolution ? later(2) : null,
        new_satisfaction: c.state === 'closed' ? (c.sat ?? null) : null,
        new_closedon: c.state === 'closed' ? later(3) : null,
        createdon: created,
        modifiedon: created,
        createdby: by,
        modifiedby: by,
        ownerid: by,
        owningbusinessunit: ctx.unitIds.get(`ST-${c.st}`),
      },
      'new_srv_caseid',
    );
    const link = orders.slice(0, c.orders).map((o) => o.id);
    for (const o of link) taken.add(o);
    if (link.length)
      await sql.query(`UPDATE new_srv_workorder SET new_case_id = $1::uuid WHERE new_srv_workorderid = ANY($2::uuid[])`, [id, link]);
  }

  // The approval flow of excellent cases: head office (hq, admin) approves.
  const flow = await seedHeadOfficeFlow(sql, ctx, EXCELLENT_CASE, {
    flow: '优秀案例审批流程',
    description: '总部服务管理部审核后发布到全部服务站',
    step: '总部审核',
  });

  const codes = await excellentCaseNumbers(sql, EXCELLENT.length);
  for (const [i, x] of EXCELLENT.entries()) {
    const station = ctx.stationIds.get(x.st);
    if (!station) continue;
    const by = actor[x.st];
    const {
      rows: [source],
    } = x.fromOrder
      ? await sql.query<{ id: string; product: string | null; line: string | null }>(
          `SELECT o.new_srv_workorderid AS id, p.productid AS product, p.new_productline_id AS line
         FROM new_srv_workorder o LEFT JOIN product p ON p.productid = o.new_product_id
        WHERE o.new_station_id = $1::uuid AND o.new_status >= $2 AND o.new_status <> $3 AND o.new_worker_id IS NOT NULL
          AND o.new_worker_id IS DISTINCT FROM (SELECT u.new_worker_id FROM systemuser u WHERE u.systemuserid = $4::uuid)
        ORDER BY o.new_name OFFSET $5 LIMIT 1`,
          [station, workOrderStatus.completed, workOrderStatus.cancelled, user('engineer1'), i],
        )
      : { rows: [] };
    const product = source?.line ? { id: source.product!, line: source.line } : products[(i * 3) % Math.max(products.length, 1)];
    const created = new Date(now.getTime() - (30 - i * 4) * DAY);
    const id = await insert(
      sql,
      EXCELLENT_CASE,
      {
        new_name: x.title,
        new_code: codes[i],
        new_station_id: station,
        new_product_id: product?.id ?? null,
        new_productline_id: product?.line ?? null,
        new_workorder_id: source?.id ?? null,
        new_symptom: x.symptom,
        new_cause: x.cause,
        new_solution: x.solution,
        new_publishstatus: excellentCasePublish.unpublished,
        new_approvalstatus: approvalStatus.draft,
        new_iscommit: false,
        createdon: created,
        modifiedon: created,
        createdby: by,
        modifiedby: by,
        ownerid: by,
        owningbusinessunit: ctx.unitIds.get(`ST-${x.st}`),
      },
      'new_srv_excellentcaseid',
    );
    if (x.state === 'draft') continue;
    // GD001 has no station manager account: head office files its case (admin submits, hq approves).
    const submitter = x.st === 'GD001' ? user('admin') : by;
    const approver = x.state === 'review' ? 'admin' : 'hq';
    const outcome = x.state === 'review' ? 'review' : x.state === 'rejected' ? 'reject' : 'approve';
    const memo = x.state === 'rejected' ? '原因分析不充分，请补充检测数据及现场照片后重新提交' : '案例典型，同意发布';
    await fileForApproval(sql, flow, id, { submitter, approver: user(approver) }, outcome, memo);
  }
}
