import {
  SERVICE_ACCOUNT_DEFAULT_RATE,
  SERVICE_ACCOUNT_MAX_RATE,
  type ServiceAccountInput,
  type ServiceAccountOptions,
  type ServiceAccountResult,
} from '@portal/model';
import { Alert, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/envelope.ts';
import { changeServiceAccount, createServiceAccount, serviceAccountDetail, serviceAccountOptions } from '../../api/service-accounts.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';

const FIELDS = new Set(['name', 'roles', 'units', 'rateLimit']);
const NEW: Partial<ServiceAccountInput> = { rateLimit: SERVICE_ACCOUNT_DEFAULT_RATE };

/**
 * 新建服务账号 (no `editId`) or 修改服务账号: name, roles, the business units it acts for and its
 * requests per minute. Creating answers the client id and the secret, which the page shows once
 * (SecretOnce); changing keeps both.
 */
export function ServiceAccountDialog({
  open,
  editId,
  onClose,
  onDone,
}: {
  open: boolean;
  editId?: string | null;
  onClose: () => void;
  onDone: (result: ServiceAccountResult) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<ServiceAccountInput>();
  const [options, setOptions] = useState<ServiceAccountOptions | null>(null);
  const [initial, setInitial] = useState<Partial<ServiceAccountInput> | null>(null);
  const [refusal, setRefusal] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const shown = (e: unknown) => live && setRefusal(e instanceof Error ? e.message : String(e));
    setRefusal('');
    setInitial(editId ? null : NEW);
    if (!options) serviceAccountOptions().then((o) => live && setOptions(o), shown);
    if (editId)
      serviceAccountDetail(editId).then(
        (d) => live && setInitial({ name: d.name, roles: d.roles, units: d.units, rateLimit: d.rateLimit }),
        shown,
      );
    return () => {
      live = false;
    };
  }, [open, editId, options]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setRefusal('');
    try {
      const done = editId ? await changeServiceAccount(editId, values) : await createServiceAccount(values);
      toast.success(done.message);
      onDone(done);
    } catch (e) {
      // The fields the server names are marked; anything else is shown above the buttons.
      const errors = e instanceof ApiError ? ((e.data as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? []) : [];
      const marked = errors.filter((x) => FIELDS.has(x.field));
      form.setFields(marked.map((x) => ({ name: x.field as keyof ServiceAccountInput, errors: [x.message] })));
      if (!marked.length || marked.length !== errors.length) setRefusal(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const ready = options && initial;
  return (
    <Modal
      open={open}
      title={t(editId ? 'sa.ui.editTitle' : 'sa.ui.new')}
      okText={t(editId ? 'sa.ui.save' : 'sa.ui.create')}
      cancelText={t('sa.ui.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !ready, 'data-testid': 'sa-save' } as { disabled: boolean }}
      destroyOnHidden
    >
      {!ready && !refusal && <Spin />}
      {ready && (
        <Form form={form} layout="vertical" initialValues={initial} data-testid="sa-form">
          <Form.Item name="name" label={t('sa.ui.name')} rules={[{ required: true, whitespace: true, message: t('sa.nameRequired') }]}>
            <Input maxLength={100} data-testid="sa-name" />
          </Form.Item>
          <Form.Item name="roles" label={t('sa.ui.roles')} rules={[{ required: true, message: t('sa.rolesRequired') }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={options.roles.map((r) => ({ value: r.id, label: r.name }))}
              data-testid="sa-roles"
            />
          </Form.Item>
          <Form.Item name="units" label={t('sa.ui.units')} rules={[{ required: true, message: t('sa.unitsRequired') }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={options.units.map((u) => ({ value: u.id, label: u.name }))}
              data-testid="sa-units"
            />
          </Form.Item>
          <Form.Item
            name="rateLimit"
            label={t('sa.ui.rateLimit')}
            rules={[{ required: true, message: t('sa.rateLimitInvalid', { max: SERVICE_ACCOUNT_MAX_RATE }) }]}
          >
            <InputNumber min={1} max={SERVICE_ACCOUNT_MAX_RATE} precision={0} style={{ width: 200 }} data-testid="sa-rate" />
          </Form.Item>
        </Form>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="sa-error" />}
    </Modal>
  );
}
