import { monthText, type ForecastReport, type Lang } from '@portal/model';

/*
 * The forecast report's charts as plain ECharts options (testable without a canvas): by month, the
 * forecast and the ordered quantity as bars and the achieved rate as a line on a second axis; by
 * product line, both quantities over the months shown.
 */

const PALETTE = ['#5b8ff9', '#5ad8a6', '#f6bd16'];
const base = { color: PALETTE, animation: false, tooltip: { trigger: 'axis', confine: true }, legend: { bottom: 0 } };

export interface ChartTexts {
  forecast: string;
  actual: string;
  rate: string;
}

export function monthChart(r: ForecastReport, lang: Lang, t: ChartTexts): Record<string, unknown> {
  return {
    ...base,
    grid: { left: 8, right: 8, top: 28, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: r.totals.map((x) => monthText(x.month, lang)) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: t.forecast, data: r.totals.map((x) => x.forecast), label: { show: true, position: 'top' } },
      { type: 'bar', name: t.actual, data: r.totals.map((x) => x.actual), label: { show: true, position: 'top' } },
      { type: 'line', name: t.rate, yAxisIndex: 1, data: r.totals.map((x) => (x.rate === null ? null : Number(x.rate))) },
    ],
  };
}

/** Per product line, the quantities summed over the months shown. */
export function lineTotals(r: ForecastReport): { name: string; forecast: number; actual: number }[] {
  return r.productLines.map((l) => {
    const cells = r.cells.filter((c) => c.productLineId === l.id);
    return { name: l.name, forecast: cells.reduce((s, c) => s + c.forecast, 0), actual: cells.reduce((s, c) => s + c.actual, 0) };
  });
}

export function lineChart(r: ForecastReport, t: ChartTexts): Record<string, unknown> {
  const rows = lineTotals(r).reverse();
  return {
    ...base,
    grid: { left: 8, right: 32, top: 8, bottom: 40, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((x) => x.name), axisLabel: { overflow: 'break' } },
    series: [
      { type: 'bar', name: t.forecast, data: rows.map((x) => x.forecast), label: { show: true, position: 'right' } },
      { type: 'bar', name: t.actual, data: rows.map((x) => x.actual), label: { show: true, position: 'right' } },
    ],
  };
}
