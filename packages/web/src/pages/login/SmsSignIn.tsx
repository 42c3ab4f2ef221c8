import { Button, Form } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/i18n.ts';
import { errorText, signIn } from '../../session/sign-in.ts';
import { SmsCodeFields, type SmsCodeValues } from '../../widgets/SmsCodeFields.tsx';

export { SMS_RESEND_SECONDS } from '../../widgets/SmsCodeFields.tsx';

/** Mobile number and SMS code (grant_type=smscode); the image captcha guards sending the code. */
export function SmsSignIn({ onSuccess, onError }: { onSuccess: () => void; onError: (text: string) => void }) {
  const t = useT();
  const [form] = Form.useForm<SmsCodeValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: SmsCodeValues) => {
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
      <SmsCodeFields form={form} formName="smsLogin" purpose="login" testIdPrefix="sms" onError={onError} />
      <Button data-testid="sms-submit" type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
