import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { changePassword } from '../../api/portal.ts';
import { toast } from '../../app/feedback.ts';
import { signInPath } from '../../app/routes.ts';
import { useT } from '../../locales/i18n.ts';
import { errorText } from '../../session/sign-in.ts';
import { getSession } from '../../session/store.ts';
import { PageTitle } from '../PageTitle.tsx';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * /resetpassword/view: change the password. The server then ends every session of the user, so
 * the app drops its data and sends the user to sign in again with the server's message.
 */
export default function ChangePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (v: Values) => {
    setError('');
    setBusy(true);
    try {
      const res = await changePassword(v, { silent: true });
      const text = res.Message || t('password.changed');
      const isStore = getSession().isStore;
      getSession().clearAll();
      getSession().setFlash(text);
      toast.success(text);
      navigate(signInPath(isStore), { replace: true });
    } catch (e) {
      setError(errorText(e));
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="page-password">
      <PageTitle>{t('password.title')}</PageTitle>
      <Card style={{ maxWidth: 560 }}>
        {error && (
          <div data-testid="pwd-error" style={{ marginBottom: 16 }}>
            <Alert type="error" showIcon title={error} />
          </div>
        )}
        <Form<Values> name="changePassword" layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('login.oldPasswordRequired') }]}>
            <Input.Password data-testid="pwd-old" prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('password.new')}
            extra={t('password.hint')}
            rules={[{ required: true, message: t('password.resetRequired') }]}
          >
            <Input.Password data-testid="pwd-new" prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('password.confirm')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('password.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
              }),
            ]}
          >
            <Input.Password data-testid="pwd-confirm" prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item style={{ marginTop: 24, marginBottom: 0 }}>
            <Button data-testid="pwd-submit" type="primary" htmlType="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
