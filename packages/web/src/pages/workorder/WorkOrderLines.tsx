import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getEntity, isClientField, LINE_ENTITIES, type EntityDef, type LineKind } from '@portal/model';
import { Button, Col, Form, Row, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { addLine, deleteLine, updateLine, type CommandAnswer } from '../../api/work-orders.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { cellText } from '../../entity-ui/format.ts';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { MoneySymbol } from '../../widgets/MoneyInput.tsx';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';

/** Rows of one detail entity of an order, in its `byOrder` view order. */
export function useOrderRows(entity: EntityDef, orderId: string, extraSelect: string[] = []) {
  const view = entity.views.byOrder;
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const selectKey = extraSelect.join(',');
  useEffect(() => {
    let live = true;
    setLoading(true);
    const select = [...new Set([entity.primaryKey, entity.primaryName, ...(view?.columns ?? []), ...selectKey.split(',').filter(Boolean)])];
    retrieveMultiple(entity.entitySet, {
      select,
      filter: `new_workorder_id eq ${literal(entity.allFields.new_workorder_id, orderId)}`,
      orderby: (view?.orderBy ?? []).map(([f, d]) => `${f} ${d}`).join(','),
      top: 500,
    })
      .then((r) => live && setRows(r.rows))
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [entity, view, orderId, version, selectKey]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, loading, reload, columns: view?.columns ?? [entity.primaryName] };
}

/** The fields a user enters on a line (the order, its station, a part's name and amounts are the server's). */
export const lineFields = (e: EntityDef) => Object.keys(e.fields).filter((n) => isClientField(e, n));

/** Amount columns summed under a table (the order's totals are kept by the server). */
const AMOUNT: Partial<Record<LineKind, string>> = { repairitems: 'new_amount', partlines: 'new_amount', outsidelines: 'new_cost' };

/**
 * One detail tab of an order (维修项目, 配件更换, 故障信息, 外出服务): the lines, and while the order
 * is editable add / edit / delete through the line commands; `onChanged` reloads the order (totals).
 */
export function WorkOrderLines({
  orderId,
  kind,
  editable,
  onChanged,
  stationId,
}: {
  orderId: string;
  kind: LineKind;
  editable: boolean;
  onChanged: () => void;
  stationId?: string;
}) {
  const t = useT();
  const lang = useLocale();
  const e = getEntity(LINE_ENTITIES[kind])!;
  const fields = useMemo(() => lineFields(e), [e]);
  const { rows, loading, reload, columns } = useOrderRows(e, orderId, fields);
  const [editing, setEditing] = useState<RecordRow | 'new' | null>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const idOf = (r: RecordRow) => String(r[e.primaryKey] ?? '');
  const sumField = AMOUNT[kind];
  // The order's currency (¥, or `THB ` on an overseas order): the server's formatted values are in ¥.
  const symbol = useContext(MoneySymbol);

  const changed = (a: CommandAnswer) => {
    setEditing(null);
    reload();
    onChanged();
    return a;
  };

  const remove = (r: RecordRow) =>
    confirm({
      title: t('wo.ui.lineDelete'),
      content: t('wo.ui.lineDeleteConfirm', {
        name: cellText(r, e.primaryName, e.allFields[e.primaryName], lang) || cellText(r, columns[0], e.allFields[columns[0]], lang),
      }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const a = await deleteLine(orderId, kind, idOf(r));
          if (a.message) toast.success(a.message);
          changed(a);
        } catch (err) {
          toast.error((err as Error).message);
        }
      },
    });

  const tableColumns: TableColumnsType<RecordRow> = columns.map((c) => ({
    key: c,
    dataIndex: c,
    title: e.allFields[c]?.label[lang] ?? c,
    ellipsis: e.allFields[c]?.type === 'memo',
    render: (_: unknown, r: RecordRow) =>
      e.allFields[c]?.type === 'money' ? formatAmount(r[c] as string | number | null, symbol) : cellText(r, c, e.allFields[c], lang),
  }));
  if (editable) {
    tableColumns.push({
      key: '__actions',
      title: t('widgets.list.actions'),
      width: 150,
      render: (_: unknown, r: RecordRow) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid="wo-line-edit">
            {t('wo.ui.lineEdit')}
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} data-testid="wo-line-delete">
            {t('wo.ui.lineDelete')}
          </Button>
        </Space>
      ),
    });
  }

  const creating = editing === 'new';
  const initial = editing && editing !== 'new' ? toFormValues(e, editing, fields) : toFormValues(e, {}, fields);
  const total = sumField ? rows.reduce((s, r) => s + (Number(r[sumField]) || 0), 0) : null;

  return (
    <div data-testid={`wo-lines-${kind}`} data-count={rows.length}>
      {editable && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`wo-line-add-${kind}`}>
            {t('wo.ui.lineAdd')}
          </Button>
        </Space>
      )}
      <Table<RecordRow>
        size="small"
        rowKey={idOf}
        columns={tableColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'wo-line-row', 'data-id': idOf(r) }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('wo.ui.linesEmpty') }}
      />
      {total !== null && (
        <Typography.Paragraph
          strong
          style={{ marginTop: 8, textAlign: 'right' }}
          data-testid={`wo-lines-total-${kind}`}
          data-amount={total}
        >
          {t('wo.ui.linesTotal', { amount: formatAmount(total, symbol) })}
        </Typography.Paragraph>
      )}
      <CommandDialog<Record<string, unknown>>
        open={editing !== null}
        title={`${creating ? t('wo.ui.lineAdd') : t('wo.ui.lineEdit')} · ${e.label[lang]}`}
        testId="wo-line-dialog"
        form={form}
        width={720}
        initialValues={initial}
        onClose={() => setEditing(null)}
        onDone={changed}
        send={(values) => {
          const body = toPayload(e, values, fields, creating);
          return creating ? addLine(orderId, kind, body) : updateLine(orderId, kind, idOf(editing as RecordRow), body);
        }}
      >
        <Row gutter={16}>
          {fields.map((name) => {
            const f = e.allFields[name];
            const wide = f.type === 'memo';
            return (
              <Col key={name} xs={24} md={wide ? 24 : 12}>
                <FieldItem
                  name={name}
                  label={f.label[lang]}
                  required={!!f.required}
                  rules={rulesFor(f, lang, t)}
                  valuePropName={f.type === 'bool' ? 'checked' : undefined}
                >
                  {f.type === 'lookup' && f.target === 'new_srv_worker' && stationId ? (
                    // An outside trip is made by an engineer of the order's station.
                    <LookupInput
                      testId={`field-${name}`}
                      def={{ entityName: 'new_srv_worker', conditions: [{ field: 'new_station_id', op: 'eq', value: stationId }] }}
                    />
                  ) : (
                    inputFor(e, name, f, lang, t, false)
                  )}
                </FieldItem>
              </Col>
            );
          })}
        </Row>
      </CommandDialog>
    </div>
  );
}

/** 工单记录: the order's history (view byOrder of the log), newest last. */
export function WorkOrderLog({ orderId, version }: { orderId: string; version: number }) {
  const lang = useLocale();
  const e = getEntity('new_srv_workorderlog')!;
  const { rows, loading, reload, columns } = useOrderRows(e, orderId);
  // The order changed (a command ran): its log has a new entry.
  useEffect(() => {
    if (version) reload();
  }, [version, reload]);
  return (
    <div data-testid="wo-log">
      <Table<RecordRow>
        size="small"
        rowKey={(r) => String(r[e.primaryKey] ?? '')}
        columns={columns.map((c) => ({
          key: c,
          dataIndex: c,
          title: e.allFields[c]?.label[lang] ?? c,
          ellipsis: e.allFields[c]?.type === 'memo',
          render: (_: unknown, r: RecordRow) => cellText(r, c, e.allFields[c], lang),
        }))}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'wo-log-row', 'data-action': String(r.new_action ?? '') }) as React.HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
