import { contractStatus, warranty, workOrderStatus } from '@portal/model';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';

let p: Portal;
const tok: Record<string, string> = {};
let product = '';
let otherProduct = '';
let seq = 0;

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({
    method,
    url,
    payload,
    headers: {
      ...bearer(tok[who]),
      'accept-language': lang,
      prefer: 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"',
    },
  });
const day = (n: number) => chinaDate(new Date(), n);
const contract = async (id: string) =>
  (await p.db.one<Record<string, unknown>>(
    `SELECT *, to_char(new_startdate, 'YYYY-MM-DD') AS s, to_char(new_enddate, 'YYYY-MM-DD') AS e FROM new_srv_contract WHERE new_srv_contractid = $1`,
    [id],
  ))!;
const order = async (id: string) =>
  (await p.db.one<{ warranty: number; contract: string | null }>(
    'SELECT new_warranty AS warranty, new_contract_id AS contract FROM new_srv_workorder WHERE new_srv_workorderid = $1',
    [id],
  ))!;
/** A unique serial number per call. */
const serial = () => `HTSN-${Date.now().toString(36)}-${++seq}`.toUpperCase();

/** A draft contract of station1 (from 30 days ago to a year ahead unless said otherwise). */
async function draft(extra: object = {}, who = 'station1') {
  return done(
    await api(who, 'POST', '/api/crmdata/create/new_srv_contracts', {
      new_customername: '江苏恒瑞农牧有限公司',
      new_phone: '13951234567',
      new_contracttype: 2,
      new_amount: 12800,
      new_startdate: day(-30),
      new_enddate: day(335),
      ...extra,
    }),
  ).id as string;
}
const addLine = (contractId: string, extra: object = {}) =>
  api('station1', 'POST', '/api/crmdata/create/new_srv_contractlines', {
    new_contract_id: contractId,
    new_product_id: product,
    new_serialnumber: serial(),
    ...extra,
  });
/** An active contract with one line for `sn` (and the line's extra values). */
async function active(sn: string, line: object = {}, header: object = {}) {
  const id = await draft(header);
  done(await addLine(id, { new_serialnumber: sn, ...line }));
  done(await api('station1', 'POST', `/api/contracts/${id}/activate`), '合同已生效');
  return id;
}
/** A work order of station1 for `sn` (out of warranty as entered). */
async function workOrder(extra: object = {}) {
  return done(
    await api('station1', 'POST', '/api/crmdata/create/new_srv_workorders', {
      new_type: 1,
      new_warranty: warranty.outOfWarranty,
      new_customer: '江苏恒瑞农牧有限公司',
      new_contact: '王海军',
      new_phone: '13951234567',
      new_province: '江苏省',
      new_city: '南京市',
      new_county: '江宁区',
      new_address: '秣陵街道 8 号',
      new_faultdesc: '喂料机不转',
      new_product_id: product,
      ...extra,
    }),
  ).id as string;
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  const { rows } = await p.db.query<{ id: string }>('SELECT productid AS id FROM product ORDER BY productnumber LIMIT 2');
  [product, otherProduct] = rows.map((r) => r.id);
});
afterAll(() => p?.close());

