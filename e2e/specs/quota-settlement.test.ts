import {
  approvalStatus,
  currency,
  expenseFormStatus,
  quotaUsage,
  siteConfirmStatus,
  workOrderStatus,
  type MessageList,
} from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { ExpenseClaimListPage, ExpenseClaimPage } from '../pages/expense-pages.ts';
import { PartsApplicationPage } from '../pages/parts-pages.ts';
import { AmountAdjustmentPage, QuotaChangeLogPage, StationQuotaPage, amountOf } from '../pages/quota-pages.ts';
import { EntityFormPage } from '../pages/entity-form-page.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Issue 11 end to end: head office raises 上海浦东华辰服务站's quota by an approved adjustment, the
// station's parts application draws on it and the change log shows both moves; then head office
// generates this month's settlement and it runs to paid with a doubt on the way, the work orders
// following (14 → 12 → 15). The tests run in order and share the documents.
const suite = portalSuite();

type Page = Parameters<typeof pageApi>[0];
type Move = { new_name: string; new_usage: number; new_beforeamount: number; new_changeamount: number; new_afteramount: number };
const STATION = '上海浦东华辰服务站';
const RAISE = 30_000;
const CP = 'PW-CP-35'; // 涡旋压缩机

/** Grouped as the screens show money (1,234.00), sign left out. */
const grouped = (n: number) => Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const q = (filter: string) => encodeURIComponent(filter);

async function station(page: Page): Promise<{ id: string; limited: boolean; current: number }> {
  const s = (
    await pageApi(page)<{ value: { new_srv_stationid: string; new_limitamount: boolean; new_currentamount: number }[] }>(
      `/api/crmdata/Retrieve/new_srv_stations?$select=new_srv_stationid,new_limitamount,new_currentamount&$filter=${q("new_code eq 'SH001'")}`,
    )
  ).value[0];
  return { id: s.new_srv_stationid, limited: s.new_limitamount, current: Number(s.new_currentamount) };
}

async function movesOf(page: Page, documentNumber: string): Promise<Move[]> {
  return (
    await pageApi(page)<{ value: Move[] }>(
      `/api/crmdata/Retrieve/new_srv_amountchangelogs?$select=new_name,new_usage,new_beforeamount,new_changeamount,new_afteramount&$filter=${q(`new_name eq '${documentNumber}'`)}`,
    )
  ).value.map((m) => ({
    ...m,
    new_beforeamount: Number(m.new_beforeamount),
    new_changeamount: Number(m.new_changeamount),
    new_afteramount: Number(m.new_afteramount),
  }));
}

let stationId = '';
let quotaBefore = 0;
let adjustmentNo = '';
let applicationNo = '';
let applicationTotal = 0;

