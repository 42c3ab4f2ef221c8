import {
  AGEING_BUCKETS,
  businessUnitType,
  financeDealersPath,
  financeSearchPath,
  formatChinaDateTime,
  formatMoney,
  statementDetailRoute,
  type FinanceDealer,
  type FinanceDoc,
  type FinanceSearch,
  type FundFigure,
  type MessageKey,
} from '@portal/model';
import { Alert, Card, Col, Descriptions, Row, Select, Space, Spin, Table, Typography } from 'antd';
import type { DescriptionsItemType } from 'antd/es/descriptions';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiGet } from '../../api/client.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { PageTitle } from '../PageTitle.tsx';
import { documentLink } from './statement-parts.tsx';

/** A figure as a description item: its label and the amount (hook `fs-<id>` with `data-amount`). */
const figure = (id: string, label: ReactNode, amount: string, strong?: boolean): DescriptionsItemType => ({
  key: id,
  label,
  children: (
    <span data-testid={`fs-${id}`} data-amount={amount} style={strong ? { fontWeight: 600 } : undefined}>
      {formatMoney(amount)}
    </span>
  ),
});

/** The documents behind a figure, each opening its own screen. */
function Docs({ docs, testId }: { docs: FinanceDoc[]; testId: string }) {
  const t = useT();
  if (!docs.length) return <Typography.Text type="secondary">{t('finance.none')}</Typography.Text>;
  return (
    <Space size={[12, 4]} wrap data-testid={testId}>
      {docs.map((d) => {
        const to = documentLink(d.entity, d.id);
        const text = `${d.name} ${formatMoney(d.amount)}`;
        return to ? (
          <Link key={d.id} to={to} data-testid={`${testId}-doc`}>
            {text}
          </Link>
        ) : (
          <span key={d.id}>{text}</span>
        );
      })}
    </Space>
  );
}

/**
 * /finance/search — one dealer's money with head office: head office or a branch picks a dealer of
 * its reach (the choice stays in the URL, ?dealer=), a dealer's own user sees itself. Credit (limit,
 * temporary, open orders, receivable, used, available), rebate balance, marketing funds, the open
 * invoices aged by invoice date, and the account balance against its latest statement — each with
 * the time it is as of and links to the documents and lists behind it. Figures are the server's.
 */
