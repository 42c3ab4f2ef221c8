import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { signInPath } from '../../app/routes.ts';
import { useT } from '../../locales/i18n.ts';
import { errorText } from '../../session/sign-in.ts';
import { useSession } from '../../session/store.ts';
import { ssoSignIn } from './sso.ts';

/** Signs in with the CRM's assertion and opens the target; on failure says why, with a way back. */
export function SsoHandoff({
  assertion,
  target,
  userid,
  missingText,
}: {
  assertion: string | null;
  target: string;
  userid?: string;
  missingText: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const isStore = useSession((s) => s.isStore);
  const [error, setError] = useState(assertion ? '' : missingText);

  useEffect(() => {
    if (!assertion) return;
    let live = true;
    ssoSignIn(assertion, target, userid).then(
      () => live && navigate(target, { replace: true }),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [assertion, target, userid, navigate]);

  if (error) {
    return (
      <div
        className="bare-page-light"
        data-testid="page-auth-error"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Result
          status="warning"
          title={t('auth.failedTitle')}
          subTitle={<span data-testid="auth-error-text">{error}</span>}
          extra={
            <Button type="primary" onClick={() => navigate(signInPath(isStore), { replace: true })}>
              {t('login.ssoBack')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="bare-page-light" data-testid="page-auth" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" description={t('login.ssoWorking')}>
        <div style={{ width: 320, height: 120 }} />
      </Spin>
    </div>
  );
}