describe('station quota: an approved adjustment raises it, a parts application draws on it', () => {
  it('hq raises 上海浦东华辰服务站’s quota by an adjustment and submits it for approval', async () => {
    const hq = await signedInPage(suite, 'hq');
    const s = await station(hq);
    expect(s.limited).toBe(true);
    stationId = s.id;
    quotaBefore = s.current;
    const quota = new StationQuotaPage(hq);
    await quota.open(suite.portal.standardUrl, stationId);
    expect(await quota.current()).toBe(quotaBefore);

    await hq.goto(`${suite.portal.standardUrl}/amountAdjust/create`);
    const adj = new AmountAdjustmentPage(hq);
    await adj.create({ station: STATION, type: '增加', amount: RAISE, reason: '承接浦东新区商用空调维保项目，备件需求增加' });
    adjustmentNo = await adj.number();
    expect(adjustmentNo).not.toBe('');
    await adj.waitForApproval(approvalStatus.draft);
    // The submitter is left out of the candidates: branch1 reviews, then head office's other approver.
    expect(await adj.submitForApproval()).toEqual(['张伟', '王建国']);
    await adj.waitForApproval(approvalStatus.underReview);
    // Nothing posts before the final approval.
    expect((await station(hq)).current).toBe(quotaBefore);
  });

  it('branch1 and then admin approve; the quota rises by the amount, once', async () => {
    const branch = await signedInPage(suite, 'branch1');
    await new MyApprovals(branch).open(suite.portal.standardUrl, adjustmentNo);
    await new MyApprovals(branch).act('approve', '情况属实，同意');
    const admin = await signedInPage(suite, 'admin');
    expect((await station(admin)).current).toBe(quotaBefore);
    await new MyApprovals(admin).open(suite.portal.standardUrl, adjustmentNo);
    await new MyApprovals(admin).act('approve', '同意');

    const hq = await signedInPage(suite, 'hq');
    await expect.poll(async () => (await station(hq)).current).toBe(quotaBefore + RAISE);
    const quota = new StationQuotaPage(hq);
    await quota.open(suite.portal.standardUrl, stationId);
    expect(await quota.current()).toBe(quotaBefore + RAISE);
    await hq.goto(`${suite.portal.standardUrl}/stationAmount/list`);
    const stations = new EntityListPage(hq);
    await stations.waitFor('new_srv_station');
    await stations.search(STATION);
    expect((await stations.rowTexts()).find((r) => r.includes(STATION))).toContain(grouped(quotaBefore + RAISE));
    // The adjustment records the quota before and after its posting.
    const adj = (
      await pageApi(hq)<{ value: { new_srv_amountadjustmentid: string }[] }>(
        `/api/crmdata/Retrieve/new_srv_amountadjustments?$select=new_srv_amountadjustmentid&$filter=${q(`new_name eq '${adjustmentNo}'`)}`,
      )
    ).value[0];
    await hq.goto(`${suite.portal.standardUrl}/amountAdjust/edit/${adj.new_srv_amountadjustmentid}`);
    const form = new AmountAdjustmentPage(hq);
    await form.waitForDocument();
    await form.waitForApproval(approvalStatus.approved);
    expect(amountOf(await form.text('new_beforeamount'))).toBe(quotaBefore);
    expect(amountOf(await form.text('new_afteramount'))).toBe(quotaBefore + RAISE);
    expect(await hq.getByTestId('amountadjust-submit').count()).toBe(0);
  });

  it('station1 submits a parts application: its quota drops by the application’s amount', async () => {
    const page = await signedInPage(suite, 'station1', '/partsApply/create');
    const app = new PartsApplicationPage(page);
    await app.waitFor('new_srv_partsapply');
    await page.getByTestId('form-tab-details').click();
    await app.fillHeader({ type: '紧急订单', warehouse: '华东中心库', recipient: '陈志强', phone: '021-58956321' });
    await app.save();
    await page.waitForURL((u) => u.pathname.startsWith('/partsApply/edit/'));
    await app.waitForDocument();
    const appId = app.idFromUrl();
    applicationNo = await app.number();
    await app.openLines();
    expect(await app.lines.add(CP, 2)).toBeNull();
    await app.lines.waitForCount(1);
    applicationTotal = Number(
      (await pageApi(page)<{ new_totalamount: number }>(`/api/crmdata/Retrieve/new_srv_partsapplies(${appId})?$select=new_totalamount`))
        .new_totalamount,
    );
    expect(applicationTotal).toBeGreaterThan(0);
    expect(applicationTotal).toBeLessThan(quotaBefore + RAISE);
    await app.submitForApproval();
    await app.waitForApproval(approvalStatus.underReview);

    // The station's own quota screen (no id: its own station), and the API, say the same.
    await page.goto(`${suite.portal.standardUrl}/stationAmount/edit`);
    const quota = new StationQuotaPage(page);
    await quota.waitFor('new_srv_station');
    const expected = Math.round((quotaBefore + RAISE - applicationTotal) * 100) / 100;
    expect(await quota.current()).toBe(expected);
    expect((await station(page)).current).toBe(expected);
  });

  it('the change log shows both moves with before, change and after', async () => {
    const hq = await signedInPage(suite, 'hq');
    const raise = await movesOf(hq, adjustmentNo);
    expect(raise).toEqual([
      expect.objectContaining({
        new_usage: quotaUsage.increase,
        new_beforeamount: quotaBefore,
        new_changeamount: RAISE,
        new_afteramount: quotaBefore + RAISE,
      }),
    ]);
    const draw = await movesOf(hq, applicationNo);
    const after = Math.round((quotaBefore + RAISE - applicationTotal) * 100) / 100;
    expect(draw).toEqual([
      expect.objectContaining({
        new_usage: quotaUsage.partsDraw,
        new_beforeamount: quotaBefore + RAISE,
        new_changeamount: -applicationTotal,
        new_afteramount: after,
      }),
    ]);

    const log = new QuotaChangeLogPage(hq);
    await log.open(suite.portal.standardUrl);
    const [raiseRow] = await log.movesOf(adjustmentNo);
    expect(raiseRow).toContain(STATION);
    expect(raiseRow).toContain('额度调增');
    for (const n of [quotaBefore, RAISE, quotaBefore + RAISE]) expect(raiseRow).toContain(grouped(n));
    const [drawRow] = await log.movesOf(applicationNo);
    expect(drawRow).toContain('配件申请占用');
    for (const n of [quotaBefore + RAISE, applicationTotal, after]) expect(drawRow).toContain(grouped(n));
    // A move opens on its own line screen.
    await log.openRow(applicationNo);
    await waitForPath(hq, /^\/amountChangeLog\/Line\//);
    const line = new EntityFormPage(hq);
    await line.waitFor('new_srv_amountchangelog');
    expect(amountOf(await line.text('new_changeamount'))).toBe(-applicationTotal);
    expect(amountOf(await line.text('new_afteramount'))).toBe(after);
  });
});

/** This month in China time, and its half that has begun (the demo audits its live orders now). */
function currentPeriod() {
  const local = new Date(Date.now() + 8 * 3_600_000);
  const second = local.getUTCDate() > 15;
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    section: second ? 2 : 1,
    label: second ? ('下半月' as const) : ('上半月' as const),
  };
}

