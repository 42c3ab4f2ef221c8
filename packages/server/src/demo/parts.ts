import { IN_SERVICE_STATUSES, stockDocumentType, stockUsage, warehouseType, workOrderStatus, type DeliveryStep } from '@portal/model';
import type { Principal } from '../auth/principal.ts';
import { runCommand } from '../documents/kernel.ts';
import { applicationDocument } from '../domain/parts/application.ts';
import { applicationController } from '../domain/parts/application.controller.ts';
import { addDeliveryLine, createDelivery, deleteDeliveryLine } from '../domain/parts/delivery.ts';
import { deliveryController } from '../domain/parts/delivery.controller.ts';
import { addRequestLine, type RequestDocument } from '../domain/parts/request-lines.ts';
import { transferDocument } from '../domain/parts/transfer.ts';
import { confirmCount, createCount, createTask, setCounts, submitCount } from '../domain/stock/counts.ts';
import { postMoves, type StockMove } from '../domain/stock/ledger.ts';
import { chinaDay } from '../domain/china-time.ts';
import { nextDocumentNumbers } from '../domain/document-number.ts';
import { saveLimits } from '../domain/stock/limits.ts';
import { act, submit } from '../flow/engine.ts';
import { flowDocument } from '../flow/documents.ts';
import type { Caller } from '../records/scope.ts';
import { insertRecords } from '../records/write.ts';
import type { Sql } from '../db/db.ts';
import type { DemoContext } from './service.ts';

/**
 * Demo parts and stock: central and station warehouses, opening stock, the demo work orders' parts
 * taken from the stations' stock, approval flows, and applications, deliveries, transfers, counts,
 * an inventory task and inventory limits in every state. Everything after the warehouses is made
 * through the real commands (so the ledger holds exactly what the balances say), then dated back
 * so the lists read like weeks of business.
 */

const WAREHOUSES = [
  {
    code: 'WH-HQ',
    name: '华辰总部中心库',
    type: warehouseType.central,
    unit: 'WH-HQ',
    station: null,
    province: '江苏省',
    city: '苏州市',
    county: '苏州工业园区',
    address: '星龙街 428 号华辰智造园 3 号库',
    contact: '顾建华',
    phone: '0512-62891100',
  },
  {
    code: 'WH-HD',
    name: '华东中心库',
    type: warehouseType.central,
    unit: 'WH-HD',
    station: null,
    province: '上海市',
    city: '上海市',
    county: '嘉定区',
    address: '嘉定工业区兴贤路 1180 号',
    contact: '孙丽',
    phone: '021-59912870',
  },
  {
    code: 'WH-HN',
    name: '华南中心库',
    type: warehouseType.central,
    unit: 'WH-HN',
    station: null,
    province: '广东省',
    city: '东莞市',
    county: '松山湖',
    address: '工业北路 6 号华辰南方物流中心',
    contact: '邓志华',
    phone: '0769-22896650',
  },
  {
    code: 'WH-SH001',
    name: '上海浦东华辰服务站库',
    type: warehouseType.station,
    unit: 'ST-SH001',
    station: 'SH001',
    province: '上海市',
    city: '上海市',
    county: '浦东新区',
    address: '张江高科技园区碧波路 690 号',
    contact: '陈志强',
    phone: '021-58956321',
  },
  {
    code: 'WH-ZJ001',
    name: '杭州西湖华辰服务站库',
    type: warehouseType.station,
    unit: 'ST-ZJ001',
    station: 'ZJ001',
    province: '浙江省',
    city: '杭州市',
    county: '西湖区',
    address: '文三路 199 号创业大厦 B1 库房',
    contact: '刘洋',
    phone: '0571-88231567',
  },
  {
    code: 'WH-GD001',
    name: '广州天河华辰服务站库',
    type: warehouseType.station,
    unit: 'ST-GD001',
    station: 'GD001',
    province: '广东省',
    city: '广州市',
    county: '天河区',
    address: '天河北路 233 号中信广场负一层',
    contact: '黄国平',
    phone: '020-38772233',
  },
] as const;

/** Opening stock of the central warehouses (part number → quantity); stations get theirs from their use. */
const CENTRAL_STOCK: Record<string, number> = {
  'HC-LF-200': 320,
  'HC-LF-350': 180,
  'HC-GP-16': 24,
  'HC-PV-45': 6,
  'HC-CV-06': 60,
  'HC-RV-10': 45,
  'HC-CY-80': 12,
  'HC-SK-80': 150,
  'HC-HS-12': 200,
  'EC-PLC-1214': 18,
  'EC-HMI-07': 14,
  'EC-INV-55': 20,
  'EC-CT-25': 160,
  'EC-RL-24': 400,
  'EC-PS-24': 80,
  'EC-PX-08': 240,
  'EC-EN-1024': 36,
  'EC-PCB-210': 40,
  'EC-PCB-060': 55,
  'DR-BR-6205': 600,
  'DR-BR-22312': 48,
  'DR-GB-90': 5,
  'DR-CH-16': 70,
  'DR-SP-16': 90,
  'DR-VB-B1800': 260,
  'DR-CP-110': 75,
  'DR-SC-25': 16,
  'PW-MT-75': 10,
  'PW-MT-22': 4,
  'PW-SV-15': 8,
  'PW-FL-01': 500,
  'PW-AF-02': 280,
  'PW-CP-35': 22,
  'PW-FM-550': 46,
  'SM-CV-01': 9,
  'SM-DP-02': 15,
  'CS-GR-15': 120,
  'CS-HO-46': 160,
  'CS-OR-386': 90,
  'CS-PT-01': 40,
};
/** What each station keeps on its shelves beyond what its orders have used. */
const STATION_STOCK: Record<string, number> = {
  'HC-LF-200': 24,
  'HC-SK-80': 10,
  'HC-HS-12': 12,
  'EC-CT-25': 12,
  'EC-RL-24': 30,
  'EC-PX-08': 16,
  'DR-BR-6205': 40,
  'DR-VB-B1800': 20,
  'PW-FL-01': 36,
  'PW-AF-02': 18,
  'CS-GR-15': 8,
  'CS-OR-386': 6,
  'EC-PCB-210': 2,
  'PW-FM-550': 3,
};

