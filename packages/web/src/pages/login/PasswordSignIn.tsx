import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/i18n.ts';
import { errorText, signIn } from '../../session/sign-in.ts';
import { CaptchaImage } from '../../widgets/CaptchaImage.tsx';
import { useCaptcha } from '../../widgets/use-captcha.ts';

interface Values {
  username: string;
  password: string;
  captcha: string;
}

/** Username, password and image captcha (grant_type=password). */
export function PasswordSignIn({ onSuccess, onError }: { onSuccess: () => void; onError: (text: string) => void }) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const { captcha, loading, refresh } = useCaptcha();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    if (!captcha) {
      onError(t('login.captchaWrong'));
      void refresh();
      return;
    }
    onError('');
    setBusy(true);
    try {
      await signIn(
        {
          grant_type: 'password',
          username: v.username.trim(),
          password: v.password,
          captcha1: captcha.captchaId,
          captcha2: v.captcha.trim(),
        },
        'password',
      );
      onSuccess();
    } catch (e) {
      onError(errorText(e));
      // The captcha was spent by this attempt.
      form.setFieldValue('captcha', '');
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="pwdLogin" layout="vertical" requiredMark={false} onFinish={submit} autoComplete="on">
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input data-testid="login-username" size="large" prefix={<UserOutlined />} autoComplete="username" maxLength={100} />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password
          data-testid="login-password"
          size="large"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={128}
        />
      </Form.Item>
      <Form.Item label={t('login.captcha')} htmlFor="pwdLogin_captcha" required>
        <Flex gap={8} align="flex-start">
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
            <Input data-testid="login-captcha" size="large" prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} />
          </Form.Item>
          <CaptchaImage captcha={captcha} loading={loading} onRefresh={() => void refresh()} testId="login-captcha-img" />
        </Flex>
      </Form.Item>
      <Button data-testid="login-submit" type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
