import { useSearchParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { SsoHandoff } from './SsoHandoff.tsx';
import { ssoTargetPath } from './sso.ts';

/**
 * /authorize?assertion=…&target=… — where the CRM's authorize page returns (guard rule 2). Stored
 * data was cleared on entry; without an assertion there is nothing to sign in with.
 */
export default function AuthorizePage() {
  const t = useT();
  const [params] = useSearchParams();
  // URLSearchParams has already decoded `target` (guard rule 2 escaped what would break it).
  return (
    <SsoHandoff assertion={params.get('assertion')} target={ssoTargetPath(params.get('target'))} missingText={t('login.ssoInvalid')} />
  );
}
