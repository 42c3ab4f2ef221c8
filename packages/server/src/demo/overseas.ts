import { country, currency, warranty, workOrderStatus as S } from '@portal/model';
import { auditOrder, cancelOrder, revisitOrder, settleOrder } from '../domain/work-order/closing.ts';
import { dispatchOrder } from '../domain/work-order/dispatch.ts';
import { ACTION, appendLog, logSummary } from '../domain/work-order/log.ts';
import { recordProgress } from '../domain/work-order/progress.ts';
import { addLine } from '../domain/work-order/lines.ts';
import { nextWorkOrderNumbers } from '../domain/work-order/numbering.ts';
import { recomputeLoads } from '../domain/work-order/order.ts';
import { WORK_ORDER } from '../domain/work-order/order.ts';
import { insertRecords } from '../records/write.ts';
import type { Caller } from '../records/scope.ts';
import type { Sql } from '../db/db.ts';
import { callerOf } from './parts.ts';

const HOUR = 3_600_000;
/** 已完工 of the handling status (workOrderDealStatus has no names). */
const DEAL_COMPLETED = 7;
const DAY = 24 * HOUR;

/** How far an order has come: 1 unassigned … 5 arrived (commands), 7 completed and beyond, 9 cancelled. */
interface Plan {
  customer: string;
  contact: string;
  phone: string;
  country: number;
  currency: number;
  address: string;
  fault: string;
  type: number;
  daysAgo: number;
  status: number;
  engineer?: boolean;
  labour?: [item: string, hours: number, rate: number];
  travel?: number;
  solution?: string;
  cancel?: string;
}

// Contacts are the customers' on-site coordinators, reachable on Chinese mobiles (the phone field
// keeps spec 001 §5's pattern).
const PLANS: Plan[] = [
  {
    customer: 'Công ty TNHH Cơ khí Hà Nội',
    contact: '阮文安（Nguyễn Văn An）',
    phone: '13916600288',
    country: country.VN,
    currency: currency.USD,
    address: '12 Phạm Hùng, Nam Từ Liêm, Hà Nội',
    fault: '液压站压力不足，设备无法正常起升',
    type: 1,
    daysAgo: 0.3,
    status: S.notDispatched,
  },
  {
    customer: 'PT Sinar Jaya Konstruksi',
    contact: '林志明（Budi Santoso）',
    phone: '13817725506',
    country: country.ID,
    currency: currency.USD,
    address: 'Jl. Gatot Subroto Kav. 52, Jakarta Selatan',
    fault: '主控板报警 E07，开机后自动停机',
    type: 1,
    daysAgo: 1.5,
    status: S.dispatched,
    engineer: true,
  },
  {
    customer: 'TOO Almaty Stroy Service',
    contact: '马克（Marat Abenov）',
    phone: '13651928874',
    country: country.KZ,
    currency: currency.EUR,
    address: 'Abay Ave 150, Almaty 050000',
    fault: '年度保养：更换滤芯与液压油',
    type: 3,
    daysAgo: 3,
    status: S.responded,
  },
  {
    customer: 'Al Rajhi Heavy Equipment Co.',
    contact: '王海涛（驻沙特项目经理）',
    phone: '13701846632',
    country: country.SA,
    currency: currency.USD,
    address: 'King Fahd Rd, Al Olaya, Riyadh 12214',
    fault: '高温环境下电机过热保护频繁动作',
    type: 1,
    daysAgo: 5,
    status: S.arrived,
    engineer: true,
  },
  {
    customer: 'Construtora Paulista Ltda.',
    contact: '周启航（Carlos Souza）',
    phone: '13524667190',
    country: country.BR,
    currency: currency.BRL,
    address: 'Av. Paulista 1000, Bela Vista, São Paulo - SP',
    fault: '安装调试：新设备到港后现场安装',
    type: 2,
    daysAgo: 12,
    status: S.completed,
    labour: ['安装调试', 12, 150],
    travel: 650,
    solution: '完成安装调试，培训操作人员 4 名',
  },
  {
    customer: 'Công ty CP Xây dựng Sài Gòn',
    contact: '黎文雄（Lê Văn Hùng）',
    phone: '13585216643',
    country: country.VN,
    currency: currency.VND,
    address: '45 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    fault: '回转机构异响，需检查减速机',
    type: 1,
    daysAgo: 20,
    status: S.audited,
    labour: ['减速机检修', 32, 95_000],
    travel: 2_400_000,
    solution: '更换减速机轴承，加注齿轮油',
  },
  {
    customer: 'Emirates Lift & Crane LLC',
    contact: '张伟（驻迪拜服务代表）',
    phone: '13761205578',
    country: country.AE,
    currency: currency.USD,
    address: 'Sheikh Zayed Rd, Al Quoz 3, Dubai',
    fault: '电缆卷筒损坏，需更换',
    type: 1,
    daysAgo: 35,
    status: S.settlementConfirmed,
    labour: ['电缆卷筒更换', 8, 120],
    travel: 420,
    solution: '更换电缆卷筒总成，试运行正常',
  },
  {
    customer: 'PT Surabaya Makmur Abadi',
    contact: '陈国栋（Hendra Wijaya）',
    phone: '13918450327',
    country: country.ID,
    currency: currency.USD,
    address: 'Jl. Raya Darmo 88, Surabaya',
    fault: '遥控器失灵',
    type: 1,
    daysAgo: 8,
    status: S.cancelled,
    cancel: '客户已由当地代理商更换遥控器，取消服务',
  },
];