const DAY = 86_400_000;

/** A caller for the demo's commands, as the user would be signed in. */
export async function callerOf(sql: Sql, login: string): Promise<Caller> {
  const {
    rows: [u],
  } = await sql.query<{ id: string; unit: string; station: string | null; fullname: string; privileges: string[]; subtree: string[] }>(
    `SELECT u.systemuserid AS id, u.businessunitid AS unit, u.new_station_id AS station, u.fullname,
            ARRAY(SELECT DISTINCT rp.new_name FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid WHERE ur.systemuserid = u.systemuserid) AS privileges,
            ARRAY(WITH RECURSIVE t AS (SELECT b.businessunitid AS id FROM businessunit b WHERE b.businessunitid = u.businessunitid
                  UNION ALL SELECT b.businessunitid FROM businessunit b JOIN t ON b.parentbusinessunitid = t.id) SELECT id FROM t) AS subtree
       FROM systemuser u WHERE u.domainname = $1`,
    [login],
  );
  const principal: Principal = {
    userId: u.id,
    sessionId: '',
    loginType: 'demo',
    portal: 'standard',
    userName: login,
    fullName: u.fullname,
    nickName: null,
    mobilephone: null,
    businessUnitId: u.unit,
    businessUnitName: null,
    stationId: u.station,
    stationName: null,
    userType: null,
    unitType: null,
    hasAvatar: false,
    disabled: false,
    privileges: new Set(u.privileges),
    roles: [],
    sessionStartedAt: new Date(),
    subtree: u.subtree,
  };
  return { principal, subtree: u.subtree };
}

/** The time columns of each table backdate() moves (read from information_schema once a table). */
const timeColumns = new Map<string, { c: string }[]>();

/**
 * Dates a document, its lines and its stock moves back by `days`, so the demo reads as weeks of
 * work rather than one instant (renumber() then gives each document the number of its day).
 */
async function backdate(sql: Sql, table: string, id: string, days: number): Promise<void> {
  const meta: Record<string, { key: string; lines: [string, string][] }> = {
    new_srv_partsapply: { key: 'new_srv_partsapplyid', lines: [['new_srv_partsapplydetil', 'new_partsapply_id']] },
    new_stockoutorder: { key: 'new_stockoutorderid', lines: [['new_stockoutorderdetail', 'new_stockoutorder_id']] },
    new_srv_parttransorder: { key: 'new_srv_parttransorderid', lines: [['new_srv_parttransdetail', 'new_parttransorder_id']] },
    new_srv_stockcheck: { key: 'new_srv_stockcheckid', lines: [['new_srv_stockcheckdetail', 'new_stockcheck_id']] },
    new_srv_invtask: { key: 'new_srv_invtaskid', lines: [] },
  };
  const m = meta[table];
  const shift = `make_interval(days => ${Math.trunc(days)})`;
  // Every time column of the row moves by the same amount (submitted, picked, shipped…). Asked
  // once a table: information_schema is slow to read, and the demo dates back dozens of documents.
  let cols = timeColumns.get(table);
  if (!cols) {
    cols = (
      await sql.query<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND data_type = 'timestamp with time zone'`,
        [table],
      )
    ).rows;
    timeColumns.set(table, cols);
  }
  await sql.query(`UPDATE ${table} SET ${cols.map((c) => `"${c.c}" = "${c.c}" - ${shift}`).join(', ')} WHERE ${m.key} = $1::uuid`, [id]);
  for (const [lt, fk] of m.lines)
    await sql.query(`UPDATE ${lt} SET createdon = createdon - ${shift}, modifiedon = modifiedon - ${shift} WHERE ${fk} = $1::uuid`, [id]);
  await sql.query(
    `UPDATE new_srv_stocktransaction t SET createdon = t.createdon - ${shift}, modifiedon = t.modifiedon - ${shift} WHERE t.new_docid = $1::text`,
    [id],
  );
  if (table === 'new_srv_partsapply' || table === 'new_srv_parttransorder') {
    await sql.query(`UPDATE new_approvallog SET createdon = createdon - ${shift} WHERE new_recordid = $1`, [id]);
    await sql.query(
      `UPDATE new_approvalstep SET createdon = createdon - ${shift}, new_actedon = new_actedon - ${shift} WHERE new_recordid = $1`,
      [id],
    );
  }
}

type Ids = { warehouses: Map<string, string>; parts: Map<string, string>; stations: Map<string, string> };

async function seedWarehouses(sql: Sql, ctx: DemoContext): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const w of WAREHOUSES) {
    const unit = ctx.unitIds.get(w.unit)!;
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO new_srv_warehouse (new_name, new_code, new_type, new_station_id, new_businessunit_id, new_province, new_city, new_county, new_address,
                                      new_contact, new_phone, new_isactive, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true, $12, $5, $12, $12, now() - interval '120 days') RETURNING new_srv_warehouseid AS id`,
      [
        w.name,
        w.code,
        w.type,
        w.station ? ctx.stationIds.get(w.station) : null,
        unit,
        w.province,
        w.city,
        w.county,
        w.address,
        w.contact,
        w.phone,
        ctx.adminId,
      ],
    );
    out.set(w.code, rows[0].id);
  }
  return out;
}

