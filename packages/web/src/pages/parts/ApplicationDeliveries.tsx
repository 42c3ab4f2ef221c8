import { deliveryState, getEntity } from '@portal/model';
import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { deliveryPath } from './delivery-paths.ts';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';

const LINE = 'new_stockoutorderdetail';
const ORDER = 'new_stockoutorder';
const EXPAND = 'new_stockoutorder_id($select=new_name,new_state,new_receiptstate)';

type Ref = { new_stockoutorderid?: string; new_name?: string; new_state?: number } | null | undefined;

/**
 * 发货记录 of an application: every delivery line taken from it, with its delivery's number and
 * state; the number opens the delivery (warehouse staff) or its receipt (receivers). Hooks:
 * `pa-deliveries` (with `data-count`), `pa-delivery-row` (with `data-id` = the delivery,
 * `data-state`), `pa-delivery-link`.
 */
export function ApplicationDeliveries({ applicationId, version }: { applicationId: string; version: number }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const { rows, loading, entity: e } = useDocumentLines(LINE, 'new_partsapply_id', applicationId, version, { expand: EXPAND });
  const order = getEntity(ORDER)!;
  const ref = (r: RecordRow) => r.new_stockoutorder_id_ref as Ref;
  const field = (name: string) => ({
    key: name,
    title: e.allFields[name].label[lang],
    render: (_: unknown, r: RecordRow) => cellText(r, name, e.allFields[name], lang),
  });
  const columns: TableColumnsType<RecordRow> = [
    {
      key: 'delivery',
      title: order.allFields.new_name.label[lang],
      render: (_, r) => {
        const id = String(r.new_stockoutorder_id ?? '');
        const name = ref(r)?.new_name ?? cellText(r, 'new_stockoutorder_id', e.allFields.new_stockoutorder_id, lang);
        const to = id ? deliveryPath(id, can) : undefined;
        return to ? (
          <Link to={to} data-testid="pa-delivery-link">
            {name}
          </Link>
        ) : (
          name
        );
      },
    },
    {
      key: 'state',
      title: order.allFields.new_state.label[lang],
      render: (_, r) => <OptionTag set={deliveryState} value={ref(r)?.new_state} />,
    },
    field('new_code'),
    field('new_name'),
    { ...field('new_qty'), align: 'right' },
    { ...field('new_receivedqty'), align: 'right' },
  ];
  return (
    <div data-testid="pa-deliveries" data-count={loading ? undefined : rows.length}>
      <Table<RecordRow>
        size="small"
        rowKey={(r) => String(r[e.primaryKey] ?? '')}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({
            'data-testid': 'pa-delivery-row',
            'data-id': String(r.new_stockoutorder_id ?? ''),
            'data-state': String(ref(r)?.new_state ?? ''),
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: t('parts.ui.deliveriesEmpty') }}
      />
    </div>
  );
}
