import { accountMoveKind, accountStatementState } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { CheckPage, FinanceSearchPage, StatementPage } from '../pages/statement-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// Statements and reconciliation (issue 28, flow 4): last month's statement opens at the month before's
// closing and matches finance search; the dealer disputes a line, head office adjusts it, the dealer
// confirms and the statement freezes. The demo's months are the two before the current one (China time).
const suite = portalSuite();
const month = (back: number) => {
  const d = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const cents = (s: string) => Math.round(Number(s) * 100);

describe('account statements', () => {
  it("苏州恒达's last month opens at the month before's closing, matches finance search, is disputed, adjusted, confirmed and frozen", async () => {
    const [m1, m2] = [month(2), month(1)];
    const base = suite.portal.standardUrl;
    const page = await signedInPage(suite, 'dealer2fin', '/accountstatementlist/list');
    const statement = new StatementPage(page);
    await statement.openFromList(`DZ${m2.replace('-', '')}-DL-SZ001`);
    const { dealer } = statement.where();
    const [opening, closing] = [await statement.figure('opening'), await statement.figure('closing')];
    const invoice = await statement.lineOfKind(accountMoveKind.invoice);

    await statement.open(base, dealer, m1);
    await statement.waitFor(`DZ${m1.replace('-', '')}-DL-SZ001`);
    expect(await statement.figure('closing')).toBe(opening);

    await page.goto(`${base}/finance/search`);
    const search = new FinanceSearchPage(page);
    await search.waitFor(dealer);
    expect(await search.amount('statement-closing')).toBe(closing);
    expect(cents(await search.amount('balance'))).toBe(cents(closing) + cents(await search.amount('since')));
    expect((await search.asOf()).length).toBeGreaterThanOrEqual(4);

    await statement.open(base, dealer, m2);
    await statement.waitFor();
    await statement.reconcile();
    const check = new CheckPage(page);
    await check.waitForState(accountStatementState.toConfirm);
    const checkUrl = page.url();
    await check.dispute(invoice.doc, (Number(invoice.amount) - 150).toFixed(2), '其中 3 台按门店开业活动价结算，每台少 50 元');
    await check.waitForState(accountStatementState.disputed);

    const hq = await signedInPage(suite, 'hqfinance', new URL(checkUrl).pathname + new URL(checkUrl).search);
    const answer = new CheckPage(hq);
    await answer.waitForState(accountStatementState.disputed);
    expect(await answer.adjustAll('核实开业活动价属实，调减应收')).toEqual(['-150.00']);
    await answer.waitForState(accountStatementState.answered);

    await page.reload();
    await check.waitForState(accountStatementState.answered);
    await check.confirm();
    await check.waitForState(accountStatementState.confirmed);
    expect(await check.frozen()).toBe(true);
  });
});