/**
 * Opening stock a week before the first demo order's parts were used (90 days ago at the latest):
 * central warehouses replenished from the factory; each station's shelves hold what its demo work
 * orders used since, plus its usual stock. Then those orders' parts are taken out ("for repair")
 * at their completion times, so no balance dips below zero in date order.
 */
async function seedOpeningStock(sql: Sql, ctx: DemoContext, ids: Ids): Promise<void> {
  const moves: StockMove[] = [];
  const opening = (wh: string, no: string, qty: number, usage: number, name: string) =>
    moves.push({
      warehouseId: ids.warehouses.get(wh)!,
      productId: ids.parts.get(no)!,
      qty,
      usage,
      docType: stockDocumentType.opening,
      docId: wh,
      docName: name,
      key: `demo:opening:${wh}:${no}`,
    });
  for (const wh of ['WH-HQ', 'WH-HD', 'WH-HN']) {
    for (const [no, qty] of Object.entries(CENTRAL_STOCK))
      opening(wh, no, wh === 'WH-HQ' ? qty * 2 : qty, stockUsage.replenishment, `QC-${wh}`);
  }
  const { rows: used } = await sql.query<{ station: string; no: string; qty: number }>(
    `SELECT o.new_station_id AS station, p.productnumber AS no, sum(l.new_qty)::int AS qty
       FROM new_srv_partline l JOIN new_srv_workorder o ON o.new_srv_workorderid = l.new_workorder_id JOIN product p ON p.productid = l.new_product_id
      WHERE o.new_status = ANY($1::int[]) GROUP BY 1, 2`,
    [
      [
        workOrderStatus.completed,
        workOrderStatus.audited,
        workOrderStatus.revisited,
        workOrderStatus.settlementConfirmed,
        workOrderStatus.salesConfirmed,
        workOrderStatus.inSettlement,
        workOrderStatus.paid,
        workOrderStatus.finished,
      ],
    ],
  );
  for (const st of ['SH001', 'ZJ001', 'GD001']) {
    const sid = ctx.stationIds.get(st)!;
    const need = new Map(Object.entries(STATION_STOCK));
    for (const u of used) if (u.station === sid) need.set(u.no, (need.get(u.no) ?? 0) + u.qty);
    for (const [no, qty] of need) if (ids.parts.has(no)) opening(`WH-${st}`, no, qty, stockUsage.noDeliveryDocument, `QC-WH-${st}`);
  }
  await postMoves(sql, ctx.adminId, moves);

  // The demo orders' replaced parts leave the station warehouses when each order was completed.
  const { rows: lines } = await sql.query<{
    id: string;
    order: string;
    name: string;
    station: string;
    product: string;
    qty: number;
    at: Date;
  }>(
    `SELECT l.new_srv_partlineid AS id, o.new_srv_workorderid AS "order", o.new_name AS name, o.new_station_id AS station, l.new_product_id AS product,
            l.new_qty AS qty, COALESCE(o.new_completiontime, o.createdon) AS at
       FROM new_srv_partline l JOIN new_srv_workorder o ON o.new_srv_workorderid = l.new_workorder_id
      WHERE o.new_status = ANY($1::int[]) ORDER BY at`,
    [
      [
        workOrderStatus.completed,
        workOrderStatus.audited,
        workOrderStatus.revisited,
        workOrderStatus.settlementConfirmed,
        workOrderStatus.salesConfirmed,
        workOrderStatus.inSettlement,
        workOrderStatus.paid,
        workOrderStatus.finished,
      ],
    ],
  );
  const opened = Math.min(Date.now() - 90 * DAY, (lines[0]?.at.getTime() ?? Date.now()) - 7 * DAY);
  await sql.query(
    `UPDATE new_srv_stocktransaction SET createdon = $1::timestamptz, modifiedon = $1::timestamptz WHERE new_key LIKE 'demo:opening:%'`,
    [new Date(opened)],
  );
  const stationWh = new Map(['SH001', 'ZJ001', 'GD001'].map((st) => [ctx.stationIds.get(st)!, ids.warehouses.get(`WH-${st}`)!]));
  await postMoves(
    sql,
    ctx.adminId,
    lines.map((l) => ({
      warehouseId: stationWh.get(l.station)!,
      productId: l.product,
      qty: -l.qty,
      usage: stockUsage.repair,
      docType: stockDocumentType.workOrder,
      docId: l.order,
      docName: l.name,
      lineId: l.id,
      key: `wo:${l.id}:1`,
    })),
  );
  await sql.query(`UPDATE new_srv_partline SET new_postedqty = new_qty, new_postseq = 1 WHERE new_srv_partlineid = ANY($1::uuid[])`, [
    lines.map((l) => l.id),
  ]);
  await sql.query(
    `UPDATE new_srv_stocktransaction t SET createdon = x.at, modifiedon = x.at FROM unnest($1::text[], $2::timestamptz[]) AS x(line, at)
      WHERE t.new_lineid = x.line AND t.new_doctype = $3`,
    [lines.map((l) => l.id), lines.map((l) => l.at), stockDocumentType.workOrder],
  );
}

type FlowIds = { flow: string; steps: string[] };

