import { SaveOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Alert, Button, Card, Descriptions, Form, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { addDeliveryLine, updateDeliveryLine } from '../../api/parts.ts';
import { ApiError } from '../../api/envelope.ts';
import { displayValue, refusalFieldErrors, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useFormUnsaved } from '../../entity-ui/use-unsaved-changes.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { DISPATCH_LIST, dispatchPath } from './delivery-paths.ts';
import { isDraft, takesHandLines } from './delivery-rules.ts';
import { LineFields, lineBody, lineValues, type LineValues } from './LineFields.tsx';

const ORDER = getEntity('new_stockoutorder')!;
const LINE = getEntity('new_stockoutorderdetail')!;
const HEADER = [ORDER.primaryKey, 'new_name', 'new_state', 'new_outtype', 'new_warehouse_id', 'new_towarehouse_id'];
const LINE_FIELDS = [
  LINE.primaryKey,
  'new_stockoutorder_id',
  'new_product_id',
  'new_code',
  'new_name',
  'new_qty',
  'new_approvedqty',
  'new_memo',
];

/** /partsDispatch/detailcreate/:id: a part, quantity and memo for delivery {id} (damaged, faulty, scrapped). */
export function DeliveryLineCreatePage() {
  const { id } = useParams();
  return <DeliveryLineForm deliveryId={id} />;
}

/** /partsDispatch/detailedit/:id: quantity and memo of delivery line {id}. */
export function DeliveryLineEditPage() {
  const { id } = useParams();
  return <DeliveryLineForm lineId={id} />;
}

/**
 * The line form of both screens: the delivery it belongs to (number, warehouse), then part (new
 * lines only), quantity and memo through the delivery's line commands; back to the delivery after
 * saving. What the server would refuse is said up front: lines change only while the delivery is
 * to be submitted, and only damaged, faulty and scrapped deliveries take new lines. Hooks:
 * `pd-line-form` (with `data-mode` create|edit), `pd-line-delivery`, `pd-line-part`, `pd-line-qty`,
 * `pd-line-memo`, `pd-line-save`, `pd-line-error`, `pd-line-locked`.
 */
function DeliveryLineForm({ deliveryId, lineId }: { deliveryId?: string; lineId?: string }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [form] = Form.useForm<LineValues>();
  const creating = !lineId;
  const [header, setHeader] = useState<RecordRow | null>(null);
  const [line, setLine] = useState<RecordRow | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    (async () => {
      const l = lineId ? await retrieveRecord(LINE.entitySet, lineId, LINE_FIELDS, { silent: true }) : null;
      const docId = deliveryId ?? String(l?.new_stockoutorder_id ?? '');
      const h = await retrieveRecord(ORDER.entitySet, docId, HEADER, { silent: true });
      if (!live) return;
      setLine(l);
      setHeader(h);
    })().catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [deliveryId, lineId]);

  const docId = deliveryId ?? String(line?.new_stockoutorder_id ?? '');
  const back = docId ? dispatchPath(docId) : DISPATCH_LIST;
  const locked = !!header && (!isDraft(header) || !can('delivery.create'));
  const fromDocuments = creating && !!header && !takesHandLines(header.new_outtype);
  const title = creating ? t('parts.ui.lineCreateTitle') : t('parts.ui.lineEditTitle');
  // Asks before unsaved changes are dropped; the baseline is the line as loaded (the form mounts with it).
  const unsaved = useFormUnsaved(form, !!header && !locked && !fromDocuments);
  const { reset } = unsaved;
  useEffect(() => {
    if (header) reset();
  }, [header, reset]);

  const save = async () => {
    let v: LineValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setError('');
    try {
      await unsaved.whileSaving(async () => {
        const answer = creating
          ? await addDeliveryLine(docId, lineBody(v, true) as { productId: string; qty: number; memo: string })
          : await updateDeliveryLine(docId, lineId!, lineBody(v, false));
        if (answer.message) toast.success(answer.message);
        navigate(back);
      });
    } catch (err) {
      const text = (err as Error).message;
      // A refusal naming the quantity or the part shows at that field.
      const shown = new Set(Object.keys(form.getFieldsValue()));
      const errors = err instanceof ApiError ? refusalFieldErrors(err).filter((x) => shown.has(x.field)) : [];
      if (errors.length) {
        form.setFields(errors.map((x) => ({ name: x.field as keyof LineValues, errors: [x.message] })));
        return;
      }
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="pd-line-form" data-mode={creating ? 'create' : 'edit'}>
      <DetailHeader
        title={title}
        backTo={back}
        extra={
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={busy}
            disabled={!header || locked || fromDocuments}
            onClick={save}
            data-testid="pd-line-save"
          >
            {t('common.save')}
          </Button>
        }
      />
      {missing ? (
        <Result
          status="404"
          title={t('widgets.form.notFound')}
          extra={<Button onClick={() => navigate(DISPATCH_LIST)}>{t('common.back')}</Button>}
        />
      ) : !header ? (
        <Skeleton active />
      ) : (
        <Card>
          <Descriptions column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={ORDER.allFields.new_name.label[lang]}>
              <span data-testid="pd-line-delivery">{displayValue(header, 'new_name')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={ORDER.allFields.new_warehouse_id.label[lang]}>
              {displayValue(header, 'new_warehouse_id')}
            </Descriptions.Item>
            {line && (
              <Descriptions.Item
                label={LINE.allFields.new_product_id.label[lang]}
              >{`${displayValue(line, 'new_code')} ${displayValue(line, 'new_name')}`}</Descriptions.Item>
            )}
            {line && line.new_approvedqty !== null && line.new_approvedqty !== undefined && (
              <Descriptions.Item label={LINE.allFields.new_approvedqty.label[lang]}>
                {displayValue(line, 'new_approvedqty')}
              </Descriptions.Item>
            )}
          </Descriptions>
          {locked && (
            <Alert type="warning" showIcon title={t('parts.linesLocked')} style={{ marginBottom: 16 }} data-testid="pd-line-locked" />
          )}
          {fromDocuments && (
            <Alert
              type="warning"
              showIcon
              title={t('delivery.linesFromDocument')}
              style={{ marginBottom: 16 }}
              data-testid="pd-line-locked"
            />
          )}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="pd-line-error" />}
          <Form<LineValues>
            form={form}
            layout="vertical"
            disabled={locked || fromDocuments}
            style={{ maxWidth: 560 }}
            initialValues={lineValues(LINE.logicalName, line)}
          >
            <LineFields entity={LINE.logicalName} prefix="pd-line" withPart={creating} />
          </Form>
        </Card>
      )}
    </div>
  );
}
