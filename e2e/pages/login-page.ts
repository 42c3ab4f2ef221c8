import type { Page } from 'playwright-core';
import type { RunningPortal } from '../support/portal-server.ts';

const DEMO_PASSWORD = 'Demo@2026';

/** The sign-in form, wherever it is shown (/login, /login1, and inline on the standard home). */
export class LoginPage {
  constructor(
    readonly page: Page,
    readonly portal: RunningPortal,
  ) {}

  form() {
    return this.page.getByTestId('login-form');
  }

  async waitForForm() {
    await this.form().waitFor({ state: 'visible' });
  }

  /** Reads the captcha the page shows, through the test-mode read-back, as a person reads the picture. */
  async captchaAnswer(imgTestId: string): Promise<string> {
    const img = this.page.getByTestId(imgTestId);
    await img.waitFor({ state: 'visible' });
    const id = await img.getAttribute('data-captcha-id');
    if (!id) throw new Error(`${imgTestId} has no data-captcha-id`);
    const r = await this.portal.api<{ Data: string }>(`/api/dev/captcha/${id}`);
    return r.Data;
  }

  async signInWithPassword(username: string, password = DEMO_PASSWORD) {
    await this.waitForForm();
    const tab = this.page.getByTestId('login-tab-password');
    if (await tab.count()) await tab.click();
    await this.page.getByTestId('login-username').fill(username);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-captcha').fill(await this.captchaAnswer('login-captcha-img'));
    await this.page.getByTestId('login-submit').click();
  }

  async signInWithSms(mobile: string) {
    await this.waitForForm();
    await this.page.getByTestId('login-tab-sms').click();
    await this.page.getByTestId('sms-mobile').fill(mobile);
    await this.page.getByTestId('sms-captcha').fill(await this.captchaAnswer('sms-captcha-img'));
    await this.page.getByTestId('sms-send').click();
    const code = await this.lastSmsCode(mobile);
    await this.page.getByTestId('sms-code').fill(code);
    await this.page.getByTestId('sms-submit').click();
  }

  /** The code the phone received (test-mode outbox read-back), waiting for it to arrive. */
  async lastSmsCode(mobile: string): Promise<string> {
    for (let i = 0; i < 40; i++) {
      const r = await fetch(`${this.portal.storeUrl}/api/dev/sms?mobilephone=${mobile}`);
      if (r.ok) return ((await r.json()) as { Data: string }).Data;
      await this.page.waitForTimeout(250);
    }
    throw new Error(`no SMS arrived for ${mobile}`);
  }

  /** Why the last session ended, on the sign-in card (an antd Alert, not a toast). */
  reason() {
    return this.page.getByTestId('login-reason');
  }

  /** Every visible element (inline alerts and toasts) showing `text`: a message said once counts 1. */
  async timesShown(text: string): Promise<number> {
    const inline = this.page.locator('.ant-alert', { hasText: text });
    const toasts = this.page.locator('.ant-message-notice', { hasText: text });
    const visible = async (l: ReturnType<Page['locator']>) =>
      (await Promise.all((await l.all()).map((x) => x.isVisible()))).filter(Boolean).length;
    return (await visible(inline)) + (await visible(toasts));
  }

  async errorText(): Promise<string> {
    const el = this.page.getByTestId('login-error');
    await el.waitFor({ state: 'visible' });
    return (await el.innerText()).trim();
  }
}
