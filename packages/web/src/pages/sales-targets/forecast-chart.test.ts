import type { ForecastReport } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { lineChart, lineTotals, monthChart } from './forecast-chart.ts';

const report: ForecastReport = {
  from: '2026-10',
  to: '2026-12',
  dealer: null,
  months: ['2026-10', '2026-11', '2026-12'],
  productLines: [
    { id: 'h', name: '液压系统' },
    { id: null, name: '未分产品线' },
  ],
  cells: [
    { month: '2026-10', productLineId: 'h', productLine: '液压系统', forecast: 100, actual: 80, actualAmount: '800.00', rate: '80.0' },
    { month: '2026-10', productLineId: null, productLine: '未分产品线', forecast: 0, actual: 5, actualAmount: '50.00', rate: null },
    { month: '2026-11', productLineId: 'h', productLine: '液压系统', forecast: 120, actual: 150, actualAmount: '1500.00', rate: '125.0' },
    { month: '2026-11', productLineId: null, productLine: '未分产品线', forecast: 0, actual: 0, actualAmount: '0.00', rate: null },
    { month: '2026-12', productLineId: 'h', productLine: '液压系统', forecast: 90, actual: 0, actualAmount: '0.00', rate: null },
    { month: '2026-12', productLineId: null, productLine: '未分产品线', forecast: 0, actual: 0, actualAmount: '0.00', rate: null },
  ],
  totals: [
    { month: '2026-10', forecast: 100, actual: 85, actualAmount: '850.00', rate: '85.0' },
    { month: '2026-11', forecast: 120, actual: 150, actualAmount: '1500.00', rate: '125.0' },
    { month: '2026-12', forecast: 90, actual: 0, actualAmount: '0.00', rate: null },
  ],
};
const texts = { forecast: '预测数量', actual: '实际订货', rate: '达成率' };
type Series = { name: string; data: (number | null)[] };

describe('the forecast report’s charts', () => {
  it('by month: forecast and ordered bars and the rate line are the report’s totals (a month to come has no rate)', () => {
    const o = monthChart(report, 'zh-CN', texts) as { xAxis: { data: string[] }; series: Series[] };
    expect(o.xAxis.data).toEqual(['2026年10月', '2026年11月', '2026年12月']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['预测数量', [100, 120, 90]],
      ['实际订货', [85, 150, 0]],
      ['达成率', [85, 125, null]],
    ]);
  });

  it('by product line: the months’ sums of each line', () => {
    expect(lineTotals(report)).toEqual([
      { name: '液压系统', forecast: 310, actual: 230 },
      { name: '未分产品线', forecast: 0, actual: 5 },
    ]);
    const o = lineChart(report, texts) as { yAxis: { data: string[] }; series: Series[] };
    // Horizontal bars list from the bottom: the first line ends up on top.
    expect(o.yAxis.data).toEqual(['未分产品线', '液压系统']);
    expect(o.series[0].data).toEqual([0, 310]);
  });
});