describe('maintenance contracts', () => {
  it('the demo has contracts of the three stations in every state; five in-warranty orders show theirs', async () => {
    const { rows } = await p.db.query<{ status: number; n: number }>(
      'SELECT new_status AS status, count(*)::int AS n FROM new_srv_contract GROUP BY 1 ORDER BY 1',
    );
    expect(rows).toEqual([
      { status: contractStatus.draft, n: 2 },
      { status: contractStatus.active, n: 6 },
      { status: contractStatus.expired, n: 1 },
      { status: contractStatus.terminated, n: 1 },
    ]);
    const { rows: orders } = await p.db.query<{ warranty: number; status: number; covered: boolean }>(
      `SELECT o.new_warranty AS warranty, c.new_status AS status,
              EXISTS (SELECT 1 FROM new_srv_contractline l WHERE l.new_contract_id = c.new_srv_contractid AND l.new_serialnumber = o.new_serialnumber) AS covered
         FROM new_srv_workorder o JOIN new_srv_contract c ON c.new_srv_contractid = o.new_contract_id`,
    );
    expect(orders).toHaveLength(5);
    expect(orders.every((o) => o.warranty === warranty.inWarranty && o.status === contractStatus.active && o.covered)).toBe(true);
    expect(Number((await p.db.one<{ n: number }>('SELECT count(DISTINCT new_station_id)::int AS n FROM new_srv_contract'))!.n)).toBe(3);
  });

  it('a new contract is a numbered draft of the station; start must be before end, the amount not negative', async () => {
    const id = await draft();
    const c = await contract(id);
    expect(String(c.new_name)).toMatch(/^HT\d{8}-\d{4}$/);
    expect(c).toMatchObject({ new_status: contractStatus.draft, new_linecount: 0 });
    const bad = { new_startdate: day(10), new_enddate: day(10) };
    refused(
      await api('station1', 'POST', '/api/crmdata/create/new_srv_contracts', {
        new_customername: '甲',
        new_phone: '13951234567',
        new_contracttype: 1,
        ...bad,
      }),
      '开始时间必须早于结束时间',
    );
    refused(
      await api(
        'station1',
        'POST',
        '/api/crmdata/create/new_srv_contracts',
        { new_customername: '甲', new_phone: '13951234567', new_contracttype: 1, ...bad },
        'en-US',
      ),
      'The start time must be earlier than the end time',
    );
    // A partial update is checked against the stored other date.
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_contracts(${id})`, { new_enddate: day(-40) }),
      '开始时间必须早于结束时间',
    );
    const neg = await api('station1', 'POST', '/api/crmdata/create/new_srv_contracts', {
      new_customername: '甲',
      new_phone: '13951234567',
      new_contracttype: 1,
      new_startdate: day(0),
      new_enddate: day(9),
      new_amount: -1,
    });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().Message).toContain('合同金额不能小于 0');
    expect(await contract(id)).toMatchObject({ e: day(335) });
  });

  it("lines take the contract's dates and every service; checks of dates, services and the serial number", async () => {
    const id = await draft();
    const sn = serial();
    const lineId = done(await addLine(id, { new_serialnumber: sn })).id as string;
    const line = (await p.db.one<Record<string, unknown>>(
      `SELECT *, to_char(new_startdate, 'YYYY-MM-DD') AS s, to_char(new_enddate, 'YYYY-MM-DD') AS e FROM new_srv_contractline WHERE new_srv_contractlineid = $1`,
      [lineId],
    ))!;
    const c = await contract(id);
    expect(line).toMatchObject({
      s: day(-30),
      e: day(335),
      new_qty: 1,
      new_coverrepair: true,
      new_coverinstall: true,
      new_covermaint: true,
      new_station_id: c.new_station_id,
      owningbusinessunit: c.owningbusinessunit,
    });
    expect(String(line.new_name)).toContain(sn);
    expect((await contract(id)).new_linecount).toBe(1);

    refused(await addLine(id, { new_startdate: day(5), new_enddate: day(5) }), '开始时间必须早于结束时间');
    refused(
      await addLine(id, { new_startdate: day(-60), new_enddate: day(5) }),
      `明细的保障期必须在合同期内（${day(-30)} 至 ${day(335)}）`,
    );
    refused(await addLine(id, { new_coverrepair: false, new_coverinstall: false, new_covermaint: false }), '请至少选择一项保障服务');
    // The same serial number on this contract, or on another live one (case and spaces ignored).
    refused(await addLine(id, { new_serialnumber: sn }), `机器序列号 ${sn} 已在合同 ${c.new_name} 中`);
    const other = await draft();
    refused(
      await addLine(other, { new_serialnumber: ` ${sn.toLowerCase()} ` }),
      `机器序列号 ${sn.toLowerCase()} 已在合同 ${c.new_name} 中`,
    );
    const en = await api(
      'station1',
      'POST',
      '/api/crmdata/create/new_srv_contractlines',
      { new_contract_id: other, new_product_id: product, new_serialnumber: sn },
      'en-US',
    );
    refused(en, `Serial number ${sn} is already covered by contract ${c.new_name}`);
    expect((await contract(other)).new_linecount).toBe(0);
    // Shrinking the contract under its lines is refused.
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_contracts(${id})`, { new_enddate: day(100) }),
      `明细的保障期必须在合同期内（${day(-30)} 至 ${day(100)}）`,
    );
    // A terminated contract's serial numbers are free again.
    const old = await active(serial());
    const oldSn = (await p.db.one<{ s: string }>('SELECT new_serialnumber AS s FROM new_srv_contractline WHERE new_contract_id = $1', [
      old,
    ]))!.s;
    done(await api('station1', 'POST', `/api/contracts/${old}/terminate`, { date: day(0), reason: '客户转卖设备' }), '合同已终止');
    done(await addLine(other, { new_serialnumber: oldSn }));
  });

  it('activate: draft only, with a line, not after its end; then header and lines are locked', async () => {
    const id = await draft();
    refused(await api('station1', 'POST', `/api/contracts/${id}/activate`), '请至少添加一条合同明细');
    refused(await api('station1', 'POST', `/api/contracts/${id}/activate`, undefined, 'en-US'), 'Add at least one contract line');
    const lineId = done(await addLine(id)).id as string;
    refused(await api('station2', 'POST', `/api/contracts/${id}/activate`), '记录不存在或您无权访问', 404);
    done(await api('station1', 'POST', `/api/contracts/${id}/activate`), '合同已生效');
    const c = await contract(id);
    expect(c.new_status).toBe(contractStatus.active);
    expect(c.new_activatedon).toBeTruthy();
    refused(await api('station1', 'POST', `/api/contracts/${id}/activate`), '只有草稿状态的合同可以生效');
    refused(await addLine(id), '只有草稿或已驳回的单据才能增加、删除或修改明细');
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_contractlines(${lineId})`, { new_qty: 2 }),
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    refused(
      await api('station1', 'POST', `/api/crmdata/delete/new_srv_contractlines(${lineId})`),
      '只有草稿或已驳回的单据才能增加、删除或修改明细',
    );
    refused(
      await api('station1', 'POST', `/api/crmdata/Update/new_srv_contracts(${id})`, { new_memo: '改' }),
      '只有草稿状态的单据才能修改',
    );
    expect((await contract(id)).new_linecount).toBe(1);

    const past = await draft({ new_startdate: day(-400), new_enddate: day(-1) });
    done(await addLine(past));
    refused(await api('station1', 'POST', `/api/contracts/${past}/activate`), `合同结束日期 ${day(-1)} 已过，不能生效`);

    // A draft's lines change and go with it.
    const d = await draft();
    const l = done(await addLine(d)).id as string;
    done(await api('station1', 'POST', `/api/crmdata/Update/new_srv_contractlines(${l})`, { new_qty: 3 }));
    done(await api('station1', 'POST', `/api/crmdata/delete/new_srv_contractlines(${l})`));
    expect((await contract(d)).new_linecount).toBe(0);
    done(await addLine(d));
    done(await api('station1', 'POST', `/api/crmdata/delete/new_srv_contracts(${d})`));
    expect(await p.db.one('SELECT 1 FROM new_srv_contractline WHERE new_contract_id = $1', [d])).toBeFalsy();
  });

  it('terminate: active only, with a date in the period and a reason', async () => {
    const d = await draft();
    refused(
      await api('station1', 'POST', `/api/contracts/${d}/terminate`, { date: day(0), reason: '客户要求' }),
      '只有生效中的合同可以终止',
    );
    const id = await active(serial());
    refused(await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(0) }), '终止原因不能为空');
    refused(await api('station1', 'POST', `/api/contracts/${id}/terminate`, { reason: '客户要求' }), '终止日期不能为空');
    refused(
      await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(0) }, 'en-US'),
      'Reason for termination is required',
    );
    refused(
      await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(400), reason: '客户要求' }),
      `终止日期必须在合同期内（${day(-30)} 至 ${day(335)}）`,
    );
    expect((await contract(id)).new_status).toBe(contractStatus.active);
    done(await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(0), reason: '客户设备整体出售' }), '合同已终止');
    expect(await contract(id)).toMatchObject({ new_status: contractStatus.terminated, new_terminationreason: '客户设备整体出售' });
    refused(await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(0), reason: '再次' }), '只有生效中的合同可以终止');
  });

  it('an active contract past its end date reads as expired (stored by the next contract or order write)', async () => {
    const id = await active(serial());
    await p.db.query(`UPDATE new_srv_contract SET new_enddate = $2::date, new_startdate = $3::date WHERE new_srv_contractid = $1`, [
      id,
      day(-1),
      day(-300),
    ]);
    await p.db.query(`UPDATE new_srv_contractline SET new_enddate = $2::date, new_startdate = $3::date WHERE new_contract_id = $1`, [
      id,
      day(-1),
      day(-300),
    ]);
    refused(
      await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(-2), reason: '客户要求' }),
      '只有生效中的合同可以终止',
    );
    // The refusal rolled its transaction back; the next write that goes through stores it.
    await draft();
    expect((await contract(id)).new_status).toBe(contractStatus.expired);
  });
});

describe('contract status as of today (issue 25)', () => {
  it('an untouched active contract past its end date is expired in the list, its filters, counts, its record and the export', async () => {
    const id = await active(serial());
    const name = String((await contract(id)).new_name);
    // Its end passes with no write since (the stored status still says active).
    await p.db.query(`UPDATE new_srv_contract SET new_enddate = $2::date, new_startdate = $3::date WHERE new_srv_contractid = $1`, [
      id,
      day(-1),
      day(-300),
    ]);
    await p.db.query(`UPDATE new_srv_contractline SET new_enddate = $2::date, new_startdate = $3::date WHERE new_contract_id = $1`, [
      id,
      day(-1),
      day(-300),
    ]);
    expect((await contract(id)).new_status).toBe(contractStatus.active);
    const F = '@OData.Community.Display.V1.FormattedValue';
    const list = async (filter: string) => {
      const r = await api(
        'station1',
        'GET',
        `/api/crmdata/Retrieve/new_srv_contracts?$select=new_name,new_status&$count=true&$filter=${encodeURIComponent(`new_name eq '${name}' and ${filter}`)}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json().Data as { value: Record<string, unknown>[]; '@odata.count': number };
    };
    const expired = await list(`new_status eq ${contractStatus.expired}`);
    expect(expired['@odata.count']).toBe(1);
    expect(expired.value[0]).toMatchObject({ new_status: contractStatus.expired, [`new_status${F}`]: '已到期' });
    expect((await list(`new_status eq ${contractStatus.active}`))['@odata.count']).toBe(0);
    const one = (await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_contracts(${id})?$select=new_status`)).json().Data;
    expect(one.new_status).toBe(contractStatus.expired);
    const x = await api(
      'station1',
      'GET',
      `/api/crmdata/Export/new_srv_contracts?$select=new_name,new_status&$filter=${encodeURIComponent(`new_name eq '${name}'`)}`,
    );
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual([name, '已到期']);
    // A draft or a terminated contract past its end keeps its own status.
    const d = await draft({ new_startdate: day(-300), new_enddate: day(-1) });
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_contracts(${d})?$select=new_status`)).json().Data.new_status).toBe(
      contractStatus.draft,
    );
  });
});

