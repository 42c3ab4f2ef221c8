import { describe, expect, it } from 'vitest';
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
  it('signs the first browser out: its next request lands on sign-in with the 409 reason as an Alert that stays until the user types', async () => {
    const elsewhere = '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码';
    const first = await signedIn('station1');
    await signedIn('station1');
    // The first browser's next request, in the app (no reload): the notice list asks the server → 409.
    await first.getByTestId('header-notices').click();
    const login = new LoginPage(first, suite.portal);
    const reason = login.reason();
    await reason.waitFor({ state: 'visible' });
    expect(await reason.innerText()).toContain(elsewhere);
    // An Alert on the sign-in card, not a toast; carried in sessionStorage, not the URL.
    expect(await reason.getAttribute('role')).toBe('alert');
    expect(
      await reason.evaluate(
        (e) => e.classList.contains('ant-alert') && !!e.closest('[data-testid="login-form"]') && !e.closest('.ant-message'),
      ),
    ).toBe(true);
    expect(await login.timesShown(elsewhere)).toBe(1);
    expect(decodeURIComponent(first.url())).not.toContain('elsewhere');
    expect(await first.evaluate(() => sessionStorage.getItem('portal.signInReason'))).toBe('{"kind":"elsewhere"}');
    expect((await storedAuth(first))?.isLoggedIn ?? false).toBe(false);
    // Another UI interaction that is not acting on it: still shown.
    await first.getByTestId('login-username').focus();
    await first.getByTestId('login-username').click();
    expect(await reason.isVisible()).toBe(true);
    // Typing is acting on it: gone, and not shown again.
    await first.getByTestId('login-username').pressSequentially('s');
    await reason.waitFor({ state: 'detached' });
    expect(await first.evaluate(() => sessionStorage.getItem('portal.signInReason'))).toBeNull();
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
    // 60 s old: 30 s of room for the reload on a busy machine (80 s left 10, and a slow start lost it).
    await page.evaluate(() => localStorage.setItem('portal.heartbeat', String(Date.now() - 60_000)));
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
