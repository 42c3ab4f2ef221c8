import { getEntity, quotaDocumentType, quotaUsage, type QuotaFlow } from '@portal/model';
import { Alert, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { exportQuotaFlow, quotaFlow } from '../../api/ledger-reports.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { formatAmount } from '../../shared/format.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { ReportPage } from './ReportPage.tsx';
import { useReport } from './use-report.ts';

const STATION = getEntity('new_srv_station')!;
/** 流水 has no filter of its own. */
const NO_EXTRA = {};
const DOCUMENT_ENTITY: Record<number, string> = {
  [quotaDocumentType.adjustment]: 'new_srv_amountadjustment',
  [quotaDocumentType.application]: 'new_srv_partsapply',
};

/** A line of the flow: a station's opening balance, one move, or its closing balance. */
export type FlowLine = {
  key: string;
  kind: 'opening' | 'move' | 'closing';
  station: string;
  time?: string;
  usage?: number;
  docType?: number;
  docId?: string | null;
  document?: string;
  amount?: string;
  balance: string;
};

/** Per station (in the server's order): its opening line, its moves in posting order, its closing line. */
export function flowLines(flow: QuotaFlow): FlowLine[] {
  return flow.stations.flatMap((s) => [
    { key: `${s.stationId}:opening`, kind: 'opening' as const, station: s.station, balance: s.opening },
    ...flow.moves.filter((m) => m.stationId === s.stationId).map((m) => ({ key: m.id, kind: 'move' as const, ...m })),
    { key: `${s.stationId}:closing`, kind: 'closing' as const, station: s.station, balance: s.closing },
  ]);
}

/**
 * /amountFlow/list (流水): every move of the station quota in a period, in order, with the amount
 * and the balance after it, between each station's opening and closing balance; the document
 * opens where the app has its screen. A station user sees their own station. 导出 gives Excel.
 */
export default function QuotaFlowPage() {
  const t = useT();
  const lang = useLocale();
  const report = useReport({ load: quotaFlow, exportFile: exportQuotaFlow, exportName: t('menu.lineFlow') }, NO_EXTRA);
  const { data: flow, loading } = report;
  const lines = useMemo(() => (flow ? flowLines(flow) : []), [flow]);

  const usageLabel = (v?: number) => quotaUsage.options.find((o) => o.value === v)?.label[lang] ?? '';
  const columns: TableColumnsType<FlowLine> = [
    { key: 'station', dataIndex: 'station', title: STATION.label[lang] },
    { key: 'time', title: t('report.time'), width: 150, render: (_: unknown, r) => (r.time ? formatUtc8(r.time) : '') },
    {
      key: 'type',
      title: t('report.type'),
      render: (_: unknown, r) =>
        r.kind === 'move' ? (
          usageLabel(r.usage)
        ) : (
          <Typography.Text strong>{t(r.kind === 'opening' ? 'report.openingBalance' : 'report.closingBalance')}</Typography.Text>
        ),
    },
    {
      key: 'document',
      title: t('report.document'),
      render: (_: unknown, r) => {
        const entity = DOCUMENT_ENTITY[Number(r.docType)];
        const to = entity && r.docId ? screenPath(entity, 'edit', r.docId) : undefined;
        return to ? <Link to={to}>{r.document}</Link> : r.document;
      },
    },
    {
      key: 'amount',
      title: t('report.amount'),
      align: 'right',
      width: 130,
      render: (_: unknown, r) => (r.amount === undefined ? '' : formatAmount(r.amount)),
      onCell: () => ({ 'data-col': 'amount' }) as React.HTMLAttributes<HTMLElement>,
    },
    {
      key: 'balance',
      title: t('report.balance'),
      align: 'right',
      width: 130,
      render: (_: unknown, r) => formatAmount(r.balance),
      onCell: () => ({ 'data-col': 'balance' }) as React.HTMLAttributes<HTMLElement>,
    },
  ];

  return (
    <ReportPage
      testId="quota-flow"
      prefix="qf"
      title={t('menu.lineFlow')}
      hint={t('report.flowHint')}
      report={report}
      period={flow ?? undefined}
      banner={
        flow?.truncated && (
          <Alert
            type="warning"
            showIcon
            title={t('report.truncated', { max: flow.moves.length })}
            style={{ marginBottom: 12 }}
            data-testid="qf-truncated"
          />
        )
      }
    >
      <ResponsiveTable<FlowLine>
        card={{ title: 'station', fields: ['time', 'type', 'document', 'amount', 'balance'] }}
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={lines}
        loading={loading}
        pagination={{
          defaultPageSize: 100,
          showSizeChanger: true,
          pageSizeOptions: [50, 100, 200],
          showTotal: () => t('widgets.list.total', { total: flow?.moves.length ?? 0 }),
        }}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'qf-row', 'data-kind': r.kind }) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: loading ? null : (
            <div data-testid="qf-empty" className="list-empty">
              {t('widgets.empty.none')}
            </div>
          ),
        }}
      />
    </ReportPage>
  );
}
