import { randomUUID } from 'node:crypto';
import { IN_SERVICE_STATUSES } from '@portal/model';
import { ACTION, logSummary } from '../domain/work-order/log.ts';
import { chinaDate } from '../domain/china-time.ts';
import { recomputeCosts } from '../domain/work-order/totals.ts';
import { q } from '../records/sql.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';

/**
 * Demo work orders: 120 orders of SH001 (44), ZJ001 (40) and GD001 (36) in every status and
 * handling status, created over the last seven months, with appointments today and tomorrow (China
 * time, relative to the seeding moment), progress, details with consistent cost totals, history
 * entries, engineers' loads and positions. Deterministic apart from the clock; set-based inserts.
 */

type Customer = [name: string, contact: string, phone: string, county: string, address: string, lng: number, lat: number];

const CITIES: Record<string, { province: string; city: string; station: [lng: number, lat: number]; customers: Customer[] }> = {
  SH001: {
    province: '上海市',
    city: '上海市',
    station: [121.5907, 31.2043],
    customers: [
      ['上海金桥精密机械有限公司', '王振华', '13816620451', '浦东新区', '金桥路 1399 号', 121.5986, 31.2622],
      ['上海外高桥物流装备有限公司', '沈立新', '13917723564', '浦东新区', '富特北路 288 号', 121.5907, 31.3362],
      ['上海张江生物医药设备有限公司', '许文静', '15821906637', '浦东新区', '哈雷路 898 号', 121.5967, 31.2032],
      ['上海陆家嘴物业管理有限公司', '顾建平', '13601857712', '浦东新区', '陆家嘴环路 1000 号', 121.5025, 31.2366],
      ['上海川沙食品机械厂', '朱海林', '13761230984', '浦东新区', '川沙路 5558 号', 121.6946, 31.1903],
      ['上海临港重型装备有限公司', '杨晓峰', '18017369925', '浦东新区', '临港大道 1088 号', 121.9263, 30.9003],
      ['上海周浦印刷包装有限公司', '钱国良', '13564418807', '浦东新区', '周浦镇年家浜路 459 号', 121.5698, 31.1153],
      ['上海三林建设工程有限公司', '黄伟东', '13918845630', '浦东新区', '三林路 1155 号', 121.5102, 31.1457],
      ['上海惠南纺织机械有限公司', '施红梅', '15900781236', '浦东新区', '惠南镇人民东路 2888 号', 121.7662, 31.0537],
      ['上海唐镇塑料制品有限公司', '陆志明', '13817052249', '浦东新区', '唐镇唐兴路 399 号', 121.6522, 31.2151],
      ['张丽华', '张丽华', '13585602214', '浦东新区', '世纪大道 2000 号 3 号楼 1204 室', 121.5386, 31.2276],
      ['李国强', '李国强', '13795266103', '浦东新区', '东方路 1217 号', 121.5228, 31.2282],
      ['王美玲', '王美玲', '18616703352', '浦东新区', '杨高南路 2875 号', 121.4998, 31.175],
      ['上海闵行机电设备有限公司', '周斌', '13641915578', '闵行区', '莘庄工业区春东路 508 号', 121.3689, 31.1053],
      ['上海宝山钢构工程有限公司', '吴建新', '13371862215', '宝山区', '蕰川路 5475 号', 121.4589, 31.3729],
    ],
  },
  ZJ001: {
    province: '浙江省',
    city: '杭州市',
    station: [120.1335, 30.277],
    customers: [
      ['杭州西溪数控设备有限公司', '陈建伟', '13588125563', '西湖区', '西溪路 525 号', 120.1105, 30.2652],
      ['浙江文三科技发展有限公司', '方晓燕', '13819174420', '西湖区', '文三路 477 号', 120.122, 30.2797],
      ['杭州古墩机械制造有限公司', '俞海军', '13906517732', '西湖区', '古墩路 616 号', 120.1088, 30.2955],
      ['杭州三墩包装材料有限公司', '沈国强', '15857112906', '西湖区', '三墩镇西园路 8 号', 120.0877, 30.3212],
      ['杭州转塘建材有限公司', '金伟', '13777826614', '西湖区', '之江路 1010 号', 120.1027, 30.1643],
      ['杭州紫金港实验设备有限公司', '潘丽', '18969125578', '西湖区', '紫金港路 21 号', 120.0853, 30.303],
      ['浙江天目医疗器械有限公司', '蒋志明', '13605712249', '西湖区', '天目山路 398 号', 120.1185, 30.2754],
      ['杭州留下食品有限公司', '何建国', '13858037750', '西湖区', '留下街道屏基山路 6 号', 120.0508, 30.2496],
      ['杭州滨江电子装备有限公司', '徐斌', '13968013397', '滨江区', '江南大道 3850 号', 120.2091, 30.2082],
      ['杭州余杭纺织机械有限公司', '孙晓东', '15906650871', '余杭区', '五常大道 181 号', 120.0345, 30.2874],
      ['周建华', '周建华', '13516816625', '西湖区', '教工路 149 号', 120.1345, 30.2862],
      ['吴晓丽', '吴晓丽', '13757158869', '西湖区', '曙光路 122 号', 120.1442, 30.2712],
      ['郑国平', '郑国平', '18867102235', '西湖区', '文一西路 75 号', 120.1207, 30.2899],
    ],
  },
  GD001: {
    province: '广东省',
    city: '广州市',
    station: [113.324, 23.1436],
    customers: [
      ['广州天河智能装备有限公司', '李志强', '13802776631', '天河区', '天河路 385 号', 113.3277, 23.1317],
      ['广州珠江新城物业管理有限公司', '陈美华', '13922458810', '天河区', '花城大道 85 号', 113.3211, 23.1191],
      ['广州科韵数控机床有限公司', '黄永明', '13710945526', '天河区', '科韵路 16 号', 113.3718, 23.1297],
      ['广州五山实验仪器有限公司', '罗建华', '15902038876', '天河区', '五山路 381 号', 113.3517, 23.1549],
      ['广州车陂印刷有限公司', '梁少波', '13632251147', '天河区', '车陂路 328 号', 113.3927, 23.1268],
      ['广州黄埔大道食品机械有限公司', '谢振宇', '13570420853', '天河区', '黄埔大道西 638 号', 113.348, 23.1253],
      ['广州天河软件园设备维护中心', '冯丽娟', '18922137740', '天河区', '建中路 5 号', 113.3637, 23.1259],
      ['广州番禺五金制品厂', '何伟强', '13642718835', '番禺区', '市桥街道清河东路 319 号', 113.3711, 22.942],
      ['广州白云汽配有限公司', '邓国华', '13560139927', '白云区', '机场路 1963 号', 113.2696, 23.1838],
      ['广州黄埔港口机械有限公司', '曾志勇', '13826087714', '黄埔区', '港湾路 1 号', 113.4563, 23.0936],
      ['林晓红', '林晓红', '13533867203', '天河区', '体育西路 191 号', 113.3222, 23.1363],
      ['郭建新', '郭建新', '13719338850', '天河区', '天河北路 183 号', 113.324, 23.144],
    ],
  },
};

