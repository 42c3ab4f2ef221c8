import { businessUnitType, portalKind, type StaffPassword } from '@portal/model';
import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createStaff } from '../../api/user-centre.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { PageTitle } from '../PageTitle.tsx';
import { PasswordOnce } from './PasswordOnce.tsx';
import { OptionsError, showRefusal, StaffFields, useStaffOptions, type StaffValues } from './StaffForm.tsx';

/**
 * /usercenter/usercreate: a dealer makes a staff account of its chain (its own unit or a store)
 * with roles it may give and the portal it signs in on. The server generates the first password and
 * answers it once: it is shown in a dialog that must be acknowledged, then the account opens.
 */
export default function StaffCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<StaffValues>();
  const { options, error } = useStaffOptions();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [made, setMade] = useState<StaffPassword | null>(null);

  const save = async (values: StaffValues) => {
    setSaving(true);
    setRefusal('');
    try {
      const answer = await createStaff(values);
      toast.success(answer.message);
      setMade(answer);
    } catch (e) {
      setRefusal(showRefusal(form, e));
    } finally {
      setSaving(false);
    }
  };

  // A store account signs in on the store portal by default; the dealer's own on the standard one.
  const onValues = (changed: Partial<StaffValues>) => {
    if (!changed.unitId || !options) return;
    const unit = options.units.find((u) => u.id === changed.unitId);
    if (unit && !form.isFieldTouched('portal'))
      form.setFieldValue('portal', unit.type === businessUnitType.store ? portalKind.store : portalKind.standard);
  };

  return (
    <div data-testid="page-staff-create">
      <PageTitle>{t('staff.ui.createTitle')}</PageTitle>
      <Card>
        <OptionsError error={error} />
        {!options && !error && <Spin />}
        {options && (
          <Form
            form={form}
            layout="vertical"
            style={{ maxWidth: 640 }}
            onFinish={save}
            onValuesChange={onValues}
            initialValues={{ roles: ['R07-STORE'] }}
            data-testid="staff-form"
          >
            <StaffFields options={options} creating />
            {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="staff-error" />}
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="staff-save">
                {t('staff.ui.save')}
              </Button>
              <Button onClick={() => navigate('/usercenter/userlist')}>{t('staff.ui.cancel')}</Button>
            </Space>
          </Form>
        )}
      </Card>
      <PasswordOnce made={made} onClose={() => made && navigate(`/usercenter/userview/${encodeURIComponent(made.id)}`)} />
    </div>
  );
}
