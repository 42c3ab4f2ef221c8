import { PlusOutlined } from '@ant-design/icons';
import { approvalStatus, getEntity, stockOutType, transferDocState, warehouseType } from '@portal/model';
import { Alert, Button, Card, Col, Form, Input, Row } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LookupCondition } from '../../api/lookup.ts';
import { createDelivery, deliverableApplications } from '../../api/parts.ts';
import { retrieveMultiple } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useFormUnsaved } from '../../entity-ui/use-unsaved-changes.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import type { LookupDef, LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { Picklist } from '../../widgets/Picklist.tsx';
import { DISPATCH_LIST, dispatchPath } from './delivery-paths.ts';
import { takesHandLines } from './delivery-rules.ts';
import { MAX_MEMO } from './LineFields.tsx';
import { lengthCount, lengthRule } from '../../widgets/typed-rules.ts';

const ORDER = 'new_stockoutorder';

interface Values {
  outType: number | null;
  warehouse: LookupRecord | null;
  applications: LookupRecord[];
  transfer: LookupRecord | null;
  scrapReason: number | null;
  afterScrap: number | null;
  memo: string;
}

const CENTRAL: LookupCondition[] = [{ field: 'new_type', op: 'eq', value: warehouseType.central }];

/**
 * Approved applications supplied by the warehouse that still have something to deliver: the ids
 * the server computed (approved − delivered − on deliveries not shipped yet > 0), so one whose whole
 * remainder already sits on an open delivery is not offered.
 */
const applicationsOf = (warehouseId: string, ids: string[]): LookupDef => ({
  entityName: 'new_srv_partsapply',
  displayFields: ['new_name', 'new_station_id', 'new_type', 'new_totalamount', 'statuscode', 'new_requiredate'],
  filterFields: ['new_name'],
  conditions: [
    { field: 'new_srv_partsapplyid', op: 'in', value: ids },
    { field: 'new_warehouse_id', op: 'eq', value: warehouseId },
  ],
});

/** Approved transfers sent from the warehouse, not closed and not fully delivered. */
const transfersOf = (warehouseId: string): LookupDef => ({
  entityName: 'new_srv_parttransorder',
  displayFields: ['new_name', 'new_towarehouse_id', 'new_reason', 'new_totalqty', 'new_docstate'],
  filterFields: ['new_name'],
  conditions: [
    { field: 'new_approvalstatus', op: 'eq', value: approvalStatus.approved },
    { field: 'new_isclose', op: 'eq', value: false },
    { field: 'new_docstate', op: 'in', value: [transferDocState.toDeliver, transferDocState.semiDelivered] },
    { field: 'new_warehouse_id', op: 'eq', value: warehouseId },
  ],
});

/**
 * /partsDispatch/create: the out type and the sending warehouse (a central one, the user's own
 * preselected; the server refuses one that is not the user's), then what ships: approved applications of that warehouse (type 1),
 * one approved transfer (type 2), or nothing yet for damaged, faulty and scrapped parts (lines by
 * hand after creating; scrap needs its reason and handling). Creates through the command and opens
 * the new delivery. Hooks: `pd-create` (the form), `pd-create-outtype`, `pd-create-warehouse`,
 * `pd-create-applications`, `pd-create-transfer`, `pd-create-scrapreason`, `pd-create-afterscrap`,
 * `pd-create-memo`, `pd-create-submit`, `pd-create-error`.
 */
