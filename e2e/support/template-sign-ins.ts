import { LoginPage } from '../pages/login-page.ts';
import { closeChromium, openBrowser, type StorageState } from './browser.ts';
import type { RunningPortal } from './portal-server.ts';

/**
 * The users spec files open signed-in pages as (signedInPage). Each signs in once, through the
 * form, on the portal that seeds the run's demo data: every spec file's portal starts on a copy of
 * that data, sessions included, so a file's first page of such a user opens with the browser state
 * of that sign-in instead of a sign-in of its own (~3–5 s each, ~80 of them in a run).
 */
export const TEMPLATE_USERS = ['station1', 'hq', 'branch1', 'admin', 'warehouse1', 'station2', 'engineer1'];

/**
 * Browser states by user, as signed in on `portal`: one browser signs each in turn, forgetting the
 * last one's state without signing it out (its session stays active), so the portal's scripts load
 * once (~1 s a user instead of ~2 s in a browser of its own each).
 */
export async function signInOnTemplate(portal: RunningPortal, users = TEMPLATE_USERS): Promise<Record<string, StorageState>> {
  const states: Record<string, StorageState> = {};
  const b = await openBrowser();
  try {
    for (const user of users) {
      await b.page.goto(`${portal.standardUrl}/login?redirect=${encodeURIComponent('/servicehome')}`);
      await new LoginPage(b.page, portal).signInWithPassword(user);
      await b.page.waitForURL((u) => u.pathname !== '/login');
      states[user] = await b.context.storageState();
      await b.page.evaluate(() => localStorage.clear());
    }
  } finally {
    await b.close();
    await closeChromium();
  }
  return states;
}

/** A state from the template's portal for another portal started on a copy of its data (another port). */
export function onPortal(state: StorageState, from: string, to: string): StorageState {
  return { ...state, origins: state.origins.map((o) => (o.origin === from ? { ...o, origin: to } : o)) };
}