type Claim = {
  new_srv_expense_claimid: string;
  new_name: string;
  new_formstatus: number;
  new_siteconfirmstatus: number;
  new_totalamount: number;
  new_approvalamount: number | null;
  new_adjustamount: number | null;
};
let claimId = '';
let claimNo = '';
let claimTotal = 0;
let orderId = '';
let orderNo = '';
const ADJUST = 120;

async function claim(page: Page): Promise<Claim> {
  return pageApi(page)<Claim>(
    `/api/crmdata/Retrieve/new_srv_expense_claims(${claimId})?$select=new_srv_expense_claimid,new_name,new_formstatus,new_siteconfirmstatus,new_totalamount,new_approvalamount,new_adjustamount`,
  );
}

async function orderStatus(page: Page, base: string, id: string): Promise<number> {
  await page.goto(`${base}/workOrder/edit/${id}`);
  const wo = new WorkOrderPage(page);
  await wo.waitForOrder();
  return wo.status();
}

describe('expense settlement: generated, doubted, recalculated, confirmed, invoiced, paid', () => {
  it('hq generates this month’s settlements; 上海’s statement takes its audited orders (→ 14)', async () => {
    const hq = await signedInPage(suite, 'hq');
    const api = pageApi(hq);
    const p = currentPeriod();
    const audited = (
      await api<{ value: { new_srv_workorderid: string; new_name: string }[] }>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_name&$orderby=new_name&$filter=${q(`new_station_id eq ${stationId} and new_expenseclaim_id eq null and (new_currency eq null or new_currency eq ${currency.CNY}) and (new_status eq ${workOrderStatus.audited} or new_status eq ${workOrderStatus.revisited})`)}`,
      )
    ).value;
    expect(audited.length).toBeGreaterThan(0);
    orderId = audited[0].new_srv_workorderid;
    orderNo = audited[0].new_name;

    const list = new ExpenseClaimListPage(hq);
    await list.open(suite.portal.standardUrl);
    expect(await list.generate({ year: p.year, month: p.month, section: p.label, settleWay: '银行转账' })).toMatch(
      /^已生成 \d+ 张费用结算单/,
    );
    const claims = (
      await api<{ value: Claim[] }>(
        `/api/crmdata/Retrieve/new_srv_expense_claims?$select=new_srv_expense_claimid,new_name,new_workordercount&$filter=${q(`new_station_id eq ${stationId} and new_year eq ${p.year} and new_month eq ${p.month} and new_section eq ${p.section}`)}`,
      )
    ).value;
    expect(claims).toHaveLength(1);
    claimId = claims[0].new_srv_expense_claimid;
    claimNo = claims[0].new_name;
    const c = await claim(hq);
    expect(c).toMatchObject({ new_formstatus: expenseFormStatus.toSubmit, new_siteconfirmstatus: siteConfirmStatus.unstarted });
    claimTotal = Number(c.new_totalamount);

    // The list shows it to be submitted; each audited order is now in settlement.
    await list.search(claimNo);
    const row = list.rows().filter({ hasText: claimNo }).first();
    expect(await row.innerText()).toContain(STATION);
    expect(await row.getByTestId('ec-row-state').getAttribute('data-status')).toBe(String(expenseFormStatus.toSubmit));
    // Generating the period again creates nothing new.
    const count = async () =>
      (
        await api<{ value: unknown[] }>(
          `/api/crmdata/Retrieve/new_srv_expense_claims?$select=new_name&$filter=${q(`new_year eq ${p.year} and new_month eq ${p.month} and new_section eq ${p.section}`)}`,
        )
      ).value.length;
    const made = await count();
    expect(await list.generateRefused({ year: p.year, month: p.month, section: p.label, settleWay: '银行转账' })).toMatch(
      /费用结算单只能修改，不能新建|所选服务站在该期间没有待结算的工单或奖惩单/,
    );
    expect(await count()).toBe(made);
    expect(await orderStatus(hq, suite.portal.standardUrl, orderId)).toBe(workOrderStatus.inSettlement);
  });

  it('station1 opens its statement, submits it with its bank and returns the old parts', async () => {
    const page = await signedInPage(suite, 'station1', '/expenseClaim/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_expense_claim');
    await list.search(claimNo);
    await list.openRow(claimNo);
    await waitForPath(page, `/expenseClaim/edit/${claimId}`);
    const ec = new ExpenseClaimPage(page);
    await ec.waitForClaim();
    expect(await ec.formStatus()).toBe(expenseFormStatus.toSubmit);
    expect(amountOf(await ec.value('new_totalamount'))).toBe(claimTotal);
    // Its lines: one per work order (and reward/punishment order), the order among them.
    expect(await ec.lineCount()).toBeGreaterThan(0);
    await page.getByTestId('ec-line-open').filter({ hasText: orderNo }).first().waitFor();
    expect(await ec.offers('calculate')).toBe(false);
    await ec.run('submit', expenseFormStatus.oldPartsToReturn, { bank: '中国工商银行上海张江支行', bankCode: '1001 2345 6789 0123 456' });
    await ec.run('returnOldParts', expenseFormStatus.oldPartsToReceive);
  });

  it('hq receives the old parts and calculates; station1 raises a doubt', async () => {
    const hq = await signedInPage(suite, 'hq');
    const ec = new ExpenseClaimPage(hq);
    await ec.open(suite.portal.standardUrl, claimId);
    await ec.run('receiveOldParts', expenseFormStatus.toCalculate);
    await ec.run('calculate', expenseFormStatus.toConfirm);
    expect(Number((await claim(hq)).new_approvalamount)).toBe(claimTotal);

    const station = await signedInPage(suite, 'station1');
    const mine = new ExpenseClaimPage(station);
    await mine.open(suite.portal.standardUrl, claimId);
    await station.getByTestId('ec-deadline').waitFor();
    // Issue 24: the banner, the station's message and its amount read as one format (China time, 24:00 of the last day; ¥ grouped).
    const deadline = /请在 (\d{4}-\d{2}-\d{2} 24:00) 前确认或提出异议/.exec(await station.getByTestId('ec-deadline').innerText())?.[1];
    expect(deadline).toBeTruthy();
    const told = (await pageApi(station)<MessageList>('/api/message/list?kind=settlement&count=50')).items.find(
      (m) => m.RecordId === claimId,
    );
    expect(told?.Text).toContain(`审核金额 ${claimTotal < 0 ? '-' : ''}¥${grouped(claimTotal)}，请在 ${deadline} 前确认`);
    expect(await mine.offers('confirm')).toBe(true);
    await mine.run('doubt', expenseFormStatus.toCalculate, { doubt: '外出费按实际里程 86 公里计算，附派工单与导航截图，请复核' });
    expect(await claim(station)).toMatchObject({ new_siteconfirmstatus: siteConfirmStatus.rejected });
  });

  it('hq calculates again with an adjustment; station1 confirms (orders → 12)', async () => {
    const hq = await signedInPage(suite, 'hq');
    const ec = new ExpenseClaimPage(hq);
    await ec.open(suite.portal.standardUrl, claimId);
    expect(await ec.value('new_doubt')).toContain('86 公里');
    await ec.run('calculate', expenseFormStatus.toConfirm, { adjustAmount: String(ADJUST), adjustReason: '复核后按实际里程补足外出费' });
    const approved = Math.round((claimTotal + ADJUST) * 100) / 100;
    expect(amountOf(await ec.value('new_approvalamount'))).toBe(approved);
    expect(await claim(hq)).toMatchObject({
      new_formstatus: expenseFormStatus.toConfirm,
      new_siteconfirmstatus: siteConfirmStatus.confirming,
    });
    expect(Number((await claim(hq)).new_adjustamount)).toBe(ADJUST);

    const station = await signedInPage(suite, 'station1');
    const mine = new ExpenseClaimPage(station);
    await mine.open(suite.portal.standardUrl, claimId);
    await mine.run('confirm', expenseFormStatus.confirmed);
    expect(await claim(station)).toMatchObject({ new_siteconfirmstatus: siteConfirmStatus.confirmed });
    expect(await orderStatus(station, suite.portal.standardUrl, orderId)).toBe(workOrderStatus.settlementConfirmed);
  });

  it('hq accepts the invoice by the approved amount and pays (orders → 15)', async () => {
    const hq = await signedInPage(suite, 'hq');
    const ec = new ExpenseClaimPage(hq);
    await ec.open(suite.portal.standardUrl, claimId);
    const approved = Math.round((claimTotal + ADJUST) * 100) / 100;
    await hq.getByTestId('ec-invoice').click();
    await hq.getByTestId('ec-dialog-ok').waitFor();
    // The invoice starts at the approved amount.
    expect(amountOf(await hq.getByTestId('ec-field-invoiceAmount').inputValue())).toBe(approved);
    await hq.getByTestId('ec-dialog-cancel').click();
    await hq.getByTestId('ec-dialog-ok').waitFor({ state: 'hidden' });
    await ec.run('invoice', expenseFormStatus.invoiceAccepted, { invoiceNo: '03100112' });
    await ec.run('pay', expenseFormStatus.paid);
    const paid = await pageApi(hq)<{ new_ispayed: boolean; new_invoiceamount: number; new_invoiceno: string }>(
      `/api/crmdata/Retrieve/new_srv_expense_claims(${claimId})?$select=new_ispayed,new_invoiceamount,new_invoiceno`,
    );
    expect(paid).toMatchObject({ new_ispayed: true, new_invoiceno: '03100112' });
    expect(Number(paid.new_invoiceamount)).toBe(approved);

    // Every order of the statement is paid; one shown on its screen.
    const orders = (
      await pageApi(hq)<{ value: { new_status: number }[] }>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_status&$filter=${q(`new_expenseclaim_id eq ${claimId}`)}`,
      )
    ).value;
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.new_status === workOrderStatus.paid)).toBe(true);
    expect(await orderStatus(hq, suite.portal.standardUrl, orderId)).toBe(workOrderStatus.paid);
  });
});
