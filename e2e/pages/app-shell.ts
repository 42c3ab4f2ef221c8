import type { Locator, Page } from 'playwright-core';

/**
 * The navigation menu once it is on the page: the desktop shell renders its side menu in the render
 * after a page load's first, so "is this item visible?" asked at once may see no menu at all.
 */
export async function sideMenu(page: Page) {
  const menu = page.locator('.portal-nav-menu:visible').first();
  await menu.waitFor();
  return menu;
}

/**
 * Clicks a tab's label (an element inside an antd tab) and waits until that tab is the selected one.
 * A click landing while the page re-renders its tabs can be lost: it is given again, at most three times.
 */
export async function openTab(label: Locator) {
  const tab = label.locator('xpath=ancestor::*[@role="tab"][1]');
  for (let attempt = 1; ; attempt++) {
    await label.click();
    try {
      await tab.and(label.page().locator('[aria-selected="true"]')).waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** The signed-in shell: header, user menu, language switch, side navigation. */
export class AppShell {
  constructor(readonly page: Page) {}

  header() {
    return this.page.getByTestId('app-header');
  }

  /** The side menu, once rendered (it comes in the render after a page load's first). */
  async sideMenu() {
    return sideMenu(this.page);
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

  /**
   * Switches the portal language and waits until the page says it (<html lang>). The menu's items
   * are built again when the language list arrives after sign-in: a click can meet an option that
   * was just replaced, or a menu that closed (seen in full runs). Each attempt opens the menu if it
   * is shut, clicks within a short bound and checks the outcome; a bounded few attempts.
   */
  async switchLanguage(code: 'zh-CN' | 'en-US') {
    const option = this.page.getByTestId(`lang-option-${code}`);
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await option.isVisible())) await this.page.getByTestId('lang-switch').click();
        await option.click({ timeout: 5_000 });
        await this.page.waitForFunction((c) => document.documentElement.lang === c, code, { timeout: 5_000 });
        return;
      } catch (err) {
        if (attempt >= 4) throw err;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  /** The texts of toasts currently shown. */
  async toasts(): Promise<string[]> {
    const notices = this.page.locator('.ant-message-notice');
    await notices.first().waitFor({ state: 'visible' });
    return (await notices.allInnerTexts()).map((t) => t.trim());
  }
}