export default function FinanceSearchPage() {
  const t = useT();
  const own = useSession((s) => s.user.unitType) === businessUnitType.dealer;
  const [query, setQuery] = useSearchParams();
  const dealerId = query.get('dealer') ?? '';
  const [dealers, setDealers] = useState<FinanceDealer[]>([]);
  const [search, setSearch] = useState('');
  const [data, setData] = useState<FinanceSearch | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (own) return;
    let live = true;
    apiGet<FinanceDealer[]>(financeDealersPath(search), { silent: true }).then(
      (d) => live && setDealers(d ?? []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [own, search]);

  useEffect(() => {
    if (!own && !dealerId) {
      setData(null);
      return;
    }
    let live = true;
    setLoading(true);
    setError('');
    apiGet<FinanceSearch>(financeSearchPath(own ? null : dealerId), { silent: true })
      .then(
        (d) => live && setData(d),
        (e) => live && (setData(null), setError(e instanceof Error ? e.message : String(e))),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [own, dealerId]);

  const asOf = (iso: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="fs-asof" data-asof={iso}>
      {t('finance.asOf', { time: formatChinaDateTime(iso) })}
    </Typography.Text>
  );
  const listLink = (entity: string, filter?: string) => {
    const base = screenPath(entity, 'list');
    if (!base) return null;
    const to = filter && data && !own ? `${base}?f.${filter}=${encodeURIComponent(`${data.dealer.id}|${data.dealer.name}`)}` : base;
    return <Link to={to}>{t('finance.viewAll')}</Link>;
  };
  const fund = (key: 'cost' | 'activity', label: MessageKey, entity: string) => {
    const f: FundFigure = data!.funds[key];
    return (
      <Descriptions
        size="small"
        column={1}
        title={t(label)}
        extra={listLink(entity)}
        data-testid={`fs-fund-${key}`}
        items={[
          figure(`fund-${key}-approved`, t('finance.fundApproved'), f.approved),
          figure(`fund-${key}-writtenoff`, t('finance.fundWrittenOff'), f.writtenOff),
          figure(`fund-${key}-pending`, t('finance.fundPending'), f.pending),
          figure(`fund-${key}-remaining`, t('finance.fundRemaining'), f.remaining, true),
        ]}
      />
    );
  };

  return (
    <div data-testid="fs-page">
      <PageTitle>{t('menu.financeSearch')}</PageTitle>
      {!own && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Typography.Text>{t('finance.dealer')}</Typography.Text>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            style={{ minWidth: 280 }}
            placeholder={t('finance.pickDealer')}
            aria-label={t('finance.dealer')}
            value={dealerId || undefined}
            options={[
              ...dealers.map((d) => ({ value: d.id, label: `${d.code} ${d.name}`.trim() })),
              ...(data && !dealers.some((d) => d.id === data.dealer.id) ? [{ value: data.dealer.id, label: data.dealer.name }] : []),
            ]}
            onChange={(v: string) => setQuery(v ? { dealer: v } : {})}
            data-testid="fs-dealer-pick"
          />
        </Space>
      )}
      {error && <Alert type="error" showIcon message={error} data-testid="fs-error" />}
      {loading && !data && <Spin style={{ display: 'block', margin: '60px auto' }} />}
      {data && (
        <div data-testid="fs-result" data-dealer={data.dealer.id} data-asof={data.asOf}>
          <Typography.Title level={4} data-testid="fs-dealer">
            {data.dealer.name}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title={t('finance.credit')} extra={asOf(data.credit.asOf)} size="small">
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 2 }}
                  items={[
                    figure('limit', t('finance.limit'), data.credit.limit),
                    figure('temporary', t('finance.temporary'), data.credit.temporary),
                    figure('openorders', t('finance.openOrders'), data.credit.openOrders),
                    figure('receivable', t('finance.receivable'), data.credit.receivable),
                    figure('used', t('finance.used'), data.credit.used),
                    figure('available', t('finance.available'), data.credit.available, true),
                  ]}
                />
                <Typography.Text type="secondary">{t('finance.temporary')}</Typography.Text> {listLink('new_tempcredit', 'new_dealer_id')}
                <div>
                  <Docs docs={data.credit.temporaryDocs} testId="fs-temporary-docs" />
                </div>
                <Typography.Text type="secondary">
                  {t('finance.openOrders')} · {t('finance.shownOf', { shown: data.credit.orderDocs.length, count: data.credit.orderCount })}
                </Typography.Text>{' '}
                {listLink('salesorder')}
                <div>
                  <Docs docs={data.credit.orderDocs} testId="fs-order-docs" />
                </div>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('finance.balance')} extra={asOf(data.balance.asOf)} size="small">
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    figure('balance', t('finance.balance'), data.balance.amount, true),
                    data.statement
                      ? {
                          key: 'statement',
                          label: t('finance.statementClosing', { month: data.statement.month }),
                          children: (
                            <>
                              <Link to={statementDetailRoute(data.dealer.id, data.statement.month)} data-testid="fs-statement">
                                <span data-testid="fs-statement-closing" data-amount={data.statement.closing}>
                                  {formatMoney(data.statement.closing)}
                                </span>
                              </Link>{' '}
                              <Typography.Text type="secondary">（{data.statement.stateText}）</Typography.Text>
                            </>
                          ),
                        }
                      : { key: 'statement', label: t('finance.latestStatement'), children: t('finance.noStatement') },
                    figure('since', t('finance.sinceStatement', { count: data.balance.movesSince }), data.balance.sinceStatement),
                  ]}
                />
              </Card>
              <Card title={t('finance.rebate')} extra={asOf(data.rebate.asOf)} size="small" style={{ marginTop: 16 }}>
                <Descriptions size="small" column={1} items={[figure('rebate', t('finance.rebate'), data.rebate.balance, true)]} />
                {listLink('new_rebatemove', 'new_unit_id')}
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('finance.funds')} extra={asOf(data.funds.asOf)} size="small">
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    {fund('cost', 'finance.fundCost', 'new_costapply')}
                  </Col>
                  <Col xs={24} sm={12}>
                    {fund('activity', 'finance.fundActivity', 'new_activityapply')}
                  </Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('finance.ageing')} extra={asOf(data.ageing.asOf)} size="small">
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 2 }}
                  items={[
                    ...AGEING_BUCKETS.map((b) =>
                      figure(
                        `ageing-${b}`,
                        t(`finance.bucket.${b}` as MessageKey),
                        data.ageing.buckets.find((x) => x.key === b)?.amount ?? '0.00',
                      ),
                    ),
                    figure('ageing-total', t('finance.ageingTotal'), data.ageing.total, true),
                    figure('ageing-overdue', t('finance.overdue'), data.ageing.overdue),
                  ]}
                />
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={data.ageing.invoices}
                  onRow={(r) => ({ 'data-testid': 'fs-invoice', 'data-bucket': r.bucket }) as React.HTMLAttributes<HTMLElement>}
                  columns={[
                    {
                      key: 'name',
                      title: t('finance.invoice'),
                      render: (_: unknown, r) => {
                        const to = documentLink(r.entity, r.id);
                        return to ? <Link to={to}>{r.name}</Link> : r.name;
                      },
                    },
                    { key: 'date', dataIndex: 'date', title: t('finance.invoiceDate') },
                    { key: 'due', dataIndex: 'due', title: t('finance.dueDate') },
                    { key: 'days', dataIndex: 'days', title: t('finance.days'), align: 'right' },
                    { key: 'amount', title: t('finance.openAmount'), align: 'right', render: (_: unknown, r) => formatMoney(r.amount) },
                  ]}
                />
                <Typography.Text type="secondary">
                  {t('finance.shownOf', { shown: data.ageing.invoices.length, count: data.ageing.invoiceCount })}
                </Typography.Text>
              </Card>
            </Col>
          </Row>
        </div>
      )}
    </div>
  );
}
