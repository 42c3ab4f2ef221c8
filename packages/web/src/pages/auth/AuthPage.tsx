import { useParams, useSearchParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { SsoHandoff } from './SsoHandoff.tsx';
import { ssoTargetPath } from './sso.ts';

/**
 * /auth/:userId/:targetUrl?assertion=… — the CRM opens a portal page for its signed-in user. The
 * guard has already cleared stored data on entry; the server checks the signed assertion.
 */
export default function AuthPage() {
  const t = useT();
  const { userId, targetUrl } = useParams();
  const [params] = useSearchParams();
  return (
    <SsoHandoff
      assertion={params.get('assertion')}
      userid={userId}
      target={ssoTargetPath(targetUrl, true)}
      missingText={t('login.ssoInvalid')}
    />
  );
}
