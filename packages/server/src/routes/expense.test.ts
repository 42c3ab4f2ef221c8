import { expenseFormStatus, siteConfirmStatus, workOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { chinaDate } from '../domain/china-time.ts';
import { yuan } from '../domain/expense/period.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
const tok: Record<string, string> = {};
const station: Record<string, string> = {};
/** The orders this file makes audited now, by station code. */
const orders: Record<string, string[]> = {};
let fineIds: string[] = [];

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { ...bearer(tok[who]), 'accept-language': lang } });
const cmd = (who: string, id: string, name: string, body: object = {}, lang?: string) =>
  api(who, 'POST', `/api/expense/claims/${id}/${name}`, body, lang);

const today = chinaDate();
/** The China date `n` days after today. */
const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const PERIOD = {
  year: Number(today.slice(0, 4)),
  month: Number(today.slice(5, 7)),
  section: Number(today.slice(8, 10)) <= 15 ? 1 : 2,
  settleWay: 1,
};
const generate = (who: string, body: object, lang?: string) => api(who, 'POST', '/api/expense/claims/generate', body, lang);

type Claim = {
  id: string;
  name: string;
  formstatus: number;
  siteconfirm: number;
  total: string;
  approval: string | null;
  adjust: string;
  count: number;
  labour: string;
  parts: string;
  outside: string;
  other: string;
  grants: string;
  reward: string;
  fine: string;
  deadline: Date | null;
};
const claimOf = async (code: string) =>
  await p.db.one<Claim>(
    `SELECT new_srv_expense_claimid AS id, new_name AS name, new_formstatus AS formstatus, new_siteconfirmstatus AS siteconfirm, new_totalamount::text AS total,
          new_approvalamount::text AS approval, new_adjustamount::text AS adjust, new_workordercount AS count, new_workhouramount::text AS labour,
          new_partsamount::text AS parts, new_outsideamount::text AS outside, new_otheramount::text AS other, new_grantsamount::text AS grants,
          new_rewardamount::text AS reward, new_fineamount::text AS fine, new_confirmdeadline AS deadline
     FROM new_srv_expense_claim WHERE new_station_id = $1 AND new_year = $2 AND new_month = $3 AND new_section = $4`,
    [station[code], PERIOD.year, PERIOD.month, PERIOD.section],
  );
const statuses = async (ids: string[]) =>
  (
    await p.db.query<{ s: number; claim: string | null }>(
      'SELECT new_status AS s, new_expenseclaim_id AS claim FROM new_srv_workorder WHERE new_srv_workorderid = ANY($1::uuid[])',
      [ids],
    )
  ).rows;

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['admin', 'hq', 'branch1', 'station1', 'station2']) tok[u] = (await signIn(p.app, u)).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
  // Completed orders of two stations, audited now: this period's work (the demo's own statements took the older ones).
  for (const code of ['SH001', 'ZJ001']) {
    orders[code] = (
      await p.db.query<{ id: string }>(
        `UPDATE new_srv_workorder SET new_status = 10, new_audittime = now() WHERE new_srv_workorderid IN (
         SELECT new_srv_workorderid FROM new_srv_workorder WHERE new_station_id = $1 AND new_status = 7 ORDER BY new_name LIMIT 3) RETURNING new_srv_workorderid AS id`,
        [station[code]],
      )
    ).rows.map((r) => r.id);
    expect(orders[code].length).toBeGreaterThan(0);
  }
  // An approved reward (200) and punishment (80) of SH001 for this month.
  const unit = (await p.db.one<{ u: string }>('SELECT new_businessunit_id AS u FROM new_srv_station WHERE new_srv_stationid = $1', [
    station.SH001,
  ]))!.u;
  fineIds = (
    await p.db.query<{ id: string }>(
      `INSERT INTO new_srv_claimfine (new_name, new_station_id, new_finetype, new_amount, new_checkmonth, new_year, new_checkitem, new_approvalstatus, new_iscommit, owningbusinessunit)
     VALUES ('JC-T-1', $1, 1, 200, $2, $3, '客户表扬', 3, true, $4), ('JC-T-2', $1, 2, 80, $2, $3, '回访不满意', 3, true, $4) RETURNING new_srv_claimfineid AS id`,
      [station.SH001, PERIOD.month, PERIOD.year, unit],
    )
  ).rows.map((r) => r.id);
});
afterAll(() => p?.close());

