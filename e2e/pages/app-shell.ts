import type { Page } from 'playwright-core';

/** The signed-in shell: header, user menu, language switch, side navigation. */
export class AppShell {
  constructor(readonly page: Page) {}

  header() {
    return this.page.getByTestId('app-header');
  }

  async greeting(): Promise<string> {
    const el = this.page.getByTestId('home-greeting');
    await el.waitFor({ state: 'visible' });
    return (await el.innerText()).trim();
  }

  async openUserMenu() {
    await this.page.getByTestId('user-menu').click();
  }

  /** Logout with the 确认注销？ confirmation; returns the confirmation text shown. */
  async logout(): Promise<string> {
    await this.openUserMenu();
    await this.page.getByTestId('menu-logout').click();
    const dialog = this.page.locator('.ant-modal-confirm');
    await dialog.waitFor({ state: 'visible' });
    const text = (await dialog.innerText()).trim();
    await dialog.locator('.ant-btn-primary').click();
    return text;
  }

  async switchLanguage(code: 'zh-CN' | 'en-US') {
    const option = this.page.getByTestId(`lang-option-${code}`);
    // A click that lands while the header re-renders (the language list arriving after sign-in) can
    // leave the menu shut (seen once in a full run): ask again until it shows, a bounded few times.
    for (let i = 0; i < 3 && !(await option.isVisible()); i++) {
      await this.page.getByTestId('lang-switch').click();
      await option.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    }
    await option.click();
  }

  /** The texts of toasts currently shown. */
  async toasts(): Promise<string[]> {
    const notices = this.page.locator('.ant-message-notice');
    await notices.first().waitFor({ state: 'visible' });
    return (await notices.allInnerTexts()).map((t) => t.trim());
  }
}
