import type { StaffDetail, StaffPassword } from '@portal/model';
import { portalKind } from '@portal/model';
import { Alert, Button, Card, Descriptions, Form, Modal, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { changeStaff, resetStaffPassword, setStaffDisabled, staffDetail } from '../../api/user-centre.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { PasswordOnce } from './PasswordOnce.tsx';
import { OptionsError, showRefusal, StaffFields, useStaffOptions, type StaffValues } from './StaffForm.tsx';

/**
 * On /usercenter/userview/:id, for a dealer (dealer.manage) looking at an account of its chain: its
 * roles, portal and state, and the staff commands — change roles, unit and portal; disable (signed
 * out everywhere) or enable; reset the password (shown once). Absent for other accounts.
 */
export function StaffPanel({ id, onChanged }: { id: string; onChanged: () => void }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const [detail, setDetail] = useState<StaffDetail | null>(null);
  const [editing, setEditing] = useState(false);
  const [made, setMade] = useState<StaffPassword | null>(null);
  const load = useCallback(() => {
    staffDetail(id).then(setDetail, () => setDetail(null));
  }, [id]);
  useEffect(() => {
    if (can('dealer.manage')) load();
  }, [can, load]);
  if (!detail) return null;

  const after = (message: string) => {
    if (message) toast.success(message);
    load();
    onChanged();
  };
  const fail = (e: unknown) => toast.error(e instanceof Error ? e.message : String(e));
  const toggle = () => {
    const disable = !detail.disabled;
    const run = () =>
      setStaffDisabled(id, disable).then(
        (a) => after(a.message),
        (e: unknown) => fail(e),
      );
    if (!disable) return void run();
    confirm({ content: t('staff.ui.disableAsk'), onOk: run, okButtonProps: { 'data-testid': 'staff-disable-ok' } });
  };
  const reset = () =>
    confirm({
      content: t('staff.ui.resetAsk'),
      okButtonProps: { 'data-testid': 'staff-reset-ok' },
      onOk: () =>
        resetStaffPassword(id).then(
          (a) => {
            toast.success(a.message);
            setMade(a);
          },
          (e: unknown) => fail(e),
        ),
    });
  const portal = portalKind.options.find((o) => o.value === detail.portal);

  return (
    <Card
      title={t('staff.ui.panel')}
      style={{ marginTop: 16 }}
      data-testid="staff-panel"
      extra={
        <Space wrap>
          <Button onClick={() => setEditing(true)} data-testid="staff-edit">
            {t('staff.ui.edit')}
          </Button>
          <Button onClick={reset} data-testid="staff-reset">
            {t('staff.ui.reset')}
          </Button>
          {!detail.self && (
            <Button danger={!detail.disabled} onClick={toggle} data-testid="staff-toggle">
              {detail.disabled ? t('staff.ui.enable') : t('staff.ui.disable')}
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('staff.ui.userName')}>{detail.userName}</Descriptions.Item>
        <Descriptions.Item label={t('staff.ui.unit')}>{detail.unitName}</Descriptions.Item>
        <Descriptions.Item label={t('staff.ui.roles')}>{detail.roles.join('、')}</Descriptions.Item>
        <Descriptions.Item label={t('staff.ui.portal')}>{portal?.label[lang] ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('staff.ui.state')}>
          <Tag color={detail.disabled ? 'red' : 'green'} data-testid="staff-state">
            {detail.disabled ? t('staff.ui.inactive') : t('staff.ui.active')}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
      {editing && (
        <EditDialog
          detail={detail}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            after(message);
          }}
        />
      )}
      <PasswordOnce made={made} onClose={() => setMade(null)} />
    </Card>
  );
}

function EditDialog({ detail, onClose, onSaved }: { detail: StaffDetail; onClose: () => void; onSaved: (message: string) => void }) {
  const t = useT();
  const [form] = Form.useForm<StaffValues>();
  const { options, error } = useStaffOptions();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setRefusal('');
    try {
      onSaved((await changeStaff(detail.id, values)).message);
    } catch (e) {
      setRefusal(showRefusal(form, e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('staff.ui.edit')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'staff-edit-ok' } as Record<string, string>}
    >
      <OptionsError error={error} />
      {options && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            fullname: detail.fullname,
            title: detail.title ?? '',
            unitId: detail.unitId,
            roles: detail.roles,
            portal: detail.portal ?? undefined,
          }}
        >
          <StaffFields options={options} creating={false} />
        </Form>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="staff-edit-error" />}
    </Modal>
  );
}
