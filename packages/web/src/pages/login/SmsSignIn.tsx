import { MessageOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { PATTERNS } from '@portal/model';
import { Button, Flex, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { sendSmsCode } from '../../api/portal.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { errorText, signIn } from '../../session/sign-in.ts';
import { CaptchaImage } from '../../widgets/CaptchaImage.tsx';
import { useCaptcha } from '../../widgets/use-captcha.ts';
import { useCountdown } from '../../widgets/use-countdown.ts';

interface Values {
  mobile: string;
  captcha: string;
  code: string;
}

/** spec 000 §9 / server: a new code may be requested after 60 s. */
export const SMS_RESEND_SECONDS = 60;

/** Mobile number and SMS code (grant_type=smscode); the image captcha guards sending the code. */
export function SmsSignIn({ onSuccess, onError }: { onSuccess: () => void; onError: (text: string) => void }) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const { captcha, loading, refresh } = useCaptcha();
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  // The captcha is needed to send a code, not to sign in with it.
  const validatingSend = useRef(false);

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
    onError('');
    setSending(true);
    try {
      const res = await sendSmsCode({ mobilephone: mobile.trim(), captchaId: captcha.captchaId, captcha: typed.trim(), purpose: 'login' }, { silent: true });
      toast.success(res.Message || t('login.smsSent'));
      startCountdown(SMS_RESEND_SECONDS);
    } catch (e) {
      onError(errorText(e));
    } finally {
      form.setFieldValue('captcha', '');
      void refresh();
      setSending(false);
    }
  };

  const submit = async (v: Values) => {
    onError('');
    setBusy(true);
    try {
      await signIn({ grant_type: 'smscode', mobilephone: v.mobile.trim(), captcha1: v.code.trim() }, 'smscode');
      onSuccess();
    } catch (e) {
      onError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="smsLogin" layout="vertical" requiredMark={false} onFinish={submit}>
      <Form.Item
        name="mobile"
        label={t('login.mobile')}
        rules={[
          { required: true, whitespace: true, message: t('login.mobileRequired') },
          { pattern: PATTERNS.mobile, message: t('login.mobileInvalid') },
        ]}
      >
        <Input data-testid="sms-mobile" size="large" prefix={<MobileOutlined />} inputMode="numeric" autoComplete="tel" maxLength={15} />
      </Form.Item>
      <Form.Item label={t('login.captcha')} htmlFor="smsLogin_captcha">
        <Flex gap={8} align="flex-start">
          <Form.Item
            name="captcha"
            noStyle
            rules={[{ validator: (_, v: string | undefined) => (validatingSend.current && !v?.trim() ? Promise.reject(new Error(t('login.captchaRequired'))) : Promise.resolve()) }]}
          >
            <Input data-testid="sms-captcha" size="large" prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} />
          </Form.Item>
          <CaptchaImage captcha={captcha} loading={loading} onRefresh={() => void refresh()} testId="sms-captcha-img" />
        </Flex>
      </Form.Item>
      <Form.Item label={t('login.smsCode')} htmlFor="smsLogin_code">
        <Flex gap={8} align="flex-start">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.smsCodeRequired') }]}>
            <Input data-testid="sms-code" size="large" prefix={<MessageOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button data-testid="sms-send" size="large" htmlType="button" onClick={() => void send()} loading={sending} disabled={left > 0} style={{ width: 120, flex: 'none' }}>
            {left > 0 ? t('login.resendIn', { s: left }) : t('login.sendCode')}
          </Button>
        </Flex>
      </Form.Item>
      <Button data-testid="sms-submit" type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
