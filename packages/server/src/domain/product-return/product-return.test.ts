import { approvalStatus, productReturnItemType, productReturnState, pulloutStatus, pulloutType, workOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { chinaDate } from '../china-time.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData as ok, submitFirstFlow, userApi, type Res } from '../../testing/user-api.ts';

let p: Portal;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};
const ENTITY = 'new_srv_productreturn';

const api = userApi(() => p, tok);
/** Today in China time, or days from it. */
const today = (days = 0) => chinaDate(new Date(), days);
function refused(res: Res, status: number, text: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().Message).toContain(text);
}

// hq (李慧敏) decides in these tests.
const submit = (id: string, who = 'station1', lang = 'zh-CN') =>
  submitFirstFlow(api, who, ENTITY, id, {
    lang,
    approver: (s) => (s.new_stepusers.find((u) => u.fullname === '李慧敏') ?? s.new_stepusers[0]).systemuserid,
  });
const decide = (id: string, Action: 'approve' | 'reject' | 'veto') =>
  api('hq', 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: ENTITY, Action, Memo: '审批意见' });
const collect = (who: string, id: string, body: object, lang = 'zh-CN') => api(who, 'POST', `/api/productReturn/${id}/collect`, body, lang);
const ship = (who: string, id: string, body: object, lang = 'zh-CN') => api(who, 'POST', `/api/productReturn/${id}/ship`, body, lang);
const receive = (who: string, id: string, lang = 'zh-CN') => api(who, 'POST', `/api/productReturn/${id}/receive`, {}, lang);

type Wo = { id: string; name: string; serial: string; product: string; customer: string };
/** Work orders of a station (not cancelled, or cancelled ones) that no return names yet, oldest first (the demo takes the newest completed). */
async function freeOrders(code: string, n: number, cancelled = false): Promise<Wo[]> {
  const { rows } = await p.db.query<Wo>(
    `SELECT new_srv_workorderid AS id, new_name AS name, new_serialnumber AS serial, new_product_id AS product, new_customer AS customer FROM new_srv_workorder w
      WHERE new_station_id = $1 AND (new_status = $2) = $4 AND new_serialnumber IS NOT NULL AND new_product_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM new_srv_productreturn r WHERE r.new_workorder_id = w.new_srv_workorderid) ORDER BY new_name LIMIT $3`,
    [station[code], workOrderStatus.cancelled, n, cancelled],
  );
  expect(rows.length).toBe(n);
  return rows;
}
const create = (who: string, wo: Wo, extra: Record<string, unknown> = {}, lang = 'zh-CN') =>
  api(
    who,
    'POST',
    '/api/crmdata/create/new_srv_productreturns',
    {
      new_returntype: pulloutType.return,
      new_workorder_id: wo.id,
      new_station_id: station.SH001,
      new_serialnumber: wo.serial,
      new_product_id: wo.product,
      new_customer: wo.customer,
      new_reason: '主轴异响，多次维修未解决',
      ...extra,
    },
    lang,
  );
const addLine = (who: string, returnId: string, product: string, extra: Record<string, unknown> = {}, lang = 'zh-CN') =>
  api(
    who,
    'POST',
    '/api/crmdata/create/new_srv_productreturndetails',
    { new_productreturn_id: returnId, new_itemtype: productReturnItemType.machine, new_product_id: product, new_qty: 1, ...extra },
    lang,
  );

const returnRow = (id: string) =>
  p.db.one<{ name: string; a: number; s: number; corp: string | null; tracking: string | null; shipped: boolean; received: boolean }>(
    `SELECT new_name AS name, new_approvalstatus AS a, new_returnstate AS s, new_logisticscorp AS corp, new_trackingno AS tracking,
            new_shippedon IS NOT NULL AS shipped, new_receivedon IS NOT NULL AS received FROM new_srv_productreturn WHERE new_srv_productreturnid = $1`,
    [id],
  );
