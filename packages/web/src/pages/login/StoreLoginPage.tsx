import { ShopOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useT } from '../../locales/i18n.ts';
import { BareChrome } from '../BareChrome.tsx';
import { SignInForm } from './SignInForm.tsx';

/** /login1: the store portal's sign-in, with the store branding. */
export default function StoreLoginPage() {
  const t = useT();
  return (
    <BareChrome brand={t('app.storeTitle')} light testId="page-login1">
      <div className="store-login">
        <section className="store-login-intro" aria-labelledby="store-title">
          <ShopOutlined className="store-login-icon" aria-hidden />
          <h1 id="store-title" className="store-login-title">
            {t('app.storeTitle')}
          </h1>
          <p style={{ fontSize: 16, margin: 0, opacity: 0.9 }}>{t('store.intro')}</p>
        </section>
        <Card variant="borderless" className="store-login-card bare-card" style={{ borderRadius: 0 }} styles={{ body: { padding: 40 } }}>
          <SignInForm title={t('login.storeEntry')} />
        </Card>
      </div>
    </BareChrome>
  );
}
