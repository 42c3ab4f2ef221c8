import { describe, expect, it } from 'vitest';
import { portalSuite } from '../support/suite.ts';
import { pathOf, storedAuth, waitForPath } from '../support/session.ts';

const suite = portalSuite();

/** What the CRM puts in its hand-off link (test-mode read-back of a signed assertion). */
async function handOff(userName: string) {
  const r = await suite.portal.api<{ Data: { userId: string; assertion: string } }>(`/api/dev/sso-assertion?userName=${userName}`);
  return r.Data;
}
const authLink = (userId: string, target: string, assertion: string) =>
  `${suite.portal.standardUrl}/auth/${userId}/${encodeURIComponent(target)}?assertion=${encodeURIComponent(assertion)}`;

describe('single sign-on from the CRM', () => {
  it('opens the target page signed in as the CRM user, once', async () => {
    const page = await suite.open();
    const { userId, assertion } = await handOff('branch1');
    await page.goto(authLink(userId, '/about', assertion));
    await waitForPath(page, '/about');
    await page.getByTestId('page-about').getByText('张伟').first().waitFor();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.user') ?? '{}'));
    expect(user.loginType).toBe('sso_mscrm');

    // The same link again (a replay) signs nobody in.
    await page.goto(authLink(userId, '/about', assertion));
    await page.getByTestId('page-auth-error').getByText('单点登录凭证无效或已过期').waitFor();
    expect((await storedAuth(page))?.isLoggedIn ?? false).toBe(false);
  });

  it('refuses a tampered assertion and a bare user id', async () => {
    const page = await suite.open();
    const { portal } = suite;
    const { userId, assertion } = await handOff('hq');
    const admin = await handOff('admin');
    const [h, , s] = assertion.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        sub: admin.userId,
        aud: 'service-portal-sso',
        iss: 'crm',
        jti: 'x',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
    ).toString('base64url');
    await page.goto(authLink(admin.userId, '/servicehome', `${h}.${forgedPayload}.${s}`));
    await page.getByTestId('page-auth-error').waitFor();
    await page.goto(`${portal.standardUrl}/auth/${userId}/${encodeURIComponent('/servicehome')}`);
    await page.getByTestId('page-auth-error').waitFor();
    expect((await storedAuth(page))?.isLoggedIn ?? false).toBe(false);
  });

  it('ends an SSO session when the user navigates away from the page the CRM opened (rule 7)', async () => {
    const page = await suite.open();
    const { portal } = suite;
    const { userId, assertion } = await handOff('station1');
    await page.goto(authLink(userId, '/servicehome', assertion));
    await page.getByTestId('page-servicehome').waitFor();
    await page.goto(`${portal.standardUrl}/about`);
    await page.getByTestId('login-form').waitFor();
    expect((await storedAuth(page))?.isLoggedIn ?? false).toBe(false);
  });

  it('sends an anonymous user of a crm__ route through the CRM authorize page and back', async () => {
    const page = await suite.open();
    const { portal } = suite;
    await page.goto(`${portal.standardUrl}/rootapp/crm__newmapassign`);
    await waitForPath(page, '/crm/authorize');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect_url') ?? '')).toContain('/rootapp/crm__newmapassign');
    await page.locator('input[name=username]').fill('station1');
    await page.locator('input[name=password]').fill('Demo@2026');
    await page.locator('button[type=submit]').click();
    await waitForPath(page, '/rootapp/crm__newmapassign');
    await page.getByText('陈志强').first().waitFor();
    expect(pathOf(page)).toBe('/rootapp/crm__newmapassign');
  });
});