/** One demo order's fate: status, handling status, days since creation and what happened on the way. */
interface Plan {
  s: number;
  d: number;
  ago: number;
  appt?: 'today' | 'tomorrow' | 'later';
  apptStatus?: 2 | 4 | 7;
  supervise?: boolean;
  reassign?: boolean;
  cancelFrom?: 1 | 2;
}

/** 40 fates; the first 36 (every station) cover every status and handling status. */
const PLANS: Plan[] = [
  { s: 1, d: 1, ago: 0 },
  { s: 2, d: 2, ago: 0, appt: 'today' },
  { s: 3, d: 3, ago: 1, appt: 'today' },
  { s: 4, d: 4, ago: 1, appt: 'today' },
  { s: 5, d: 5, ago: 2, appt: 'today' },
  { s: 5, d: 6, ago: 3, appt: 'today' },
  { s: 7, d: 7, ago: 5 },
  { s: 9, d: 1, ago: 12, cancelFrom: 1 },
  { s: 10, d: 7, ago: 25 },
  { s: 11, d: 8, ago: 40 },
  { s: 12, d: 8, ago: 70 },
  { s: 13, d: 7, ago: 95 },
  { s: 14, d: 7, ago: 120 },
  { s: 15, d: 8, ago: 150 },
  { s: 16, d: 8, ago: 185 },
  { s: 1, d: 1, ago: 2, supervise: true },
  { s: 2, d: 2, ago: 1, appt: 'tomorrow' },
  { s: 3, d: 3, ago: 2, appt: 'tomorrow', apptStatus: 4 },
  { s: 3, d: 3, ago: 3, appt: 'tomorrow', apptStatus: 7 },
  { s: 2, d: 2, ago: 1, reassign: true },
  { s: 7, d: 7, ago: 9 },
  { s: 9, d: 2, ago: 30, cancelFrom: 2 },
  { s: 10, d: 7, ago: 50 },
  { s: 11, d: 7, ago: 60 },
  { s: 16, d: 8, ago: 205 },
  { s: 7, d: 7, ago: 15, supervise: true },
  { s: 3, d: 3, ago: 1, appt: 'today', apptStatus: 2 },
  { s: 4, d: 4, ago: 2, appt: 'today' },
  { s: 1, d: 1, ago: 0 },
  { s: 2, d: 2, ago: 2, appt: 'later' },
  { s: 12, d: 7, ago: 80 },
  { s: 15, d: 7, ago: 165 },
  { s: 9, d: 1, ago: 55, cancelFrom: 1 },
  { s: 7, d: 7, ago: 20 },
  { s: 10, d: 7, ago: 35 },
  { s: 14, d: 8, ago: 135 },
  { s: 13, d: 8, ago: 110 },
  { s: 11, d: 8, ago: 45 },
  { s: 16, d: 7, ago: 175 },
  { s: 7, d: 7, ago: 100 },
];
const SH_EXTRA: Plan[] = [
  { s: 1, d: 1, ago: 1 },
  { s: 2, d: 2, ago: 1, appt: 'tomorrow' },
  { s: 5, d: 5, ago: 1, appt: 'today' },
  { s: 7, d: 7, ago: 140 },
];
const COUNTS: Record<string, number> = { SH001: 44, ZJ001: 40, GD001: 36 };

