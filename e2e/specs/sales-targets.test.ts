import { formatMoney, monthText, targetMetric, targetPeriodType, type ForecastReport, type SalesmanCard } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { ForecastReportScreen, SalesmanCardScreen } from '../pages/sales-target-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Salesmen, targets and forecasts (issue 28, flow 5): a salesman's target for this month shows its
// actual and completion as the server computes them from the audited orders; head office's
// forecast report draws forecast against actual for a dealer, with the table of the same numbers.
const suite = portalSuite();

describe('sales targets and forecasts', () => {
  it('salesman1’s card shows this month’s target with its actual and completion; the report draws forecast against actual', async () => {
    const page = await signedInPage(suite, 'salesman1', '/salesman/view');
    const card = new SalesmanCardScreen(page);
    await card.waitFor();
    const mine = await pageApi(page)<SalesmanCard>('/api/salesmen/me');
    const now = new Date(Date.now() + 8 * 3600_000);
    const target = mine.targets.find(
      (t) =>
        t.periodType === targetPeriodType.month &&
        t.year === now.getUTCFullYear() &&
        t.periodNo === now.getUTCMonth() + 1 &&
        t.metric === targetMetric.amount &&
        !t.productLineId,
    )!;
    // The demo's audited orders of 广州粤华 this month.
    expect(Number(target.actual)).toBeGreaterThan(0);
    expect(await card.target(target.id)).toEqual({
      actual: target.actual,
      completion: target.completion,
      actualText: formatMoney(target.actual),
      completionText: `${target.completion}%`,
    });
    expect(await card.dealers()).toEqual(['广州粤华机电设备有限公司']);

    const hq = await signedInPage(suite, 'hqsales', '/salesforecast/report');
    const report = new ForecastReportScreen(hq);
    await report.waitFor();
    const dealer = mine.dealers[0].id;
    await report.pickDealer('广州粤华', dealer);
    const { from, to } = await report.range();
    const answer = await pageApi(hq)<ForecastReport>(`/api/sales-forecasts/report?dealer=${dealer}&from=${from}&to=${to}`);
    expect(answer.months.length).toBe(5);
    // The table beside the charts: every month and product line with the server's numbers.
    expect(await report.rows()).toEqual(
      answer.cells.map((c) => ({ month: c.month, line: c.productLine, forecast: c.forecast, actual: c.actual, rate: c.rate ?? '' })),
    );
    expect(await report.rows('fr-total')).toEqual(
      answer.totals.map((t) => ({ month: t.month, line: '', forecast: t.forecast, actual: t.actual, rate: t.rate ?? '' })),
    );
    // This month has both: the approved forecast and the audited orders.
    const month = answer.totals.find((t) => t.month === `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`)!;
    expect(month.forecast).toBeGreaterThan(0);
    expect(month.actual).toBeGreaterThan(0);
    // The charts draw the same numbers (their text alternatives name each month's forecast and actual).
    const byMonth = await report.chart('fr-chart-month');
    for (const t of answer.totals) expect(byMonth).toContain(`${monthText(t.month, 'zh-CN')}：预测 ${t.forecast}，实际 ${t.actual}`);
    const byLine = await report.chart('fr-chart-line');
    const line = answer.cells.find((c) => c.month === month.month && c.actual > 0)!;
    expect(byLine).toContain(`${line.productLine}：预测`);
    const cell = await report.rowText(line.month, line.productLine);
    expect(cell).toContain(formatMoney(line.actualAmount));
  });
});
