import { serviceType, workOrderDealStatus, type DashboardData, type Lang } from '@portal/model';

/** The work-order list the charts drill into (its URL state: view + `f.<field>` filters, see grid-state.ts). */
export const LIST_PATH = '/workOrder/list';

export function listUrl(view: string, filters: Record<string, string> = {}): string {
  const parts = [`view=${encodeURIComponent(view)}`, ...Object.entries(filters).map(([k, v]) => `f.${k}=${encodeURIComponent(v)}`)];
  return `${LIST_PATH}?${parts.join('&')}`;
}

export const drill = {
  type: (value: number) => listUrl('all', { new_type: String(value) }),
  /** A lookup filter is `id|name`; orders without a product line cannot be filtered (null), so they do not drill. */
  productLine: (id: string | null, name: string) => (id ? listUrl('all', { new_productline_id: `${id}|${name}` }) : null),
  uncompleted: (deal: number) => listUrl('open', { new_dealstatus: String(deal) }),
  created: (from: string, to: string) => listUrl('all', { createdon: `${from}~${to}` }),
  completed: (from: string, to: string) => listUrl('all', { new_completiontime: `${from}~${to}` }),
  abnormal: (deal?: number) => listUrl('abnormal', deal === undefined ? {} : { new_dealstatus: String(deal) }),
};

/** One figure of a chart: what the table row and the chart's data item show and where a click goes. */
export interface Figure {
  key: string;
  label: string;
  count: number;
  href: string | null;
}

/** A chart: its figures (one series), or per-series figures for the months chart. */
export interface ChartModel {
  key: 'type' | 'productLine' | 'uncompleted' | 'months' | 'abnormal';
  title: string;
  series: { name: string; figures: Figure[] }[];
}

const optionLabel = (set: { options: readonly { value: number; label: Record<Lang, string> }[] }, v: number, lang: Lang) =>
  set.options.find((o) => o.value === v)?.label[lang] ?? String(v);

type Texts = (
  key:
    | 'wo.dash.byType'
    | 'wo.dash.byProductLine'
    | 'wo.dash.uncompleted'
    | 'wo.dash.lastMonths'
    | 'wo.dash.created'
    | 'wo.dash.completed'
    | 'wo.dash.abnormal'
    | 'wo.dash.count',
) => string;

export function dashboardCharts(d: DashboardData, lang: Lang, t: Texts): ChartModel[] {
  const count = t('wo.dash.count');
  return [
    {
      key: 'type',
      title: t('wo.dash.byType'),
      series: [
        {
          name: count,
          figures: d.byType.map((x) => ({
            key: String(x.value),
            label: optionLabel(serviceType, x.value, lang),
            count: x.count,
            href: drill.type(x.value),
          })),
        },
      ],
    },
    {
      key: 'productLine',
      title: t('wo.dash.byProductLine'),
      series: [
        {
          name: count,
          figures: d.byProductLine.map((x) => ({
            key: x.id ?? 'none',
            label: x.name,
            count: x.count,
            href: drill.productLine(x.id, x.name),
          })),
        },
      ],
    },
    {
      key: 'uncompleted',
      title: t('wo.dash.uncompleted'),
      series: [
        {
          name: count,
          figures: d.uncompletedByDeal.map((x) => ({
            key: String(x.value),
            label: optionLabel(workOrderDealStatus, x.value, lang),
            count: x.count,
            href: drill.uncompleted(x.value),
          })),
        },
      ],
    },
    {
      key: 'months',
      title: t('wo.dash.lastMonths'),
      series: [
        {
          name: t('wo.dash.created'),
          figures: d.lastMonths.map((m) => ({ key: m.month, label: m.month, count: m.created, href: drill.created(m.from, m.to) })),
        },
        {
          name: t('wo.dash.completed'),
          figures: d.lastMonths.map((m) => ({ key: m.month, label: m.month, count: m.completed, href: drill.completed(m.from, m.to) })),
        },
      ],
    },
    {
      key: 'abnormal',
      title: t('wo.dash.abnormal'),
      series: [
        {
          name: count,
          figures: d.abnormal.byDeal.map((x) => ({
            key: String(x.value),
            label: optionLabel(workOrderDealStatus, x.value, lang),
            count: x.count,
            href: drill.abnormal(x.value),
          })),
        },
      ],
    },
  ];
}

/** The numbers of a chart as one text (its accessible name is "title: these"), in table order. */
export function chartAltItems(c: ChartModel, lang: Lang): string {
  const many = c.series.length > 1;
  const items = c.series.flatMap((s) => s.figures.map((f) => `${many ? `${f.label} ${s.name}` : f.label} ${f.count}`));
  return items.join(lang === 'zh-CN' ? '，' : ', ');
}