const FAULTS: Record<number, string[]> = {
  1: [
    '液压系统压力不足，动作缓慢',
    '设备运行时齿轮箱有异响',
    'PLC 报警 E203，设备无法启动',
    '变频器过流跳闸',
    '液压油缸漏油',
    '电机过热停机',
    '触摸屏无显示',
    '传动链条松动、跳齿',
  ],
  2: ['新购设备安装调试', '生产线搬迁后重新安装调试'],
  3: ['年度保养：更换滤芯及液压油', '500 小时定期保养', '季度巡检'],
};
const CANCEL_REASONS = ['客户已自行解决，不需要上门', '重复报修，已合并到其他工单', '客户要求改为到站维修', '设备已报废，客户不再维修'];
const SUPERVISE_REASONS = ['客户来电催单：报修超过 24 小时未派工', '客户投诉：工程师未按约定时间到达'];
const TROUBLES = [
  { name: '液压压力不足', code: 'F-HYD-01', part: '液压泵', reason: '吸油滤芯堵塞，泵吸空', measure: '更换滤芯，清洗油箱' },
  { name: '齿轮箱异响', code: 'F-DRV-03', part: '减速机轴承', reason: '轴承润滑不足磨损', measure: '更换轴承并加注润滑脂' },
  { name: 'PLC 通讯故障', code: 'F-ELE-07', part: 'PLC 控制器', reason: '通讯模块损坏', measure: '更换 PLC，恢复程序' },
  { name: '电机过热', code: 'F-PWR-02', part: '三相异步电机', reason: '散热风扇损坏', measure: '更换风扇，清理散热片' },
];
const SLOTS = [800, 830, 900, 930, 1000, 1030, 1300, 1330, 1400, 1500];

/** A small deterministic generator (mulberry32), so the demo is the same on every start. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The instant at China-time hh:mm on the day `daysAgo` days before `now`. */
function chinaTime(now: Date, daysAgo: number, hour: number, minute = 0): Date {
  const [y, m, d] = chinaDate(new Date(now.getTime() - daysAgo * DAY))
    .split('-')
    .map(Number);
  return new Date(Date.UTC(y, m - 1, d, hour - 8, minute));
}
const slotOf = (t: Date) => {
  const cn = new Date(t.getTime() + 8 * HOUR);
  const v = cn.getUTCHours() * 100 + (cn.getUTCMinutes() >= 30 ? 30 : 0);
  return Math.min(2000, Math.max(500, v));
};
const slotPlus = (v: number, halfHours: number) => {
  const m = Math.floor(v / 100) * 60 + (v % 100) + halfHours * 30;
  return Math.min(2200, Math.floor(m / 60) * 100 + (m % 60));
};
const money = (n: number) => n.toFixed(2);

type Row = Record<string, unknown>;

/** `INSERT … SELECT FROM unnest(…)` of rows with the given column types (column names are literals of this file). */
async function insertRows(sql: Sql, table: string, types: Record<string, string>, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const cols = Object.keys(types);
  await sql.query(
    `INSERT INTO ${q(table)} (${cols.map(q).join(', ')}) SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ')})`,
    cols.map((c) => rows.map((r) => r[c] ?? null)),
  );
}