describe('work orders under a maintenance contract', () => {
  it('activating a contract links the open orders for its serial numbers at once; closed ones and other machines are left alone', async () => {
    const sn = serial();
    const open = await workOrder({ new_serialnumber: sn });
    const closed = await workOrder({ new_serialnumber: sn.toLowerCase() });
    const other = await workOrder({ new_serialnumber: serial() });
    await p.db.query(`UPDATE new_srv_workorder SET new_status = $2 WHERE new_srv_workorderid = $1`, [closed, workOrderStatus.audited]);
    for (const o of [open, closed, other]) expect(await order(o)).toEqual({ warranty: warranty.outOfWarranty, contract: null });
    const id = await draft();
    done(await addLine(id, { new_serialnumber: sn }));
    // Still a draft: nothing is linked.
    expect(await order(open)).toEqual({ warranty: warranty.outOfWarranty, contract: null });
    done(await api('station1', 'POST', `/api/contracts/${id}/activate`), '合同已生效');
    expect(await order(open)).toEqual({ warranty: warranty.inWarranty, contract: id });
    expect(await order(closed)).toEqual({ warranty: warranty.outOfWarranty, contract: null });
    expect(await order(other)).toEqual({ warranty: warranty.outOfWarranty, contract: null });
  });

  it('a live contract line for the serial number makes a new order in warranty and names the contract', async () => {
    const sn = serial();
    const id = await active(sn);
    const wo = await workOrder({ new_serialnumber: sn.toLowerCase() });
    expect(await order(wo)).toEqual({ warranty: warranty.inWarranty, contract: id });
    // The order's screen reads the contract by name.
    const row = (await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_workorders(${wo})?$select=new_contract_id`)).json().Data;
    expect(JSON.stringify(row)).toContain(String((await contract(id)).new_name));
    // Another serial number: no contract, out of warranty; back again: in warranty.
    done(await api('station1', 'POST', `/api/crmdata/Update/new_srv_workorders(${wo})`, { new_serialnumber: serial() }));
    expect(await order(wo)).toEqual({ warranty: warranty.outOfWarranty, contract: null });
    done(await api('station1', 'POST', `/api/crmdata/Update/new_srv_workorders(${wo})`, { new_serialnumber: sn }));
    expect(await order(wo)).toEqual({ warranty: warranty.inWarranty, contract: id });
    // Terminated later: the order it covered keeps it.
    done(await api('station1', 'POST', `/api/contracts/${id}/terminate`, { date: day(0), reason: '客户要求' }));
    done(await api('station1', 'POST', `/api/crmdata/Update/new_srv_workorders(${wo})`, { new_faultdesc: '喂料机异响' }));
    expect(await order(wo)).toEqual({ warranty: warranty.inWarranty, contract: id });
  });

  it('draft, terminated and expired contracts, a cover starting later and an uncovered service do not count', async () => {
    const sn1 = serial();
    const d = await draft();
    done(await addLine(d, { new_serialnumber: sn1 }));
    expect(await order(await workOrder({ new_serialnumber: sn1 }))).toEqual({ warranty: warranty.outOfWarranty, contract: null });

    const sn2 = serial();
    const t = await active(sn2);
    done(await api('station1', 'POST', `/api/contracts/${t}/terminate`, { date: day(0), reason: '客户要求' }));
    expect(await order(await workOrder({ new_serialnumber: sn2 }))).toEqual({ warranty: warranty.outOfWarranty, contract: null });

    const sn3 = serial();
    const e = await active(sn3);
    await p.db.query(`UPDATE new_srv_contract SET new_startdate = $2::date, new_enddate = $3::date WHERE new_srv_contractid = $1`, [
      e,
      day(-300),
      day(-1),
    ]);
    await p.db.query(`UPDATE new_srv_contractline SET new_startdate = $2::date, new_enddate = $3::date WHERE new_contract_id = $1`, [
      e,
      day(-300),
      day(-1),
    ]);
    expect(await order(await workOrder({ new_serialnumber: sn3 }))).toEqual({ warranty: warranty.outOfWarranty, contract: null });
    expect((await contract(e)).new_status).toBe(contractStatus.expired);

    const sn4 = serial();
    await active(sn4, { new_startdate: day(5), new_enddate: day(200) });
    expect(await order(await workOrder({ new_serialnumber: sn4 }))).toEqual({ warranty: warranty.outOfWarranty, contract: null });

    const sn5 = serial();
    const m = await active(sn5, { new_coverrepair: false, new_coverinstall: false, new_covermaint: true });
    expect(await order(await workOrder({ new_serialnumber: sn5, new_type: 1 }))).toEqual({
      warranty: warranty.outOfWarranty,
      contract: null,
    });
    expect(await order(await workOrder({ new_serialnumber: sn5, new_type: 3 }))).toEqual({ warranty: warranty.inWarranty, contract: m });
  });

  it("without a serial number, the customer's contract for the product covers the order", async () => {
    const customer = `南京鼓楼医院设备科${serial()}`;
    const id = await active(serial(), { new_product_id: otherProduct }, { new_customername: customer });
    expect(await order(await workOrder({ new_customer: customer, new_product_id: otherProduct }))).toEqual({
      warranty: warranty.inWarranty,
      contract: id,
    });
    expect(await order(await workOrder({ new_customer: customer, new_product_id: product }))).toEqual({
      warranty: warranty.outOfWarranty,
      contract: null,
    });
    expect(await order(await workOrder({ new_customer: '别的客户', new_product_id: otherProduct }))).toEqual({
      warranty: warranty.outOfWarranty,
      contract: null,
    });
  });
});
