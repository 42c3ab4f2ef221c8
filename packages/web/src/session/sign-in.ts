import type { MeInfo } from '../api/portal.ts';
import { getMe } from '../api/portal.ts';
import { requestToken, type TokenGrant, type TokenResponse } from '../api/token.ts';
import { homePath } from '../app/routes.ts';
import { engineerLanding } from '../pages/engineer-app/landing.ts';
import { isSameOriginPath } from '../shared/safe-path.ts';
import { clearSignInReason } from './sign-in-reason.ts';
import { getSession, type LoginType, type UserProfile, type UserState } from './store.ts';

export function userFromMe(me: MeInfo, loginType: LoginType): UserState {
  return {
    userId: me.userId ?? '',
    userName: me.userName ?? '',
    nickName: me.nickName || me.fullName || me.userName || '',
    loginType,
    avatarUrl: me.avatarUrl ?? '',
    departName: me.departName ?? '',
    departId: me.departId ?? '',
    userType: typeof me.userType === 'number' ? me.userType : null,
    unitType: typeof me.unitType === 'number' ? me.unitType : null,
    privilege: Array.isArray(me.privilege) ? me.privilege : [],
  };
}

export function profileFromMe(me: MeInfo): UserProfile {
  return {
    fullName: me.fullName ?? '',
    roles: me.roles ?? [],
    mobilephone: me.mobilephone ?? '',
    stationName: me.stationName ?? '',
    businessUnitName: me.businessUnitName ?? '',
    sessionStartedAt: me.sessionStartedAt ?? '',
  };
}

/** Stores the tokens, then the user from /api/portaluser/me; on failure nothing is kept. */
export async function establishSession(tokens: TokenResponse, loginType: LoginType): Promise<void> {
  const s = getSession();
  s.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  try {
    const me = await getMe({ silent: true });
    s.setUser(userFromMe(me, loginType));
    s.setProfile(profileFromMe(me));
    // Signed in again: why the last session ended is no longer news.
    clearSignInReason();
  } catch (e) {
    getSession().clearAll();
    throw e;
  }
}

export async function signIn(grant: TokenGrant, loginType: LoginType): Promise<void> {
  // A previous user's leftovers must not survive into this session.
  getSession().clearAll();
  await establishSession(await requestToken(grant), loginType);
}

/** Screens that would undo a fresh sign-in (the root clears data) are never a sign-in destination. */
const NOT_A_DESTINATION = /^\/(login1?|forget|auth(orize)?)?(?:[/?#]|$)/i;

/** Where to go after signing in: the `redirect` query when it is a safe same-origin path, else home. */
export function afterSignInPath(redirect: string | null | undefined, isStore: boolean): string {
  if (isSameOriginPath(redirect) && !NOT_A_DESTINATION.test(redirect)) return redirect;
  return (!isStore && engineerLanding(getSession().user.privilege)) || homePath(isStore);
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e ?? ''));
