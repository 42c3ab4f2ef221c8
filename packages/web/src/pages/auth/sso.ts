import { requestToken } from '../../api/token.ts';
import { isSameOriginPath } from '../../shared/safe-path.ts';
import { establishSession } from '../../session/sign-in.ts';
import { getSession } from '../../session/store.ts';

const running = new Map<string, Promise<void>>();

/**
 * Exchanges a CRM hand-off assertion for a session (loginType sso_mscrm) and remembers the path it
 * opened (guard rule 7). Assertions are single use, so a second call with the same one (React's
 * development double effects, a re-render) joins the first exchange instead of spending it again.
 */
export function ssoSignIn(assertion: string, target: string, userid?: string): Promise<void> {
  let run = running.get(assertion);
  if (!run) {
    run = (async () => {
      const tokens = await requestToken({ grant_type: 'password', assertion, ...(userid ? { userid } : {}) });
      await establishSession(tokens, 'sso_mscrm');
      getSession().setSsoTarget(target);
    })();
    running.set(assertion, run);
  }
  return run;
}

/**
 * The hand-off's target when it is a same-origin path, else the service home. `decode` for the
 * /auth path segment: the router leaves an encoded "/" (%2F) in a parameter, so one more
 * decodeURIComponent yields the path the CRM encoded.
 */
export function ssoTargetPath(raw: string | null | undefined, decode = false): string {
  if (!raw) return '/servicehome';
  let path = raw;
  if (decode) {
    try {
      path = decodeURIComponent(raw);
    } catch {
      return '/servicehome';
    }
  }
  return isSameOriginPath(path) ? path : '/servicehome';
}