const SYS = {
  createdon: 'timestamptz',
  modifiedon: 'timestamptz',
  createdby: 'uuid',
  modifiedby: 'uuid',
  ownerid: 'uuid',
  owningbusinessunit: 'uuid',
};

export async function seedWorkOrderDemo(sql: Sql, ctx: DemoContext, now = new Date()): Promise<void> {
  const r = rng(20261120);
  const { rows: workers } = await sql.query<{ id: string; name: string; code: string }>(
    `SELECT w.new_srv_workerid AS id, w.new_name AS name, s.new_code AS code FROM new_srv_worker w
       JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id ORDER BY w.new_code`,
  );
  const { rows: products } = await sql.query<{ id: string; name: string; model: string; line: string; price: string }>(
    `SELECT productid AS id, name, new_model AS model, new_productline_id AS line, price::text AS price FROM product WHERE new_state = 0 ORDER BY productnumber`,
  );
  const { rows: stations } = await sql.query<{ id: string; code: string; unit: string; address: string }>(
    `SELECT new_srv_stationid AS id, new_code AS code, new_businessunit_id AS unit, new_province || new_city || new_county || new_address AS address FROM new_srv_station`,
  );
  const hq = ctx.userIds.get('hq')!;
  const stationUser: Record<string, string> = { SH001: ctx.userIds.get('station1')!, ZJ001: ctx.userIds.get('station2')!, GD001: hq };

  const orders: Row[] = [];
  const logs: Row[] = [];
  const repairs: Row[] = [];
  const parts: Row[] = [];
  const troubles: Row[] = [];
  const trips: Row[] = [];
  const workerPos = new Map<string, [number, number]>();
  const daySeq = new Map<string, number>();

  for (const st of stations.sort((a, b) => a.code.localeCompare(b.code))) {
    const city = CITIES[st.code];
    if (!city) continue;
    const crew = workers.filter((w) => w.code === st.code);
    const plans = [...PLANS, ...(st.code === 'SH001' ? SH_EXTRA : [])].slice(0, COUNTS[st.code]);
    let crewTurn = 0;
    const nextWorker = () => crew[crewTurn++ % crew.length];
    plans.forEach((plan, i) => {
      const id = randomUUID();
      const cust = city.customers[(i * 7 + st.code.charCodeAt(0)) % city.customers.length];
      const type = plan.s === 1 || i % 5 !== 3 ? (i % 9 === 4 ? 3 : 1) : 2;
      const product = products[(i * 11 + st.code.length * 3 + st.code.charCodeAt(1)) % products.length];
      // Closed orders of the three stations fall on different days, so the months fill evenly.
      const ago = plan.ago + (plan.ago >= 5 ? ({ SH001: 0, ZJ001: 2, GD001: 4 } as Record<string, number>)[st.code] : 0);
      const creator = i % 5 === 2 ? hq : stationUser[st.code];
      const actor = stationUser[st.code];
      const created =
        ago === 0 ? new Date(now.getTime() - r.int(120, 240) * MIN) : new Date(now.getTime() - ago * DAY - r.int(1, 5) * HOUR);
      const [lng, lat] = [cust[5] + (r.next() - 0.5) * 0.004, cust[6] + (r.next() - 0.5) * 0.004];
      const dayKey = chinaDate(created).replaceAll('-', '');
      const seq = (daySeq.get(dayKey) ?? 0) + 1;
      daySeq.set(dayKey, seq);
      const o: Row = {
        new_srv_workorderid: id,
        new_name: `WO${dayKey}-${String(seq).padStart(4, '0')}`,
        new_type: type,
        new_warranty: i % 3 === 1 ? 2 : 1,
        new_servicemode: type === 3 && i % 2 ? 2 : 1,
        new_dealstatus: plan.d,
        new_status: plan.s,
        new_isabnormal: false,
        new_photocount: 0,
        new_customer: cust[0],
        new_contact: cust[1],
        new_phone: cust[2],
        new_province: city.province,
        new_city: city.city,
        new_county: cust[3],
        new_address: cust[4],
        new_longitude: lng.toFixed(6),
        new_latitude: lat.toFixed(6),
        new_station_id: st.id,
        new_product_id: product.id,
        new_productline_id: product.line,
        new_model: product.model,
        new_serialnumber: `HC${dayKey.slice(2, 6)}${String(1000 + i * 37).slice(-4)}${st.code.slice(0, 2)}`,
        new_equipmentno: `EQ-${st.code}-${String(i + 1).padStart(3, '0')}`,
        new_buydate: chinaDate(new Date(created.getTime() - (200 + i * 23) * DAY)),
        new_faultdesc: r.pick(FAULTS[type]),
        new_othercost: '0',
        new_specialfee: '0',
        new_fineamount: '0',
        new_servicecharge: '0',
        new_outsidecost: '0',
        new_partcost: '0',
        new_totalcost: '0',
        createdon: created,
        modifiedon: created,
        createdby: creator,
        modifiedby: actor,
        ownerid: creator,
        owningbusinessunit: st.unit,
      };
      const customerAddress = `${city.province === city.city ? '' : city.province}${city.city}${cust[3]}${cust[4]}`;
      const log = (at: Date, action: number, from: number | null, to: number | null, extra: Row = {}, by = actor) =>
        logs.push({
          new_name: logSummary(action, {
            worker: extra.workerName as string | undefined,
            fromWorker: extra.fromName as string | undefined,
          }),
          new_workorder_id: id,
          new_station_id: st.id,
          new_action: action,
          new_fromstatus: from,
          new_tostatus: to,
          new_worker_id: extra.worker ?? null,
          new_appointmenttime: extra.date ?? null,
          new_appointmentbegin: extra.begin ?? null,
          new_appointmentend: extra.end ?? null,
          new_appointmentstatus: extra.apptStatus ?? null,
          new_appointmentreason: extra.reason ?? null,
          new_memo: extra.memo ?? null,
          createdon: at,
          modifiedon: at,
          createdby: by,
          modifiedby: by,
          ownerid: by,
          owningbusinessunit: st.unit,
        });
      log(created, ACTION.created, null, 1, {}, creator);

      const cancelled = plan.s === 9;
      const dispatched = plan.s >= 2 && !(cancelled && plan.cancelFrom === 1);
      let worker = dispatched ? nextWorker() : null;
      const dispatchAt = new Date(created.getTime() + (ago === 0 ? 30 * MIN : HOUR));
      if (worker) {
        if (plan.reassign) {
          const first = worker;
          worker = nextWorker();
          log(dispatchAt, ACTION.dispatched, 1, 2, { worker: first.id, workerName: first.name });
          const again = new Date(dispatchAt.getTime() + 2 * HOUR);
          log(again, ACTION.reassigned, 2, 2, {
            worker: worker.id,
            workerName: worker.name,
            fromName: first.name,
            memo: `${first.name}请假，改派`,
          });
          o.new_dispatchtime = again;
        } else {
          log(dispatchAt, ACTION.dispatched, 1, 2, { worker: worker.id, workerName: worker.name });
          o.new_dispatchtime = dispatchAt;
        }
        o.new_worker_id = worker.id;
      }
      if (plan.supervise) {
        const at = new Date(created.getTime() + (plan.s === 1 ? 26 : 2) * HOUR);
        o.new_isabnormal = true;
        o.new_supervisereason = SUPERVISE_REASONS[plan.s === 1 ? 0 : 1];
        o.new_supervisetime = at;
        log(at, ACTION.supervised, plan.s === 1 ? 1 : 3, plan.s === 1 ? 1 : 3, { memo: o.new_supervisereason }, hq);
      }
      if (cancelled) {
        const at = new Date(created.getTime() + (plan.cancelFrom === 1 ? 5 * HOUR : DAY));
        o.new_canceltime = at;
        o.new_cancelreason = CANCEL_REASONS[i % CANCEL_REASONS.length];
        log(at, ACTION.cancelled, plan.cancelFrom!, 9, { memo: o.new_cancelreason });
        orders.push(o);
        return;
      }
      if (!worker) {
        orders.push(o);
        return;
      }

      // Appointment and progress: open orders relative to now, finished ones a day after creation.
      const open = plan.s <= 5;
      const responseAt = new Date(dispatchAt.getTime() + 40 * MIN);
      const departAt = open ? new Date(now.getTime() - 150 * MIN) : chinaTime(now, ago - 1, 8, 30 + r.int(0, 150));
      const arriveAt = open ? new Date(now.getTime() - 90 * MIN) : new Date(departAt.getTime() + r.int(40, 90) * MIN);
      const doneAt = new Date(arriveAt.getTime() + r.int(60, 180) * MIN);
      const apptDay = (daysAhead: number) => chinaDate(new Date(now.getTime() + daysAhead * DAY));
      if (plan.s >= 3 || plan.appt) {
        const date =
          plan.appt === 'today'
            ? apptDay(0)
            : plan.appt === 'tomorrow'
              ? apptDay(1)
              : plan.appt === 'later'
                ? apptDay(r.int(2, 4))
                : chinaDate(departAt);
        const begin = open && plan.s < 4 ? r.pick(SLOTS) : slotOf(departAt);
        const end = slotPlus(begin, 4);
        const at = plan.s >= 3 ? new Date(responseAt.getTime() + 5 * MIN) : new Date(dispatchAt.getTime() + 10 * MIN);
        if (plan.apptStatus === 2) {
          const before = chinaDate(new Date(now.getTime() - DAY));
          log(at, ACTION.appointment, 3, 3, { worker: worker.id, date: before, begin: 900, end: 1100, apptStatus: 1 });
          log(new Date(at.getTime() + 3 * HOUR), ACTION.appointment, 3, 3, {
            worker: worker.id,
            date,
            begin,
            end,
            apptStatus: 2,
            reason: 1,
            memo: '客户临时外出，改约到今天',
          });
          o.new_appointmentreason = 1;
        } else {
          const memo =
            plan.apptStatus === 4
              ? '客户电话无人接听，已连续联系 3 次'
              : plan.apptStatus === 7
                ? '客户拒绝上门服务，称已联系第三方维修'
                : null;
          log(at, ACTION.appointment, plan.s >= 3 ? 3 : 2, plan.s >= 3 ? 3 : 2, {
            worker: worker.id,
            date,
            begin,
            end,
            apptStatus: plan.apptStatus ?? 1,
            memo,
          });
        }
        o.new_appointmenttime = date;
        o.new_appointmentbegin = begin;
        o.new_appointmentend = end;
        o.new_appointmentstatus = plan.apptStatus ?? 1;
        if (plan.apptStatus === 4 || plan.apptStatus === 7) o.new_isabnormal = true;
      }
      const stationAddress = st.address;
      if (plan.s >= 3) {
        o.new_responsetime = responseAt;
        log(responseAt, ACTION.responded, 2, 3, { worker: worker.id });
      }
      if (plan.s >= 4) {
        o.new_departuretime = departAt;
        o.new_departureaddress = stationAddress;
        log(departAt, ACTION.departed, 3, 4, { worker: worker.id });
      }
      if (plan.s >= 5) {
        o.new_arrivaltime = arriveAt;
        o.new_arrivaladdress = customerAddress;
        o.new_begintime = arriveAt;
        log(arriveAt, ACTION.arrived, 4, 5, { worker: worker.id });
        if (plan.s === 5) workerPos.set(worker.id, [lng + 0.0004, lat - 0.0003]);
      }
      if (plan.d >= 6) {
        o.new_photocount = r.int(2, 5);
        log(new Date(arriveAt.getTime() + 20 * MIN), ACTION.photographed, 5, 5, { worker: worker.id });
      }
      if (plan.s >= 7) {
        o.new_completiontime = doneAt;
        o.new_endtime = doneAt;
        o.new_completionaddress = customerAddress;
        const withParts = type !== 2 && i % 4 !== 1;
        o.new_fixtype = type === 2 ? 3 : withParts ? 1 : 2;
        o.new_solution =
          type === 2
            ? '完成设备就位、接线及试运行，培训操作人员'
            : withParts
              ? '更换故障配件后试机正常'
              : '调整参数、紧固松动部件后试机正常';
        o.new_serviceresult = '设备运行正常，客户签字确认';
        log(doneAt, ACTION.completed, 5, 7, { worker: worker.id });
        addDetails(id, st.id, st.unit, actor, doneAt, type, withParts, product.line, worker.id);
        if (i % 6 === 0) o.new_othercost = '50';
        if (i % 8 === 3) o.new_specialfee = '100';
        if (i % 7 === 2) o.new_fineamount = '-50';
        if (i % 9 === 5) o.new_fineamount = '100';
      }
      if (plan.s >= 10) {
        const at = chinaTime(now, ago - 3, 10, 15);
        o.new_audittime = at;
        o.new_auditmemo = '资料齐全，审核通过';
        log(at, ACTION.audited, 7, 10, { memo: o.new_auditmemo }, hq);
      }
      if (plan.s >= 11) {
        const at = chinaTime(now, ago - 4, 15, 30);
        o.new_revisittime = at;
        o.new_revisitmemo = i % 2 ? '客户对服务满意' : '客户反馈工程师响应及时，设备运行正常';
        o.new_samplestatus = 1 + (i % 3);
        log(at, ACTION.revisited, 10, 11, { memo: o.new_revisitmemo }, hq);
      }
      for (let s = 12; s <= plan.s; s++) {
        const at = chinaTime(now, ago - 4 - (s - 11) * 3, 11, 0);
        o.new_settlementno = `JS${chinaDate(at).slice(0, 7).replace('-', '')}-${st.code}`;
        log(at, ACTION.settlement, s - 1, s, { memo: s === 12 ? `结算单 ${o.new_settlementno}` : null }, hq);
      }
      if (plan.d === 8) log(chinaTime(now, ago - 4, 16, 0), ACTION.evaluated, plan.s, plan.s, { memo: '客户评价：非常满意' }, hq);
      orders.push(o);
    });
  }

  function addDetails(
    orderId: string,
    stationId: string,
    unit: string,
    by: string,
    at: Date,
    type: number,
    withParts: boolean,
    line: string,
    workerId: string,
  ) {
    const sys = {
      createdon: at,
      modifiedon: at,
      createdby: by,
      modifiedby: by,
      ownerid: by,
      owningbusinessunit: unit,
      new_workorder_id: orderId,
      new_station_id: stationId,
    };
    const item =
      type === 2
        ? ['设备安装调试', 'RI-INS', 4]
        : type === 3
          ? ['定期保养', 'RI-MNT', 2]
          : [r.pick(['液压系统检修', '电气故障排查', '齿轮箱拆检', '程序调试']), 'RI-REP', r.int(1, 3)];
    const price = r.pick([80, 100, 120]);
    repairs.push({
      ...sys,
      new_name: item[0],
      new_code: item[1],
      new_hours: String(item[2]),
      new_price: money(price),
      new_amount: money(Number(item[2]) * price),
    });
    if (type === 1 && r.next() < 0.4)
      repairs.push({
        ...sys,
        new_name: '试机及清洁',
        new_code: 'RI-TST',
        new_hours: '0.5',
        new_price: money(price),
        new_amount: money(0.5 * price),
      });
    if (withParts) {
      const own = products.filter((p) => p.line === line && Number(p.price) < 5000);
      for (const p of [
        r.pick(own.length ? own : products),
        ...(r.next() < 0.3 ? [r.pick(products.filter((x) => Number(x.price) < 500))] : []),
      ]) {
        const qty = Number(p.price) < 200 ? r.int(1, 4) : 1;
        parts.push({
          ...sys,
          new_name: p.name,
          new_product_id: p.id,
          new_qty: qty,
          new_price: p.price,
          new_amount: money(qty * Number(p.price)),
          new_oldserialno: `OLD${r.int(10000, 99999)}`,
          new_newserialno: `NEW${r.int(10000, 99999)}`,
        });
      }
    }
    if (type === 1) {
      const t = r.pick(TROUBLES);
      troubles.push({ ...sys, new_name: t.name, new_code: t.code, new_part: t.part, new_reason: t.reason, new_measure: t.measure });
    }
    if (r.next() < 0.6) {
      const km = r.int(8, 60);
      trips.push({
        ...sys,
        new_name: `上门服务（往返 ${km * 2} 公里）`,
        new_worker_id: workerId,
        new_state: 10,
        new_endstate: 1,
        new_departuretime: new Date(at.getTime() - 4 * HOUR),
        new_arrivaltime: new Date(at.getTime() - 3 * HOUR),
        new_endtime: at,
        new_distance: String(km * 2),
        new_cost: money(km * 2 * 1.5),
      });
    }
  }

  await insertRows(
    sql,
    'new_srv_workorder',
    {
      new_srv_workorderid: 'uuid',
      new_name: 'varchar',
      new_type: 'int',
      new_warranty: 'int',
      new_servicemode: 'int',
      new_dealstatus: 'int',
      new_status: 'int',
      new_isabnormal: 'boolean',
      new_photocount: 'int',
      new_customer: 'varchar',
      new_contact: 'varchar',
      new_phone: 'varchar',
      new_province: 'varchar',
      new_city: 'varchar',
      new_county: 'varchar',
      new_address: 'varchar',
      new_longitude: 'numeric',
      new_latitude: 'numeric',
      new_station_id: 'uuid',
      new_worker_id: 'uuid',
      new_product_id: 'uuid',
      new_productline_id: 'uuid',
      new_model: 'varchar',
      new_serialnumber: 'varchar',
      new_equipmentno: 'varchar',
      new_buydate: 'date',
      new_faultdesc: 'text',
      new_dispatchtime: 'timestamptz',
      new_appointmenttime: 'date',
      new_appointmentbegin: 'int',
      new_appointmentend: 'int',
      new_appointmentstatus: 'int',
      new_appointmentreason: 'int',
      new_responsetime: 'timestamptz',
      new_departuretime: 'timestamptz',
      new_departureaddress: 'varchar',
      new_arrivaltime: 'timestamptz',
      new_arrivaladdress: 'varchar',
      new_begintime: 'timestamptz',
      new_endtime: 'timestamptz',
      new_completiontime: 'timestamptz',
      new_completionaddress: 'varchar',
      new_fixtype: 'int',
      new_solution: 'text',
      new_serviceresult: 'text',
      new_othercost: 'numeric',
      new_specialfee: 'numeric',
      new_fineamount: 'numeric',
      new_servicecharge: 'numeric',
      new_outsidecost: 'numeric',
      new_partcost: 'numeric',
      new_totalcost: 'numeric',
      new_cancelreason: 'text',
      new_canceltime: 'timestamptz',
      new_supervisereason: 'text',
      new_supervisetime: 'timestamptz',
      new_audittime: 'timestamptz',
      new_auditmemo: 'text',
      new_revisittime: 'timestamptz',
      new_revisitmemo: 'text',
      new_samplestatus: 'int',
      new_settlementno: 'varchar',
      ...SYS,
    },
    orders,
  );
  const detail = { new_workorder_id: 'uuid', new_station_id: 'uuid', ...SYS };
  await insertRows(
    sql,
    'new_srv_repairitem',
    { new_name: 'varchar', new_code: 'varchar', new_hours: 'numeric', new_price: 'numeric', new_amount: 'numeric', ...detail },
    repairs,
  );
  await insertRows(
    sql,
    'new_srv_partline',
    {
      new_name: 'varchar',
      new_product_id: 'uuid',
      new_qty: 'int',
      new_price: 'numeric',
      new_amount: 'numeric',
      new_oldserialno: 'varchar',
      new_newserialno: 'varchar',
      ...detail,
    },
    parts,
  );
  await insertRows(
    sql,
    'new_srv_trouble',
    { new_name: 'varchar', new_code: 'varchar', new_part: 'varchar', new_reason: 'text', new_measure: 'text', ...detail },
    troubles,
  );
  await insertRows(
    sql,
    'new_srv_outsideline',
    {
      new_name: 'varchar',
      new_worker_id: 'uuid',
      new_state: 'int',
      new_endstate: 'int',
      new_departuretime: 'timestamptz',
      new_arrivaltime: 'timestamptz',
      new_endtime: 'timestamptz',
      new_distance: 'numeric',
      new_cost: 'numeric',
      ...detail,
    },
    trips,
  );
  await insertRows(
    sql,
    'new_srv_workorderlog',
    {
      new_name: 'varchar',
      new_workorder_id: 'uuid',
      new_station_id: 'uuid',
      new_action: 'int',
      new_fromstatus: 'int',
      new_tostatus: 'int',
      new_worker_id: 'uuid',
      new_appointmenttime: 'date',
      new_appointmentbegin: 'int',
      new_appointmentend: 'int',
      new_appointmentstatus: 'int',
      new_appointmentreason: 'int',
      new_memo: 'text',
      ...SYS,
    },
    logs,
  );
  await recomputeCosts(
    sql,
    orders.map((o) => o.new_srv_workorderid as string),
  );

  // Engineers: load = their orders in service; last position near the station (or at the customer they are with).
  const pos = workers.map((w, k) => {
    const [lng, lat] =
      workerPos.get(w.id) ?? (CITIES[w.code].station.map((v, j) => v + (((k * (j ? 7 : 13)) % 11) - 5) * 0.0021) as [number, number]);
    return { id: w.id, lng: lng.toFixed(6), lat: lat.toFixed(6), at: new Date(now.getTime() - (((k * 17) % 90) + 5) * MIN) };
  });
  await sql.query(
    `UPDATE new_srv_worker w SET new_longitude = p.lng, new_latitude = p.lat, new_locationtime = p.at,
            new_load = (SELECT count(*)::int FROM new_srv_workorder o WHERE o.new_worker_id = w.new_srv_workerid AND o.new_status IN (${IN_SERVICE_STATUSES.join(', ')}))
       FROM unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::timestamptz[]) AS p(id, lng, lat, at)
      WHERE w.new_srv_workerid = p.id`,
    [pos.map((p) => p.id), pos.map((p) => p.lng), pos.map((p) => p.lat), pos.map((p) => p.at)],
  );
}
