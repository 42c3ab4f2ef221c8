import { getEntity, type InventoryStatementRow } from '@portal/model';
import { Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { exportInventoryStatement, inventoryStatement } from '../../api/ledger-reports.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { ReportPage } from './ReportPage.tsx';
import { useReport } from './use-report.ts';

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
  const [part, setPart] = useState<LookupRecord | null>(null);
  const extra = useMemo(() => ({ productId: part?.id }), [part]);
  const report = useReport(
    {
      load: (q, page) => inventoryStatement({ ...q, ...page }),
      exportFile: exportInventoryStatement,
      exportName: t('menu.inventoryStatement'),
    },
    extra,
  );
  const { data, loading } = report;

  const qty = (key: 'opening' | 'in' | 'out' | 'closing', label: string) => ({
    key,
    dataIndex: key,
    title: label,
    align: 'right' as const,
    width: 100,
    onCell: () => ({ 'data-col': key }) as React.HTMLAttributes<HTMLElement>,
  });
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
    <ReportPage
      testId="inventory-statement"
      prefix="is"
      title={t('menu.inventoryStatement')}
      hint={t('report.statementHint')}
      report={report}
      period={data ?? undefined}
      filters={
        <>
          <Typography.Text>{TXN.allFields.new_product_id.label[lang]}</Typography.Text>
          <div style={{ minWidth: 220 }}>
            <LookupInput testId="is-part" def={{ entityName: 'product' }} value={part} onChange={report.filter(setPart)} />
          </div>
        </>
      }
    >
      <ResponsiveTable<InventoryStatementRow>
        card={{ title: 'name', fields: ['code', 'opening', 'in', 'out', 'closing'] }}
        rowKey={(r) => `${r.warehouseId}|${r.productId}`}
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={loading}
        pagination={report.serverPagination(data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({ 'data-testid': 'is-row', 'data-code': r.code, 'data-warehouse': r.warehouse }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{
          emptyText: loading ? null : (
            <div data-testid="is-empty" className="list-empty">
              {t('widgets.empty.none')}
            </div>
          ),
        }}
      />
    </ReportPage>
  );
}
