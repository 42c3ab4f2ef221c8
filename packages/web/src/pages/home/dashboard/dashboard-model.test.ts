import type { DashboardData } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { parseGridState } from '../../../entity-ui/grid-state.ts';
import { chartAltItems, chartOption, dashboardCharts, drill, fitToWidth, listUrl, textPx } from './dashboard-model.ts';

const DATA: DashboardData = {
  byType: [
    { value: 1, count: 12 },
    { value: 2, count: 3 },
    { value: 3, count: 1 },
  ],
  byProductLine: [
    { id: 'a1b2', name: '液压系统', count: 9 },
    { id: null, name: '未指定', count: 7 },
  ],
  uncompletedByDeal: [
    { value: 1, count: 4 },
    { value: 3, count: 2 },
  ],
  lastMonths: [
    { month: '2026-06', from: '2026-06-01', to: '2026-06-30', created: 5, completed: 2 },
    { month: '2026-07', from: '2026-07-01', to: '2026-07-31', created: 0, completed: 4 },
  ],
  abnormal: {
    total: 3,
    byDeal: [
      { value: 2, count: 1 },
      { value: 4, count: 2 },
    ],
  },
};
const t = (k: string) =>
  (({ 'wo.dash.count': '数量', 'wo.dash.created': '新建', 'wo.dash.completed': '完工' }) as Record<string, string>)[k] ?? k;
const state = (url: string) => {
  const [path, search] = url.split('?');
  return { path, ...parseGridState(`?${search}`, { view: 'all', views: ['all', 'open', 'abnormal'] }) };
};

describe('drill-down addresses', () => {
  it('are the work-order list with its URL state', () => {
    expect(drill.type(1)).toBe('/workOrder/list?view=all&f.new_type=1');
    expect(drill.uncompleted(3)).toBe('/workOrder/list?view=open&f.new_dealstatus=3');
    expect(drill.created('2026-06-01', '2026-06-30')).toBe('/workOrder/list?view=all&f.createdon=2026-06-01~2026-06-30');
    expect(drill.abnormal()).toBe('/workOrder/list?view=abnormal');
    expect(listUrl('abnormal', { new_dealstatus: '4' })).toBe('/workOrder/list?view=abnormal&f.new_dealstatus=4');
  });

  it('read back as the list’s filters, lookups as id|name', () => {
    expect(state(drill.productLine('a1b2', '液压 & 电气')!)).toMatchObject({
      path: '/workOrder/list',
      view: 'all',
      filters: { new_productline_id: 'a1b2|液压 & 电气' },
    });
    expect(state(drill.completed('2026-07-01', '2026-07-31'))).toMatchObject({
      view: 'all',
      filters: { new_completiontime: '2026-07-01~2026-07-31' },
    });
    expect(state(drill.uncompleted(5))).toMatchObject({ view: 'open', filters: { new_dealstatus: '5' } });
    expect(drill.productLine(null, '未指定')).toBeNull();
  });
});