describe('generation', () => {
  it('refuses a bad period with the message, and callers without expense.write', async () => {
    refused(await generate('hq', { ...PERIOD, year: 2012 }), `结算年度须在 2013 至 ${PERIOD.year} 之间`);
    refused(await generate('hq', { ...PERIOD, year: 2012 }, 'en-US'), `The year must be between 2013 and ${PERIOD.year}`);
    refused(await generate('hq', { ...PERIOD, month: 13 }), '结算月份须在 1 至 12 之间');
    refused(await generate('hq', { ...PERIOD, section: undefined }), '请选择结算时段（上半月或下半月）');
    refused(await generate('hq', { ...PERIOD, settleWay: 9 }), '请选择结算方式');
    refused(
      await generate('hq', {
        ...PERIOD,
        year: PERIOD.year,
        month: PERIOD.month,
        section: 2,
        ...(PERIOD.section === 2 ? { month: PERIOD.month === 12 ? 12 : PERIOD.month + 1 } : {}),
      }),
      PERIOD.section === 2 && PERIOD.month === 12 ? '费用结算单只能修改，不能新建' : '该结算时段尚未开始',
    );
    refused(await generate('hq', { ...PERIOD, stationIds: ['00000000-0000-0000-0000-000000000001'] }), '服务站不存在');
    expect((await generate('station1', PERIOD)).statusCode).toBe(403);
    expect((await generate('branch1', PERIOD)).statusCode).toBe(403);
  });

  it('is all or nothing: a failure for one station leaves every order, claim fine and statement as it was', async () => {
    await p.db.query(`CREATE FUNCTION test_refuse_claim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.new_station_id = '${station.ZJ001}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`);
    await p.db.query('CREATE TRIGGER test_refuse BEFORE INSERT ON new_srv_expense_claim FOR EACH ROW EXECUTE FUNCTION test_refuse_claim()');
    try {
      expect((await generate('hq', { ...PERIOD, stationIds: [station.SH001, station.ZJ001] })).statusCode).toBe(500);
    } finally {
      await p.db.query('DROP TRIGGER test_refuse ON new_srv_expense_claim');
      await p.db.query('DROP FUNCTION test_refuse_claim()');
    }
    for (const r of await statuses([...orders.SH001, ...orders.ZJ001])) expect(r).toEqual({ s: workOrderStatus.audited, claim: null });
    expect(await claimOf('SH001')).toBeUndefined();
    expect(
      (await p.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM new_srv_expense_claimline WHERE new_workorder_id = ANY($1::uuid[]) OR new_claimfine_id = ANY($2::uuid[])',
        [orders.SH001, fineIds],
      ))!.n,
    ).toBe(0);
  });

  it('makes one statement per station: orders to 14 and linked, claim fines linked, totals the sums of the lines', async () => {
    const data = done<{ created: number; claimFines: number; workOrders: number }>(
      await generate('hq', { ...PERIOD, stationIds: [station.SH001, station.ZJ001] }),
    );
    expect(data.created).toBe(2);
    expect(data.claimFines).toBe(2);
    expect(data.workOrders).toBeGreaterThanOrEqual(orders.SH001.length + orders.ZJ001.length);
    const sh = (await claimOf('SH001'))!;
    expect(sh.name).toMatch(
      new RegExp(`^FY${PERIOD.year}${String(PERIOD.month).padStart(2, '0')}${PERIOD.section === 1 ? 'A' : 'B'}-\\d{4}$`),
    );
    expect([sh.formstatus, sh.siteconfirm]).toEqual([expenseFormStatus.toSubmit, siteConfirmStatus.unstarted]);
    for (const r of await statuses(orders.SH001)) expect(r).toEqual({ s: workOrderStatus.inSettlement, claim: sh.id });
    const sums = (await p.db.one<Record<string, string>>(
      `SELECT count(*)::int AS n, sum(new_servicecharge)::text AS labour, sum(new_partcost)::text AS parts, sum(COALESCE(new_totalcost, 0))::text AS total,
              sum(GREATEST(COALESCE(new_fineamount, 0), 0))::text AS reward, sum(GREATEST(-COALESCE(new_fineamount, 0), 0))::text AS fine
         FROM new_srv_workorder WHERE new_expenseclaim_id = $1`,
      [sh.id],
    ))!;
    expect(sh.count).toBe(Number(sums.n));
    expect(Number(sh.labour)).toBe(Number(sums.labour));
    expect(Number(sh.parts)).toBe(Number(sums.parts));
    // Rewards and penalties: the claim fines' (200, 80) and the orders' own signed new_fineamount.
    expect([sh.reward, sh.fine].map(Number)).toEqual([200 + Number(sums.reward), 80 + Number(sums.fine)]);
    // The work orders' totals already carry their own rewards/fines; the claim fines add 200 − 80.
    expect(Number(sh.total)).toBeCloseTo(Number(sums.total) + 120, 2);
    const fines = (
      await p.db.query<{ claim: string }>(
        'SELECT new_expenseclaim_id AS claim FROM new_srv_claimfine WHERE new_srv_claimfineid = ANY($1::uuid[])',
        [fineIds],
      )
    ).rows;
    expect(fines.map((f) => f.claim)).toEqual([sh.id, sh.id]);
    const log = await p.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM new_srv_workorderlog WHERE new_workorder_id = ANY($1::uuid[]) AND new_tostatus = 14 AND new_memo = $2',
      [orders.SH001, sh.name],
    );
    expect(log!.n).toBe(orders.SH001.length);
  });

  it('generating twice creates nothing new', async () => {
    const before = (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_expense_claim'))!.n;
    refused(await generate('hq', { ...PERIOD, stationIds: [station.SH001, station.ZJ001] }), '费用结算单只能修改，不能新建');
    refused(
      await generate('hq', { ...PERIOD, stationIds: [station.SH001] }, 'en-US'),
      'Expense settlement can only be modified, not created',
    );
    const all = await generate('hq', PERIOD);
    // 广州 may or may not have work of this period; 上海 and 杭州 get nothing new either way.
    expect(all.json().Message).toMatch(
      /^(所选服务站在该期间没有待结算的工单或奖惩单|已生成 1 张费用结算单.*2 个服务站该期间已有结算单，未重复生成)$/,
    );
    const after = (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_expense_claim'))!.n;
    expect(after - before).toBe(all.statusCode === 200 ? 1 : 0);
  });

  it("a station sees only its own statements and lines, and may not act on another station's", async () => {
    const zj = (await claimOf('ZJ001'))!;
    const list = done<{ value: { new_station_id: string }[] }>(
      await api('station1', 'GET', '/api/crmdata/Retrieve/new_srv_expense_claims?$select=new_name,new_station_id'),
    );
    expect(list.value.length).toBeGreaterThan(0);
    for (const r of list.value) expect(r.new_station_id).toBe(station.SH001);
    expect((await api('station1', 'GET', `/api/crmdata/Retrieve/new_srv_expense_claims(${zj.id})`)).statusCode).toBe(404);
    const lines = done<{ value: { new_station_id: string }[] }>(
      await api('station2', 'GET', '/api/crmdata/Retrieve/new_srv_expense_claimlines?$select=new_name,new_station_id'),
    );
    for (const r of lines.value) expect(r.new_station_id).toBe(station.ZJ001);
    expect((await cmd('station1', zj.id, 'submit', { new_bank: '银行', new_bankcode: '123' })).statusCode).toBe(404);
    // No generic create: the statements come from generation only.
    expect((await api('hq', 'POST', '/api/crmdata/create/new_srv_expense_claims', { new_name: 'x' })).statusCode).toBe(403);
  });

  it('a work order held by a statement follows it: its own settlement command refuses, naming the statement', async () => {
    const sh = (await claimOf('SH001'))!;
    refused(
      await api('hq', 'POST', `/api/workorders/${orders.SH001[0]}/settlement`, { status: 15 }),
      `该工单的结算状态由费用结算单 ${sh.name} 办理`,
    );
  });
});

