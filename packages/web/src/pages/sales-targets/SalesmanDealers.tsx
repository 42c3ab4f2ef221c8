import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { businessUnitType, getEntity } from '@portal/model';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { createRecord, deleteRecord, displayValue, retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import type { LookupDef, LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';

const LINK = getEntity('new_salesmandealer')!;
const DEALERS: LookupDef = {
  entityName: 'businessunit',
  displayFields: ['name', 'new_code'],
  filterFields: ['name', 'new_code'],
  conditions: [{ field: 'new_type', op: 'eq', value: businessUnitType.dealer }],
};

/**
 * The dealers a salesman serves (负责经销商): head office adds a dealer (the dialog offers dealers;
 * the server refuses one another salesman serves, naming them) and removes one. Hooks:
 * `sd-dealer` (the picker), `sd-add`, `sd-row` (data-name), `sd-remove`.
 */
export function SalesmanDealers({ salesman, editable, onChanged }: { salesman: string; editable: boolean; onChanged: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [pick, setPick] = useState<LookupRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const { rows: r } = await retrieveMultiple(LINK.entitySet, {
      select: ['new_dealer_id', 'new_name'],
      filter: `new_salesman_id eq ${literal(LINK.allFields.new_salesman_id, salesman)}`,
      orderby: 'new_name asc',
      top: 500,
    });
    setRows(r);
  }, [salesman]);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    if (!pick) return;
    setBusy(true);
    try {
      await createRecord(LINK.entitySet, { new_salesman_id: salesman, new_dealer_id: pick.id });
      toast.success(t('salesman.ui.added', { dealer: pick.name }));
      setPick(null);
      await load();
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const remove = (r: RecordRow) => {
    const dealer = displayValue(r, 'new_dealer_id') || String(r.new_name ?? '');
    confirm({
      content: t('salesman.ui.removeAsk', { dealer }),
      okButtonProps: { 'data-testid': 'sd-remove-ok' },
      onOk: async () => {
        await deleteRecord(LINK.entitySet, String(r[LINK.primaryKey]));
        toast.success(t('salesman.ui.removed', { dealer }));
        await load();
        onChanged();
      },
    });
  };
  const columns: TableColumnsType<RecordRow> = [
    { key: 'dealer', title: t('salesTarget.who.account'), render: (_: unknown, r) => displayValue(r, 'new_dealer_id') },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t('widgets.list.actions'),
            width: 100,
            render: (_: unknown, r: RecordRow) => (
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} data-testid="sd-remove">
                {t('salesman.ui.removeDealer')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div data-testid="salesman-dealers" data-count={rows.length}>
      {editable && (
        <Space wrap style={{ marginBottom: 12 }}>
          <div style={{ minWidth: 260 }}>
            <LookupInput testId="sd-dealer" def={DEALERS} value={pick} onChange={setPick} placeholder={t('salesman.ui.pickDealer')} />
          </div>
          <Button type="primary" icon={<PlusOutlined />} disabled={!pick} loading={busy} onClick={add} data-testid="sd-add">
            {t('salesman.ui.addDealer')}
          </Button>
        </Space>
      )}
      <Table<RecordRow>
        size="small"
        rowKey={LINK.primaryKey}
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(r) => ({ 'data-testid': 'sd-row', 'data-name': displayValue(r, 'new_dealer_id') }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('salesman.ui.noDealers') }}
      />
    </div>
  );
}
