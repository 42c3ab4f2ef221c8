import { approvalStatus } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { searchInLookup } from '../pages/parts-pages.ts';
import { PaymentPlanPage, SalesContractPage } from '../pages/sales-contract-pages.ts';
import { ReceiptPage } from '../pages/sales-finance-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Sales contracts (issue 29, flow 4): 韩冬 (salesman1) makes a contract from his lead (恒丰注塑, paid
// by 广州粤华) with three payment plans — one more above the amount is refused — and submits it;
// hqsales approves it; the plan whose due date has passed shows 已逾期; 广州粤华's finance records a
// receipt naming the contract, hqfinance confirms it and the plan is 已回款.
const suite = portalSuite();
const SLIP = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('sales contracts', () => {
  it('a contract from a lead with three plans; a plan above the amount is refused; a plan past its due date is 已逾期 until a receipt settles it', async () => {
    const page = await signedInPage(suite, 'salesman1', '/salescontract/list');
    const api = pageApi(page);
    const { value: leads } = await api<{ value: { leadid: string }[] }>(
      `/api/crmdata/Retrieve/leads?$select=leadid&$filter=${encodeURIComponent("subject eq '恒丰注塑备用电机采购'")}`,
    );
    // From the lead's page: 签订合同 opens /salescontract/create/<leadid>.
    await page.goto(`${suite.portal.standardUrl}/lead/view/${leads[0].leadid}`);
    await page.getByTestId('lead-create-contract').click();
    await page.waitForURL(`**/salescontract/create/${leads[0].leadid}`);
    const contract = new SalesContractPage(page);
    const id = await contract.createFromLead('东莞市长安镇恒丰注塑厂');
    const number = await contract.number();
    expect(number).toMatch(/^XS\d{8}-\d{4}$/);
    await contract.addLine('HC-SK-80', 2, '45000.00');

    // ¥90,000.00 in three plans; the first already past its due date.
    expect(await contract.addPlan(1, day(-3), '30000.00')).toBeNull();
    expect(await contract.addPlan(2, day(30), '40000.00')).toBeNull();
    expect(await contract.addPlan(3, day(60), '30000.00')).toBe(
      '回款计划金额 ¥30,000.00 超过合同尚未计划的金额 ¥20,000.00（合同金额 ¥90,000.00）',
    );
    expect(await contract.addPlan(3, day(60), '20000.00')).toBeNull();
    await contract.waitForPlansComplete('90000.00');
    await contract.submit();
    await contract.waitForStatus(approvalStatus.underReview);

    const hq = await signedInPage(suite, 'hqsales', '/myapproval/list');
    const approvals = new MyApprovals(hq);
    await approvals.open(suite.portal.standardUrl, number);
    await approvals.act('approve', '同意，回款计划合理');

    // The first plan is overdue (read from its due date), on its own screen.
    const { value: plans } = await api<{ value: { new_paymentplanid: string; new_period: number }[] }>(
      `/api/crmdata/Retrieve/new_paymentplans?$select=new_paymentplanid,new_period&$filter=${encodeURIComponent(`new_salescontract_id eq ${id}`)}&$orderby=new_period`,
    );
    await page.goto(`${suite.portal.standardUrl}/salescontract/planview/${plans[0].new_paymentplanid}`);
    await new PaymentPlanPage(page).waitForState('已逾期');

    // 广州粤华's finance pays the first plan, naming the contract; hqfinance confirms it.
    const fin = await signedInPage(suite, 'dealer1fin', '/receivables/create');
    const receipt = new ReceiptPage(fin);
    await receipt.record({ date: day(0), method: '银行转账', amount: '30000.00', serial: '6222 0244 HF 0001' });
    await receipt.field('new_salescontract_id').click();
    await searchInLookup(fin, number);
    await receipt.save();
    await receipt.lookupShows('new_salescontract_id', number);
    await receipt.attachSlip('银行回单.png', SLIP);
    await receipt.submit();
    await receipt.waitForStatus(approvalStatus.underReview);
    const finance = await signedInPage(suite, 'hqfinance', '/myapproval/list');
    const confirmations = new MyApprovals(finance);
    await confirmations.open(suite.portal.standardUrl, await receipt.number());
    await confirmations.act('approve', '已核对银行回单，确认到账');

    await page.goto(`${suite.portal.standardUrl}/salescontract/planview/${plans[0].new_paymentplanid}`);
    await new PaymentPlanPage(page).waitForState('已回款');
  });
});
