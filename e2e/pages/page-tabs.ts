import type { Page } from 'playwright-core';

/** The shell's page-tab bar (页签), the shown screen's panel and the breadcrumb. */
export class PageTabsBar {
  constructor(readonly page: Page) {}

  bar() {
    return this.page.getByTestId('page-tabs');
  }

  tab(key: string) {
    return this.bar().locator(`[data-testid="page-tab"][data-key="${key}"]`);
  }

  /** The screen shown now (other tabs' screens stay mounted, hidden). */
  shown() {
    return this.page.locator('[data-testid="page-panel"]:visible');
  }

  /** The tabs' keys (pathnames), in order, once `count` are open when given. */
  async keys(count?: number): Promise<string[]> {
    const tabs = this.bar().getByTestId('page-tab');
    if (count !== undefined)
      await this.bar()
        .locator(`[data-testid="page-tab"] >> nth=${count - 1}`)
        .waitFor();
    return tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? ''));
  }

  async waitForKeys(keys: string[]) {
    await this.page.waitForFunction(
      (want) =>
        JSON.stringify(
          Array.from(document.querySelectorAll('[data-testid="page-tabs"] [data-testid="page-tab"]')).map((e) =>
            e.getAttribute('data-key'),
          ),
        ) === want,
      JSON.stringify(keys),
    );
  }

  async activeKey(): Promise<string | null> {
    return this.bar().locator('[data-testid="page-tab"][data-active]').getAttribute('data-key');
  }

  /** Clicks a tab and waits for its screen to be the one shown. */
  async switchTo(key: string) {
    await this.tab(key).click();
    await this.page.waitForURL((u) => u.pathname === key);
    await this.page.locator(`[data-testid="page-panel"][data-screen-key="${key}"]`).waitFor({ state: 'visible' });
  }

  async title(key: string): Promise<string> {
    return (await this.tab(key).innerText()).trim();
  }

  /** Whether the tab shows the unsaved-changes dot now. */
  async dirty(key: string): Promise<boolean> {
    return (await this.tab(key).getByTestId('page-tab-dirty').count()) > 0;
  }

  async waitForDirty(key: string) {
    await this.tab(key).getByTestId('page-tab-dirty').waitFor();
  }

  /** The tab's × button. */
  async close(key: string) {
    await this.bar().locator(`[data-node-key="${key}"]`).getByTestId('page-tab-close').click();
  }

  /** An entry of the menu at the bar's end (acts on the active tab). */
  async fromMenu(action: 'close' | 'closeOthers' | 'closeRight' | 'closeAll') {
    await this.page.getByTestId('page-tabs-actions').click();
    await this.page.locator(`[data-testid="page-tabs-${action}"]:visible`).click();
  }

  /** An entry of the context menu of a tab (right click). */
  async fromContextMenu(key: string, action: 'close' | 'closeOthers' | 'closeRight' | 'closeAll') {
    await this.tab(key).click({ button: 'right' });
    await this.page.locator(`[data-testid="page-tabs-${action}"]:visible`).click();
  }

  /** The unsaved-changes question; answers it (leave or stay) and returns its text. */
  async answerDiscard(leave: boolean): Promise<string> {
    const dialog = this.page.locator('.ant-modal-confirm');
    await dialog.waitFor({ state: 'visible' });
    const text = (await dialog.innerText()).replace(/\s+/g, ' ').trim();
    await dialog.locator(leave ? '.ant-btn-primary' : '.ant-btn:not(.ant-btn-primary)').click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** Scrolls the page (the document scrolls in the shell) as far as it goes up to `y`; returns where it got. */
  async scrollTo(y: number): Promise<number> {
    return this.page.evaluate(async (to) => {
      const el = document.scrollingElement ?? document.documentElement;
      el.scrollTop = to;
      // The scroll event (which the shell records per tab) comes with the next frame.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return el.scrollTop;
    }, y);
  }

  async scrollTop(): Promise<number> {
    return this.page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollTop);
  }

  async breadcrumb(): Promise<string[]> {
    return (await this.page.getByTestId('page-breadcrumb').getByTestId('crumb').allInnerTexts()).map((t) => t.trim());
  }
}
