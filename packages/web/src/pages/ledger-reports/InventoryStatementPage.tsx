import { getEntity, type InventoryStatement, type InventoryStatementRow } from '@portal/model';
import { Alert, Button, Space, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState } from 'react';
import { exportInventoryStatement, inventoryStatement } from '../../api/ledger-reports.ts';
import { toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { saveBlob } from '../../shared/download.ts';
import { useSession } from '../../session/store.ts';
import { STATION_USER } from '../../session/user-type.ts';
import { DateRangePicker, type DateRange } from '../../widgets/DateRangePicker.tsx';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { periodQuery, thisMonth } from './period.ts';

const STATION = getEntity('new_srv_station')!;
const TXN = getEntity('new_srv_stocktransaction')!;
const LINE = getEntity('new_srv_stockcheckdetail')!;

/**
 * /inventoryStatement/list (库存报表): per warehouse and part over a period, opening + in − out =
 * closing, read from the stock ledger on the server; filters station (a station user sees their
 * own), part and period; paged on the server; 导出 gives every row as Excel.
 */
export default function InventoryStatementPage() {
  const t = useT();
  const lang = useLocale();
  const user = useSession((s) => s.user);
  const ownStation = user.userType === STATION_USER;
  const [station, setStation] = useState<LookupRecord | null>(null);
  const [part, setPart] = useState<LookupRecord | null>(null);
  const [range, setRange] = useState<DateRange>(() => thisMonth());
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const [data, setData] = useState<InventoryStatement | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);

  const filters = useMemo(() => ({ stationId: station?.id, productId: part?.id, ...periodQuery(range) }), [station, part, range]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    inventoryStatement({ ...filters, ...page })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters, page]);

  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage((p) => ({ ...p, page: 1 }));
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportInventoryStatement(filters);
      saveBlob(blob, filename || `${t('menu.inventoryStatement')}.xlsx`);
      toast.success(t('widgets.list.exported'));
    } catch {
      /* toasted */
    } finally {
      setExporting(false);
    }
  };

  const qty = (key: 'opening' | 'in' | 'out' | 'closing', label: string) =>
    ({ key, dataIndex: key, title: label, align: 'right' as const, width: 100, onCell: () => ({ 'data-col': key }) as React.HTMLAttributes<HTMLElement> });
  const columns: TableColumnsType<InventoryStatementRow> = [
    { key: 'station', title: STATION.label[lang], render: (_: unknown, r) => r.station ?? t('report.headOffice') },
    { key: 'warehouse', dataIndex: 'warehouse', title: TXN.allFields.new_warehouse_id.label[lang] },
    { key: 'code', dataIndex: 'code', title: TXN.allFields.new_code.label[lang], width: 150 },
    { key: 'name', dataIndex: 'name', title: TXN.allFields.new_partname.label[lang] },
    { key: 'uom', dataIndex: 'uom', title: LINE.allFields.new_uom.label[lang], width: 70 },
    qty('opening', t('report.opening')),
    qty('in', t('report.in')),
    qty('out', t('report.out')),
    qty('closing', t('report.closing')),
  ];

  return (
    <div data-testid="inventory-statement" data-loading={loading ? 'true' : 'false'} data-from={data?.from} data-to={data?.to}>
      <PageTitle
        extra={
          <Button icon={<DownloadOutlined />} onClick={exportXlsx} loading={exporting} data-testid="list-export">
            {t('widgets.action.export')}
          </Button>
        }
      >
        {t('menu.inventoryStatement')}
      </PageTitle>
      <Alert type="info" showIcon title={t('report.statementHint')} style={{ marginBottom: 12 }} />
      <div className="list-toolbar">
        <Space wrap size={8}>
          {!ownStation && (
            <>
              <Typography.Text>{STATION.label[lang]}</Typography.Text>
              <div style={{ minWidth: 220 }}>
                <LookupInput testId="is-station" def={{ entityName: 'new_srv_station' }} value={station} onChange={filter(setStation)} />
              </div>
            </>
          )}
          <Typography.Text>{TXN.allFields.new_product_id.label[lang]}</Typography.Text>
          <div style={{ minWidth: 220 }}>
            <LookupInput testId="is-part" def={{ entityName: 'product' }} value={part} onChange={filter(setPart)} />
          </div>
          <Typography.Text>{t('report.period')}</Typography.Text>
          <DateRangePicker testId="is-period" disablePast={false} value={range} onChange={filter(setRange)} />
        </Space>
      </div>
      <ResponsiveTable<InventoryStatementRow>
        card={{ title: 'name', fields: ['code', 'opening', 'in', 'out', 'closing'] }}
        rowKey={(r) => `${r.warehouseId}|${r.productId}`}
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={loading}
        pagination={{
          current: page.page, pageSize: page.pageSize, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('widgets.list.total', { total }), onChange: (p, s) => setPage({ page: s === page.pageSize ? p : 1, pageSize: s }),
        }}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'is-row', 'data-code': r.code, 'data-warehouse': r.warehouse }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: loading ? null : <div data-testid="is-empty" className="list-empty">{t('widgets.empty.none')}</div> }}
      />
    </div>
  );
}