async function seedFlows(sql: Sql, ctx: DemoContext): Promise<{ apply: FlowIds; transfer: FlowIds }> {
  const sys = [ctx.adminId, ctx.hqUnitId];
  const {
    rows: [role],
  } = await sql.query<{ id: string }>(`SELECT new_flowroleid AS id FROM new_flowrole WHERE new_name = '华东区审批组'`);
  const flow = async (name: string, entity: string, description: string, order: number) =>
    (
      await sql.query<{ id: string }>(
        `INSERT INTO new_flow (new_name, new_entityname, new_description, new_isactive, new_allowselfapprove, new_order, createdby, modifiedby, ownerid, owningbusinessunit)
       VALUES ($1, $2, $3, true, false, $4, $5, $5, $5, $6) RETURNING new_flowid AS id`,
        [name, entity, description, order, ...sys],
      )
    ).rows[0].id;
  const step = async (flowId: string, name: string, seq: number, type: number, roleId: string | null, users: string[]) => {
    const {
      rows: [s],
    } = await sql.query<{ id: string }>(
      `INSERT INTO new_flowsteps (new_name, new_flow_id, new_sequence, new_approvertype, new_flowrole_id, createdby, modifiedby, ownerid, owningbusinessunit)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $7) RETURNING new_flowstepsid AS id`,
      [name, flowId, seq, type, roleId, ...sys],
    );
    for (const u of users) {
      await sql.query(
        `INSERT INTO new_flowstepuser (new_name, new_flowstep_id, new_systemuser_id, createdby, modifiedby, ownerid, owningbusinessunit) VALUES ($1, $2, $3, $4, $4, $4, $5)`,
        [u, s.id, ctx.userIds.get(u), ...sys],
      );
    }
    return s.id;
  };
  const applyFlow = await flow('配件申请审批流程', 'new_srv_partsapply', '分公司审核后由总部审批，审批通过即在供货仓库预留', 1);
  const applySteps = [
    await step(applyFlow, '分公司审核', 1, 2, role?.id ?? null, []),
    await step(applyFlow, '总部审批', 2, 1, null, ['hq', 'admin']),
  ];
  const transFlow = await flow('配件调拨审批流程', 'new_srv_parttransorder', '调拨由总部审批，审批通过即在调出仓库预留', 1);
  const transSteps = [await step(transFlow, '总部审批', 1, 1, null, ['hq', 'admin'])];
  return { apply: { flow: applyFlow, steps: applySteps }, transfer: { flow: transFlow, steps: transSteps } };
}

type Until = 'draft' | 'step1' | 'step2' | 'rejected' | 'vetoed' | 'approved';

/** Submits a document to its flow and acts on it as the approvers would, up to `until`. */
async function approve(
  sql: Sql,
  entity: string,
  id: string,
  submitter: string,
  f: FlowIds,
  approvers: string[],
  until: Until,
  memo: string[] = [],
) {
  if (until === 'draft') return;
  const d = flowDocument(entity)!;
  await submit(sql, d, id, submitter, { flowId: f.flow, approvers: f.steps.map((s, i) => ({ StepId: s, ApproveUserId: approvers[i] })) });
  if (until === 'step1') return;
  if (until === 'rejected') return void (await act(sql, d, id, approvers[0], 'reject', memo[0] ?? null));
  if (until === 'vetoed' && f.steps.length === 1) return void (await act(sql, d, id, approvers[0], 'veto', memo[0] ?? null));
  await act(sql, d, id, approvers[0], 'approve', memo[0] ?? '情况属实，同意');
  if (until === 'step2' || f.steps.length === 1) return;
  await act(sql, d, id, approvers[1], until === 'vetoed' ? 'veto' : 'approve', memo[1] ?? '同意');
}

async function addLines(sql: Sql, caller: Caller, d: RequestDocument, id: string, ids: Ids, lines: [string, number][]) {
  for (const [no, qty] of lines) await addRequestLine(sql, caller, d, id, { productId: ids.parts.get(no)!, qty }, 'zh-CN');
}

type Application = {
  station: 'SH001' | 'ZJ001' | 'GD001';
  by: string;
  type: 1 | 2 | 3;
  supplier: 'WH-HD' | 'WH-HN' | 'WH-HQ';
  days: number;
  lines: [string, number][];
  until: Until;
  memo?: string;
  reject?: string;
  /** Parts for an open order of the station that another engineer than the demo's engineer1 handles (engineer1 does not see it). */
  forOrder?: true;
  /** A delivery made of it: up to which step, which lines (default all), and what the station received. */
  delivery?: { upTo: DeliveryStep; only?: string[]; received?: 'part' | 'all'; days: number };
  close?: string;
};

