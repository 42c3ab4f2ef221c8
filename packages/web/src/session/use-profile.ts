import { useEffect, useState } from 'react';
import { getMe } from '../api/portal.ts';
import { profileFromMe, userFromMe } from './sign-in.ts';
import { getSession, toLoginType, useSession, type UserProfile } from './store.ts';

let loading: Promise<void> | null = null;

/** Re-reads /api/portaluser/me: the profile is not persisted, and privileges may have changed. */
export function reloadProfile(): Promise<void> {
  loading ??= getMe({ silent: true })
    .then((me) => {
      const s = getSession();
      if (!s.auth.isLoggedIn) return;
      // The sign-in method is the grant's, not the server's label for it.
      s.setUser(userFromMe(me, s.user.loginType || toLoginType(me.loginType)));
      s.setProfile(profileFromMe(me));
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The signed-in user's details for home and "about me"; fetched once per page load. */
export function useProfile(): { profile: UserProfile | null; error: string } {
  const profile = useSession((s) => s.profile);
  const isLoggedIn = useSession((s) => s.auth.isLoggedIn);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!profile && isLoggedIn) reloadProfile().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [profile, isLoggedIn]);
  return { profile, error };
}
