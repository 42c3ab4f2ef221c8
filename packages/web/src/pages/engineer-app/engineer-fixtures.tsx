import { IDBFactory } from 'fake-indexeddb';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { closeDb } from '../../offline/idb.ts';
import { useSession } from '../../session/store.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { envelope, ME, stubServer } from '../../test/render-app.tsx';
import { bindAppNavigation } from './app-nav.ts';
import { EngineerApp } from './EngineerApp.tsx';

// The engineer app's tests: the signed-in engineer, their server, the app at a path, a fresh phone store per test.

export const ENGINEER = {
  ...ME,
  userId: 'u-engineer1',
  userName: 'engineer1',
  nickName: '赵磊',
  privilege: ['portal.login', 'workorder.read', 'workorder.service'],
  workerId: 'w-engineer1',
};
export const today = todayUtc8().format('YYYY-MM-DD');

export function signInAs(privilege = ENGINEER.privilege) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({
    userId: ENGINEER.userId,
    userName: ENGINEER.userName,
    nickName: ENGINEER.nickName,
    loginType: 'password',
    departName: ENGINEER.departName,
    privilege,
  });
}

/** The server as the engineer's: /api/portaluser/me names their personnel record; `more` answers the rest. */
export const server = (more?: (url: string, init: RequestInit) => Response | Promise<Response> | undefined) =>
  stubServer((url, init) => (url === '/api/portaluser/me' ? envelope(ENGINEER) : more?.(url, init ?? {})));

/** The engineer app's page (mobile.html) at `path`, as engineer-main.tsx renders it. */
export function renderEngineerApp(path: string) {
  window.history.replaceState(null, '', path);
  bindAppNavigation();
  return render(<EngineerApp />);
}

/** Each test starts with an empty phone store (IndexedDB), no stubs and no session. */
export function freshEngineerAppPerTest() {
  beforeEach(async () => {
    await closeDb();
    globalThis.indexedDB = new IDBFactory() as unknown as typeof globalThis.indexedDB;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSession.getState().clearAll();
  });
}
