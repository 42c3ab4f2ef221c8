import { LockOutlined, MessageOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { PATTERNS } from '@portal/model';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPassword, sendSmsCode } from '../../api/portal.ts';
import { toast } from '../../app/feedback.ts';
import { signInPath } from '../../app/routes.ts';
import { useT } from '../../locales/i18n.ts';
import { errorText } from '../../session/sign-in.ts';
import { getSession, useSession } from '../../session/store.ts';
import { CaptchaImage } from '../../widgets/CaptchaImage.tsx';
import { useCaptcha } from '../../widgets/use-captcha.ts';
import { useCountdown } from '../../widgets/use-countdown.ts';
import { BareChrome } from '../BareChrome.tsx';
import { SMS_RESEND_SECONDS } from '../login/SmsSignIn.tsx';

interface Values {
  mobile: string;
  captcha: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** /forget: an SMS code to the account's mobile number, then a new password (purpose "reset"). */
export default function ForgetPage() {
  const t = useT();
  const navigate = useNavigate();
  const isStore = useSession((s) => s.isStore);
  const [form] = Form.useForm<Values>();
  const { captcha, loading, refresh } = useCaptcha();
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const validatingSend = useRef(false);

  const fail = (e: unknown) => {
    setError(errorText(e));
    toast.error(errorText(e));
  };

  const send = async () => {
    validatingSend.current = true;
    try {
      await form.validateFields(['mobile', 'captcha']);
    } catch {
      return;
    } finally {
      validatingSend.current = false;
    }
    if (!captcha) return;
    const { mobile, captcha: typed } = form.getFieldsValue();
    setError('');
    setSending(true);
    try {
      const res = await sendSmsCode({ mobilephone: mobile.trim(), captchaId: captcha.captchaId, captcha: typed.trim(), purpose: 'reset' }, { silent: true });
      toast.success(res.Message || t('login.smsSent'));
      startCountdown(SMS_RESEND_SECONDS);
    } catch (e) {
      fail(e);
    } finally {
      form.setFieldValue('captcha', '');
      void refresh();
      setSending(false);
    }
  };

  const submit = async (v: Values) => {
    setError('');
    setBusy(true);
    try {
      const res = await resetPassword({ mobilephone: v.mobile.trim(), smscode: v.code.trim(), newPassword: v.newPassword, confirmPassword: v.confirmPassword }, { silent: true });
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
      <Card style={{ width: 460 }} styles={{ body: { padding: 32 } }}>
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
          <Form.Item
            name="mobile"
            label={t('login.mobile')}
            rules={[
              { required: true, whitespace: true, message: t('login.mobileRequired') },
              { pattern: PATTERNS.mobile, message: t('login.mobileInvalid') },
            ]}
          >
            <Input data-testid="forget-mobile" size="large" prefix={<MobileOutlined />} inputMode="numeric" autoComplete="tel" maxLength={15} />
          </Form.Item>
          <Form.Item label={t('login.captcha')} htmlFor="forget_captcha">
            <Flex gap={8} align="flex-start">
              <Form.Item
                name="captcha"
                noStyle
                rules={[{ validator: (_, v: string | undefined) => (validatingSend.current && !v?.trim() ? Promise.reject(new Error(t('login.captchaRequired'))) : Promise.resolve()) }]}
              >
                <Input data-testid="forget-captcha" size="large" prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} />
              </Form.Item>
              <CaptchaImage captcha={captcha} loading={loading} onRefresh={() => void refresh()} testId="forget-captcha-img" />
            </Flex>
          </Form.Item>
          <Form.Item label={t('login.smsCode')} htmlFor="forget_code">
            <Flex gap={8} align="flex-start">
              <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.smsCodeRequired') }]}>
                <Input data-testid="forget-code" size="large" prefix={<MessageOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              <Button data-testid="forget-send" size="large" htmlType="button" onClick={() => void send()} loading={sending} disabled={left > 0} style={{ width: 120, flex: 'none' }}>
                {left > 0 ? t('login.resendIn', { s: left }) : t('login.sendCode')}
              </Button>
            </Flex>
          </Form.Item>
          <Form.Item name="newPassword" label={t('forget.newPassword')} extra={t('password.hint')} rules={[{ required: true, message: t('password.resetRequired') }]}>
            <Input.Password data-testid="forget-new" size="large" prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('forget.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('password.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
              }),
            ]}
          >
            <Input.Password data-testid="forget-confirm" size="large" prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
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
