import { approvalStatus, paymentPlanState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { multipart, SAMPLES, tempStorage } from '../../files/testing.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { done, refused } from '../../testing/http-expect.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';

/*
 * Sales contracts and payment plans (issue 29) as their users call them: 韩冬 (salesman1) makes a
 * contract for 东莞恒丰注塑厂 (paid by 广州粤华), its amount the sum of its lines; a plan above what
 * is left is refused at save and plans not adding up to the amount at submit (with the figures);
 * hqsales approves and it is frozen; a plan past its due date reads 已逾期 (and filters so); 广州粤华's
 * finance names the contract on a receipt and hqfinance's confirmation settles the plans oldest due
 * date first; another dealer and another salesman reach nothing.
 */

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const create = (who: string, set: string, row: object, lang = 'zh-CN') => api(who, 'POST', `/api/crmdata/create/${set}`, row, lang);
const update = (who: string, set: string, id: string, row: object) => api(who, 'POST', `/api/crmdata/Update/${set}(${id})`, row);
const one = async <T extends Record<string, unknown>>(text: string, args: unknown[] = []) => (await p.db.one<T>(text, args))!;
const createdId = (res: Awaited<ReturnType<typeof api>>) => {
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().Data;
  return (typeof d === 'string' ? d : (d.id ?? d.Id)) as string;
};
const atField = (res: Awaited<ReturnType<typeof api>>, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().Data.errors[0]).toEqual({ field, message });
};
const day = (offset: number) => chinaDate(new Date(), offset);
const flowOf = (entity: string, approver: string) =>
  one<{ id: string; step: string; approver: string }>(
    `SELECT f.new_flowid AS id, s.new_flowstepsid AS step, (SELECT systemuserid FROM systemuser WHERE domainname = $2) AS approver
       FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = $1 ORDER BY f.new_order LIMIT 1`,
    [entity, approver],
  );
const submit = async (who: string, entity: string, id: string, approver: string, lang = 'zh-CN') => {
  const f = await flowOf(entity, approver);
  return api(
    who,
    'POST',
    '/api/CrmFlow/submit',
    { EntityId: id, EntityTypeName: entity, FlowId: f.id, ApproveList: [{ StepId: f.step, ApproveUserId: f.approver }] },
    lang,
  );
};
const approve = (who: string, entity: string, id: string) =>
  api(who, 'POST', '/api/CrmFlow/approve', { EntityId: id, EntityTypeName: entity, Action: 'approve', Memo: '同意' });
const contractRow = (id: string) =>
  one<{ status: number; amount: string; planned: string; received: string; payer: string }>(
    `SELECT new_approvalstatus AS status, new_amount::text AS amount, new_plannedamount::text AS planned,
            new_receivedamount::text AS received, new_payer_id AS payer FROM new_salescontract WHERE new_salescontractid = $1`,
    [id],
  );
/** The plans as the record service reads them (state as of today), by period. */
const plansOf = async (who: string, id: string) =>
  done<{ value: { new_period: number; new_amount: string; new_received: string | number; new_remaining: string; new_state: number }[] }>(
    await api(
      who,
      'GET',
      `/api/crmdata/Retrieve/new_paymentplans?$select=new_period,new_amount,new_received,new_remaining,new_state&$filter=${encodeURIComponent(
        `new_salescontract_id eq ${id}`,
      )}&$orderby=new_period`,
    ),
  ).value;

let customer = '';
let dealer1 = '';
const product: Record<string, string> = {};

/** A draft contract of salesman1 with one line of `qty` × `price` of HC-SK-80; answers its id. */
async function draft(qty = 2, price = '50000.00', who = 'salesman1', cust = customer) {
  const id = createdId(await create(who, 'new_salescontracts', { new_title: '测试合同', new_customer_id: cust, new_signdate: day(0) }));
  createdId(
    await create(who, 'new_salescontractlines', {
      new_salescontract_id: id,
      new_product_id: product['HC-SK-80'],
      new_qty: qty,
      new_price: price,
    }),
  );
  return id;
}
const plan = (who: string, contract: string, period: number, due: number, amount: string, lang = 'zh-CN') =>
  create(who, 'new_paymentplans', { new_salescontract_id: contract, new_period: period, new_duedate: day(due), new_amount: amount }, lang);

