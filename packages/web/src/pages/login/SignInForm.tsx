import { Alert, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { clearSignInReason, useSignInReason, type SignInReason } from '../../session/sign-in-reason.ts';
import { afterSignInPath } from '../../session/sign-in.ts';
import { PUBLIC_ENTRIES } from '../../app/public-entries.ts';
import { getSession, useSession } from '../../session/store.ts';
import { PasswordSignIn } from './PasswordSignIn.tsx';
import { SmsSignIn } from './SmsSignIn.tsx';

/**
 * The sign-in panel shared by the standard home page, /login and the store's /login1: password or
 * SMS code. After success the user goes to the `redirect` query (same-origin only) or home.
 */
export function SignInForm({ title }: { title?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flash = useSession((s) => s.flash);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [tab, setTab] = useState('password');

  // A one-time notice from the previous screen (e.g. "password changed, please sign in again").
  useEffect(() => {
    if (flash) {
      setNotice(flash);
      getSession().setFlash('');
    }
  }, [flash]);

  const reason = useSignInReason();

  // Shown once, on the form (issue 12 item 9): the sign-in calls are silent, no toast repeats it.
  const onError = (text: string) => {
    setError(text);
    if (text) setNotice('');
  };
  const onSuccess = () => navigate(afterSignInPath(params.get('redirect'), getSession().isStore), { replace: true });

  return (
    // Typing anywhere in the form is the user acting on the reason: it has been read.
    <section
      data-testid="login-form"
      aria-labelledby="login-title"
      style={{ width: '100%' }}
      onInput={reason ? clearSignInReason : undefined}
    >
      <Typography.Title level={3} id="login-title" style={{ marginTop: 0, marginBottom: 8 }}>
        {title ?? t('login.title')}
      </Typography.Title>
      {reason && (
        <Alert
          type="warning"
          showIcon
          data-testid="login-reason"
          data-reason={reason.kind}
          title={t('signIn.reasonTitle')}
          description={reasonText(reason, t)}
          closable={{ onClose: clearSignInReason }}
          style={{ marginBottom: 12 }}
        />
      )}
      {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 12 }} />}
      {error && (
        <div data-testid="login-error" style={{ marginBottom: 12 }}>
          <Alert type="error" showIcon title={error} />
        </div>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k);
          setError('');
        }}
        items={[
          {
            key: 'password',
            label: <span data-testid="login-tab-password">{t('login.tabPassword')}</span>,
            children: <PasswordSignIn onSuccess={onSuccess} onError={onError} />,
          },
          {
            key: 'sms',
            label: <span data-testid="login-tab-sms">{t('login.tabSms')}</span>,
            children: <SmsSignIn onSuccess={onSuccess} onError={onError} />,
          },
        ]}
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', marginTop: 12 }}>
        {/* What a visitor may open without signing in (issue 24: only typing the URL found it). */}
        <nav aria-label={t('login.openToAll')} data-testid="login-public" style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {PUBLIC_ENTRIES.map((e) => (
            <Link key={e.key} to={e.path} data-testid={`login-public-${e.key}`}>
              {t(e.label)}
            </Link>
          ))}
        </nav>
        <Link to="/forget">{t('login.forgot')}</Link>
      </div>
    </section>
  );
}

function reasonText(r: SignInReason, t: ReturnType<typeof useT>): string {
  if (r.kind === 'elsewhere') return t('session.elsewhere');
  return r.text || t('error.sessionExpired');
}