const pullout = (wo: string) =>
  p.db.one<{ type: number | null; status: number | null; time: boolean; corp: string | null; tracking: string | null; received: boolean }>(
    `SELECT new_pullouttype AS type, new_pulloutstatus AS status, new_pullouttime IS NOT NULL AS time, new_logisticscorp AS corp, new_trackingno AS tracking,
            new_receivedon IS NOT NULL AS received FROM new_srv_workorder WHERE new_srv_workorderid = $1`,
    [wo],
  );

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq', 'admin']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('product return', () => {
  it('the demo holds returns in every state, and their work orders show the pullout the steps set', async () => {
    // Runs first: only the demo's returns exist.
    const { rows } = await p.db.query<{ a: number; s: number; wtype: number | null; wstatus: number | null; type: number }>(
      `SELECT r.new_approvalstatus AS a, r.new_returnstate AS s, r.new_returntype AS type, w.new_pullouttype AS wtype, w.new_pulloutstatus AS wstatus
         FROM new_srv_productreturn r JOIN new_srv_workorder w ON w.new_srv_workorderid = r.new_workorder_id`,
    );
    expect(rows.length).toBe(7);
    expect(new Set(rows.map((r) => `${r.a}/${r.s}`))).toEqual(
      new Set([
        `${approvalStatus.draft}/${productReturnState.pending}`,
        `${approvalStatus.underReview}/${productReturnState.pending}`,
        `${approvalStatus.rejected}/${productReturnState.pending}`,
        `${approvalStatus.vetoed}/${productReturnState.pending}`,
        `${approvalStatus.approved}/${productReturnState.toCollect}`,
        `${approvalStatus.approved}/${productReturnState.shipped}`,
        `${approvalStatus.approved}/${productReturnState.received}`,
      ]),
    );
    const status = {
      [productReturnState.toCollect]: pulloutStatus.toBePulledOut,
      [productReturnState.shipped]: pulloutStatus.delivered,
      [productReturnState.received]: pulloutStatus.received,
    } as Record<number, number>;
    for (const r of rows.filter((x) => x.s !== productReturnState.pending))
      expect({ type: r.wtype, status: r.wstatus }).toEqual({ type: r.type, status: status[r.s] });
    expect(await p.db.one(`SELECT count(*)::int AS n FROM new_srv_productreturndetail`)).toEqual({ n: 14 });
  });

  it("goes draft → under review → approved → collected → shipped → received, writing the work order's pullout fields at each step", async () => {
    const [wo] = await freeOrders('SH001', 1);
    const id = ok(await create('station1', wo)).id as string;
    expect(await returnRow(id)).toMatchObject({
      name: expect.stringMatching(/^TJ\d{6}-\d{4}$/),
      a: approvalStatus.draft,
      s: productReturnState.pending,
    });
    const before = await pullout(wo.id);

    // No line yet: refused with the specification's message, in both languages.
    refused(await submit(id), 400, '请至少添加一条单据明细');
    refused(await submit(id, 'station1', 'en-US'), 400, 'Add at least one document detail');
    const machine = ok(await addLine('station1', id, wo.product)).id as string;
    ok(await addLine('station1', id, wo.product, { new_itemtype: productReturnItemType.accessory, new_qty: 2, new_serialnumber: null }));
    // The machine's line carries the return's serial number; the line is named after its product.
    expect(
      await p.db.one(
        `SELECT new_serialnumber AS s, new_station_id AS st, new_name IS NOT NULL AS named FROM new_srv_productreturndetail WHERE new_srv_productreturndetailid = $1`,
        [machine],
      ),
    ).toEqual({ s: wo.serial, st: station.SH001, named: true });

    ok(await submit(id));
    expect((await returnRow(id))!.a).toBe(approvalStatus.underReview);
    // Under review: no line changes, no header changes.
    refused(await addLine('station1', id, wo.product), 400, '只有草稿或已驳回的单据才能增加、删除或修改明细');
    refused(
      await addLine('station1', id, wo.product, {}, 'en-US'),
      400,
      'Details can be added, deleted or modified only while the document is draft or rejected',
    );
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_productreturndetails(${machine})`, { new_qty: 3 }),
      400,
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_productreturns(${id})`, { new_reason: '改' }),
      400,
      '已提交的单据不允许修改',
    );
    // Collecting or shipping before approval is refused.
    refused(await collect('station1', id, { collectedOn: today() }), 400, '只有审批通过且待拉回的退机申请可以确认拉回');
    refused(
      await ship('station1', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF1' }),
      400,
      '只有已拉回的退机申请可以发运，请先确认拉回',
    );
    expect(await pullout(wo.id)).toEqual(before);

    expect(ok(await decide(id, 'approve'))).toEqual({ Status: approvalStatus.approved });
    expect(await returnRow(id)).toMatchObject({ a: approvalStatus.approved, s: productReturnState.toCollect });
    expect(await pullout(wo.id)).toMatchObject({ type: pulloutType.return, status: pulloutStatus.toBePulledOut });

    // Approved, not yet collected: shipping is refused, in both languages.
    refused(
      await ship('station1', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF1' }),
      400,
      '只有已拉回的退机申请可以发运，请先确认拉回',
    );
    refused(
      await ship('station1', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF1' }, 'en-US'),
      400,
      'Only a return collected from the customer can be shipped: record the collection first',
    );
    // Collect: the day is required, a real day, not after today nor before the approval; the note ≤ 200; the station's writers only.
    refused(await collect('station1', id, {}), 400, '拉回日期');
    refused(await collect('station1', id, { collectedOn: '2026-02-30' }), 400, '拉回日期');
    refused(await collect('station1', id, { collectedOn: today(1) }), 400, '拉回日期不能晚于今天');
    refused(await collect('station1', id, { collectedOn: today(1) }, 'en-US'), 400, 'The collection date cannot be later than today');
    refused(await collect('station1', id, { collectedOn: today(-1) }), 400, `拉回日期不能早于审批通过日期 ${today()}`);
    refused(await collect('station1', id, { collectedOn: today(), memo: '说'.repeat(201) }), 400, '拉回说明不能超过200个字');
    expect((await collect('hq', id, { collectedOn: today() })).statusCode).toBe(403);
    expect((await collect('station2', id, { collectedOn: today() })).statusCode).toBe(404);
    expect(await returnRow(id)).toMatchObject({ s: productReturnState.toCollect });
    expect(await pullout(wo.id)).toMatchObject({ status: pulloutStatus.toBePulledOut });

    expect(ok(await collect('station1', id, { collectedOn: today(), memo: '  客户现场拉回，包装完好  ' }))).toMatchObject({
      id,
      message: '已确认拉回',
    });
    expect(
      await p.db.one(
        `SELECT new_returnstate AS s, to_char(new_collectedon, 'YYYY-MM-DD') AS d, new_collectmemo AS memo, new_collectedby IS NOT NULL AS by FROM new_srv_productreturn WHERE new_srv_productreturnid = $1`,
        [id],
      ),
    ).toEqual({ s: productReturnState.collected, d: today(), memo: '客户现场拉回，包装完好', by: true });
    expect(await pullout(wo.id)).toMatchObject({ type: pulloutType.return, status: pulloutStatus.pulledOut, time: true });
    refused(
      await collect('station1', id, { collectedOn: today() }, 'en-US'),
      400,
      'Only an approved return that is to be collected can be marked collected',
    );

    // Ship: logistics required, ≤ 60 characters; only the station's writers (hq holds no parts.write).
    refused(await ship('station1', id, { logisticsCorp: '顺丰速运' }), 400, '请填写物流公司和物流单号');
    refused(await ship('station1', id, { trackingNo: 'SF1' }, 'en-US'), 400, 'Please enter the logistics company and the tracking number');
    refused(await ship('station1', id, { logisticsCorp: '顺'.repeat(61), trackingNo: 'SF1' }), 400, '物流公司和物流单号不能超过60个字');
    expect((await ship('hq', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF1' })).statusCode).toBe(403);
    expect((await ship('station2', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF1' })).statusCode).toBe(404);
    expect((await returnRow(id))!.s).toBe(productReturnState.collected);
    // Receiving before shipping is refused.
    refused(await receive('hq', id), 400, '只有已发运的退机申请可以签收');

    const shipped = await ship('station1', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF1402836617599' });
    expect(shipped.json().Message).toBe('发运成功');
    expect(await returnRow(id)).toMatchObject({
      s: productReturnState.shipped,
      corp: '顺丰速运',
      tracking: 'SF1402836617599',
      shipped: true,
      received: false,
    });
    expect(await pullout(wo.id)).toEqual({
      type: pulloutType.return,
      status: pulloutStatus.delivered,
      time: true,
      corp: '顺丰速运',
      tracking: 'SF1402836617599',
      received: false,
    });
    refused(
      await ship('station1', id, { logisticsCorp: '顺丰速运', trackingNo: 'SF2' }, 'en-US'),
      400,
      'Only a return collected from the customer can be shipped',
    );

    // Receive: head office (workorder.audit, no station); the station cannot.
    expect((await receive('station1', id)).statusCode).toBe(403);
    expect(ok(await receive('hq', id))).toMatchObject({ id, message: '签收成功' });
    expect(await returnRow(id)).toMatchObject({ s: productReturnState.received, received: true });
    expect(await pullout(wo.id)).toMatchObject({ status: pulloutStatus.received, received: true, tracking: 'SF1402836617599' });
    refused(await receive('hq', id, 'en-US'), 400, 'Only a shipped return can be received');
  });

  it('a rejected return leaves the work order unchanged and takes line changes again; a vetoed one too, and frees the work order', async () => {
    const [wo, wo2] = await freeOrders('SH001', 2);
    const id = ok(await create('station1', wo)).id as string;
    const line = ok(await addLine('station1', id, wo.product)).id as string;
    const before = await pullout(wo.id);
    ok(await submit(id));
    expect(ok(await decide(id, 'reject'))).toEqual({ Status: approvalStatus.rejected });
    expect(await returnRow(id)).toMatchObject({ a: approvalStatus.rejected, s: productReturnState.pending });
    expect(await pullout(wo.id)).toEqual(before);
    // Rejected: lines and header may change again, but it is no longer deletable (only drafts are).
    ok(await api('station1', 'POST', `/api/crmdata/Update/new_srv_productreturndetails(${line})`, { new_qty: 2 }));
    ok(await api('station1', 'POST', `/api/crmdata/Update/new_srv_productreturns(${id})`, { new_reason: '补充检测报告后重新提交' }));
    refused(await api('station1', 'POST', `/api/crmdata/delete/new_srv_productreturns(${id})`), 400, '只有草稿状态的单据才能删除');
    // Still the work order's open return: a second one is refused.
    refused(await create('station1', wo), 400, `服务工单 ${wo.name} 已有退机申请 ${(await returnRow(id))!.name}，不能重复申请`);

    const id2 = ok(await create('station1', wo2)).id as string;
    ok(await addLine('station1', id2, wo2.product));
    const before2 = await pullout(wo2.id);
    ok(await submit(id2));
    expect(ok(await decide(id2, 'veto'))).toEqual({ Status: approvalStatus.vetoed });
    expect(await pullout(wo2.id)).toEqual(before2);
    refused(await addLine('station1', id2, wo2.product), 400, '只有草稿或已驳回的单据才能增加、删除或修改明细');
    // A vetoed return is closed: the work order may be returned anew.
    ok(await create('station1', wo2));
  });

  it('refuses a second open return, a cancelled work order, a work order of another station and an exchange without the replacement, in both languages', async () => {
    const [wo, wo2] = await freeOrders('SH001', 2);
    const first = ok(await create('station1', wo)).id as string;
    const number = (await returnRow(first))!.name;
    refused(
      await create('station1', wo, {}, 'en-US'),
      400,
      `Work order ${wo.name} already has the return ${number}; a second one is not allowed`,
    );
    // Another order may not be switched onto a work order that already has its return.
    const other = ok(await create('station1', wo2)).id as string;
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_productreturns(${other})`, { new_workorder_id: wo.id }),
      400,
      `服务工单 ${wo.name} 已有退机申请 ${number}`,
    );

    const [cancelled] = await freeOrders('SH001', 1, true);
    refused(await create('station1', cancelled), 400, '已取消的服务工单不能申请退机');
    refused(await create('station1', cancelled, {}, 'en-US'), 400, 'A cancelled work order cannot be returned');

    const [zj] = await freeOrders('ZJ001', 1);
    refused(await create('admin', zj), 400, '服务工单不属于所选服务站');
    refused(await create('admin', zj, {}, 'en-US'), 400, 'The work order does not belong to the chosen service station');
    // hq holds no parts.write.
    expect((await create('hq', wo2)).statusCode).toBe(403);

    // An exchange names the replacement machine before it is submitted.
    const ex = ok(await create('station2', zj, { new_returntype: pulloutType.exchange, new_station_id: station.ZJ001 })).id as string;
    ok(await addLine('station2', ex, zj.product));
    refused(await submit(ex, 'station2'), 400, '换机申请请填写换机序列号');
    refused(await submit(ex, 'station2', 'en-US'), 400, 'An exchange needs the serial number of the replacement machine');
    ok(await api('station2', 'POST', `/api/crmdata/Update/new_srv_productreturns(${ex})`, { new_exchangeserial: 'HC2611-0001ZJ' }));
    ok(await submit(ex, 'station2'));
    ok(await decide(ex, 'approve'));
    expect(await pullout(zj.id)).toMatchObject({ type: pulloutType.exchange, status: pulloutStatus.toBePulledOut });

    // A draft is deleted with its lines.
    const [free] = await freeOrders('ZJ001', 1);
    const draft = ok(await create('station2', free, { new_station_id: station.ZJ001 })).id as string;
    ok(await addLine('station2', draft, free.product));
    ok(await api('station2', 'POST', `/api/crmdata/delete/new_srv_productreturns(${draft})`));
    expect(await p.db.one(`SELECT count(*)::int AS n FROM new_srv_productreturndetail WHERE new_productreturn_id = $1`, [draft])).toEqual({
      n: 0,
    });
  });

  it('two returns of one work order created at once: exactly one is made', async () => {
    const [wo] = await freeOrders('SH001', 1);
    const results = await Promise.all([create('station1', wo), create('station1', wo), create('station1', wo)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await p.db.one(`SELECT count(*)::int AS n FROM new_srv_productreturn WHERE new_workorder_id = $1`, [wo.id])).toEqual({ n: 1 });
  });
});
