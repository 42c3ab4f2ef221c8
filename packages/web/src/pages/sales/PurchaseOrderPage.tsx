import { businessUnitType, getEntity, type PurchaseSupplier } from '@portal/model';
import { Alert, Button, Card, Descriptions, Form, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { createRecord, deleteRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { formatAmount } from '../../shared/format.ts';
import { PageTitle } from '../PageTitle.tsx';
import { createPurchaseOrder, purchaseSupplier, storeProductsOnSale } from './purchase-order-api.ts';

const ORDER = 'new_purchaseorder';
const LINE = 'new_purchaseorderdetail';
const LIST = '/purchaseOrder/list';
const viewPath = (id: string) => `/purchaseOrder/view/${encodeURIComponent(id)}`;
const HEAD_FIELDS = ['new_expecteddate', 'new_remark'];

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /purchaseOrder/create/:businessunit — a store's new purchase order to the route's business unit.
 * The server says first whether that unit is the store's own dealer: another dealer, head office or
 * a store is refused with its message (`po-supplier-refused`) and no form is offered. Otherwise the
 * dealer is shown and the order is made with it as the supplier (checked again by the server), then
 * its page opens to add lines. Hooks: `po-create`, `po-supplier`, `field-<name>`, `po-create-save`, `po-create-error`.
 */
function PurchaseOrderCreate({ unit }: { unit: string }) {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const e = getEntity(ORDER)!;
  const [form] = Form.useForm<Record<string, unknown>>();
  const [supplier, setSupplier] = useState<PurchaseSupplier | null>(null);
  const [refusal, setRefusal] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setSupplier(null);
    setRefusal('');
    purchaseSupplier(unit).then(
      (s) => live && setSupplier(s),
      (err) => live && setRefusal(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, [unit]);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    setError('');
    try {
      const made = await createPurchaseOrder({ supplier: unit, ...toPayload(e, values, HEAD_FIELDS, true) });
      toast.success(made.message);
      navigate(viewPath(made.id), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field && HEAD_FIELDS.includes(err.field))
        form.setFields([{ name: err.field, errors: [err.message] }]);
      setError(messageOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="po-create">
      <PageTitle>{supplier ? t('purchaseOrder.newFor', { dealer: supplier.name }) : e.label[lang]}</PageTitle>
      <Card>
        {refusal ? (
          <Space direction="vertical">
            <Alert type="error" showIcon title={refusal} data-testid="po-supplier-refused" />
            <Button onClick={() => navigate(LIST)}>{t('common.back')}</Button>
          </Space>
        ) : !supplier ? (
          <Spin />
        ) : (
          <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={save} data-testid="po-create-form">
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={e.allFields.new_supplier_id.label[lang]}>
                <span data-testid="po-supplier" data-id={supplier.id}>
                  {supplier.name}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={e.allFields.new_store_id.label[lang]}>{supplier.storeName}</Descriptions.Item>
            </Descriptions>
            {HEAD_FIELDS.map((name) => {
              const f = e.allFields[name];
              return (
                <FieldItem key={name} name={name} label={f.label[lang]} required={!!f.required} rules={rulesFor(f, lang, t)}>
                  {inputFor(e, name, f, lang, t, false)}
                </FieldItem>
              );
            })}
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="po-create-error" />}
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="po-create-save">
                {t('common.save')}
              </Button>
              <Button onClick={() => navigate(LIST)}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}

interface LineDialogProps {
  docId: string;
  storeId: string | null;
  /** The line edited, 'new' to add one, null when closed. */
  editing: RecordRow | 'new' | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Add or change a line: a product among those on sale on the store's list (its dealer's price and
 * minimum order quantity shown), and a quantity. The server prices it, and refuses a product off
 * sale, below its minimum or twice, a quantity that is not a whole number 1–99,999 (shown in the
 * dialog at its field). Hooks: `po-line-dialog` (`-ok`, `-error`), `po-line-product`, `field-new_qty`, `po-line-price`.
 */
function LineDialog(props: LineDialogProps) {
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing.new_purchaseorderdetailid);
  return <LineForm key={key} {...props} />;
}

function LineForm({ docId, storeId, editing, onClose, onDone }: LineDialogProps) {
  const t = useT();
  const lang = useLocale();
  const e = getEntity(LINE)!;
  const [form] = Form.useForm<{ new_product_id?: string; new_qty?: number }>();
  const [products, setProducts] = useState<RecordRow[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const row = editing && editing !== 'new' ? editing : null;
  const chosen = Form.useWatch('new_product_id', form);

  useEffect(() => {
    if (editing === null || !storeId) return;
    storeProductsOnSale(storeId).then(setProducts, (err) => setLoadError(messageOf(err)));
  }, [editing, storeId]);

  const options = useMemo(
    () =>
      (products ?? []).map((p) => ({
        value: String(p.new_product_id),
        label: `${p.new_code ?? ''} ${p.new_name ?? ''}`.trim(),
      })),
    [products],
  );
  const picked = products?.find((p) => String(p.new_product_id) === chosen);
  const qty = e.allFields.new_qty;

  return (
    <CommandDialog<{ new_product_id?: string; new_qty?: number }>
      open={editing !== null}
      title={`${row ? t('parts.ui.lineEdit') : t('parts.ui.lineAdd')} · ${e.label[lang]}`}
      testId="po-line-dialog"
      form={form}
      initialValues={row ? { new_product_id: String(row.new_product_id ?? ''), new_qty: Number(row.new_qty) } : { new_qty: undefined }}
      onClose={onClose}
      onDone={onDone}
      send={async (v) => {
        const body = { new_product_id: v.new_product_id, new_qty: v.new_qty };
        if (row) {
          await updateRecord(e.entitySet, String(row.new_purchaseorderdetailid), body, { silent: true });
          return { message: t('parts.saved') };
        }
        await createRecord(e.entitySet, { ...body, new_purchaseorder_id: docId }, { silent: true });
        return { message: t('parts.added') };
      }}
    >
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
      <Form.Item
        name="new_product_id"
        label={e.allFields.new_product_id.label[lang]}
        rules={[{ required: true, message: t('purchaseOrder.pickProduct') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={products === null && !loadError}
          options={options}
          placeholder={t('purchaseOrder.pickProduct')}
          data-testid="po-line-product"
        />
      </Form.Item>
      {picked && (
        <Typography.Paragraph type="secondary" data-testid="po-line-price" data-price={String(picked.new_retailprice ?? '')}>
          {t('purchaseOrder.linePrice', {
            price: formatAmount(picked.new_retailprice as string),
            min: Number(picked.new_minorderqty ?? 1),
          })}
        </Typography.Paragraph>
      )}
      <FieldItem name="new_qty" label={qty.label[lang]} required rules={rulesFor(qty, lang, t)}>
        {inputFor(e, 'new_qty', qty, lang, t, false)}
      </FieldItem>
    </CommandDialog>
  );
}

/** The store's side of the order (its dealer runs the others): the server refuses the other side anyway. */
const STORE_COMMANDS = new Set(['submit', 'cancel', 'receive']);

/**
 * /purchaseOrder/view/:id — the purchase order on the generic document page, with the store's own
 * line dialog. A store's account is offered the store's commands and the lines' buttons, the dealer's
 * account the dealer's commands (接受, 拒绝, 发货).
 */
function PurchaseOrderView({ id }: { id: string }) {
  const t = useT();
  const isStore = useSession((s) => s.user.unitType) === businessUnitType.store;
  const [line, setLine] = useState<RecordRow | 'new' | null>(null);
  const [storeId, setStoreId] = useState<string | null>(null);
  const e = getEntity(LINE)!;
  return (
    <DocumentPage
      entity={ORDER}
      testIdPrefix="po"
      backTo={LIST}
      editPath={viewPath}
      readOnlyText="purchaseOrder.readOnly"
      onLoaded={(r) => setStoreId(r.new_store_id ? String(r.new_store_id) : null)}
      mayRun={(command) => STORE_COMMANDS.has(command) === isStore}
      lines={
        isStore
          ? {
              onAdd: () => setLine('new'),
              onEdit: (r) => setLine(r),
              onDelete: async (r) => {
                await deleteRecord(e.entitySet, String(r.new_purchaseorderdetailid), { silent: true });
                return { id, message: t('parts.deleted') };
              },
            }
          : undefined
      }
      lineDialog={(reload) => (
        <LineDialog
          docId={id}
          storeId={storeId}
          editing={line}
          onClose={() => setLine(null)}
          onDone={() => {
            setLine(null);
            reload();
          }}
        />
      )}
    />
  );
}

/** The purchase order's create and view screens (declared on the entity: /purchaseOrder/create/:businessunit, /purchaseOrder/view/:id). */
export default function PurchaseOrderPage() {
  const { id, businessunit } = useParams();
  if (id) return <PurchaseOrderView key={id} id={id} />;
  return <PurchaseOrderCreate unit={businessunit ?? ''} />;
}
