import { DownloadOutlined } from '@ant-design/icons';
import { businessUnitType, monthText, type ForecastReport, type ForecastReportCell } from '@portal/model';
import { Alert, Button, Card, Col, DatePicker, Empty, Row, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { saveBlob } from '../../shared/download.ts';
import { formatAmount } from '../../shared/format.ts';
import type { LookupDef, LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { EChart } from '../home/dashboard/EChart.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { lineChart, lineTotals, monthChart } from './forecast-chart.ts';
import { exportForecastReport, forecastReport } from './sales-target-api.ts';

const DEALERS: LookupDef = {
  entityName: 'businessunit',
  displayFields: ['name', 'new_code'],
  filterFields: ['name', 'new_code'],
  conditions: [{ field: 'new_type', op: 'eq', value: businessUnitType.dealer }],
};
/** A table row: a month's product line, or the month's total (productLine null). */
type Line = Omit<ForecastReportCell, 'productLineId' | 'productLine'> & { key: string; productLine: string | null };

/** This month in China time, moved by `add` months. */
const chinaMonth = (add: number) =>
  dayjs(Date.now() + 8 * 3600_000)
    .startOf('month')
    .add(add, 'month');

/**
 * /salesforecast/report (预测分析): forecast against actual orders by month and product line, as
 * ECharts charts with the table of the same numbers beside them (both from the server's answer):
 * the forecast of a month is its latest approved forecast, the actual what audited orders of the
 * month ordered. Filters: dealer (head office and branches; a dealer sees itself) and months. Hooks:
 * `fr-report` (data-loading, data-from, data-to, data-dealer), `fr-dealer`, `fr-months`,
 * `fr-chart-month` / `fr-chart-line` (aria-label: every number), `fr-row` (data-month, data-line,
 * data-forecast, data-actual, data-rate), `fr-total` (data-month, …), `list-export`.
 */
export default function SalesForecastReportPage() {
  const t = useT();
  const lang = useLocale();
  const dealerUser = useSession((s) => s.user.unitType) === businessUnitType.dealer;
  const [dealer, setDealer] = useState<LookupRecord | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [chinaMonth(-2), chinaMonth(2)]);
  const [data, setData] = useState<ForecastReport | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const q = useMemo(() => ({ dealer: dealer?.id, from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM') }), [dealer, range]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    forecastReport(q)
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [q]);

  const texts = {
    forecast: t('salesForecast.report.forecast'),
    actual: t('salesForecast.report.actual'),
    rate: t('salesForecast.report.rate'),
  };
  const rows: Line[] = data
    ? data.months.flatMap((m) => {
        const total = data.totals.find((x) => x.month === m)!;
        return [
          ...data.cells.filter((c) => c.month === m).map((c) => ({ ...c, key: `${m}|${c.productLineId ?? ''}` })),
          { ...total, key: `${m}|total`, productLine: null },
        ];
      })
    : [];
  const rate = (v: string | null) => (v === null ? '—' : `${v}%`);
  const columns: TableColumnsType<Line> = [
    { key: 'month', title: t('salesForecast.report.month'), render: (_: unknown, r) => monthText(r.month, lang), width: 100 },
    {
      key: 'line',
      title: t('salesForecast.report.productLine'),
      render: (_: unknown, r) => r.productLine ?? <Typography.Text strong>{t('salesForecast.report.total')}</Typography.Text>,
    },
    { key: 'forecast', dataIndex: 'forecast', title: texts.forecast, align: 'right' },
    { key: 'actual', dataIndex: 'actual', title: texts.actual, align: 'right' },
    { key: 'amount', title: t('salesForecast.report.amount'), align: 'right', render: (_: unknown, r) => formatAmount(r.actualAmount) },
    { key: 'rate', title: texts.rate, align: 'right', render: (_: unknown, r) => rate(r.rate) },
  ];
  const monthLabel = data
    ? t('salesForecast.report.chartLabel', {
        items: data.totals
          .map((x) => t('salesForecast.report.chart', { month: monthText(x.month, lang), forecast: x.forecast, actual: x.actual }))
          .join('；'),
      })
    : '';
  const lineLabel = data
    ? t('salesForecast.report.chartLabel', {
        items: lineTotals(data)
          .map((x) => t('salesForecast.report.chart', { month: x.name, forecast: x.forecast, actual: x.actual }))
          .join('；'),
      })
    : '';
  const exportFile = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportForecastReport(q);
      saveBlob(blob, filename || `${t('salesForecast.report.sheet')}.xlsx`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div
      data-testid="fr-report"
      data-loading={loading ? 'true' : 'false'}
      data-from={data?.from}
      data-to={data?.to}
      data-dealer={data?.dealer?.id ?? ''}
    >
      <PageTitle
        extra={
          <Button icon={<DownloadOutlined />} onClick={exportFile} loading={exporting} data-testid="list-export">
            {t('widgets.action.export')}
          </Button>
        }
      >
        {t('menu.salesForecastReport')}
        {data?.dealer && dealerUser ? ` · ${data.dealer.name}` : ''}
      </PageTitle>
      <Alert type="info" showIcon title={t('salesForecast.report.hint')} style={{ marginBottom: 12 }} />
      <div className="list-toolbar">
        <Space wrap size={8}>
          {!dealerUser && (
            <>
              <Typography.Text>{t('salesForecast.ui.dealer')}</Typography.Text>
              <div style={{ minWidth: 240 }}>
                <LookupInput
                  testId="fr-dealer"
                  def={DEALERS}
                  value={dealer}
                  onChange={setDealer}
                  placeholder={t('salesForecast.report.allDealers')}
                />
              </div>
            </>
          )}
          <Typography.Text>{t('salesForecast.ui.months')}</Typography.Text>
          <DatePicker.RangePicker
            data-testid="fr-months"
            picker="month"
            allowClear={false}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
        </Space>
      </div>
      {data && (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={13}>
            <Card size="small" title={t('salesForecast.ui.byMonth')} style={{ marginBottom: 12 }}>
              <EChart testId="fr-chart-month" option={monthChart(data, lang, texts)} label={monthLabel} onDrill={() => undefined} />
            </Card>
            <Card size="small" title={t('salesForecast.ui.byLine')}>
              {data.productLines.length ? (
                <EChart
                  testId="fr-chart-line"
                  height={Math.max(200, 60 * data.productLines.length)}
                  option={lineChart(data, texts)}
                  label={lineLabel}
                  onDrill={() => undefined}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={11}>
            <Card size="small" title={t('salesForecast.report.sheet')}>
              {/* The table may be wider than its column (English at 1280 px): the region that scrolls
                  is reachable by keyboard and named (axe: scrollable-region-focusable). */}
              <div role="region" aria-label={t('salesForecast.report.sheet')} tabIndex={0} style={{ overflowX: 'auto' }}>
                <Table<Line>
                  size="small"
                  rowKey="key"
                  columns={columns}
                  dataSource={rows}
                  loading={loading}
                  pagination={false}
                  onRow={(r) =>
                    ({
                      'data-testid': r.productLine === null ? 'fr-total' : 'fr-row',
                      'data-month': r.month,
                      'data-line': r.productLine ?? '',
                      'data-forecast': r.forecast,
                      'data-actual': r.actual,
                      'data-rate': r.rate ?? '',
                      style: r.productLine === null ? { background: 'rgba(0,0,0,0.02)' } : undefined,
                    }) as HTMLAttributes<HTMLElement>
                  }
                />
              </div>
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