const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#faad14', '#2f54eb'];

/** Data items carry the drill-down address, so a click on the chart knows where to go. */
type Item = { name: string; value: number; href: string | null };
const items = (fs: Figure[]): Item[] => fs.map((f) => ({ name: f.label, value: f.count, href: f.href }));

/** The ECharts option of a chart (plain data, so it can be tested without a canvas). */
export function chartOption(c: ChartModel): Record<string, unknown> {
  const base = { color: PALETTE, tooltip: { trigger: c.key === 'type' ? 'item' : 'axis', confine: true }, animation: false };
  const first = c.series[0].figures;
  if (c.key === 'type') {
    return {
      ...base,
      // A plain legend wraps onto more rows; a scrolling one cut the last name ("M…").
      legend: { bottom: 0 },
      // Two-line labels that wrap (never "Installa..."); fitToWidth sizes the ring to leave them room.
      series: [
        {
          type: 'pie',
          name: c.series[0].name,
          radius: ['32%', '56%'],
          center: ['50%', '45%'],
          label: { formatter: '{b}\n{c}', overflow: 'break', lineHeight: 14 },
          labelLine: { length: 8, length2: 6 },
          data: items(first),
        },
      ],
    };
  }
  if (c.key === 'months') {
    return {
      ...base,
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: first.map((f) => f.label) },
      yAxis: { type: 'value', minInterval: 1 },
      // Numbers on the bars only: line labels would sit on the bar labels (the table has both).
      series: c.series.map((s, i) => ({
        type: i === 0 ? 'bar' : 'line',
        name: s.name,
        data: items(s.figures),
        label: { show: i === 0, position: 'top' },
      })),
    };
  }
  if (c.key === 'productLine') {
    // Horizontal bars: product line names are long.
    const rev = [...first].reverse();
    return {
      ...base,
      grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rev.map((f) => f.label), axisLabel: { overflow: 'break' } },
      series: [{ type: 'bar', name: c.series[0].name, data: items(rev), label: { show: true, position: 'right' } }],
    };
  }
  return {
    ...base,
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: first.map((f) => f.label), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: c.series[0].name, data: items(first), label: { show: true, position: 'top' }, colorBy: 'data' }],
  };
}

/** About how wide a text is drawn at ECharts' 12 px default: CJK a full em, capitals and digits more than the rest. */
export function textPx(text: string, fontSize = 12): number {
  let em = 0;
  for (const ch of text)
    em += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : /[A-Z0-9mw]/.test(ch) ? 0.68 : /[ il.,:;'|!]/.test(ch) ? 0.3 : 0.55;
  return Math.ceil(em * fontSize);
}

type Axis = { type?: string; data?: string[]; axisLabel?: Record<string, unknown> };
type Series = { type: string; data: Item[]; radius?: string[] | number[] };

/**
 * The option adapted to the chart's drawn width, so labels stay readable in English at 1280 px:
 * category labels that would run together are turned 40° (all shown), the horizontal bars' names
 * wrap within 40 % of the width, and the donut gets a radius that leaves its outside labels the room
 * of the longest one (a tooltip still has every full name).
 */
export function fitToWidth(option: Record<string, unknown>, width: number, height = 260): Record<string, unknown> {
  if (!(width > 0)) return option;
  const series = option.series as Series[];
  const xAxis = option.xAxis as Axis | undefined;
  const yAxis = option.yAxis as Axis | undefined;
  if (series[0]?.type === 'pie') {
    const widest = Math.max(...series[0].data.map((d) => Math.max(textPx(d.name), textPx(String(d.value)))));
    // label line (8 + 6), label distance, ECharts' bleed margin and a little air, on each side.
    const room = width / 2 - widest - 36;
    const outer = Math.max(28, Math.min(room, (Math.min(width, height) / 2) * 0.56));
    return { ...option, series: [{ ...series[0], radius: [Math.round(outer * 0.58), Math.round(outer)] }, ...series.slice(1)] };
  }
  if (xAxis?.type === 'category' && xAxis.data?.length && series.length === 1) {
    const slot = (width - 56) / xAxis.data.length;
    const widest = Math.max(...xAxis.data.map((l) => textPx(l)));
    if (widest + 6 > slot) return { ...option, xAxis: { ...xAxis, axisLabel: { ...xAxis.axisLabel, interval: 0, rotate: 40 } } };
    return option;
  }
  if (yAxis?.type === 'category')
    return { ...option, yAxis: { ...yAxis, axisLabel: { ...yAxis.axisLabel, width: Math.round(width * 0.4) } } };
  return option;
}