const APPLICATIONS: Application[] = [
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 0,
    lines: [
      ['PW-CP-35', 1],
      ['EC-PCB-210', 2],
      ['HC-LF-200', 20],
    ],
    until: 'draft',
    memo: '12 月保养季备货',
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 2,
    supplier: 'WH-HD',
    days: 1,
    lines: [
      ['EC-INV-55', 1],
      ['EC-CT-25', 6],
      ['EC-RL-24', 20],
    ],
    until: 'step1',
    memo: '浦东康桥客户停机，加急',
    forOrder: true,
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 3,
    lines: [
      ['DR-BR-6205', 30],
      ['DR-VB-B1800', 12],
      ['PW-FL-01', 40],
    ],
    until: 'approved',
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 4,
    lines: [
      ['HC-SK-80', 8],
      ['HC-HS-12', 10],
    ],
    until: 'approved',
    delivery: { upTo: 'pick', days: 3 },
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 5,
    lines: [
      ['PW-FM-550', 4],
      ['EC-PX-08', 12],
    ],
    until: 'approved',
    delivery: { upTo: 'pack', days: 4 },
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 8,
    lines: [
      ['PW-AF-02', 20],
      ['CS-GR-15', 6],
      ['EC-PCB-060', 3],
    ],
    until: 'approved',
    delivery: { upTo: 'ship', only: ['PW-AF-02', 'CS-GR-15'], received: 'part', days: 6 },
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 15,
    lines: [
      ['HC-LF-350', 10],
      ['CS-HO-46', 8],
      ['CS-OR-386', 4],
    ],
    until: 'approved',
    delivery: { upTo: 'ship', received: 'all', days: 13 },
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 6,
    lines: [['PW-SV-15', 2]],
    until: 'rejected',
    reject: '伺服套装本月已领用 2 套，请说明用途后重新提交',
  },
  {
    station: 'SH001',
    by: 'station1',
    type: 1,
    supplier: 'WH-HD',
    days: 20,
    lines: [
      ['DR-SC-25', 4],
      ['DR-CP-110', 6],
    ],
    until: 'approved',
    delivery: { upTo: 'ship', only: ['DR-CP-110'], received: 'all', days: 18 },
    close: '滚珠丝杠改由总部直发，余量关闭',
  },
  {
    station: 'ZJ001',
    by: 'station2',
    type: 1,
    supplier: 'WH-HD',
    days: 2,
    lines: [
      ['HC-GP-16', 2],
      ['HC-CV-06', 4],
    ],
    until: 'step2',
  },
  {
    station: 'ZJ001',
    by: 'station2',
    type: 2,
    supplier: 'WH-HD',
    days: 10,
    lines: [['PW-MT-22', 3]],
    until: 'vetoed',
    memo: '客户要求更换电机',
  },
  {
    station: 'ZJ001',
    by: 'station2',
    type: 1,
    supplier: 'WH-HD',
    days: 5,
    lines: [
      ['DR-BR-22312', 4],
      ['DR-CH-16', 3],
      ['DR-SP-16', 6],
    ],
    until: 'approved',
    delivery: { upTo: 'ship', days: 3 },
  },
  {
    station: 'ZJ001',
    by: 'station2',
    type: 3,
    supplier: 'WH-HD',
    days: 1,
    lines: [
      ['EC-PLC-1214', 1],
      ['EC-HMI-07', 1],
    ],
    until: 'approved',
    delivery: { upTo: 'submit', days: 0 },
  },
  {
    station: 'GD001',
    by: 'admin',
    type: 1,
    supplier: 'WH-HN',
    days: 2,
    lines: [
      ['PW-MT-75', 2],
      ['PW-FL-01', 30],
    ],
    until: 'approved',
    delivery: { upTo: 'out', days: 1 },
  },
  {
    station: 'GD001',
    by: 'admin',
    type: 2,
    supplier: 'WH-HN',
    days: 12,
    lines: [
      ['PW-CP-35', 2],
      ['PW-FM-550', 2],
    ],
    until: 'approved',
    delivery: { upTo: 'ship', received: 'all', days: 10 },
  },
];

const STEPS: DeliveryStep[] = ['submit', 'pick', 'pack', 'out', 'ship'];
const CARRIERS = [
  ['顺丰速运', 'SF1402876534219'],
  ['德邦物流', 'DPK30291847765'],
  ['京东物流', 'JDVB02718836451'],
  ['中通快运', 'ZTO78123409876'],
] as const;

/** Runs a delivery's steps, each as the warehouse role that does it. */
async function runSteps(sql: Sql, id: string, upTo: DeliveryStep, who: Record<DeliveryStep, Caller>, n: number) {
  for (const step of STEPS.slice(0, STEPS.indexOf(upTo) + 1)) {
    const [corp, no] = CARRIERS[n % CARRIERS.length];
    await runCommand(
      sql,
      who[step],
      deliveryController,
      step,
      id,
      step === 'ship' ? { logisticsCorp: corp, trackingNo: no, freight: 35 + n * 10 } : {},
      'zh-CN',
    );
  }
}

async function receive(sql: Sql, caller: Caller, id: string, part: boolean) {
  const { rows } = await sql.query<{ id: string; qty: number }>(
    `SELECT new_stockoutorderdetailid AS id, new_qty AS qty FROM new_stockoutorderdetail WHERE new_stockoutorder_id = $1::uuid ORDER BY createdon`,
    [id],
  );
  await runCommand(
    sql,
    caller,
    deliveryController,
    'receive',
    id,
    { lines: rows.map((r, i) => ({ lineId: r.id, qty: part ? (i === 0 ? Math.ceil(r.qty / 2) : 0) : r.qty })) },
    'zh-CN',
  );
}