/** The station that serves overseas customers: 上海浦东华辰服务站 (SH001, next to the port); its station user and engineers. */
const STATION_LOGIN = 'station1';

/**
 * Eight overseas work orders (海外工单) of SH001 in several states, made through the work order's
 * own rules: created by the record service (numbers, history, address rules), dispatched and
 * progressed by the commands (times moved into the past first, as the engineer would have recorded
 * them); completion is written as the demo work orders are (no photo files behind the demo), then
 * audit, revisit and settlement are the commands again. Runs after the work-order demo.
 */
export async function seedOverseasDemo(sql: Sql): Promise<void> {
  const station = await callerOf(sql, STATION_LOGIN);
  const hq = await callerOf(sql, 'hq');
  const { rows: workers } = await sql.query<{ id: string; engineer: boolean }>(
    `SELECT w.new_srv_workerid AS id, EXISTS (SELECT 1 FROM systemuser u WHERE u.new_worker_id = w.new_srv_workerid AND u.domainname = 'engineer1') AS engineer
       FROM new_srv_worker w WHERE w.new_station_id = $1::uuid ORDER BY w.new_code`,
    [station.principal.stationId],
  );
  const mine = workers.find((w) => w.engineer)?.id ?? workers[0].id;
  const others = workers.filter((w) => w.id !== mine);
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  for (const [i, plan] of PLANS.entries()) {
    const [id] = await insertRecords(
      sql,
      WORK_ORDER,
      station,
      [
        {
          new_isoverseas: true,
          new_country: plan.country,
          new_currency: plan.currency,
          new_customer: plan.customer,
          new_contact: plan.contact,
          new_phone: plan.phone,
          new_address: plan.address,
          new_faultdesc: plan.fault,
          new_type: plan.type,
          new_warranty: plan.type === 2 ? warranty.inWarranty : warranty.outOfWarranty,
        },
      ],
      'zh-CN',
    );
    const created = now - plan.daysAgo * DAY;
    // Numbered by the day of the customer's call, as it would have been.
    const [name] = await nextWorkOrderNumbers(sql, 1, new Date(created));
    await sql.query(`UPDATE new_srv_workorder SET createdon = $2, modifiedon = $2, new_name = $3 WHERE new_srv_workorderid = $1::uuid`, [
      id,
      iso(created),
      name,
    ]);
    await sql.query(`UPDATE new_srv_workorderlog SET createdon = $2, modifiedon = $2, new_name = $3 WHERE new_workorder_id = $1::uuid`, [
      id,
      iso(created),
      name,
    ]);
    await seedOrder(sql, { station, hq }, id, i, plan, created, { mine, others });
  }
}