async function attachSlip(who: string, id: string) {
  const body = multipart(
    { ModuleType: 'new_receipt', FileId: '', FileName: '银行回单.png', ObjectId: id, IsOverwrite: '0' },
    { name: 'slip.png', content: SAMPLES.png },
  );
  const res = await p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok[who]) },
  });
  expect(res.statusCode, res.body).toBe(200);
}
let serial = 0;
/** dealer1fin records a receipt naming `contract`, with its slip; answers its id. */
async function receipt(contract: string, amount: string) {
  const id = createdId(
    await create('dealer1fin', 'new_receipts', {
      new_paydate: day(0),
      new_method: 1,
      new_amount: amount,
      new_serialno: `SC-TEST-${++serial}`,
      new_salescontract_id: contract,
    }),
  );
  await attachSlip('dealer1fin', id);
  return id;
}

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of ['salesman1', 'salesman2', 'dealer1', 'dealer1fin', 'dealer2', 'dealer2fin', 'hqsales', 'hqfinance'])
    tok[u] = (await signIn(p.app, u)).access_token;
  customer = (await one<{ id: string }>(`SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'`))
    .id;
  dealer1 = (await one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`)).id;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    product[r.no] = r.id;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('sales contracts and payment plans', () => {
  it('takes its paying unit from the customer and its amount from its lines; plans above the amount are refused at save and submit, with the figures', async () => {
    const id = await draft();
    createdId(
      await create('salesman1', 'new_salescontractlines', {
        new_salescontract_id: id,
        new_product_id: product['HC-LF-350'],
        new_qty: 3,
        new_price: '1000.00',
      }),
    );
    expect(await contractRow(id)).toMatchObject({ amount: '103000.00', payer: dealer1, status: approvalStatus.draft });
    createdId(await plan('salesman1', id, 1, 10, '60000.00'));
    // 60,000 planned of 103,000: a second plan of 50,000 is above the 43,000 left; nothing is saved.
    atField(
      await plan('salesman1', id, 2, 40, '50000.00'),
      'new_amount',
      '回款计划金额 ¥50,000.00 超过合同尚未计划的金额 ¥43,000.00（合同金额 ¥103,000.00）',
    );
    atField(
      await plan('salesman1', id, 2, 40, '50000.00', 'en-US'),
      'new_amount',
      'The planned amount ¥50,000.00 is above what the contract leaves unplanned, ¥43,000.00 (contract amount ¥103,000.00)',
    );
    expect((await plansOf('salesman1', id)).length).toBe(1);
    const second = createdId(await plan('salesman1', id, 2, 40, '40000.00'));
    // Raised above what is left when changed: refused too.
    atField(
      await update('salesman1', 'new_paymentplans', second, { new_amount: '43000.01' }),
      'new_amount',
      '回款计划金额 ¥43,000.01 超过合同尚未计划的金额 ¥43,000.00（合同金额 ¥103,000.00）',
    );
    // Σ plans 100,000 ≠ 103,000: submit refused with both figures, the contract stays a draft.
    refused(
      await submit('salesman1', 'new_salescontract', id, 'hqsales'),
      'WorkflowException: 回款计划合计 ¥100,000.00 与合同金额 ¥103,000.00 不一致（相差 ¥3,000.00），不能提交审批',
    );
    expect((await contractRow(id)).status).toBe(approvalStatus.draft);
    createdId(await plan('salesman1', id, 3, 70, '3000.00'));
    done(await submit('salesman1', 'new_salescontract', id, 'hqsales'));
    done(await approve('hqsales', 'new_salescontract', id));
    expect(await contractRow(id)).toMatchObject({ status: approvalStatus.approved, planned: '103000.00', received: '0.00' });
    // Frozen once approved: the contract, its lines and its plans.
    expect((await update('salesman1', 'new_salescontracts', id, { new_title: '改' })).statusCode).toBe(400);
    expect((await plan('salesman1', id, 4, 90, '1.00')).statusCode).toBe(400);
    const [p1] = await plansOf('salesman1', id);
    expect(p1.new_state).toBe(paymentPlanState.notDue);
  });

  it('a plan past its due date and not paid in full reads 已逾期, and the list filters by it', async () => {
    const id = await draft(1, '8000.00');
    const late = createdId(await plan('salesman1', id, 1, -1, '5000.00'));
    const onTime = createdId(await plan('salesman1', id, 2, 0, '3000.00'));
    const states = Object.fromEntries((await plansOf('salesman1', id)).map((r) => [r.new_period, r.new_state]));
    expect(states).toEqual({ 1: paymentPlanState.overdue, 2: paymentPlanState.notDue });
    // Stored, the late plan is still 未到期: overdue is read from the date, not written by a job.
    expect((await one<{ s: number }>('SELECT new_state AS s FROM new_paymentplan WHERE new_paymentplanid = $1', [late])).s).toBe(
      paymentPlanState.notDue,
    );
    const filtered = async (state: number) =>
      done<{ value: { new_paymentplanid: string }[] }>(
        await api(
          'salesman1',
          'GET',
          `/api/crmdata/Retrieve/new_paymentplans?$select=new_paymentplanid&$filter=${encodeURIComponent(`new_salescontract_id eq ${id} and new_state eq ${state}`)}`,
        ),
      ).value.map((r) => r.new_paymentplanid);
    expect(await filtered(paymentPlanState.overdue)).toEqual([late]);
    expect(await filtered(paymentPlanState.notDue)).toEqual([onTime]);
  });

  it('a confirmed receipt naming the contract settles its plans oldest due date first; Σ received = Σ settled', async () => {
    const id = await draft(1, '10000.00');
    createdId(await plan('salesman1', id, 1, 60, '3000.00'));
    createdId(await plan('salesman1', id, 2, -5, '4000.00'));
    createdId(await plan('salesman1', id, 3, 30, '3000.00'));
    // A receipt naming a contract not yet in force is refused at save, at the contract; nothing is saved.
    const { name } = await one<{ name: string }>('SELECT new_name AS name FROM new_salescontract WHERE new_salescontractid = $1', [id]);
    const early = { new_paydate: day(0), new_method: 1, new_amount: '100.00', new_serialno: 'SC-EARLY', new_salescontract_id: id };
    atField(
      await create('dealer1fin', 'new_receipts', early),
      'new_salescontract_id',
      `合同“${name}”不是本单位的已生效销售合同，不能用于回款`,
    );
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM new_receipt WHERE new_serialno = 'SC-EARLY'`)).n).toBe(0);
    done(await submit('salesman1', 'new_salescontract', id, 'hqsales'));
    done(await approve('hqsales', 'new_salescontract', id));
    const r1 = await receipt(id, '5500.00');
    done(await submit('dealer1fin', 'new_receipt', r1, 'hqfinance'));
    done(await approve('hqfinance', 'new_receipt', r1));
    // Period 2 (due first) in full, then period 3 (due before period 1) 1,500.00 of 3,000.00.
    expect((await plansOf('dealer1', id)).map((r) => [r.new_period, Number(r.new_received), r.new_state])).toEqual([
      [1, 0, paymentPlanState.notDue],
      [2, 4000, paymentPlanState.paid],
      [3, 1500, paymentPlanState.partPaid],
    ]);
    const r2 = await receipt(id, '9000.00');
    // A third one saved while something is still to receive…
    const r3 = await receipt(id, '1.00');
    done(await submit('dealer1fin', 'new_receipt', r2, 'hqfinance'));
    done(await approve('hqfinance', 'new_receipt', r2));
    expect((await plansOf('dealer1', id)).map((r) => r.new_state)).toEqual([
      paymentPlanState.paid,
      paymentPlanState.paid,
      paymentPlanState.paid,
    ]);
    // 4,500 of the second receipt settled (all that was left); the rest stays on the receipt.
    const settled = await p.db.query<{ id: string; s: string }>(
      'SELECT new_receiptid AS id, new_contractsettled::text AS s FROM new_receipt WHERE new_receiptid = ANY($1::uuid[]) ORDER BY new_amount',
      [[r1, r2]],
    );
    expect(settled.rows.map((r) => r.s)).toEqual(['5500.00', '4500.00']);
    const sums = await one<{ received: string; settled: string; records: string }>(
      `SELECT (SELECT sum(new_received) FROM new_paymentplan WHERE new_salescontract_id = $1)::text AS received,
              (SELECT sum(new_contractsettled) FROM new_receipt WHERE new_salescontract_id = $1)::text AS settled,
              (SELECT sum(s.new_amount) FROM new_plansettlement s JOIN new_paymentplan pl ON pl.new_paymentplanid = s.new_paymentplan_id
                WHERE pl.new_salescontract_id = $1)::text AS records`,
      [id],
    );
    expect(sums).toEqual({ received: '10000.00', settled: '10000.00', records: '10000.00' });
    expect((await contractRow(id)).received).toBe('10000.00');
    // …is refused at submit once everything is received, and a new one at save.
    refused(await submit('dealer1fin', 'new_receipt', r3, 'hqfinance'), `WorkflowException: 合同“${name}”的回款计划已全部回清`);
    atField(
      await create('dealer1fin', 'new_receipts', { ...early, new_serialno: 'SC-LATE' }),
      'new_salescontract_id',
      `合同“${name}”的回款计划已全部回清`,
    );
  });

  it('reach: another dealer (and its finance) reaches nothing of the contract; the paying dealer reads but does not change it', async () => {
    const id = await draft(1, '2000.00');
    const pl = createdId(await plan('salesman1', id, 1, 10, '2000.00'));
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_salescontracts(${id})`)).statusCode).toBe(404);
    // Another branch's salesman (周敏, 华东) neither.
    expect((await api('salesman2', 'GET', `/api/crmdata/Retrieve/new_salescontracts(${id})`)).statusCode).toBe(404);
    expect((await update('salesman2', 'new_paymentplans', pl, { new_amount: '1.00' })).statusCode).toBe(404);
    expect((await api('dealer2', 'GET', `/api/crmdata/Retrieve/new_paymentplans(${pl})`)).statusCode).toBe(404);
    expect((await update('dealer2', 'new_salescontracts', id, { new_title: 'x' })).statusCode).toBe(404);
    // dealer2's finance cannot name it on its receipt (the lookup is out of its reach).
    const r = await create('dealer2fin', 'new_receipts', {
      new_paydate: day(0),
      new_method: 1,
      new_amount: '10.00',
      new_serialno: 'SC-FOREIGN-1',
      new_salescontract_id: id,
    });
    expect(r.statusCode, r.body).toBe(400);
    // The paying dealer reads it; only the contracting side changes it.
    expect((await api('dealer1', 'GET', `/api/crmdata/Retrieve/new_salescontracts(${id})`)).statusCode).toBe(200);
    refused(await update('dealer1', 'new_salescontracts', id, { new_title: '改' }), '只有签约方（华南分公司）可以修改合同');
    // dealer2's own contract (its customer) is out of 韩冬's reach (华南).
    const changzhou = (
      await one<{ id: string }>(`SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '常州武进恒通液压设备有限公司'`)
    ).id;
    const theirs = await draft(1, '100.00', 'dealer2', changzhou);
    expect((await api('salesman1', 'GET', `/api/crmdata/Retrieve/new_salescontracts(${theirs})`)).statusCode).toBe(404);
    // The source is fixed once made; the paying unit and the amounts are the server's.
    expect((await update('salesman1', 'new_salescontracts', id, { new_amount: '1.00' })).statusCode).toBe(400);
    expect((await update('salesman1', 'new_paymentplans', pl, { new_received: '1.00' })).statusCode).toBe(400);
  });
  it("made from a lead or a quote: the server prefills customer, person and topic within the caller's reach, and copies an active quote's lines", async () => {
    const lead = (await one<{ id: string }>(`SELECT leadid AS id FROM lead WHERE subject = '恒丰注塑备用电机采购'`)).id;
    const pre = done<{ values: Record<string, unknown>; names: Record<string, string>; source: string }>(
      await api('salesman1', 'GET', `/api/salescontracts/prefill?leadid=${lead}`),
    );
    expect(pre.source).toBe('恒丰注塑备用电机采购');
    expect(pre.values).toMatchObject({ new_lead_id: lead, new_customer_id: customer });
    expect(pre.names.new_customer_id).toBe('东莞市长安镇恒丰注塑厂');
    // Out of reach (another dealer reads no leads): 404, nothing told.
    refused(await api('dealer2', 'GET', `/api/salescontracts/prefill?leadid=${lead}`), '线索不存在或无权访问', 404);
    const q = await one<{ id: string; total: string; lines: number }>(
      `SELECT q.quoteid AS id, (SELECT sum(d.quantity * COALESCE(d.new_netprice, d.priceperunit, 0)) FROM quotedetail d WHERE d.quoteid = q.quoteid)::text AS total,
              (SELECT count(*)::int FROM quotedetail d WHERE d.quoteid = q.quoteid) AS lines
         FROM quote q JOIN systemuser u ON u.systemuserid = q.ownerid
        WHERE u.domainname = 'salesman1' AND q.new_status IN (2, 3) ORDER BY q.createdon LIMIT 1`,
    );
    const fromQuote = done<{ values: Record<string, unknown> }>(
      await api('salesman1', 'GET', `/api/salescontracts/prefill?quoteid=${q.id}`),
    );
    const id = createdId(await create('salesman1', 'new_salescontracts', { ...fromQuote.values, new_signdate: day(0) }));
    const c = await contractRow(id);
    expect(Number(c.amount)).toBeCloseTo(Number(q.total), 2);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM new_salescontractline WHERE new_salescontract_id = $1', [id])).n).toBe(
      q.lines,
    );
    // The source is fixed once made.
    atField(
      await update('salesman1', 'new_salescontracts', id, { new_quote_id: null }),
      'new_quote_id',
      '合同的来源（线索、商机、报价单）在创建时确定，之后不能更改',
    );
    // From an opportunity: its product lines (quantity, expected price) become the contract's.
    const o = await one<{ id: string; total: string; lines: number }>(
      `SELECT o.opportunityid AS id, (SELECT sum(d.quantity * COALESCE(d.priceperunit, p.price)) FROM opportunityproduct d JOIN product p ON p.productid = d.productid
                                        WHERE d.opportunityid = o.opportunityid)::text AS total,
              (SELECT count(*)::int FROM opportunityproduct d WHERE d.opportunityid = o.opportunityid) AS lines
         FROM opportunity o JOIN systemuser u ON u.systemuserid = o.ownerid
        WHERE u.domainname = 'salesman1' AND EXISTS (SELECT 1 FROM opportunityproduct d WHERE d.opportunityid = o.opportunityid)
          AND EXISTS (SELECT 1 FROM new_endcustomer c JOIN businessunit b ON b.businessunitid = c.new_businessunit_id
                       WHERE c.new_endcustomerid = o.new_customer_id AND b.new_type IN (4, 6))
        ORDER BY o.createdon LIMIT 1`,
    );
    const fromOpportunity = done<{ values: Record<string, unknown> }>(
      await api('salesman1', 'GET', `/api/salescontracts/prefill?opportunityid=${o.id}`),
    );
    expect(fromOpportunity.values.new_opportunity_id).toBe(o.id);
    const oc = createdId(await create('salesman1', 'new_salescontracts', { ...fromOpportunity.values, new_signdate: day(0) }));
    expect(Number((await contractRow(oc)).amount)).toBeCloseTo(Number(o.total), 2);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM new_salescontractline WHERE new_salescontract_id = $1', [oc])).n).toBe(
      o.lines,
    );
    // A draft quote is not contracted.
    const draftQuote = await p.db.one<{ id: string }>(
      `SELECT q.quoteid AS id FROM quote q JOIN systemuser u ON u.systemuserid = q.ownerid WHERE u.domainname = 'salesman1' AND q.new_status = 1 LIMIT 1`,
    );
    expect(draftQuote).toBeTruthy();
    expect((await api('salesman1', 'GET', `/api/salescontracts/prefill?quoteid=${draftQuote!.id}`)).statusCode).toBe(400);
  });
});