export async function seedPartsDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const { rows: products } = await sql.query<{ id: string; no: string }>(`SELECT productid AS id, productnumber AS no FROM product`);
  const ids: Ids = {
    warehouses: await seedWarehouses(sql, ctx),
    parts: new Map(products.map((p) => [p.no, p.id])),
    stations: ctx.stationIds,
  };
  await seedOpeningStock(sql, ctx, ids);
  const flows = await seedFlows(sql, ctx);
  const as = new Map<string, Caller>();
  for (const login of ['admin', 'hq', 'branch1', 'station1', 'station2', 'warehouse1', 'picker1', 'shipper1'])
    as.set(login, await callerOf(sql, login));
  const user = (login: string) => as.get(login)!;
  const hd: Record<DeliveryStep, Caller> = {
    submit: user('warehouse1'),
    pick: user('picker1'),
    pack: user('picker1'),
    out: user('shipper1'),
    ship: user('shipper1'),
  };
  const anyWh: Record<DeliveryStep, Caller> = {
    submit: user('admin'),
    pick: user('admin'),
    pack: user('admin'),
    out: user('admin'),
    ship: user('admin'),
  };

  // A repair application names a work order of its station.
  const {
    rows: [repairOrder],
  } = await sql.query<{ id: string }>(
    `SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_station_id = $1::uuid AND new_status = ANY($2::int[]) ORDER BY new_name LIMIT 1`,
    [ctx.stationIds.get('ZJ001'), IN_SERVICE_STATUSES],
  );

  const colleagueOrder = async (station: string) =>
    (
      await sql.query<{ id: string }>(
        `SELECT new_srv_workorderid AS id FROM new_srv_workorder
      WHERE new_station_id = $1::uuid AND new_status BETWEEN $2 AND $3 AND new_worker_id IS NOT NULL
        AND new_worker_id IS DISTINCT FROM (SELECT u.new_worker_id FROM systemuser u WHERE u.domainname = 'engineer1')
      ORDER BY new_name LIMIT 1`,
        [ctx.stationIds.get(station), workOrderStatus.dispatched, workOrderStatus.arrived],
      )
    ).rows[0];

  for (const [n, a] of APPLICATIONS.entries()) {
    const by = user(a.by);
    const [id] = await insertRecords(
      sql,
      applicationDocument.header,
      by,
      [
        {
          new_type: a.type,
          new_station_id: ctx.stationIds.get(a.station),
          new_warehouse_id: ids.warehouses.get(a.supplier),
          new_recipient: WAREHOUSES.find((w) => w.code === `WH-${a.station}`)!.contact,
          new_phonenumber: WAREHOUSES.find((w) => w.code === `WH-${a.station}`)!.phone,
          new_requiredate: new Date(Date.now() + (7 - a.days) * DAY).toISOString().slice(0, 10),
          new_memo: a.memo ?? null,
          new_workorder_id: a.type === 3 ? (repairOrder?.id ?? null) : a.forOrder ? ((await colleagueOrder(a.station))?.id ?? null) : null,
        },
      ],
      'zh-CN',
    );
    await addLines(sql, by, applicationDocument, id, ids, a.lines);
    const step1 = a.station === 'GD001' ? 'hq' : 'branch1';
    await approve(
      sql,
      'new_srv_partsapply',
      id,
      by.principal.userId,
      flows.apply,
      [ctx.userIds.get(step1)!, ctx.userIds.get('hq')!],
      a.until,
      a.reject ? [a.reject] : a.until === 'vetoed' ? ['同意', '该型号电机已停产，请改用 YE3 系列重新申请'] : [],
    );
    let deliveryId: string | null = null;
    if (a.delivery) {
      const wh = a.supplier === 'WH-HD' ? hd : anyWh;
      const made = await createDelivery(
        sql,
        wh.submit,
        { outType: 1, warehouseId: ids.warehouses.get(a.supplier)!, applicationIds: [id] },
        'zh-CN',
      );
      deliveryId = made.id;
      if (a.delivery.only) {
        // A partial delivery: the lines not shipped this time are taken off before submitting.
        const keep = a.delivery.only.map((no) => ids.parts.get(no));
        const { rows: drop } = await sql.query<{ id: string }>(
          `SELECT new_stockoutorderdetailid AS id FROM new_stockoutorderdetail WHERE new_stockoutorder_id = $1::uuid AND NOT (new_product_id = ANY($2::uuid[]))`,
          [made.id, keep],
        );
        for (const d of drop) await deleteDeliveryLine(sql, wh.submit, made.id, d.id, 'zh-CN');
      }
      await runSteps(sql, made.id, a.delivery.upTo, wh, n);
      if (a.delivery.received)
        await receive(
          sql,
          user(a.station === 'ZJ001' ? 'station2' : a.station === 'SH001' ? 'station1' : 'admin'),
          made.id,
          a.delivery.received === 'part',
        );
    }
    if (a.close) await runCommand(sql, by, applicationController, 'close', id, { reason: a.close }, 'zh-CN');
    if (deliveryId) await backdate(sql, 'new_stockoutorder', deliveryId, a.delivery!.days);
    await backdate(sql, 'new_srv_partsapply', id, a.days);
  }

  // Damaged and scrapped parts taken out of the East China warehouse.
  const scrap = await createDelivery(
    sql,
    hd.submit,
    { outType: 5, warehouseId: ids.warehouses.get('WH-HD')!, scrapReason: 2, afterScrap: 1, memo: '盘点发现受潮锈蚀' },
    'zh-CN',
  );
  await addDeliveryLine(sql, hd.submit, scrap.id, { productId: ids.parts.get('DR-BR-6205')!, qty: 6 }, 'zh-CN');
  await addDeliveryLine(sql, hd.submit, scrap.id, { productId: ids.parts.get('HC-HS-12')!, qty: 2 }, 'zh-CN');
  await runSteps(sql, scrap.id, 'ship', hd, 1);
  await backdate(sql, 'new_stockoutorder', scrap.id, 9);
  const damaged = await createDelivery(
    sql,
    hd.submit,
    { outType: 3, warehouseId: ids.warehouses.get('WH-HD')!, memo: '叉车搬运磕碰' },
    'zh-CN',
  );
  await addDeliveryLine(sql, hd.submit, damaged.id, { productId: ids.parts.get('SM-DP-02')!, qty: 1 }, 'zh-CN');

  // Transfers: head office restocks East China (done), South China lends to East China (under review).
  const hq = user('hq');
  for (const t of [
    {
      from: 'WH-HQ',
      to: 'WH-HD',
      reason: '华东区冬季保养备货',
      lines: [
        ['PW-CP-35', 6],
        ['EC-PCB-210', 10],
      ] as [string, number][],
      until: 'approved' as Until,
      days: 25,
      ship: true,
    },
    {
      from: 'WH-HN',
      to: 'WH-HD',
      reason: '华东压缩机缺货，华南调剂',
      lines: [['PW-CP-35', 4]] as [string, number][],
      until: 'step1' as Until,
      days: 1,
      ship: false,
    },
  ]) {
    const [id] = await insertRecords(
      sql,
      transferDocument.header,
      hq,
      [{ new_warehouse_id: ids.warehouses.get(t.from), new_towarehouse_id: ids.warehouses.get(t.to), new_reason: t.reason }],
      'zh-CN',
    );
    await addLines(sql, hq, transferDocument, id, ids, t.lines);
    await approve(sql, 'new_srv_parttransorder', id, hq.principal.userId, flows.transfer, [ctx.userIds.get('admin')!], t.until);
    if (t.ship) {
      const d = await createDelivery(sql, user('admin'), { outType: 2, warehouseId: ids.warehouses.get(t.from)!, transferId: id }, 'zh-CN');
      await runSteps(sql, d.id, 'ship', anyWh, 2);
      await receive(sql, user('warehouse1'), d.id, false);
      await backdate(sql, 'new_stockoutorder', d.id, t.days - 2);
    }
    await backdate(sql, 'new_srv_parttransorder', id, t.days);
  }

  // Counts: East China counted a month ago (two variances); Pudong counted its own stock two weeks
  // ago (one open count per warehouse: closed before head office's task opened one there).
  const wh1 = user('warehouse1');
  const hdCount = await createCount(sql, wh1, { warehouseId: ids.warehouses.get('WH-HD')!, memo: '10 月月末盘点' }, 'zh-CN');
  await countAll(sql, wh1, hdCount.id, { 'EC-RL-24': -2, 'DR-VB-B1800': 1 });
  await submitCount(sql, wh1, hdCount.id, 'zh-CN');
  await confirmCount(sql, wh1, hdCount.id, 'zh-CN');
  await backdate(sql, 'new_srv_stockcheck', hdCount.id, 30);
  const st1 = user('station1');
  const shCount = await createCount(sql, st1, { warehouseId: ids.warehouses.get('WH-SH001')!, memo: '站内自盘' }, 'zh-CN');
  await countAll(sql, st1, shCount.id, {});
  await submitCount(sql, st1, shCount.id, 'zh-CN');
  await confirmCount(sql, hq, shCount.id, 'zh-CN');
  await backdate(sql, 'new_srv_stockcheck', shCount.id, 14);

  // Head office's November task: Guangzhou confirmed, Pudong submitted, Hangzhou still counting.
  const task = await createTask(
    sql,
    hq,
    {
      subject: '2026 年 11 月服务站月度盘点',
      deadline: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
      stationIds: ['SH001', 'ZJ001', 'GD001'].map((s) => ctx.stationIds.get(s)!),
      memo: '请于月底前完成实盘并提交',
    },
    'zh-CN',
  );
  const { rows: sheets } = await sql.query<{ id: string; station: string }>(
    `SELECT new_srv_stockcheckid AS id, new_station_id AS station FROM new_srv_stockcheck WHERE new_invtask_id = $1::uuid`,
    [task.id],
  );
  for (const s of sheets) {
    const code = [...ctx.stationIds].find(([, v]) => v === s.station)![0];
    if (code === 'ZJ001') await countSome(sql, user('station2'), s.id, 3);
    if (code === 'SH001') {
      await countAll(sql, st1, s.id, { 'EC-RL-24': -1 });
      await submitCount(sql, st1, s.id, 'zh-CN');
    }
    if (code === 'GD001') {
      await countAll(sql, user('admin'), s.id, {});
      await submitCount(sql, user('admin'), s.id, 'zh-CN');
      await confirmCount(sql, hq, s.id, 'zh-CN');
    }
    await backdate(sql, 'new_srv_stockcheck', s.id, 6);
  }
  await backdate(sql, 'new_srv_invtask', task.id, 7);

  await resequence(sql);
  await renumber(sql);

  // Inventory limits of the two East China stations (a few parts below their minimum).
  for (const [st, limits] of [
    [
      'SH001',
      [
        ['HC-LF-200', 10, 60],
        ['PW-FL-01', 10, 80],
        ['PW-AF-02', 8, 40],
        ['EC-PCB-210', 2, 6],
        ['PW-CP-35', 1, 3],
        ['PW-FM-550', 2, 8],
        ['DR-BR-6205', 20, 100],
        ['EC-CT-25', 6, 30],
      ],
    ],
    [
      'ZJ001',
      [
        ['HC-LF-200', 8, 40],
        ['PW-FL-01', 8, 60],
        ['DR-BR-22312', 2, 10],
        ['EC-PLC-1214', 1, 3],
        ['HC-SK-80', 4, 20],
      ],
    ],
  ] as const) {
    await saveLimits(
      sql,
      hq,
      {
        stationId: ctx.stationIds.get(st)!,
        lines: limits.map(([no, mn, mx]) => ({ productId: ids.parts.get(no)!, minQty: mn, maxQty: mx })),
      },
      'zh-CN',
    );
  }
}

