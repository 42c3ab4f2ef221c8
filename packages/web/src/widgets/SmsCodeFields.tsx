import { MessageOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { PATTERNS } from '@portal/model';
import { Button, Flex, Form, Input, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { sendSmsCode } from '../api/portal.ts';
import { toast } from '../app/feedback.ts';
import { useT } from '../locales/i18n.ts';
import { errorText } from '../session/sign-in.ts';
import { CaptchaImage } from './CaptchaImage.tsx';
import { useCaptcha } from './use-captcha.ts';
import { useCountdown } from './use-countdown.ts';

/** spec 000 §9 / server: a new code may be requested after 60 s. */
export const SMS_RESEND_SECONDS = 60;

export interface SmsCodeValues {
  mobile: string;
  captcha: string;
  code: string;
}

interface Props {
  /** The enclosing antd form (its name prefixes the inputs' ids). */
  form: FormInstance;
  formName: string;
  purpose: 'login' | 'reset';
  /** Prefix of the test hooks: `<p>-mobile`, `<p>-captcha`, `<p>-captcha-img`, `<p>-send`, `<p>-code`. */
  testIdPrefix: string;
  onError: (text: string) => void;
}

/**
 * Mobile number, image captcha and SMS code with a send button and its 60 s countdown. The captcha
 * is needed to send a code, not to use it, so it is validated only when sending.
 */
export function SmsCodeFields({ form, formName, purpose, testIdPrefix: p, onError }: Props) {
  const t = useT();
  const { captcha, loading, refresh } = useCaptcha();
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
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
    const { mobile, captcha: typed } = form.getFieldsValue() as SmsCodeValues;
    onError('');
    setSending(true);
    try {
      const res = await sendSmsCode(
        { mobilephone: mobile.trim(), captchaId: captcha.captchaId, captcha: typed.trim(), purpose },
        { silent: true },
      );
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

  return (
    <>
      <Form.Item
        name="mobile"
        label={t('login.mobile')}
        rules={[
          { required: true, whitespace: true, message: t('login.mobileRequired') },
          { pattern: PATTERNS.mobile, message: t('login.mobileInvalid') },
        ]}
      >
        <Input data-testid={`${p}-mobile`} size="large" prefix={<MobileOutlined />} inputMode="numeric" autoComplete="tel" maxLength={15} />
      </Form.Item>
      <Form.Item label={t('login.captcha')} htmlFor={`${formName}_captcha`}>
        <Flex gap={8} align="flex-start">
          <Form.Item
            name="captcha"
            noStyle
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  validatingSend.current && !v?.trim() ? Promise.reject(new Error(t('login.captchaRequired'))) : Promise.resolve(),
              },
            ]}
          >
            <Input data-testid={`${p}-captcha`} size="large" prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} />
          </Form.Item>
          <CaptchaImage captcha={captcha} loading={loading} onRefresh={() => void refresh()} testId={`${p}-captcha-img`} />
        </Flex>
      </Form.Item>
      <Form.Item label={t('login.smsCode')} htmlFor={`${formName}_code`}>
        <Flex gap={8} align="flex-start">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.smsCodeRequired') }]}>
            <Input
              data-testid={`${p}-code`}
              size="large"
              prefix={<MessageOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <Button
            data-testid={`${p}-send`}
            size="large"
            htmlType="button"
            onClick={() => void send()}
            loading={sending}
            disabled={left > 0}
            style={{ width: 120, flex: 'none' }}
          >
            {left > 0 ? t('login.resendIn', { s: left }) : t('login.sendCode')}
          </Button>
        </Flex>
      </Form.Item>
    </>
  );
}
