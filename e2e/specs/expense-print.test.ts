import { CONFIRMATION_TOTALS, expensePdfPath } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { ExpenseClaimPage } from '../pages/expense-pages.ts';
import { ExpensePrintPage } from '../pages/expense-print-page.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// The printable settlement confirmation form of a demo statement, as head office opens it from the
// statement: the totals shown are the API's, and its PDF downloads.
const suite = portalSuite();
/** ¥12,345.60, a deduction -¥45.60. */
const yuan = (n: number) =>
  `${n < 0 ? '-' : ''}¥${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('settlement confirmation form', () => {
  it('hq opens a demo statement’s form: the totals are the API’s, signature areas for both sides, and the PDF downloads', async () => {
    const hq = await signedInPage(suite, 'hq');
    const api = pageApi(hq);
    const select = ['new_srv_expense_claimid', 'new_name', 'new_station_id', ...CONFIRMATION_TOTALS].join(',');
    const claims = (
      await api<{ value: Record<string, unknown>[] }>(
        `/api/crmdata/Retrieve/new_srv_expense_claims?$select=${select}&$orderby=createdon asc&$top=50`,
      )
    ).value;
    const claim = claims.find(
      (c) => Number(c.new_totalamount) > 0 && Number(c.new_approvalamount) > 0 && String(c.new_station_id).length > 0,
    );
    expect(claim, 'a demo statement with amounts').toBeDefined();
    const id = String(claim!.new_srv_expense_claimid);

    // From the statement's screen, 打印确认单 opens the form.
    const statement = new ExpenseClaimPage(hq);
    await statement.open(suite.portal.standardUrl, id);
    await hq.getByTestId('ec-print').click();
    await waitForPath(hq, `/expenseClaim/print/${id}`);
    const form = new ExpensePrintPage(hq);
    await form.waitForForm();

    const sheet = await form.text('ec-print-form');
    expect(sheet).toContain('费用结算确认单');
    expect(sheet).toContain(String(claim!.new_name));
    expect(sheet).toMatch(/服务站[：:\s]+\S+服务站/);
    const totals = await form.totals();
    expect(Object.keys(totals)).toEqual([...CONFIRMATION_TOTALS]);
    for (const f of CONFIRMATION_TOTALS) {
      const n = Number(claim![f] ?? 0);
      expect(totals[f].value, f).toBe(n);
      expect(totals[f].text, f).toBe(yuan(n));
    }
    expect(totals.new_approvalamount.text).toMatch(/^¥\d{1,3}(,\d{3})*\.\d{2}$/);
    for (const side of ['ec-print-sign-station', 'ec-print-sign-hq']) expect(await form.text(side)).toMatch(/签字[\s\S]*盖章[\s\S]*日期/);
    // On paper only the sheet: the toolbar is hidden by the print stylesheet.
    expect(await form.toolbarPrinted()).toBe(false);

    const pdf = await form.downloadPdf();
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.name).toBe(`费用结算确认单-${String(claim!.new_name)}.pdf`);
    // The same file through the API with the page's session: a PDF, application/pdf.
    const fetched = await hq.evaluate(async (path) => {
      const auth = JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { accessToken?: string };
      const r = await fetch(path, { headers: { authorization: `Bearer ${auth.accessToken}` } });
      return { type: r.headers.get('content-type'), head: new TextDecoder('latin1').decode((await r.arrayBuffer()).slice(0, 5)) };
    }, expensePdfPath(id));
    expect(fetched).toEqual({ type: 'application/pdf', head: '%PDF-' });
  });
});