export default function DeliveryCreatePage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const e = getEntity(ORDER)!;
  const label = (f: string) => e.allFields[f].label[lang];
  const outType = Form.useWatch('outType', form) ?? null;
  const warehouse = Form.useWatch('warehouse', form) ?? null;
  const warehouseId = warehouse?.id ?? '';
  // What the warehouse can still deliver (null while asking); the picker offers only these.
  const [deliverable, setDeliverable] = useState<{ warehouse: string; ids: string[] } | null>(null);
  const ids = deliverable?.warehouse === warehouseId ? deliverable.ids : null;
  const applicationDef = useMemo(() => applicationsOf(warehouseId, ids ?? []), [warehouseId, ids]);
  const transferDef = useMemo(() => transfersOf(warehouseId), [warehouseId]);
  const requiredSelect = (field: string) => t('widgets.form.requiredSelect', { field });
  const unit = useSession((x) => x.user.departId);
  // Asks before unsaved changes are dropped; the starting values (and the default warehouse) are the baseline.
  const unsaved = useFormUnsaved(form);
  const { reset } = unsaved;
  useEffect(() => reset(), [reset]);

  // A warehouse user's own central warehouse (the one of their unit) is chosen to start with.
  useEffect(() => {
    if (!unit) return;
    let live = true;
    const field = getEntity('new_srv_warehouse')!.allFields.new_businessunit_id;
    retrieveMultiple('new_srv_warehouses', {
      select: ['new_srv_warehouseid', 'new_name'],
      filter: `new_type eq ${warehouseType.central} and new_businessunit_id eq ${literal(field, unit)}`,
      top: 2,
    })
      .then((r) => {
        if (!live || r.rows.length !== 1 || form.getFieldValue('warehouse')) return;
        form.setFieldsValue({ warehouse: { id: String(r.rows[0].new_srv_warehouseid), name: String(r.rows[0].new_name ?? '') } });
        reset();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unit, form, reset]);

  useEffect(() => {
    if (!warehouseId || outType !== stockOutType.application) return;
    const ask = new AbortController();
    deliverableApplications(warehouseId, ask.signal)
      .then((rows) => setDeliverable({ warehouse: warehouseId, ids: rows.map((r) => r.id) }))
      .catch(() => setDeliverable({ warehouse: warehouseId, ids: [] }));
    return () => ask.abort();
  }, [warehouseId, outType]);
  const noneDeliverable = !!warehouseId && ids !== null && ids.length === 0;

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setError('');
    try {
      const type = Number(v.outType);
      const answer = await unsaved.whileSaving(() =>
        createDelivery({
          outType: type,
          warehouseId: v.warehouse!.id,
          ...(type === stockOutType.application ? { applicationIds: (v.applications ?? []).map((a) => a.id) } : {}),
          ...(type === stockOutType.transfer ? { transferId: v.transfer?.id } : {}),
          ...(type === stockOutType.scrapped ? { scrapReason: v.scrapReason, afterScrap: v.afterScrap } : {}),
          ...(v.memo?.trim() ? { memo: v.memo.trim() } : {}),
        }),
      );
      if (answer.message) toast.success(answer.message);
      navigate(dispatchPath(answer.id), { replace: true });
    } catch (err) {
      const text = (err as Error).message;
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="pd-create">
      <DetailHeader
        title={t('widgets.form.create', { entity: e.label[lang] })}
        backTo={DISPATCH_LIST}
        extra={
          <Button type="primary" icon={<PlusOutlined />} loading={busy} onClick={submit} data-testid="pd-create-submit">
            {t('parts.ui.create')}
          </Button>
        }
      />
      <Card>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="pd-create-error" />}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            outType: stockOutType.application,
            warehouse: null,
            applications: [],
            transfer: null,
            scrapReason: null,
            afterScrap: null,
            memo: '',
          }}
          // What ships depends on the warehouse: choices from another one no longer fit.
          onValuesChange={(changed) => {
            if ('warehouse' in changed || 'outType' in changed) form.setFieldsValue({ applications: [], transfer: null });
          }}
        >
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item
                name="outType"
                label={label('new_outtype')}
                required
                rules={[{ required: true, message: requiredSelect(label('new_outtype')) }]}
              >
                <Picklist entity={ORDER} attribute="new_outtype" testId="pd-create-outtype" allowClear={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="warehouse"
                label={label('new_warehouse_id')}
                required
                rules={[
                  {
                    validator: (_, v: LookupRecord | null) =>
                      v?.id ? Promise.resolve() : Promise.reject(new Error(t('parts.warehouseRequired'))),
                  },
                ]}
              >
                <LookupInput def={{ entityName: 'new_srv_warehouse', conditions: CENTRAL }} testId="pd-create-warehouse" />
              </Form.Item>
            </Col>
            {outType === stockOutType.application && (
              <Col xs={24}>
                <Form.Item
                  name="applications"
                  label={t('parts.ui.applications')}
                  required
                  extra={
                    !warehouseId ? (
                      t('parts.ui.chooseWarehouseFirst')
                    ) : noneDeliverable ? (
                      <span data-testid="pd-create-none">{t('parts.ui.noDeliverableApplications')}</span>
                    ) : undefined
                  }
                  rules={[
                    {
                      validator: (_, v: LookupRecord[] | undefined) =>
                        v?.length ? Promise.resolve() : Promise.reject(new Error(t('parts.selectOne'))),
                    },
                  ]}
                >
                  <LookupInput multiple def={applicationDef} testId="pd-create-applications" disabled={!warehouseId || !ids?.length} />
                </Form.Item>
              </Col>
            )}
            {outType === stockOutType.transfer && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="transfer"
                  label={label('new_parttransorder_id')}
                  required
                  extra={warehouseId ? undefined : t('parts.ui.chooseWarehouseFirst')}
                  rules={[
                    {
                      validator: (_, v: LookupRecord | null) =>
                        v?.id ? Promise.resolve() : Promise.reject(new Error(requiredSelect(label('new_parttransorder_id')))),
                    },
                  ]}
                >
                  <LookupInput def={transferDef} testId="pd-create-transfer" disabled={!warehouseId} />
                </Form.Item>
              </Col>
            )}
            {outType === stockOutType.scrapped && (
              <>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="scrapReason"
                    label={label('new_scrapreason')}
                    required
                    rules={[{ required: true, message: t('delivery.scrapReasonRequired') }]}
                  >
                    <Picklist entity={ORDER} attribute="new_scrapreason" testId="pd-create-scrapreason" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="afterScrap"
                    label={label('new_afterscrap')}
                    required
                    rules={[{ required: true, message: t('delivery.scrapReasonRequired') }]}
                  >
                    <Picklist entity={ORDER} attribute="new_afterscrap" testId="pd-create-afterscrap" />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col xs={24}>
              <Form.Item name="memo" label={label('new_memo')} rules={[lengthRule(label('new_memo'), MAX_MEMO, t)]}>
                <Input.TextArea data-testid="pd-create-memo" count={lengthCount(MAX_MEMO)} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
          {takesHandLines(outType) && <Alert type="info" showIcon title={t('parts.ui.handLinesHint')} data-testid="pd-create-hint" />}
        </Form>
      </Card>
    </div>
  );
}