describe('the statement from submission to payment', () => {
  it('walks 1 → 8, each command for its side, every refusal with its message', async () => {
    const c = (await claimOf('SH001'))!;
    refused(await cmd('hq', c.id, 'submit', { new_bank: '工行', new_bankcode: '1' }), '只有结算单所属服务站可以提交', 403);
    refused(await cmd('station1', c.id, 'submit', { new_bank: '  ' }), '请填写开户银行和银行账号', 400, 'new_bank');
    refused(await cmd('station1', c.id, 'submit', { new_bank: '工行', new_bankcode: '1'.repeat(41) }), '银行账号不能超过 40 个字符');
    refused(await cmd('station1', c.id, 'returnOldParts'), '结算单当前状态为“待提交”，不能返还旧件');
    expect(
      done<{ state: number }>(
        await cmd('station1', c.id, 'submit', { new_bank: '中国工商银行上海张江支行', new_bankcode: '1001234567890' }),
        '已提交',
      ).state,
    ).toBe(expenseFormStatus.oldPartsToReturn);
    refused(await cmd('station1', c.id, 'submit', { new_bank: '工行', new_bankcode: '1' }), '结算单当前状态为“待返旧件”，不能提交');
    done(await cmd('station1', c.id, 'returnOldParts'), '旧件已返还，待总部签收');
    refused(await cmd('station1', c.id, 'receiveOldParts'), '只有总部可以签收旧件', 403);
    refused(await cmd('branch1', c.id, 'receiveOldParts'), '只有总部可以签收旧件', 403);
    done(await cmd('hq', c.id, 'receiveOldParts'), '旧件已签收，待核算费用');
    refused(await cmd('hq', c.id, 'calculate', { new_adjustamount: 10 }), '有调整金额时请填写调整原因');
    refused(await cmd('hq', c.id, 'calculate', { new_adjustamount: '1.234', new_adjustreason: 'x' }), '调整金额最多保留 2 位小数');
    const total = Number(c.total);
    refused(
      await cmd('hq', c.id, 'calculate', { new_adjustamount: -(total + 1), new_adjustreason: '扣款' }),
      `审批金额不能为负数（结算金额 ${yuan(c.total)}，调整 ${yuan((-(total + 1)).toFixed(2))}）`,
    );
    const calc = done(await cmd('hq', c.id, 'calculate', { new_adjustamount: '-20', new_adjustreason: '旧件缺失' }));
    expect(calc.message).toMatch(/^费用已核算，待服务站在 \d{4}-\d{2}-\d{2} 24:00 前确认$/);
    let now = (await claimOf('SH001'))!;
    expect([now.formstatus, now.siteconfirm, Number(now.approval), Number(now.adjust)]).toEqual([
      expenseFormStatus.toConfirm,
      siteConfirmStatus.confirming,
      Number((total - 20).toFixed(2)),
      -20,
    ]);
    expect(now.deadline!.getTime()).toBeGreaterThan(Date.now());

    refused(await cmd('hq', c.id, 'doubt', { new_doubt: '?' }), '只有结算单所属服务站可以提出异议', 403);
    refused(await cmd('station1', c.id, 'doubt', { new_doubt: ' ' }), '请填写异议内容');
    done(await cmd('station1', c.id, 'doubt', { new_doubt: '旧件已随 SF123 寄回，请核实' }), '异议已提交，待总部重新核算');
    now = (await claimOf('SH001'))!;
    expect([now.formstatus, now.siteconfirm]).toEqual([expenseFormStatus.toCalculate, siteConfirmStatus.rejected]);
    refused(await cmd('station1', c.id, 'confirm'), '结算单当前状态为“待核算费用”，不能确认费用');
    done(await cmd('hq', c.id, 'calculate', { new_adjustamount: 0 }));

    done(await cmd('station1', c.id, 'confirm'), '已确认');
    now = (await claimOf('SH001'))!;
    expect([now.formstatus, now.siteconfirm, Number(now.approval)]).toEqual([
      expenseFormStatus.confirmed,
      siteConfirmStatus.confirmed,
      total,
    ]);
    for (const r of await statuses(orders.SH001)) expect(r.s).toBe(workOrderStatus.settlementConfirmed);

    refused(await cmd('hq', c.id, 'invoice', { new_invoicedate: today, new_invoiceamount: total }), '请填写发票号码和开票日期');
    refused(
      await cmd('hq', c.id, 'invoice', { new_invoiceno: 'FP001', new_invoicedate: today, new_invoiceamount: total + 1 }),
      `请按审批金额开票：发票金额须为 ${yuan(c.total)}`,
    );
    refused(
      await cmd('hq', c.id, 'invoice', { new_invoiceno: 'FP001', new_invoicedate: today, new_invoiceamount: total + 1 }, 'en-US'),
      `Invoice the approved amount: the invoice must be for ${yuan(c.total)}`,
    );
    refused(
      await cmd('station1', c.id, 'invoice', { new_invoiceno: 'FP001', new_invoicedate: today, new_invoiceamount: total }),
      '只有总部可以受理发票',
      403,
    );
    done(await cmd('hq', c.id, 'invoice', { new_invoiceno: 'FP001', new_invoicedate: today, new_invoiceamount: c.total }), '发票已受理');
    expect(done<{ state: number }>(await cmd('hq', c.id, 'pay'), '已支付').state).toBe(expenseFormStatus.paid);
    for (const r of await statuses(orders.SH001)) expect(r.s).toBe(workOrderStatus.paid);
    const paid = await p.db.one<{ ispayed: boolean; day: string }>(
      `SELECT new_ispayed AS ispayed, to_char(new_payeddate, 'YYYY-MM-DD') AS day FROM new_srv_expense_claim WHERE new_srv_expense_claimid = $1`,
      [c.id],
    );
    expect(paid).toEqual({ ispayed: true, day: today });
    refused(await cmd('hq', c.id, 'pay'), '结算单当前状态为“费用已支付”，不能支付');
    // A statement has no approval flow: none shows an approval status, in whatever state (the demo's from 待提交 to 已支付 too).
    const shown = done<{ value: { new_formstatus: number; new_approvalstatus?: number | null }[] }>(
      await api('hq', 'GET', '/api/crmdata/Retrieve/new_srv_expense_claims?$select=new_formstatus,new_approvalstatus'),
    );
    expect(new Set(shown.value.map((r) => r.new_formstatus)).size).toBeGreaterThanOrEqual(4);
    expect(shown.value.filter((r) => r.new_approvalstatus != null)).toEqual([]);
    // Closing an account-paid order stays the work order's own step.
    done(await api('hq', 'POST', `/api/workorders/${orders.SH001[0]}/settlement`, { status: workOrderStatus.finished }));
  });

  it("the working days are the administrator's working calendar first; only parameter.manage maintains it", async () => {
    const CREATE = '/api/crmdata/create/new_workcalendardays';
    const count = async () => (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_workcalendarday'))!.n;
    // The demo's own day ahead (next 元旦) may fall in the week used here.
    await p.db.query('DELETE FROM new_workcalendarday WHERE new_date BETWEEN $1::date AND $2::date', [inDays(1), inDays(7)]);
    const before = await count();
    expect((await api('station1', 'POST', CREATE, { new_date: inDays(1), new_isworking: false, new_name: '测试' })).statusCode).toBe(403);
    expect((await api('hq', 'POST', CREATE, { new_date: inDays(1), new_isworking: false, new_name: '测试' })).statusCode).toBe(403);
    expect(await count()).toBe(before);
    // The next five days off and the two after them worked, whatever the published calendar says.
    for (let n = 1; n <= 7; n++)
      done(
        await api('admin', 'POST', CREATE, {
          new_date: inDays(n),
          new_isworking: n > 5,
          new_name: n > 5 ? '测试：调休上班' : '测试：放假',
        }),
      );
    refused(await api('admin', 'POST', CREATE, { new_date: inDays(7), new_isworking: true, new_name: '重复' }), `日期“${inDays(7)}”已存在`);
    expect(await count()).toBe(before + 7);
  });

  it('after the working days for doubts the statement counts as confirmed', async () => {
    const c = (await claimOf('ZJ001'))!;
    done(await cmd('station2', c.id, 'submit', { new_bank: '招商银行', new_bankcode: '5719' }));
    done(await cmd('station2', c.id, 'returnOldParts'));
    done(await cmd('hq', c.id, 'receiveOldParts'));
    done(await cmd('hq', c.id, 'calculate'), `费用已核算，待服务站在 ${inDays(7)} 24:00 前确认`);
    await p.db.query(
      `UPDATE new_srv_expense_claim SET new_confirmdeadline = now() - interval '1 minute' WHERE new_srv_expense_claimid = $1`,
      [c.id],
    );
    refused(await cmd('station2', c.id, 'doubt', { new_doubt: '太晚了' }), '已超过 2 个工作日的异议期限，结算单视为已确认');
    expect((await claimOf('ZJ001'))!.formstatus).toBe(expenseFormStatus.toConfirm); // the refusal changed nothing
    // Head office goes on: the rule confirms it first, then the invoice is accepted.
    done(await cmd('hq', c.id, 'invoice', { new_invoiceno: 'FP002', new_invoicedate: today, new_invoiceamount: c.total }), '发票已受理');
    const now = (await claimOf('ZJ001'))!;
    expect([now.formstatus, now.siteconfirm]).toEqual([expenseFormStatus.invoiceAccepted, siteConfirmStatus.confirmed]);
    for (const r of await statuses(orders.ZJ001)) expect(r.s).toBe(workOrderStatus.settlementConfirmed);
  });

  it('shows yuan with two decimals and grouped thousands', () => {
    expect(yuan('1234567.5')).toBe('¥1,234,567.50');
  });
});
