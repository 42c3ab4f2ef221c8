import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openBrowser, type Browser } from '../support/browser.ts';
import type { RunningPortal } from '../support/portal-server.ts';
import { startTestPortal } from '../support/suite.ts';
import { waitForPath } from '../support/session.ts';

// A 1×1 png, the smallest real profile photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('my account', () => {
  it('shows about me, changes the profile photo and the password', async () => {
    const { page } = browser;
    const login = new LoginPage(page, portal);
    const shell = new AppShell(page);
    await page.goto(`${portal.standardUrl}/login`);
    await login.signInWithPassword('station1');
    await waitForPath(page, '/servicehome');

    await shell.openUserMenu();
    await page.getByTestId('menu-about').click();
    await waitForPath(page, '/about');
    const about = await page.getByTestId('page-about').innerText();
    expect(about).toContain('陈志强');
    expect(about).toContain('上海浦东华辰服务站');
    expect(about).toContain('服务站站长');

    await page.goto(`${portal.standardUrl}/profile/avatar`);
    await page.getByTestId('page-avatar').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('avatar-preview').waitFor();
    await page.getByTestId('avatar-save').click();
    await page.getByText('头像已更新').first().waitFor();

    await page.goto(`${portal.standardUrl}/resetpassword/view`);
    await page.getByTestId('pwd-submit').click();
    await page.getByText('请输入旧密码').first().waitFor();
    await page.getByTestId('pwd-old').fill('Demo@2026');
    await page.getByTestId('pwd-new').fill('Station2027');
    await page.getByTestId('pwd-confirm').fill('Station2027');
    await page.getByTestId('pwd-submit').click();
    // Every session ends with a password change: back to sign-in, then in with the new password.
    await login.waitForForm();
    await login.signInWithPassword('station1', 'Station2027');
    await waitForPath(page, '/servicehome');
    const src = await page.getByTestId('user-menu').locator('img').getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
  });
});
