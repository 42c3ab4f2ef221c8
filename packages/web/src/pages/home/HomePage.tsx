import { AccountBookOutlined, ToolOutlined, FileDoneOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useT } from '../../locales/i18n.ts';
import { BareChrome } from '../BareChrome.tsx';
import { SignInForm } from '../login/SignInForm.tsx';

/**
 * The standard portal's public home: what the portal is for, and the sign-in form. Visiting it
 * clears any stored session (guard rule 1), so it always greets a signed-out visitor.
 */
export default function HomePage() {
  const t = useT();
  const features = [
    { icon: <FileDoneOutlined />, title: t('home.feature.workorder'), text: t('home.feature.workorderText') },
    { icon: <ToolOutlined />, title: t('home.feature.parts'), text: t('home.feature.partsText') },
    { icon: <AccountBookOutlined />, title: t('home.feature.settlement'), text: t('home.feature.settlementText') },
  ];
  return (
    <BareChrome brand={t('app.company')} testId="page-home">
      <div className="home-hero">
        <section style={{ flex: 1, color: '#fff', minWidth: 0 }} aria-labelledby="home-title">
          <h1 id="home-title" className="home-title">
            {t('app.title')}
          </h1>
          <p style={{ fontSize: 18, margin: '0 0 8px', opacity: 0.95 }}>{t('home.welcome')}</p>
          <p className="home-intro">{t('home.intro')}</p>
          <ul className="home-features" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 18 }}>
            {features.map((f) => (
              <li key={f.title} style={{ display: 'flex', gap: 14, alignItems: 'flex-start' }}>
                <span
                  aria-hidden
                  style={{
                    fontSize: 20,
                    width: 40,
                    height: 40,
                    borderRadius: 10,
                    background: 'rgba(255,255,255,0.16)',
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    flex: 'none',
                  }}
                >
                  {f.icon}
                </span>
                <span>
                  <Typography.Text strong style={{ color: '#fff', fontSize: 16, display: 'block' }}>
                    {f.title}
                  </Typography.Text>
                  <span style={{ opacity: 0.8 }}>{f.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <Card className="home-signin bare-card" style={{ boxShadow: '0 12px 40px rgba(0,0,0,0.18)' }} styles={{ body: { padding: 32 } }}>
          <SignInForm />
        </Card>
      </div>
    </BareChrome>
  );
}
