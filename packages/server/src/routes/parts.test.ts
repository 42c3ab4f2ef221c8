import { approvalStatus, deliveryState, partsApplyStatus, receiptState, stockUsage, transferDocState, transferStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
const wh: Record<string, string> = {};
const part: Record<string, string> = {};
const station: Record<string, string> = {};

const api = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...headers } });

const stock = async (warehouse: string, no: string) =>
  (await p.db.one<{ q: number; f: number; a: number; t: number }>(
    `SELECT new_quantity AS q, new_frozen AS f, new_available AS a, new_intransit AS t FROM new_srv_siteinv WHERE new_warehouse_id = $1 AND new_product_id = $2`,
    [wh[warehouse], part[no]],
  )) ?? { q: 0, f: 0, a: 0, t: 0 };
const row = async (table: string, key: string, id: string) =>
  (await p.db.one<Record<string, unknown>>(`SELECT * FROM ${table} WHERE ${key} = $1`, [id]))!;
const lines = async (table: string, fk: string, id: string) =>
  (await p.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE ${fk} = $1 ORDER BY createdon`, [id])).rows;
const ledgerMismatches = async () =>
  (await p.db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_srv_siteinv s LEFT JOIN (SELECT new_warehouse_id w, new_product_id pr, sum(new_quantity) q, sum(new_frozen) f, sum(new_intransit) t
       FROM new_srv_stocktransaction GROUP BY 1, 2) m ON m.w = s.new_warehouse_id AND m.pr = s.new_product_id
      WHERE s.new_quantity <> COALESCE(m.q, 0) OR s.new_frozen <> COALESCE(m.f, 0) OR s.new_intransit <> COALESCE(m.t, 0)`,
  ))!.n;

/** A new application of station1 supplied by 华东中心库, with lines; returns its id. */
async function application(lines: [string, number][], who = 'station1', extra: Record<string, unknown> = {}) {
  const id = done(
    await api(who, 'POST', '/api/crmdata/create/new_srv_partsapplies', {
      new_type: 1,
      new_warehouse_id: wh['WH-HD'],
      new_recipient: '陈志强',
      new_phonenumber: '021-58956321',
      ...extra,
    }),
  ).id;
  for (const [no, qty] of lines)
    done(await api(who, 'POST', `/api/parts/applications/${id}/lines`, { productId: part[no], qty }), '添加成功');
  return id;
}

