import { describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { AxePass, axeReport } from '../pages/axe-pass.ts';
import { OverflowPass, report } from '../pages/overflow.ts';
import { ServiceAccountsPage } from '../pages/service-account-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// Service accounts (issue 30): the administrator makes one for a system, copies its secret from the
// dialog that shows it once, and the system gets a token with it and calls the API.
const suite = portalSuite();

describe('service accounts', () => {
  it('admin creates a service account: the secret is shown once, its token reads the API, disabling refuses it', async () => {
    const page = await signedInPage(suite, 'admin', '/systemparameter/serviceaccount');
    const screen = new ServiceAccountsPage(page);
    await screen.waitFor();
    expect((await screen.list.rowTexts()).some((t) => t.includes('金蝶K3 ERP 接口'))).toBe(true);

    const made = await screen.create({ name: '上海浦东站 MES 对接', roles: ['服务站站长'], units: ['上海浦东华辰服务站'] });
    expect(made.clientId).toMatch(/^svc-[0-9a-f]{24}$/);
    expect(made.clientSecret).toMatch(/^[\w-]{43}$/);
    await screen.acknowledge();
    expect(await screen.shows(made.clientSecret)).toBe(false);
    await screen.list.rows().filter({ hasText: made.clientId }).first().waitFor();

    const base = suite.portal.standardUrl;
    const tokenAnswer = await fetch(`${base}/api/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: made.clientId, client_secret: made.clientSecret }),
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token, token_type } = (await tokenAnswer.json()) as { access_token: string; token_type: string };
    expect(token_type).toBe('Bearer');
    const call = () =>
      fetch(`${base}/api/data/v9.2/new_srv_workers?$select=new_name&$top=3`, { headers: { authorization: `Bearer ${access_token}` } });
    const list = await call();
    expect(list.status).toBe(200);
    expect(((await list.json()) as { value: unknown[] }).value.length).toBeGreaterThan(0);

    await screen.disable('上海浦东站 MES 对接');
    expect((await call()).status).toBe(401);

    // The screen and its dialog in English at 1280 px: no label cut, no serious accessibility fault
    // (the menu walks check every screen so; this one is checked here too, where it is made).
    await new AppShell(page).switchLanguage('en-US');
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screen.waitFor();
    const fit = new OverflowPass(page);
    const cut = await fit.overflows('/systemparameter/serviceaccount');
    const faults = await new AxePass(page).violations('/systemparameter/serviceaccount', 'content');
    await page.getByTestId('sa-new').click();
    await page.getByTestId('sa-form').waitFor();
    cut.push(...(await fit.overflows('service account dialog')));
    expect(cut, report(cut)).toEqual([]);
    expect(faults, axeReport(faults)).toEqual([]);
  });
});
