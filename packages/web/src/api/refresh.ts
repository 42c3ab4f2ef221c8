import { getSession, restoreAuth, useSession } from '../session/store.ts';
import { ApiError } from './envelope.ts';
import { requestToken } from './token.ts';

/** The refresh outcome; a refusal carries the server's status and text (409: signed in elsewhere). */
export type RefreshResult = { ok: true } | { ok: false; status: number; message: string };

let inflight: Promise<RefreshResult> | null = null;

async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  // Tabs share one refresh token, and the server revokes the whole family when a rotated token is
  // replayed; the Web Locks API makes the tabs take turns.
  const locks = globalThis.navigator?.locks;
  if (locks?.request) return locks.request('portal-refresh', fn) as Promise<T>;
  return fn();
}

async function rotate(staleAccessToken: string): Promise<RefreshResult> {
  // Another tab (or an earlier caller here) may have rotated while we waited for the lock.
  const saved = restoreAuth();
  if (saved.isLoggedIn && saved.accessToken && saved.accessToken !== staleAccessToken) {
    useSession.setState({ auth: saved });
    return { ok: true };
  }
  const current = getSession().auth;
  if (current.isLoggedIn && current.accessToken && current.accessToken !== staleAccessToken) return { ok: true };
  const refreshToken = saved.refreshToken || current.refreshToken;
  if (!refreshToken) return { ok: false, status: 401, message: '' };
  try {
    const t = await requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
    getSession().setTokens({ accessToken: t.access_token, refreshToken: t.refresh_token });
    return { ok: true };
  } catch (e) {
    return { ok: false, status: e instanceof ApiError ? e.status : 0, message: e instanceof Error ? e.message : '' };
  }
}

/**
 * Gets a fresh access token after `staleAccessToken` was refused. Concurrent callers share one
 * attempt (single flight); resolves `ok: false` when the session cannot be renewed.
 */
export function refreshSession(staleAccessToken: string): Promise<RefreshResult> {
  inflight ??= exclusive(() => rotate(staleAccessToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}
