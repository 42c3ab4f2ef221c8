import type { Page } from 'playwright-core';

/** Where a signed-out visitor finds the screens open to everyone: the sign-in panel's links and the signed-out side menu. */
export class PublicEntries {
  constructor(readonly page: Page) {}

  /** The sign-in panel's link to an open screen (shopMall, quickOrder, menuGrid). */
  signInLink(key: 'shopMall' | 'quickOrder' | 'menuGrid') {
    return this.page.getByTestId(`login-public-${key}`);
  }

  /** The signed-out side menu's item for an open screen. */
  menuItem(key: 'shopMall' | 'quickOrder' | 'menuGrid') {
    return this.page.getByTestId(`nav-public-${key}`);
  }

  /** Opens the shop from the sign-in panel and waits for its catalogue. */
  async openShopFromSignIn() {
    await this.signInLink('shopMall').click();
    await this.page.getByTestId('product-catalogue').waitFor();
  }

  /** Opens quick order from the side menu and waits for its grid. */
  async openQuickOrderFromMenu() {
    await this.menuItem('quickOrder').click();
    await this.page.getByTestId('quick-code').first().waitFor();
  }

  /** Opens 全部功能 from the side menu and waits for its tiles. */
  async openAllFunctionsFromMenu() {
    await this.menuItem('menuGrid').click();
    await this.page.locator('[data-testid^="menu-tile-"]').first().waitFor();
  }
}
