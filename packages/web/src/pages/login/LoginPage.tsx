import { Card, Typography } from 'antd';
import { useT } from '../../locales/i18n.ts';
import { BareChrome } from '../BareChrome.tsx';
import { SignInForm } from './SignInForm.tsx';

/** /login: the standard portal's sign-in screen. */
export default function LoginPage() {
  const t = useT();
  return (
    <BareChrome brand={t('app.company')} testId="page-login">
      <div style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Title level={2} style={{ color: '#fff', textAlign: 'center', marginBottom: 24 }}>
          {t('app.title')}
        </Typography.Title>
        <Card className="bare-card" styles={{ body: { padding: 32 } }} style={{ boxShadow: '0 12px 40px rgba(0,0,0,0.18)' }}>
          <SignInForm />
        </Card>
      </div>
    </BareChrome>
  );
}
