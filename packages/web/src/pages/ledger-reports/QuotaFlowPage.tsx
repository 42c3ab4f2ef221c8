import { DownloadOutlined } from '@ant-design/icons';
import { getEntity, quotaDocumentType, quotaUsage, type QuotaFlow } from '@portal/model';
import { Alert, Button, Space, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { exportQuotaFlow, quotaFlow } from '../../api/ledger-reports.ts';
import { toast } from '../../app/feedback.ts';
import { screenPath } from '../../app/screen-path.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { saveBlob } from '../../shared/download.ts';
import { formatAmount } from '../../shared/format.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../../session/user-type.ts';
import { DateRangePicker, type DateRange } from '../../widgets/DateRangePicker.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { periodQuery, thisMonth } from './period.ts';

const STATION = getEntity('new_srv_station')!;
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
  const user = useSession((s) => s.user);
  const ownStation = user.userType === STATION_USER;
  const [station, setStation] = useState<LookupRecord | null>(null);
  const [range, setRange] = useState<DateRange>(() => thisMonth());
  const [flow, setFlow] = useState<QuotaFlow | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const filters = useMemo(() => ({ stationId: station?.id, ...periodQuery(range) }), [station, range]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    quotaFlow(filters)
      .then((f) => live && setFlow(f))
      .catch(() => live && setFlow(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters]);

  const lines = useMemo(() => (flow ? flowLines(flow) : []), [flow]);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportQuotaFlow(filters);
      saveBlob(blob, filename || `${t('menu.lineFlow')}.xlsx`);
      toast.success(t('widgets.list.exported'));
    } catch {
      /* toasted */
    } finally {
      setExporting(false);
    }
  };

  const usageLabel = (v?: number) => quotaUsage.options.find((o) => o.value === v)?.label[lang] ?? '';
  const columns: TableColumnsType<FlowLine> = [
    { key: 'station', dataIndex: 'station', title: STATION.label[lang] },
    { key: 'time', title: t('report.time'), width: 150, render: (_: unknown, r) => (r.time ? formatUtc8(r.time) : '') },
    {
      key: 'type', title: t('report.type'),
      render: (_: unknown, r) => (r.kind === 'move' ? usageLabel(r.usage) : <Typography.Text strong>{t(r.kind === 'opening' ? 'report.openingBalance' : 'report.closingBalance')}</Typography.Text>),
    },
    {
      key: 'document', title: t('report.document'),
      render: (_: unknown, r) => {
        const entity = DOCUMENT_ENTITY[Number(r.docType)];
        const to = entity && r.docId ? screenPath(entity, 'edit', r.docId) : undefined;
        return to ? <Link to={to}>{r.document}</Link> : r.document;
      },
    },
    { key: 'amount', title: t('report.amount'), align: 'right', width: 130, render: (_: unknown, r) => (r.amount === undefined ? '' : formatAmount(r.amount)), onCell: () => ({ 'data-col': 'amount' }) as React.HTMLAttributes<HTMLElement> },
    { key: 'balance', title: t('report.balance'), align: 'right', width: 130, render: (_: unknown, r) => formatAmount(r.balance), onCell: () => ({ 'data-col': 'balance' }) as React.HTMLAttributes<HTMLElement> },
  ];

  return (
    <div data-testid="quota-flow" data-loading={loading ? 'true' : 'false'} data-from={flow?.from} data-to={flow?.to}>
      <PageTitle
        extra={
          <Button icon={<DownloadOutlined />} onClick={exportXlsx} loading={exporting} data-testid="list-export">
            {t('widgets.action.export')}
          </Button>
        }
      >
        {t('menu.lineFlow')}
      </PageTitle>
      <Alert type="info" showIcon title={t('report.flowHint')} style={{ marginBottom: 12 }} />
      {flow?.truncated && <Alert type="warning" showIcon title={t('report.truncated', { max: flow.moves.length })} style={{ marginBottom: 12 }} data-testid="qf-truncated" />}
      <div className="list-toolbar">
        <Space wrap size={8}>
          {!ownStation && (
            <>
              <Typography.Text>{STATION.label[lang]}</Typography.Text>
              <div style={{ minWidth: 220 }}>
                <LookupInput testId="qf-station" def={{ entityName: 'new_srv_station' }} value={station} onChange={setStation} />
              </div>
            </>
          )}
          <Typography.Text>{t('report.period')}</Typography.Text>
          <DateRangePicker testId="qf-period" disablePast={false} value={range} onChange={setRange} />
        </Space>
      </div>
      <ResponsiveTable<FlowLine>
        card={{ title: 'station', fields: ['time', 'type', 'document', 'amount', 'balance'] }}
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={lines}
        loading={loading}
        pagination={{ defaultPageSize: 100, showSizeChanger: true, pageSizeOptions: [50, 100, 200], showTotal: () => t('widgets.list.total', { total: flow?.moves.length ?? 0 }) }}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'qf-row', 'data-kind': r.kind }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: loading ? null : <div data-testid="qf-empty" className="list-empty">{t('widgets.empty.none')}</div> }}
      />
    </div>
  );
}
