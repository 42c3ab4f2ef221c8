import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { openBrowser, type Browser } from './browser.ts';
import { startPortal, type RunningPortal } from './portal-server.ts';

/** A portal on its own copy of the run's seeded demo data (see global-setup.ts). */
export const startTestPortal = (env: Record<string, string> = {}) => startPortal(env, { template: inject('portalTemplate') });

/**
 * One portal (fresh database) for the spec file, and fresh browsers per test, closed after it.
 * Call at the top level of a spec file.
 */
export function portalSuite(env: Record<string, string> = {}) {
  let portal: RunningPortal | undefined;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    portal = await startTestPortal(env);
  });
  afterAll(() => portal?.stop());
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((b) => b.close()));
  });
  return {
    get portal(): RunningPortal {
      if (!portal) throw new Error('portal not started');
      return portal;
    },
    /** A new browser profile (another person's browser); closed after the test. */
    async open(opts: { mobile?: boolean; serviceWorker?: boolean } = {}): Promise<Page> {
      const b = await openBrowser(opts);
      browsers.push(b);
      return b.page;
    },
  };
}

/** Opens `path` signed in as `username` (password sign-in through the standard portal's form); `mobile`: on a 390×844 phone. */
export async function signedInPage(
  suite: ReturnType<typeof portalSuite>,
  username: string,
  path = '/servicehome',
  opts: { mobile?: boolean } = {},
): Promise<Page> {
  const { LoginPage } = await import('../pages/login-page.ts');
  const page = await suite.open(opts);
  // Straight to the screen through the sign-in's redirect: no home dashboard and no second page
  // load on the way (the suite opens a hundred signed-in pages).
  await page.goto(`${suite.portal.standardUrl}/login?redirect=${encodeURIComponent(path)}`);
  await new LoginPage(page, suite.portal).signInWithPassword(username);
  await page.waitForURL((u) => u.pathname !== '/login');
  return page;
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
