import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '../../api/portal.ts';
import { toast } from '../../app/feedback.ts';
import { signInPath } from '../../app/routes.ts';
import { useT } from '../../locales/i18n.ts';
import { errorText } from '../../session/sign-in.ts';
import { getSession, useSession } from '../../session/store.ts';
import { SmsCodeFields, type SmsCodeValues } from '../../widgets/SmsCodeFields.tsx';
import { BareChrome } from '../BareChrome.tsx';

interface Values extends SmsCodeValues {
  newPassword: string;
  confirmPassword: string;
}

/** /forget: an SMS code to the account's mobile number, then a new password (purpose "reset"). */
export default function ForgetPage() {
  const t = useT();
  const navigate = useNavigate();
  const isStore = useSession((s) => s.isStore);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const fail = (e: unknown) => {
    const text = typeof e === 'string' ? e : errorText(e);
    setError(text);
    if (text) toast.error(text);
  };

  const submit = async (v: Values) => {
    setError('');
    setBusy(true);
    try {
      const res = await resetPassword(
        { mobilephone: v.mobile.trim(), smscode: v.code.trim(), newPassword: v.newPassword, confirmPassword: v.confirmPassword },
        { silent: true },
      );
      const text = res.Message || t('password.reset');
      toast.success(text);
      getSession().setFlash(text);
      navigate(signInPath(isStore), { replace: true });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BareChrome brand={t(isStore ? 'app.storeTitle' : 'app.title')} light testId="page-forget">
      <Card className="bare-card" style={{ width: 460, maxWidth: '100%' }} styles={{ body: { padding: 32 } }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('forget.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('forget.intro')}</Typography.Paragraph>
        {error && (
          <div data-testid="forget-error" style={{ marginBottom: 12 }}>
            <Alert type="error" showIcon title={error} />
          </div>
        )}
        <Form form={form} name="forget" layout="vertical" requiredMark={false} onFinish={submit}>
          <SmsCodeFields form={form} formName="forget" purpose="reset" testIdPrefix="forget" onError={fail} />
          <Form.Item
            name="newPassword"
            label={t('forget.newPassword')}
            extra={t('password.hint')}
            rules={[{ required: true, message: t('password.resetRequired') }]}
          >
            <Input.Password data-testid="forget-new" size="large" prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('forget.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('password.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
              }),
            ]}
          >
            <Input.Password
              data-testid="forget-confirm"
              size="large"
              prefix={<LockOutlined />}
              autoComplete="new-password"
              maxLength={128}
            />
          </Form.Item>
          <Button data-testid="forget-submit" type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('forget.submit')}
          </Button>
        </Form>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to={signInPath(isStore)}>{t('forget.back')}</Link>
        </div>
      </Card>
    </BareChrome>
  );
}
