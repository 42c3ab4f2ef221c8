import { describe, expect, it } from 'vitest';
import { LedgerReportPages } from '../pages/ledger-report-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// Issue 24 item 7: 库存报表 and 流水 are screens of their own (they opened 备货记录's and 调整记录's).
// The arithmetic and scope are proven on the server (packages/server/src/routes/ledger-reports.test.ts).
const suite = portalSuite();

describe('库存报表 and 流水', () => {
  it('each menu item opens its own screen, titled and highlighted as itself', async () => {
    const page = await signedInPage(suite, 'hq', '/servicehome');
    const reports = new LedgerReportPages(page);

    await reports.openFromMenu('inventoryStatement');
    expect(new URL(page.url()).pathname).toBe('/inventoryStatement/list');
    expect(await reports.titleAndHighlight()).toEqual(['库存报表', '库存报表']);
    const rows = await reports.statementRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const [opening, inQty, out, closing] of rows) expect(opening + inQty - out).toBe(closing);

    await reports.openFromMenu('lineFlow');
    expect(new URL(page.url()).pathname).toBe('/amountFlow/list');
    expect(await reports.titleAndHighlight()).toEqual(['流水', '流水']);
    const lines = await reports.flowLines();
    expect(lines.some((l) => l.kind === 'move')).toBe(true);
    expect(lines[0].kind).toBe('opening');
    expect(lines.at(-1)!.kind).toBe('closing');
  });
});