describe('dashboard charts', () => {
  const charts = dashboardCharts(DATA, 'zh-CN', t as never);
  const chart = (k: string) => charts.find((c) => c.key === k)!;

  it('label option values in the user’s language and link every figure', () => {
    expect(chart('type').series[0].figures.map((f) => [f.label, f.count, f.href])).toEqual([
      ['维修', 12, '/workOrder/list?view=all&f.new_type=1'],
      ['安装', 3, '/workOrder/list?view=all&f.new_type=2'],
      ['保养', 1, '/workOrder/list?view=all&f.new_type=3'],
    ]);
    expect(dashboardCharts(DATA, 'en-US', t as never)[2].series[0].figures.map((f) => f.label)).toEqual(['Unassigned', 'Responded']);
    expect(chart('abnormal').series[0].figures.map((f) => f.href)).toEqual([
      '/workOrder/list?view=abnormal&f.new_dealstatus=2',
      '/workOrder/list?view=abnormal&f.new_dealstatus=4',
    ]);
  });

  it('give every number as text', () => {
    expect(chartAltItems(chart('type'), 'zh-CN')).toBe('维修 12，安装 3，保养 1');
    expect(chartAltItems(chart('months'), 'en-US')).toBe('2026-06 新建 5, 2026-07 新建 0, 2026-06 完工 2, 2026-07 完工 4');
  });

  it('build ECharts options whose data items carry the drill-down', () => {
    const pie = chartOption(chart('type')) as { series: { type: string; data: { name: string; value: number; href: string }[] }[] };
    expect(pie.series[0].type).toBe('pie');
    expect(pie.series[0].data[0]).toEqual({ name: '维修', value: 12, href: '/workOrder/list?view=all&f.new_type=1' });

    const months = chartOption(chart('months')) as {
      xAxis: { data: string[] };
      series: { type: string; name: string; data: { value: number; href: string }[] }[];
    };
    expect(months.xAxis.data).toEqual(['2026-06', '2026-07']);
    expect(months.series.map((s) => [s.type, s.name, s.data.map((d) => d.value)])).toEqual([
      ['bar', '新建', [5, 0]],
      ['line', '完工', [2, 4]],
    ]);
    expect(months.series[1].data[1].href).toBe('/workOrder/list?view=all&f.new_completiontime=2026-07-01~2026-07-31');

    // Product lines are horizontal bars, largest at the top (ECharts draws categories bottom-up).
    const lines = chartOption(chart('productLine')) as { yAxis: { data: string[] }; series: { data: { href: string | null }[] }[] };
    expect(lines.yAxis.data).toEqual(['未指定', '液压系统']);
    expect(lines.series[0].data[0].href).toBeNull();
  });
});

describe('charts fitted to their width (English at 1280 px)', () => {
  const en = dashboardCharts(
    { ...DATA, uncompletedByDeal: [1, 2, 3, 4, 5, 6].map((value) => ({ value, count: value })) },
    'en-US',
    t as never,
  );
  const chart = (k: string) => en.find((c) => c.key === k)!;
  type Fitted = {
    series: { radius: number[] }[];
    xAxis: { axisLabel: { rotate?: number; interval?: number } };
    yAxis: { axisLabel: { width?: number; overflow?: string } };
  };

  it('gives the donut room for its longest outside label, wrapping rather than cutting it', () => {
    const option = chartOption(chart('type')) as { series: { label: { overflow: string } }[] };
    expect(option.series[0].label.overflow).toBe('break');
    const narrow = fitToWidth(option, 296) as Fitted;
    const [, outer] = narrow.series[0].radius;
    // "Installation" and the line beside the ring fit in each half of the box.
    expect(outer + textPx('Installation') + 36).toBeLessThanOrEqual(296 / 2);
    const wide = fitToWidth(option, 600) as Fitted;
    expect(wide.series[0].radius[1]).toBeGreaterThan(outer);
  });

  it('turns category labels that would run together, and only then', () => {
    const six = fitToWidth(chartOption(chart('uncompleted')), 296) as Fitted;
    expect(six.xAxis.axisLabel).toMatchObject({ rotate: 40, interval: 0 });
    const roomy = fitToWidth(chartOption(chart('uncompleted')), 1200) as Fitted;
    expect(roomy.xAxis.axisLabel.rotate).toBeUndefined();
  });

  it('wraps product line names within 40 % of the width', () => {
    const lines = fitToWidth(chartOption(chart('productLine')), 300) as Fitted;
    expect(lines.yAxis.axisLabel).toEqual({ overflow: 'break', width: 120 });
  });

  it('measures CJK wider than Latin', () => {
    expect(textPx('安装')).toBe(24);
    expect(textPx('Installation')).toBeGreaterThan(50);
    expect(textPx('Installation')).toBeLessThan(80);
  });
});
