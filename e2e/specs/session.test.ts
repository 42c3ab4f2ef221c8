import { describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { portalSuite } from '../support/suite.ts';
import { storedAuth, waitForPath } from '../support/session.ts';

// Access tokens live 3 s here, so a test sees one expire and the app refresh it.
const suite = portalSuite({ ACCESS_TOKEN_TTL: '3' });
const open = () => suite.open();

async function signedIn(username: string) {
  const page = await open();
  await page.goto(`${suite.portal.standardUrl}/login`);
  await new LoginPage(page, suite.portal).signInWithPassword(username);
  await waitForPath(page, '/servicehome');
  await page.getByTestId('home-greeting').waitFor();
  return page;
}

describe('session', () => {
  it('signs the first browser out with the 409 message when the account signs in elsewhere', async () => {
    const first = await signedIn('station1');
    await signedIn('station1');
    await first.reload();
    const shell = new AppShell(first);
    const toasts = await shell.toasts();
    expect(toasts.join('\n')).toContain('您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码');
    await first.getByTestId('login-form').waitFor();
    expect((await storedAuth(first))?.isLoggedIn ?? false).toBe(false);
  });

  it('clears the session at start when the last heartbeat is more than 90 s old', async () => {
    const page = await signedIn('branch1');
    const beat = Number(await page.evaluate(() => localStorage.getItem('portal.heartbeat')));
    expect(Date.now() - beat).toBeLessThan(60_000);
    // The browser was closed for 91 s: simulate by ageing the beat, then start the app again.
    await page.evaluate(() => localStorage.setItem('portal.heartbeat', String(Date.now() - 91_000)));
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect((await storedAuth(page))?.isLoggedIn ?? false).toBe(false);
  });

  it('keeps a session whose heartbeat is younger than 90 s', async () => {
    const page = await signedIn('hq');
    await page.evaluate(() => localStorage.setItem('portal.heartbeat', String(Date.now() - 80_000)));
    await page.reload();
    await page.getByTestId('page-servicehome').waitFor();
    expect((await storedAuth(page))?.isLoggedIn).toBe(true);
  });

  it('refreshes an expired access token and retries the request', async () => {
    const page = await signedIn('admin');
    const before = await storedAuth(page);
    await page.waitForTimeout(4_000);
    // "About me" reads /api/portaluser/me with the expired token: 401 expired_token → refresh → retry.
    await page.goto(`${suite.portal.standardUrl}/about`);
    await page.getByTestId('page-about').getByText('王建国').first().waitFor();
    const after = await storedAuth(page);
    expect(after?.isLoggedIn).toBe(true);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.accessToken).not.toBe(before?.accessToken);
  });
});