/** Dispatch, progress, completion, audit, revisit and settlement of one demo order, as far as its plan goes. */
async function seedOrder(
  sql: Sql,
  by: { station: Caller; hq: Caller },
  id: string,
  i: number,
  plan: Plan,
  created: number,
  crew: { mine: string; others: { id: string }[] },
): Promise<void> {
  const { station, hq } = by;
  const { mine, others } = crew;
  const iso = (t: number) => new Date(t).toISOString();
  await walk();
  await datedHistory(sql, id);
  async function walk() {
    if (plan.status === S.notDispatched) return;
    const worker = plan.engineer ? mine : (others[i % Math.max(1, others.length)]?.id ?? mine);
    await dispatchOrder(sql, station, id, { workerId: worker, memo: '海外服务' }, 'zh-CN');
    // The steps of a visit abroad take days: dispatched two hours after the call.
    const dispatched = created + 2 * HOUR;
    await sql.query(`UPDATE new_srv_workorder SET new_dispatchtime = $2 WHERE new_srv_workorderid = $1::uuid`, [id, iso(dispatched)]);
    if (plan.status === S.cancelled) {
      await cancelOrder(sql, station, id, { reason: plan.cancel! }, 'zh-CN');
      await sql.query(
        `UPDATE new_srv_workorder SET new_canceltime = new_dispatchtime + interval '1 day' WHERE new_srv_workorderid = $1::uuid`,
        [id],
      );
      return;
    }
    if (plan.status === S.dispatched) return;
    const span = Math.min(plan.daysAgo * DAY - 3 * HOUR, 4 * DAY);
    const at = (f: number) => iso(dispatched + f * span);
    await recordProgress(sql, station, id, { step: 'response', time: at(0.1) }, 'zh-CN');
    if (plan.status === S.responded) return;
    await recordProgress(sql, station, id, { step: 'departure', time: at(0.4), address: '上海浦东国际机场 T2' }, 'zh-CN');
    await recordProgress(sql, station, id, { step: 'arrival', time: at(0.8), address: plan.address }, 'zh-CN');
    if (plan.status === S.arrived) return;
    // The labour through the repair-item command (hours × rate, in the order's currency); travel as other cost.
    const [item, hours, rate] = plan.labour!;
    await addLine(sql, station, id, 'repairitems', { new_name: item, new_hours: hours, new_price: rate }, 'zh-CN');
    // Completed on site (3 photos taken by the engineer's app; the demo has no files behind them).
    await sql.query(
      `UPDATE new_srv_workorder SET new_status = $5, new_dealstatus = $6, new_photocount = 3, new_completiontime = $2, new_endtime = $2, new_completionaddress = new_arrivaladdress,
              new_fixtype = 1, new_solution = $3, new_serviceresult = '设备运行正常，客户签字确认', new_othercost = $4,
              new_totalcost = COALESCE(new_servicecharge, 0) + COALESCE(new_outsidecost, 0) + $4::numeric + COALESCE(new_partcost, 0) + COALESCE(new_specialfee, 0) + COALESCE(new_fineamount, 0)
        WHERE new_srv_workorderid = $1::uuid`,
      [id, at(0.95), plan.solution!, plan.travel ?? 0, S.completed, DEAL_COMPLETED],
    );
    const o = (
      await sql.query<{ unit: string }>(`SELECT owningbusinessunit AS unit FROM new_srv_workorder WHERE new_srv_workorderid = $1::uuid`, [
        id,
      ])
    ).rows[0];
    await appendLog(sql, station.principal.userId, {
      orderId: id,
      stationId: station.principal.stationId!,
      unitId: o.unit,
      action: ACTION.completed,
      from: S.arrived,
      to: S.completed,
      workerId: worker,
      summary: logSummary(ACTION.completed),
    });
    await recomputeLoads(sql, [worker]);
    if (plan.status === S.completed) return;
    await auditOrder(sql, hq, id, { pass: true, memo: '费用按合同币种核定' }, 'zh-CN');
    await sql.query(
      `UPDATE new_srv_workorder SET new_audittime = new_completiontime + interval '1 day' WHERE new_srv_workorderid = $1::uuid`,
      [id],
    );
    if (plan.status === S.audited) return;
    await revisitOrder(sql, hq, id, { memo: '电话回访：客户对服务满意' }, 'zh-CN');
    await settleOrder(sql, hq, id, { status: S.settlementConfirmed, settlementNo: `JS-OS-${String(i + 1).padStart(3, '0')}` }, 'zh-CN');
    await sql.query(
      `UPDATE new_srv_workorder SET new_revisittime = new_completiontime + interval '2 days' WHERE new_srv_workorderid = $1::uuid`,
      [id],
    );
  }
}

/** Each history entry at the time of its event (the commands ran just now, in one transaction). */
const WHEN: [action: number, column: string][] = [
  [ACTION.created, 'createdon'],
  [ACTION.dispatched, 'new_dispatchtime'],
  [ACTION.responded, 'new_responsetime'],
  [ACTION.departed, 'new_departuretime'],
  [ACTION.arrived, 'new_arrivaltime'],
  [ACTION.completed, 'new_completiontime'],
  [ACTION.cancelled, 'new_canceltime'],
  [ACTION.audited, 'new_audittime'],
  [ACTION.revisited, 'new_revisittime'],
  [ACTION.settlement, "new_revisittime + interval '1 day'"],
];
async function datedHistory(sql: Sql, id: string): Promise<void> {
  // Line changes happen between arrival and completion.
  const cases = [...WHEN, [ACTION.lines, "new_arrivaltime + interval '1 hour'"] as [number, string]]
    .map(([a, col]) => `WHEN ${a} THEN o.${col}`)
    .join(' ');
  await sql.query(
    `UPDATE new_srv_workorderlog l SET createdon = COALESCE(CASE l.new_action ${cases} END, l.createdon), modifiedon = COALESCE(CASE l.new_action ${cases} END, l.createdon)
       FROM new_srv_workorder o WHERE o.new_srv_workorderid = l.new_workorder_id AND o.new_srv_workorderid = $1::uuid`,
    [id],
  );
}
