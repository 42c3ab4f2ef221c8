import type { Page } from 'playwright-core';

/** What the web app keeps locally (spec 000 §3). */
export async function storedAuth(page: Page): Promise<{ isLoggedIn: boolean; accessToken: string; refreshToken: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('portal.auth');
    return raw ? JSON.parse(raw) : null;
  });
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000) {
  await page.waitForURL((u) => (typeof path === 'string' ? u.pathname === path : path.test(u.pathname + u.search)), { timeout });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const searchOf = (page: Page) => new URL(page.url()).search;

/**
 * Opens `path` inside the running app, as the browser's back and forward buttons do (a history
 * entry and a popstate event the router follows): no page load. For walks over many screens whose
 * subject is the screens, not how a person reaches them.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}
