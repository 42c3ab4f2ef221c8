import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { openBrowser, type Browser, type StorageState } from './browser.ts';
import { startPortal, type RunningPortal } from './portal-server.ts';
import { onPortal } from './template-sign-ins.ts';

/** A portal on its own copy of the run's seeded demo data (see global-setup.ts). */
export const startTestPortal = (env: Record<string, string> = {}) => startPortal(env, { template: inject('portalTemplate') });

/**
 * One portal (fresh database) for the spec file, and fresh browsers per test, closed after it.
 * Call at the top level of a spec file.
 */
export function portalSuite(env: Record<string, string> = {}) {
  let portal: RunningPortal | undefined;
  const browsers: Browser[] = [];
  // Who signed in through the form in this file, as their browser stood right after it (see signedInPage).
  const signedIn = new Map<string, StorageState>();
  // Users whose kept state a browser of the running test holds: a second page of theirs signs in again.
  const inUse = new Set<string>();
  beforeAll(async () => {
    portal = await startTestPortal(env);
  });
  afterAll(() => portal?.stop());
  afterEach(async () => {
    inUse.clear();
    await Promise.all(browsers.splice(0).map((b) => b.close()));
  });
  return {
    get portal(): RunningPortal {
      if (!portal) throw new Error('portal not started');
      return portal;
    },
    /**
     * The state kept from `username`'s last sign-in in this file, else from the sign-in on the
     * data this portal copied (global-setup.ts), unless a browser of this test holds it.
     */
    keptSignIn(username: string): StorageState | undefined {
      if (inUse.has(username)) return undefined;
      const template = inject('templateSignIns');
      const seeded = template.states[username];
      return signedIn.get(username) ?? (seeded && portal ? onPortal(seeded, template.url, portal.standardUrl) : undefined);
    },
    keepSignIn(username: string, state: StorageState) {
      signedIn.set(username, state);
      inUse.add(username);
    },
    /** A new browser profile (another person's browser); closed after the test. */
    async open(opts: { mobile?: boolean; serviceWorker?: boolean; storageState?: StorageState } = {}): Promise<Page> {
      const b = await openBrowser(opts);
      browsers.push(b);
      return b.page;
    },
  };
}

/**
 * Opens `path` signed in as `username` (password sign-in through the standard portal's form); `mobile`: on a 390×844 phone.
 * The first page of a user in a file signs in through the form; later tests' pages of that user open
 * with the browser state kept from it (its tokens and stored profile, as a person's browser keeps them
 * between visits) while that session is still active — one page load instead of two and a sign-in.
 * Within one test a user's second page signs in again, ending the first page's session as before.
 */
export async function signedInPage(
  suite: ReturnType<typeof portalSuite>,
  username: string,
  path = '/servicehome',
  opts: { mobile?: boolean } = {},
): Promise<Page> {
  const kept = suite.keptSignIn(username);
  if (kept && (await sessionActive(suite.portal, kept))) {
    // As if the person's portal tab had stayed open: its heartbeat is fresh (a browser closed for
    // over 90 s starts signed out, spec 000 §3).
    const beat = (i: { name: string; value: string }) => (i.name === 'portal.heartbeat' ? { ...i, value: String(Date.now()) } : i);
    const state = { ...kept, origins: kept.origins.map((o) => ({ ...o, localStorage: o.localStorage.map(beat) })) };
    const page = await suite.open({ ...opts, storageState: state });
    suite.keepSignIn(username, kept);
    await page.goto(`${suite.portal.standardUrl}${path}`);
    return page;
  }
  const { LoginPage } = await import('../pages/login-page.ts');
  const page = await suite.open(opts);
  // Straight to the screen through the sign-in's redirect: no home dashboard and no second page
  // load on the way (the suite opens a hundred signed-in pages).
  await page.goto(`${suite.portal.standardUrl}/login?redirect=${encodeURIComponent(path)}`);
  await new LoginPage(page, suite.portal).signInWithPassword(username);
  await page.waitForURL((u) => u.pathname !== '/login');
  suite.keepSignIn(username, await page.context().storageState());
  return page;
}

/** Whether the kept state's session still answers (not ended by a later sign-in, a sign-out or expiry). */
async function sessionActive(portal: RunningPortal, state: StorageState): Promise<boolean> {
  const stored = state.origins.find((o) => o.origin === portal.standardUrl)?.localStorage.find((i) => i.name === 'portal.auth');
  const token = stored ? (JSON.parse(stored.value) as { accessToken?: string }).accessToken : undefined;
  if (!token) return false;
  const r = await fetch(`${portal.standardUrl}/api/message/unread-count`, { headers: { authorization: `Bearer ${token}` } });
  return r.ok;
}

/** Calls the API as `username` (test-mode captcha read-back), for checks behind the screens. */
export async function apiAs(portal: RunningPortal, username: string) {
  const cap = (await (await fetch(`${portal.storeUrl}/api/captcha`, { headers: { host: 'localhost' } })).json()) as { captchaId: string };
  const answer = (await portal.api<{ Data: string }>(`/api/dev/captcha/${cap.captchaId}`)).Data;
  const body = new URLSearchParams({ grant_type: 'password', username, password: 'Demo@2026', captcha1: cap.captchaId, captcha2: answer });
  const tok = (await (
    await fetch(`${portal.standardUrl}/token`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  ).json()) as { access_token: string };
  return async <T = unknown>(path: string): Promise<T> => {
    const r = await fetch(`${portal.standardUrl}${path}`, { headers: { authorization: `Bearer ${tok.access_token}` } });
    return ((await r.json()) as { Data: T }).Data;
  };
}

/**
 * Calls the API with the page's own session (its stored access token). Signing the same account in
 * again through the API would end the page's session: one active session per account.
 */
export function pageApi(page: Page) {
  return async <T = unknown>(path: string): Promise<T> =>
    page.evaluate(async (p) => {
      const auth = JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { accessToken?: string };
      const r = await fetch(p, { headers: { authorization: `Bearer ${auth.accessToken}` } });
      return ((await r.json()) as { Data: unknown }).Data;
    }, path) as Promise<T>;
}