/** Submits through the demo's two-step flow and approves as branch1, then hq (or stops after branch1). */
async function approve(entity: string, id: string, submitter: string, approvers: string[], stopAfter = approvers.length) {
  const flows = done(await api(submitter, 'GET', `/api/CrmFlow/GetFlowList?entityName=${entity}&entityId=${id}`)) as unknown as {
    new_flowid: string;
  }[];
  const flowId = flows[0].new_flowid;
  const steps = done(
    await api(submitter, 'GET', `/api/CrmFlow/GetFlowStepList?flowId=${flowId}&entityName=${entity}&entityId=${id}`),
  ) as unknown as { new_flowstepsid: string; new_stepusers: { systemuserid: string; fullname: string }[] }[];
  const me = async (login: string) =>
    (await p.db.one<{ id: string }>('SELECT systemuserid AS id FROM systemuser WHERE domainname = $1', [login]))!.id;
  const list = [];
  for (const [i, s] of steps.entries()) list.push({ StepId: s.new_flowstepsid, ApproveUserId: await me(approvers[i]) });
  done(await api(submitter, 'POST', '/api/CrmFlow/submit', { EntityId: id, EntityTypeName: entity, FlowId: flowId, ApproveList: list }));
  for (const a of approvers.slice(0, stopAfter))
    done(await api(a, 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: entity, Action: 'approve', Memo: '同意' }));
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'warehouse1', 'picker1', 'shipper1', 'branch1', 'hq', 'admin', 'engineer1'])
    tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (
    await p.db.query<{ id: string; code: string }>('SELECT new_srv_warehouseid AS id, new_code AS code FROM new_srv_warehouse')
  ).rows)
    wh[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    part[r.no] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('parts application', () => {
  it('checks the header: a central supplying warehouse, a repair application names a work order of its station; the station warehouse receives', async () => {
    const bad = await api('station1', 'POST', '/api/crmdata/create/new_srv_partsapplies', {
      new_type: 3,
      new_warehouse_id: wh['WH-SH001'],
      new_recipient: '陈志强',
      new_phonenumber: '021-58956321',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Data.errors).toEqual(
      expect.arrayContaining([
        { field: 'new_warehouse_id', message: '供货仓库必须是中心库' },
        { field: 'new_workorder_id', message: '维修申请请选择维修工单' },
      ]),
    );
    const id = await application([]);
    const a = await row('new_srv_partsapply', 'new_srv_partsapplyid', id);
    expect(a).toMatchObject({
      new_towarehouse_id: wh['WH-SH001'],
      statuscode: null,
      new_approvalstatus: approvalStatus.draft,
      new_address: '张江高科技园区碧波路 690 号',
    });
    expect(String(a.new_name)).toMatch(/^PA\d{8}-\d{4}$/);
  });

  it('lines: quantity integer, above 0, below 100,000; a part once; the current stock of the supplying warehouse shown; totals follow', async () => {
    const id = await application([['PW-CP-35', 2]]);
    const add = (qty: unknown, no = 'EC-PCB-210') =>
      api('station1', 'POST', `/api/parts/applications/${id}/lines`, { productId: part[no], qty });
    refused(await add(0), '申请数量必须大于0', 400, 'qty');
    refused(await add(1.5), '申请数量只能输入整数', 400, 'qty');
    refused(await add(100_000), '申请数量必须小于100000', 400, 'qty');
    refused(await add(''), '请填写申请数量', 400, 'qty');
    refused(await add(1, 'PW-CP-35'), '配件“PW-CP-35 涡旋压缩机”重复，同一配件不允许重复添加', 400, 'productId');
    const line = done(await add(3)).lineId!;
    const [l1, l2] = await lines('new_srv_partsapplydetil', 'new_partsapply_id', id);
    expect(l1).toMatchObject({
      new_code: 'PW-CP-35',
      new_qty: 2,
      new_amount: '9160.00',
      new_tempcurrentinv: (await stock('WH-HD', 'PW-CP-35')).a,
    });
    expect(l2).toMatchObject({ new_srv_partsapplydetilid: line, new_price: '1260.00', new_uom: '块' });
    expect(await row('new_srv_partsapply', 'new_srv_partsapplyid', id)).toMatchObject({ new_totalamount: '12940.00', new_linecount: 2 });
    done(await api('station1', 'PATCH', `/api/parts/applications/${id}/lines/${line}`, { qty: 1 }), '保存成功');
    done(await api('station1', 'DELETE', `/api/parts/applications/${id}/lines/${line}`), '删除成功');
    expect(await row('new_srv_partsapply', 'new_srv_partsapplyid', id)).toMatchObject({ new_totalamount: '9160.00', new_linecount: 1 });
    // Another station cannot see it; the supplying warehouse sees it but does not write its lines.
    expect(
      (await api('station2', 'POST', `/api/parts/applications/${id}/lines`, { productId: part['HC-LF-200'], qty: 1 })).statusCode,
    ).toBe(404);
    expect((await api('station2', 'GET', `/api/crmdata/Retrieve/new_srv_partsapplies(${id})`)).statusCode).toBe(404);
    expect((await api('warehouse1', 'GET', `/api/crmdata/Retrieve/new_srv_partsapplies(${id})`)).statusCode).toBe(200);
    expect(
      (await api('warehouse1', 'POST', `/api/parts/applications/${id}/lines`, { productId: part['HC-LF-200'], qty: 1 })).statusCode,
    ).toBe(403);
  });

  it('line stock: what the supplying warehouse has of a part, for the writer of a document in reach only', async () => {
    const id = await application([]);
    const stockOf = (who: string, productId = part['PW-CP-35']) =>
      api(who, 'GET', `/api/parts/applications/${id}/stock?productId=${productId}`);
    expect(done(await stockOf('station1'))).toEqual({ available: (await stock('WH-HD', 'PW-CP-35')).a });
    refused(await stockOf('station1', 'x'), '请选择配件', 400, 'productId');
    expect((await stockOf('station2')).statusCode).toBe(404);
    expect((await stockOf('warehouse1')).statusCode).toBe(403);
  });

  it('an empty application cannot be submitted; a submitted one locks its lines and header', async () => {
    const empty = await application([]);
    const flows = done(
      await api('station1', 'GET', `/api/CrmFlow/GetFlowList?entityName=new_srv_partsapply&entityId=${empty}`),
    ) as unknown as { new_flowid: string }[];
    const res = await api('station1', 'POST', '/api/CrmFlow/submit', {
      EntityId: empty,
      EntityTypeName: 'new_srv_partsapply',
      FlowId: flows[0].new_flowid,
      ApproveList: [],
    });
    refused(res, 'WorkflowException: 请至少添加一条单据明细');
    const id = await application([['HC-LF-200', 2]]);
    await approve('new_srv_partsapply', id, 'station1', ['branch1', 'hq'], 0);
    refused(
      await api('station1', 'POST', `/api/parts/applications/${id}/lines`, { productId: part['PW-FL-01'], qty: 1 }),
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    refused(await api('station1', 'POST', `/api/crmdata/Update/new_srv_partsapplies(${id})`, { new_memo: 'x' }), '已提交的单据不允许修改');
  });
});

describe('application → delivery → receipt on the stock ledger', () => {
  let app: string;
  let delivery: string;

  it('approval reserves the approved quantities in the supplying warehouse (the last approver may lower them first)', async () => {
    const before = { cp: await stock('WH-HD', 'PW-CP-35'), pcb: await stock('WH-HD', 'EC-PCB-210'), fm: await stock('WH-HD', 'PW-FM-550') };
    app = await application([
      ['PW-CP-35', 3],
      ['EC-PCB-210', 2],
      ['PW-FM-550', 4],
    ]);
    await approve('new_srv_partsapply', app, 'station1', ['branch1', 'hq'], 1);
    const [cp] = await lines('new_srv_partsapplydetil', 'new_partsapply_id', app);
    // Only the current step's approver (hq now) lowers approved quantities, never above what was applied.
    refused(
      await api('branch1', 'POST', `/api/parts/applications/${app}/approved`, {
        lines: [{ lineId: cp.new_srv_partsapplydetilid, approvedQty: 1 }],
      }),
      '只有当前步骤的审批人可以修改审批数量',
      403,
    );
    refused(
      await api('hq', 'POST', `/api/parts/applications/${app}/approved`, {
        lines: [{ lineId: cp.new_srv_partsapplydetilid, approvedQty: 4 }],
      }),
      '审批数量不能大于申请数量（涡旋压缩机：3）',
    );
    done(
      await api('hq', 'POST', `/api/parts/applications/${app}/approved`, {
        lines: [{ lineId: cp.new_srv_partsapplydetilid, approvedQty: 2 }],
      }),
      '保存成功',
    );
    done(
      await api('hq', 'POST', '/api/CrmFlow/approve', {
        EntityId: app,
        EntityTypeName: 'new_srv_partsapply',
        Action: 'approve',
        Memo: '同意，压缩机先发 2 台',
      }),
    );
    expect((await stock('WH-HD', 'PW-CP-35')).f).toBe(before.cp.f + 2);
    expect((await stock('WH-HD', 'EC-PCB-210')).f).toBe(before.pcb.f + 2);
    expect((await stock('WH-HD', 'PW-FM-550')).f).toBe(before.fm.f + 4);
    const ls = await lines('new_srv_partsapplydetil', 'new_partsapply_id', app);
    expect(ls.map((l) => [l.new_approvedqty, l.new_reservedqty, l.new_pendingqty])).toEqual([
      [2, 2, 2],
      [2, 2, 2],
      [4, 4, 4],
    ]);
    expect(await row('new_srv_partsapply', 'new_srv_partsapplyid', app)).toMatchObject({
      new_approvalstatus: approvalStatus.approved,
      statuscode: partsApplyStatus.toDeliver,
    });
  });

  it('the supplying warehouse creates the delivery; each step is its own role, in order', async () => {
    refused(
      await api('station1', 'POST', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-SH001'], applicationIds: [app] }),
      '您没有权限访问该资源.',
      403,
    );
    refused(
      await api('admin', 'POST', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-HN'], applicationIds: [app] }),
      '所选申请不是由本仓库供货',
      400,
      'applicationIds',
    );
    delivery = done(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-HD'], applicationIds: [app] }),
      '创建成功',
    ).id;
    const d = await row('new_stockoutorder', 'new_stockoutorderid', delivery);
    expect(d).toMatchObject({
      new_state: deliveryState.draft,
      new_towarehouse_id: wh['WH-SH001'],
      new_station_id: station.SH001,
      new_totalqty: 8,
      new_recipient: '陈志强',
    });
    // Ship 2 of the 3 parts now: the fan motor stays behind (a backorder).
    const dl = await lines('new_stockoutorderdetail', 'new_stockoutorder_id', delivery);
    const fan = dl.find((l) => l.new_product_id === part['PW-FM-550'])!;
    const cp = dl.find((l) => l.new_product_id === part['PW-CP-35'])!;
    refused(
      await api('warehouse1', 'PATCH', `/api/parts/deliveries/${delivery}/lines/${cp.new_stockoutorderdetailid}`, { qty: 3 }),
      '发货数量不能大于审批数量，配件“涡旋压缩机”最多还可发 2',
    );
    refused(
      await api('warehouse1', 'POST', `/api/parts/deliveries/${delivery}/lines`, { productId: part['HC-LF-200'], qty: 1 }),
      '明细来自所选单据，不能直接新增',
    );
    done(await api('warehouse1', 'DELETE', `/api/parts/deliveries/${delivery}/lines/${fan.new_stockoutorderdetailid}`), '删除成功');
    refused(await api('picker1', 'POST', `/api/parts/deliveries/${delivery}/submit`), '您没有权限访问该资源.', 403);
    refused(await api('warehouse1', 'POST', `/api/parts/deliveries/${delivery}/pick`), '发货单当前状态为“待提交”，不能拣货');
    done(await api('warehouse1', 'POST', `/api/parts/deliveries/${delivery}/submit`), '提交成功');
    refused(
      await api('warehouse1', 'PATCH', `/api/parts/deliveries/${delivery}/lines/${cp.new_stockoutorderdetailid}`, { qty: 1 }),
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    refused(await api('shipper1', 'POST', `/api/parts/deliveries/${delivery}/pick`), '您没有权限访问该资源.', 403);
    done(await api('picker1', 'POST', `/api/parts/deliveries/${delivery}/pick`), '拣货成功');
    done(await api('picker1', 'POST', `/api/parts/deliveries/${delivery}/pack`), '包装成功');
    done(await api('shipper1', 'POST', `/api/parts/deliveries/${delivery}/out`), '出库成功');
    expect(await row('new_stockoutorder', 'new_stockoutorderid', delivery)).toMatchObject({ new_state: deliveryState.stockDelivered });
  });

  it("shipping needs the logistics, takes the parts out of the warehouse with their reservation and into the station's transit", async () => {
    const before = { hd: await stock('WH-HD', 'PW-CP-35'), sh: await stock('WH-SH001', 'PW-CP-35') };
    refused(
      await api('shipper1', 'POST', `/api/parts/deliveries/${delivery}/ship`, { logisticsCorp: '顺丰速运' }),
      '请填写物流公司和物流单号',
      400,
      'trackingNo',
    );
    refused(
      await api('shipper1', 'POST', `/api/parts/deliveries/${delivery}/ship`, {
        logisticsCorp: '顺丰速运',
        trackingNo: 'SF1',
        freight: 100_000,
      }),
      '运费必须在 0 至 99,999 元之间',
    );
    done(
      await api('shipper1', 'POST', `/api/parts/deliveries/${delivery}/ship`, {
        logisticsCorp: '顺丰速运',
        trackingNo: 'SF1402876534219',
        freight: 45,
      }),
      '发运成功',
    );
    expect(await stock('WH-HD', 'PW-CP-35')).toMatchObject({ q: before.hd.q - 2, f: before.hd.f - 2 });
    expect(await stock('WH-SH001', 'PW-CP-35')).toMatchObject({ q: before.sh.q, t: before.sh.t + 2 });
    expect(await row('new_stockoutorder', 'new_stockoutorderid', delivery)).toMatchObject({
      new_state: deliveryState.shipped,
      new_receiptstate: receiptState.toReceive,
      new_trackingno: 'SF1402876534219',
      new_freight: '45.00',
    });
    expect(await row('new_srv_partsapply', 'new_srv_partsapplyid', app)).toMatchObject({ statuscode: partsApplyStatus.semiDelivered });
    const ls = await lines('new_srv_partsapplydetil', 'new_partsapply_id', app);
    expect(ls.map((l) => [l.new_shippedqty, l.new_reservedqty, l.new_pendingqty])).toEqual([
      [2, 0, 0],
      [2, 0, 0],
      [0, 4, 4],
    ]);
    refused(
      await api('shipper1', 'POST', `/api/parts/deliveries/${delivery}/ship`, { logisticsCorp: '顺丰速运', trackingNo: 'SF1' }),
      '发货单当前状态为“已发运”，不能发运',
    );
  });

  it('the station receives in part, then the rest; the parts move from transit into its warehouse; a retry with its key counts once', async () => {
    const dl = await lines('new_stockoutorderdetail', 'new_stockoutorder_id', delivery);
    const cp = dl.find((l) => l.new_product_id === part['PW-CP-35'])!;
    const pcb = dl.find((l) => l.new_product_id === part['EC-PCB-210'])!;
    const before = await stock('WH-SH001', 'PW-CP-35');
    expect(
      (
        await api('station2', 'POST', `/api/parts/deliveries/${delivery}/receive`, {
          lines: [{ lineId: cp.new_stockoutorderdetailid, qty: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    refused(
      await api('warehouse1', 'POST', `/api/parts/deliveries/${delivery}/receive`, {
        lines: [{ lineId: cp.new_stockoutorderdetailid, qty: 1 }],
      }),
      '单据不属于本服务站或仓库',
      403,
    );
    refused(
      await api('station1', 'POST', `/api/parts/deliveries/${delivery}/receive`, {
        lines: [{ lineId: cp.new_stockoutorderdetailid, qty: 3 }],
      }),
      '签收数量不能大于未签收数量，配件“涡旋压缩机”最多还可签收 2',
    );
    refused(
      await api('station1', 'POST', `/api/parts/deliveries/${delivery}/receive`, {
        lines: [{ lineId: cp.new_stockoutorderdetailid, qty: 0 }],
      }),
      '请填写签收数量',
    );
    const key = { 'idempotency-key': 'receipt-0001-station1' };
    const first = done(
      await api(
        'station1',
        'POST',
        `/api/parts/deliveries/${delivery}/receive`,
        { lines: [{ lineId: cp.new_stockoutorderdetailid, qty: 1 }] },
        key,
      ),
      '签收成功',
    );
    const retry = done(
      await api(
        'station1',
        'POST',
        `/api/parts/deliveries/${delivery}/receive`,
        { lines: [{ lineId: cp.new_stockoutorderdetailid, qty: 1 }] },
        key,
      ),
      '签收成功',
    );
    expect(retry).toEqual(first);
    expect(await stock('WH-SH001', 'PW-CP-35')).toMatchObject({ q: before.q + 1, t: before.t - 1 });
    expect(await row('new_stockoutorder', 'new_stockoutorderid', delivery)).toMatchObject({ new_receiptstate: receiptState.semiReceived });
    done(
      await api('station1', 'POST', `/api/parts/deliveries/${delivery}/receive`, {
        lines: [
          { lineId: cp.new_stockoutorderdetailid, qty: 1 },
          { lineId: pcb.new_stockoutorderdetailid, qty: 2 },
        ],
      }),
    );
    expect(await stock('WH-SH001', 'PW-CP-35')).toMatchObject({ q: before.q + 2, t: before.t - 2 });
    expect(await row('new_stockoutorder', 'new_stockoutorderid', delivery)).toMatchObject({ new_receiptstate: receiptState.received });
    refused(
      await api('station1', 'POST', `/api/parts/deliveries/${delivery}/receive`, {
        lines: [{ lineId: pcb.new_stockoutorderdetailid, qty: 1 }],
      }),
      '只有已发运或部分签收的发货单才能签收',
    );
    const ls = await lines('new_srv_partsapplydetil', 'new_partsapply_id', app);
    expect(ls.map((l) => l.new_actualqty)).toEqual([2, 2, 0]);
    // Every move is in the ledger with its usage and document.
    const moves = (
      await p.db.query<{ usage: number; q: number; t: number }>(
        `SELECT new_usage AS usage, new_quantity AS q, new_intransit AS t FROM new_srv_stocktransaction WHERE new_docid = $1 AND new_warehouse_id = $2 AND new_product_id = $3 ORDER BY new_seq`,
        [delivery, wh['WH-SH001'], part['PW-CP-35']],
      )
    ).rows;
    expect(moves).toEqual([
      { usage: stockUsage.stockingDocument, q: 0, t: 2 },
      { usage: stockUsage.stockingDocument, q: 1, t: -1 },
      { usage: stockUsage.stockingDocument, q: 1, t: -1 },
    ]);
    expect(await ledgerMismatches()).toBe(0);
  });

  it('closing the application releases what is reserved and not shipped', async () => {
    const before = await stock('WH-HD', 'PW-FM-550');
    refused(await api('station1', 'POST', `/api/parts/applications/${app}/close`, { reason: '' }), '请填写关闭原因', 400, 'reason');
    refused(await api('station2', 'POST', `/api/parts/applications/${app}/close`, { reason: '不需要了' }), '记录不存在或您无权访问', 404);
    done(await api('station1', 'POST', `/api/parts/applications/${app}/close`, { reason: '风扇电机改由客户自购' }), '关闭成功');
    expect(await stock('WH-HD', 'PW-FM-550')).toMatchObject({ q: before.q, f: before.f - 4 });
    expect(await row('new_srv_partsapply', 'new_srv_partsapplyid', app)).toMatchObject({
      statuscode: partsApplyStatus.closed,
      new_isclose: true,
      new_closereason: '风扇电机改由客户自购',
    });
    refused(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-HD'], applicationIds: [app] }),
      '单据已关闭',
      400,
      'applicationIds',
    );
  });

  it('a reservation the warehouse cannot cover refuses the approval with the part and what is available', async () => {
    const have = (await stock('WH-HD', 'PW-MT-22')).a;
    const id = await application([['PW-MT-22', have + 1]]);
    await approve('new_srv_partsapply', id, 'station1', ['branch1', 'hq'], 1);
    const res = await api('hq', 'POST', '/api/CrmFlow/approve', {
      EntityId: id,
      EntityTypeName: 'new_srv_partsapply',
      Action: 'approve',
      Memo: '',
    });
    refused(res, `WorkflowException: 配件“三相异步电机”在华东中心库库存不足：可用 ${have}，需要 ${have + 1}`);
    expect((await row('new_srv_partsapply', 'new_srv_partsapplyid', id)).new_approvalstatus).toBe(approvalStatus.underReview);
  });
});

describe('the delivery create dialog offers only applications with something left to deliver', () => {
  const offered = async (warehouse = wh['WH-HD'], who = 'warehouse1') =>
    done<{ id: string; name: string; remaining: number }[]>(
      await api(who, 'GET', `/api/parts/deliveries/applications?warehouseId=${warehouse}`),
    );

  it("approved − delivered − on deliveries not shipped yet > 0, for the caller's own sending warehouse", async () => {
    const app = await application([
      ['PW-CP-35', 1],
      ['EC-PCB-210', 2],
    ]);
    expect((await offered()).some((a) => a.id === app)).toBe(false);
    await approve('new_srv_partsapply', app, 'station1', ['branch1', 'hq']);
    expect((await offered()).find((a) => a.id === app)).toMatchObject({ name: expect.stringMatching(/\S/), remaining: 3 });

    // Its whole remainder on a delivery not shipped yet: no longer offered (a second delivery would be refused).
    const delivery = done(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-HD'], applicationIds: [app] }),
    ).id;
    expect((await offered()).some((a) => a.id === app)).toBe(false);
    refused(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 1, warehouseId: wh['WH-HD'], applicationIds: [app] }),
      '所选单据已无待发配件',
    );
    // A line taken off that delivery is deliverable again.
    const pcb = (await lines('new_stockoutorderdetail', 'new_stockoutorder_id', delivery)).find(
      (l) => l.new_product_id === part['EC-PCB-210'],
    )!;
    done(await api('warehouse1', 'DELETE', `/api/parts/deliveries/${delivery}/lines/${pcb.new_stockoutorderdetailid}`));
    expect((await offered()).find((a) => a.id === app)).toMatchObject({ remaining: 2 });
    // Every application offered can indeed be delivered.
    for (const a of await offered()) expect(a.remaining).toBeGreaterThan(0);

    // Only a delivery creator, for a warehouse of their own.
    expect((await api('station1', 'GET', `/api/parts/deliveries/applications?warehouseId=${wh['WH-HD']}`)).statusCode).toBe(403);
    expect((await api('warehouse1', 'GET', `/api/parts/deliveries/applications?warehouseId=${wh['WH-HN']}`)).statusCode).toBe(403);
    refused(await api('warehouse1', 'GET', '/api/parts/deliveries/applications'), '请选择仓库', 400, 'warehouseId');
  });
});

describe('deliveries without a receiver, transfers, scope', () => {
  it('a scrapped delivery: scrap reason required, hand-made lines at most what is available, reserved on submit, out of stock on shipping', async () => {
    refused(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 5, warehouseId: wh['WH-HD'] }),
      '报废出库请选择报废原因和报废后处理',
      400,
      'scrapReason',
    );
    const id = done(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 5, warehouseId: wh['WH-HD'], scrapReason: 2, afterScrap: 1 }),
    ).id;
    const have = await stock('WH-HD', 'CS-PT-01');
    refused(
      await api('warehouse1', 'POST', `/api/parts/deliveries/${id}/lines`, { productId: part['CS-PT-01'], qty: have.a + 1 }),
      `配件“设备面漆”在华东中心库库存不足：可用 ${have.a}，需要 ${have.a + 1}`,
      400,
      'qty',
    );
    refused(await api('warehouse1', 'POST', `/api/parts/deliveries/${id}/submit`), '请至少添加一条单据明细');
    done(await api('warehouse1', 'POST', `/api/parts/deliveries/${id}/lines`, { productId: part['CS-PT-01'], qty: 2 }));
    done(await api('warehouse1', 'POST', `/api/parts/deliveries/${id}/submit`));
    expect(await stock('WH-HD', 'CS-PT-01')).toMatchObject({ q: have.q, f: have.f + 2 });
    for (const step of ['pick', 'pack', 'out']) done(await api('warehouse1', 'POST', `/api/parts/deliveries/${id}/${step}`));
    done(await api('warehouse1', 'POST', `/api/parts/deliveries/${id}/ship`, {}));
    expect(await stock('WH-HD', 'CS-PT-01')).toMatchObject({ q: have.q - 2, f: have.f });
    expect(await row('new_stockoutorder', 'new_stockoutorderid', id)).toMatchObject({
      new_state: deliveryState.shipped,
      new_receiptstate: null,
    });
    refused(await api('station1', 'POST', `/api/parts/deliveries/${id}/receive`, { lines: [] }), '记录不存在或您无权访问', 404);
  });

  it('a transfer: approved and reserved in the sending warehouse, shipped by a transfer delivery, received by the receiving warehouse', async () => {
    const before = { hq: await stock('WH-HQ', 'EC-INV-55'), hd: await stock('WH-HD', 'EC-INV-55') };
    refused(
      await api('warehouse1', 'POST', '/api/crmdata/create/new_srv_parttransorders', {
        new_warehouse_id: wh['WH-HQ'],
        new_towarehouse_id: wh['WH-HD'],
        new_reason: '补货',
      }),
      '单据不属于本服务站或仓库',
      403,
    );
    const same = await api('hq', 'POST', '/api/crmdata/create/new_srv_parttransorders', {
      new_warehouse_id: wh['WH-HQ'],
      new_towarehouse_id: wh['WH-HQ'],
      new_reason: '补货',
    });
    expect(same.json().Data.errors).toEqual([{ field: 'new_towarehouse_id', message: '调出仓库与调入仓库不能相同' }]);
    const id = done(
      await api('hq', 'POST', '/api/crmdata/create/new_srv_parttransorders', {
        new_warehouse_id: wh['WH-HQ'],
        new_towarehouse_id: wh['WH-HD'],
        new_reason: '华东变频器补货',
      }),
    ).id;
    done(await api('hq', 'POST', `/api/parts/transfers/${id}/lines`, { productId: part['EC-INV-55'], qty: 5 }));
    await approve('new_srv_parttransorder', id, 'hq', ['admin']);
    expect(await stock('WH-HQ', 'EC-INV-55')).toMatchObject({ f: before.hq.f + 5 });
    // The receiving warehouse sees the transfer (a party) but cannot ship it.
    expect((await api('warehouse1', 'GET', `/api/crmdata/Retrieve/new_srv_parttransorders(${id})`)).statusCode).toBe(200);
    refused(
      await api('warehouse1', 'POST', '/api/parts/deliveries', { outType: 2, warehouseId: wh['WH-HQ'], transferId: id }),
      '单据不属于本服务站或仓库',
      403,
    );
    const d = done(await api('admin', 'POST', '/api/parts/deliveries', { outType: 2, warehouseId: wh['WH-HQ'], transferId: id })).id;
    for (const step of ['submit', 'pick', 'pack', 'out']) done(await api('admin', 'POST', `/api/parts/deliveries/${d}/${step}`));
    done(await api('admin', 'POST', `/api/parts/deliveries/${d}/ship`, { logisticsCorp: '德邦物流', trackingNo: 'DPK30291847765' }));
    expect(await row('new_srv_parttransorder', 'new_srv_parttransorderid', id)).toMatchObject({
      new_docstate: transferDocState.delivered,
      statuscode: transferStatus.onTheWay,
    });
    const [line] = await lines('new_stockoutorderdetail', 'new_stockoutorder_id', d);
    done(
      await api('warehouse1', 'POST', `/api/parts/deliveries/${d}/receive`, {
        lines: [{ lineId: line.new_stockoutorderdetailid, qty: 5 }],
      }),
    );
    expect(await stock('WH-HQ', 'EC-INV-55')).toMatchObject({ q: before.hq.q - 5, f: before.hq.f });
    expect(await stock('WH-HD', 'EC-INV-55')).toMatchObject({ q: before.hd.q + 5, t: before.hd.t });
    expect(await row('new_srv_parttransorder', 'new_srv_parttransorderid', id)).toMatchObject({
      new_docstate: transferDocState.received,
      statuscode: transferStatus.delivered,
    });
  });

  it('the sending side closes an approved transfer with a reason: what is reserved is released; a closed one is not closed again', async () => {
    const before = await stock('WH-HQ', 'EC-INV-55');
    const id = done(
      await api('hq', 'POST', '/api/crmdata/create/new_srv_parttransorders', {
        new_warehouse_id: wh['WH-HQ'],
        new_towarehouse_id: wh['WH-HD'],
        new_reason: '华东变频器补货',
      }),
    ).id;
    done(await api('hq', 'POST', `/api/parts/transfers/${id}/lines`, { productId: part['EC-INV-55'], qty: 2 }));
    await approve('new_srv_parttransorder', id, 'hq', ['admin']);
    expect(await stock('WH-HQ', 'EC-INV-55')).toMatchObject({ f: before.f + 2 });
    refused(await api('hq', 'POST', `/api/parts/transfers/${id}/close`, { reason: ' ' }), '请填写关闭原因', 400, 'reason');
    done(await api('hq', 'POST', `/api/parts/transfers/${id}/close`, { reason: '华东改为自行采购' }), '关闭成功');
    expect(await stock('WH-HQ', 'EC-INV-55')).toMatchObject({ q: before.q, f: before.f });
    expect(await row('new_srv_parttransorder', 'new_srv_parttransorderid', id)).toMatchObject({
      new_isclose: true,
      new_closereason: '华东改为自行采购',
    });
    refused(await api('hq', 'POST', `/api/parts/transfers/${id}/close`, { reason: '再关一次' }), '只有审批通过且未发完的申请才能关闭');
  });

  it("scope: a warehouse user sees its warehouse's stock and the applications it supplies, a station its own", async () => {
    const list = async (who: string, set: string, filter = '') =>
      done(
        await api(
          who,
          'GET',
          `/api/crmdata/Retrieve/${set}?$select=new_name${filter ? `&$filter=${encodeURIComponent(filter)}` : ''}&$count=true`,
        ),
      ) as unknown as { value: unknown[]; '@odata.count': number };
    const all = (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_siteinv WHERE new_warehouse_id = $1`, [
      wh['WH-HD'],
    ]))!.n;
    expect((await list('warehouse1', 'new_srv_siteinvs'))['@odata.count']).toBe(all);
    expect((await list('station1', 'new_srv_siteinvs', `new_warehouse_id eq ${wh['WH-HD']}`))['@odata.count']).toBe(0);
    const supplied = (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_partsapply WHERE new_warehouse_id = $1`, [
      wh['WH-HD'],
    ]))!.n;
    expect((await list('warehouse1', 'new_srv_partsapplies'))['@odata.count']).toBe(supplied);
    const own = (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_partsapply WHERE new_station_id = $1`, [
      station.ZJ001,
    ]))!.n;
    expect((await list('station2', 'new_srv_partsapplies'))['@odata.count']).toBe(own);
    expect((await api('engineer1', 'GET', '/api/crmdata/Retrieve/new_srv_siteinvs?$select=new_name')).statusCode).toBe(403);
  });
});

describe("a completed work order takes its replaced parts from the station's warehouse", () => {
  it('posts on line add, change and delete while completed; refused when the station is short', async () => {
    const { id: orderId } = (await p.db.one<{ id: string }>(
      `SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_station_id = $1 AND new_status = 7 ORDER BY new_name LIMIT 1`,
      [station.SH001],
    ))!;
    const before = await stock('WH-SH001', 'PW-FL-01');
    const add = done(
      await api('station1', 'POST', `/api/workorders/${orderId}/lines/partlines`, { new_product_id: part['PW-FL-01'], new_qty: 3 }),
    );
    expect(await stock('WH-SH001', 'PW-FL-01')).toMatchObject({ q: before.q - 3 });
    done(await api('station1', 'PATCH', `/api/workorders/${orderId}/lines/partlines/${add.lineId}`, { new_qty: 1 }));
    expect(await stock('WH-SH001', 'PW-FL-01')).toMatchObject({ q: before.q - 1 });
    const moves = (
      await p.db.query<{ q: number; usage: number }>(
        `SELECT new_quantity AS q, new_usage AS usage FROM new_srv_stocktransaction WHERE new_lineid = $1 ORDER BY new_seq`,
        [add.lineId],
      )
    ).rows;
    expect(moves).toEqual([
      { q: -3, usage: stockUsage.repair },
      { q: 2, usage: stockUsage.repair },
    ]);
    done(await api('station1', 'DELETE', `/api/workorders/${orderId}/lines/partlines/${add.lineId}`));
    expect(await stock('WH-SH001', 'PW-FL-01')).toMatchObject({ q: before.q });
    const have = (await stock('WH-SH001', 'PW-GS-30')).a;
    const short = await api('station1', 'POST', `/api/workorders/${orderId}/lines/partlines`, {
      new_product_id: part['PW-GS-30'],
      new_qty: have + 1,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().Message).toBe(`配件“柴油发电机组”在上海浦东华辰服务站库库存不足：可用 ${have}，需要 ${have + 1}`);
    expect(await ledgerMismatches()).toBe(0);
  });
});