/** Every line counted: the book quantity, with the given differences by part number. */
async function countAll(sql: Sql, caller: Caller, id: string, diff: Record<string, number>): Promise<void> {
  const { rows } = await sql.query<{ id: string; code: string; book: number }>(
    `SELECT new_srv_stockcheckdetailid AS id, new_code AS code, new_bookqty AS book FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1::uuid`,
    [id],
  );
  await setCounts(
    sql,
    caller,
    id,
    {
      lines: rows.map((r) => ({
        lineId: r.id,
        countQty: Math.max(0, Number(r.book) + (diff[r.code] ?? 0)),
        memo: diff[r.code] ? '实盘差异，已复核' : undefined,
      })),
    },
    'zh-CN',
  );
}

/** The first `n` lines counted as booked (a count in progress). */
async function countSome(sql: Sql, caller: Caller, id: string, n: number): Promise<void> {
  const { rows } = await sql.query<{ id: string; book: number }>(
    `SELECT new_srv_stockcheckdetailid AS id, new_bookqty AS book FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1::uuid ORDER BY new_code LIMIT $2`,
    [id, n],
  );
  await setCounts(sql, caller, id, { lines: rows.map((r) => ({ lineId: r.id, countQty: Number(r.book) })) }, 'zh-CN');
}

/**
 * The demo's documents were made in one go and then dated back: the moves' order and balances
 * after each are put into date order (the balances themselves, sums of the moves, are unchanged).
 */
