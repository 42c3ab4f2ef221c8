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
      <div style={{ display: 'flex', width: '100%', maxWidth: 960, borderRadius: 12, overflow: 'hidden', boxShadow: '0 12px 40px rgba(15,35,80,0.12)', background: '#fff' }}>
        <section
          style={{ flex: 1, padding: 48, color: '#fff', background: 'linear-gradient(160deg, #d4380d 0%, #fa8c16 100%)', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
          aria-labelledby="store-title"
        >
          <ShopOutlined style={{ fontSize: 44, marginBottom: 20 }} aria-hidden />
          <h1 id="store-title" style={{ fontSize: 32, margin: '0 0 12px', fontWeight: 700 }}>
            {t('app.storeTitle')}
          </h1>
          <p style={{ fontSize: 16, margin: 0, opacity: 0.9 }}>{t('store.intro')}</p>
        </section>
        <Card variant="borderless" style={{ width: 420, flex: 'none', borderRadius: 0 }} styles={{ body: { padding: 40 } }}>
          <SignInForm title={t('login.storeEntry')} />
        </Card>
      </div>
    </BareChrome>
  );
}
