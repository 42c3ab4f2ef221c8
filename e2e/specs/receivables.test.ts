import { approvalStatus, invoiceState } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { InvoicePage, ReceiptPage } from '../pages/sales-finance-pages.ts';
import { apiAs, portalSuite, signedInPage } from '../support/suite.ts';

// Order to cash (issue 27, flow 4): a dealer's finance records a receipt with the bank slip and
// submits it; head-office finance confirms it in 我的审批; the invoice it pays becomes 已付款.
const suite = portalSuite();
// A 1×1 png standing in for the scanned bank slip.
const SLIP = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('receivables', () => {
  it('dealer1fin records a receipt with its slip and submits it; hqfinance confirms it in 我的审批; the invoice becomes 已付款', async () => {
    // dealer1's part-paid invoice (the demo's) is its oldest open one: the receipt pays what is left of it.
    const api = await apiAs(suite.portal, 'dealer1fin');
    const { value } = await api<{ value: { invoiceid: string; name: string; new_openamount: string | number }[] }>(
      `/api/crmdata/Retrieve/invoices?$select=invoiceid,name,new_openamount&$filter=${encodeURIComponent(`new_state eq ${invoiceState.partPaid}`)}`,
    );
    expect(value.length).toBe(1);
    const invoice = value[0];
    const open = Number(invoice.new_openamount).toFixed(2);

    const page = await signedInPage(suite, 'dealer1fin', '/receivables/create');
    const receipt = new ReceiptPage(page);
    await receipt.record({ date: '2026-11-30', method: '银行转账', amount: open, serial: '6222 0244 2026 1130 88' });
    await receipt.waitForStatus(approvalStatus.draft);
    const name = await receipt.number();
    expect(name).toMatch(/^HK\d{8}-\d{4}$/);
    await receipt.attachSlip('银行回单.png', SLIP);
    await receipt.submit();
    await receipt.waitForStatus(approvalStatus.underReview);

    const hq = await signedInPage(suite, 'hqfinance', '/myapproval/list');
    const approvals = new MyApprovals(hq);
    await approvals.open(suite.portal.standardUrl, name);
    await approvals.act('approve', '已核对银行回单，确认到账');

    await page.goto(`${suite.portal.standardUrl}/invoice/view/${encodeURIComponent(invoice.invoiceid)}`);
    await new InvoicePage(page).waitForState(invoiceState.paid);
  });
});