async function resequence(sql: Sql): Promise<void> {
  await sql.query(
    `UPDATE new_srv_stocktransaction t SET new_seq = x.seq, new_balance = x.q, new_frozenbalance = x.f, new_transitbalance = x.tr
       FROM (SELECT new_srv_stocktransactionid AS id, row_number() OVER (ORDER BY createdon, new_seq)::int AS seq,
                    sum(new_quantity) OVER w AS q, sum(new_frozen) OVER w AS f, sum(new_intransit) OVER w AS tr
               FROM new_srv_stocktransaction
             WINDOW w AS (PARTITION BY new_warehouse_id, new_product_id ORDER BY createdon, new_seq ROWS UNBOUNDED PRECEDING)) x
      WHERE t.new_srv_stocktransactionid = x.id`,
  );
  await sql.query(`SELECT setval('new_srv_stocktransaction_seq', GREATEST((SELECT max(new_seq) FROM new_srv_stocktransaction), 1))`);
  await sql.query(
    `UPDATE new_srv_siteinv s SET new_lastmoveon = x.at, createdon = LEAST(s.createdon, x.first)
       FROM (SELECT new_warehouse_id AS w, new_product_id AS p, max(createdon) AS at, min(createdon) AS first FROM new_srv_stocktransaction GROUP BY 1, 2) x
      WHERE s.new_warehouse_id = x.w AND s.new_product_id = x.p`,
  );
}

/**
 * Each demo document gets the number of the day it is dated (PA20261103-0001, … in date order),
 * from the numbering service every command uses, so a document made later takes the next free
 * number. The messages the commands left (submitted, approved, shipped…) named the number the
 * document had then: they are given its new one.
 */
async function renumber(sql: Sql): Promise<void> {
  const PREFIX: Record<string, string> = {
    new_srv_partsapply: 'PA',
    new_stockoutorder: 'FH',
    new_srv_parttransorder: 'DB',
    new_srv_stockcheck: 'PD',
    new_srv_invtask: 'RW',
  };
  for (const [table, key] of [
    ['new_srv_partsapply', 'new_srv_partsapplyid'],
    ['new_stockoutorder', 'new_stockoutorderid'],
    ['new_srv_parttransorder', 'new_srv_parttransorderid'],
    ['new_srv_stockcheck', 'new_srv_stockcheckid'],
    ['new_srv_invtask', 'new_srv_invtaskid'],
  ]) {
    const { rows } = await sql.query<{ id: string; old: string; day: string }>(
      `SELECT ${key}::text AS id, new_name AS old, to_char(${chinaDay('createdon')}, 'YYYYMMDD') AS day FROM ${table} ORDER BY createdon, ${key}`,
    );
    // Names stay unique while the numbers are handed out again.
    await sql.query(`UPDATE ${table} SET new_name = 'TMP-' || ${key}::text`);
    const byDay = new Map<string, typeof rows>();
    for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
    const ids: string[] = [];
    const olds: string[] = [];
    const names: string[] = [];
    for (const [day, docs] of byDay) {
      const numbers = await nextDocumentNumbers(sql, table, `${PREFIX[table]}${day}`, docs.length);
      docs.forEach((d, i) => {
        ids.push(d.id);
        olds.push(d.old);
        names.push(numbers[i]);
      });
    }
    await sql.query(`UPDATE ${table} t SET new_name = x.name FROM unnest($1::uuid[], $2::text[]) AS x(id, name) WHERE t.${key} = x.id`, [
      ids,
      names,
    ]);
    await sql.query(
      `UPDATE portal_message m SET params = jsonb_set(m.params, '{name}', to_jsonb(x.name))
         FROM unnest($2::uuid[], $3::text[], $4::text[]) AS x(id, old, name)
        WHERE m.entity = $1 AND m.record_id = x.id AND m.params->>'name' = x.old`,
      [table, ids, olds, names],
    );
    await sql.query(`UPDATE new_srv_stocktransaction t SET new_name = d.new_name FROM ${table} d WHERE t.new_docid = d.${key}::text`);
    // The quota moves of an application name it too (else a new application's number finds a demo one's moves).
    await sql.query(`UPDATE new_srv_amountchangelog t SET new_name = d.new_name FROM ${table} d WHERE t.new_docid = d.${key}::text`);
  }
}
