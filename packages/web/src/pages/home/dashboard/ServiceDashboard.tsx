import type { DashboardData } from '@portal/model';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { fetchDashboard } from '../../../api/work-order-insights.ts';
import { useLocale, useT } from '../../../locales/i18n.ts';
import { usePrivilege } from '../../../session/use-privilege.ts';
import { chartAltItems, chartOption, dashboardCharts, drill, fitToWidth, type ChartModel } from './dashboard-model.ts';
import { EChart } from './EChart.tsx';
import './dashboard.css';

/**
 * The service-management dashboard on /servicehome (spec 001 §2): orders by service type, by
 * product line, uncompleted by handling status, the last 6 months and abnormal orders. A click on a
 * chart or on a number opens the work-order list filtered to exactly the counted orders. Each
 * chart's numbers are also its accessible name and a small table under it.
 */
export default function ServiceDashboard() {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchDashboard({ silent: true })
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const charts = useMemo(() => (data ? dashboardCharts(data, lang, t) : []), [data, lang, t]);
  const byKey = (k: ChartModel['key']) => charts.find((c) => c.key === k)!;

  if (failed)
    return <Alert type="error" showIcon data-testid="dashboard-failed" title={t('wo.dash.loadFailed')} style={{ margin: '16px 0' }} />;
  if (!data)
    return (
      <Card style={{ margin: '16px 0' }}>
        <Skeleton active />
      </Card>
    );

  const chartCard = (c: ChartModel, span: { xs: number; lg: number }, extra?: ReactNode) => (
    <Col xs={span.xs} lg={span.lg} key={c.key}>
      <Card size="small" title={c.title} data-testid={`dash-card-${c.key}`} extra={extra} style={{ height: '100%' }}>
        {c.series.every((s) => s.figures.length === 0) ? (
          <Empty description={t('wo.dash.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <>
            <EChart
              testId={`dash-chart-${c.key}`}
              option={chartOption(c)}
              fit={fitToWidth}
              label={t('wo.dash.chartLabel', { title: c.title, items: chartAltItems(c, lang) })}
              onDrill={(href) => navigate(href)}
            />
            <FigureTable c={c} t={t} />
          </>
        )}
      </Card>
    </Col>
  );

  const abnormal = byKey('abnormal');
  return (
    <section data-testid="service-dashboard" aria-label={t('wo.dash.title')} style={{ margin: '16px 0' }}>
      {/* Wraps on a phone: the title keeps its line instead of breaking beside the hint. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 12, marginBottom: 8 }}>
        <h3 style={{ margin: 0, whiteSpace: 'nowrap' }}>{t('wo.dash.title')}</h3>
        <span style={{ color: 'rgba(0,0,0,0.56)', fontSize: 12 }}>{t('wo.dash.drillHint')}</span>
        <span style={{ marginLeft: 'auto' }}>
          <Link to={can('workorder.dispatch') ? '/workOrder/newmapassign' : '/workOrder/map'}>
            <Button size="small" data-testid="dash-open-map">
              {t('wo.map.title')}
            </Button>
          </Link>
        </span>
      </div>
      <Row gutter={[12, 12]}>
        {chartCard(byKey('type'), { xs: 24, lg: 8 })}
        {chartCard(byKey('productLine'), { xs: 24, lg: 8 })}
        {chartCard(byKey('uncompleted'), { xs: 24, lg: 8 })}
        {chartCard(byKey('months'), { xs: 24, lg: 14 })}
        <Col xs={24} lg={10}>
          <Card size="small" title={abnormal.title} data-testid="dash-card-abnormal" style={{ height: '100%' }}>
            <Link to={drill.abnormal()} data-testid="dash-abnormal-total" data-count={data.abnormal.total}>
              <Statistic
                title={t('wo.dash.abnormalTotal')}
                value={data.abnormal.total}
                styles={{ content: { color: data.abnormal.total ? '#cf1322' : undefined } }}
              />
            </Link>
            {abnormal.series[0].figures.length > 0 && (
              <>
                <EChart
                  testId="dash-chart-abnormal"
                  height={180}
                  option={chartOption(abnormal)}
                  fit={fitToWidth}
                  label={t('wo.dash.chartLabel', { title: abnormal.title, items: chartAltItems(abnormal, lang) })}
                  onDrill={(href) => navigate(href)}
                />
                <FigureTable c={abnormal} t={t} />
              </>
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
}

/** The chart's numbers as a table; each number links to the same list as a click on the chart. */
function FigureTable({ c, t }: { c: ChartModel; t: ReturnType<typeof useT> }) {
  const many = c.series.length > 1;
  const rows = c.series[0].figures;
  return (
    <table className="dash-table" data-testid={`dash-table-${c.key}`}>
      <thead>
        <tr>
          <th scope="col">{c.key === 'months' ? t('wo.dash.month') : t('wo.dash.category')}</th>
          {c.series.map((s) => (
            <th scope="col" key={s.name}>
              {many ? s.name : t('wo.dash.count')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.key} data-testid={`dash-row-${c.key}-${r.key}`}>
            <th scope="row">{r.label}</th>
            {c.series.map((s, si) => {
              const f = s.figures[i];
              const id = many ? `dash-cell-${c.key}-${r.key}-${si}` : `dash-cell-${c.key}-${r.key}`;
              return (
                <td key={s.name} data-testid={id} data-count={f.count}>
                  {f.href ? <Link to={f.href}>{f.count}</Link> : f.count}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
