import type { Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';

/** /menu/menulist: the function grid (a full page of its own, no tabs). */
export class MenuGridPage {
  constructor(readonly page: Page) {}

  async open(base: string) {
    await this.page.goto(`${base}/menu/menulist`);
    await this.page.getByTestId('menu-grid').waitFor();
  }

  /** Types into the search box and waits until the shown count follows. */
  async search(text: string) {
    const before = await this.page.getByTestId('menu-grid-count').textContent();
    await this.page.getByTestId('menu-grid-search').locator('input').fill(text);
    await this.page.waitForFunction((b) => document.querySelector('[data-testid="menu-grid-count"]')?.textContent !== b, before);
  }

  /** Keys of the tiles shown, in order. */
  async tileKeys(): Promise<string[]> {
    const ids = await this.page
      .locator('[data-testid^="menu-tile-"][data-active]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.slice('menu-tile-'.length));
  }

  async openTile(key: string) {
    await this.page.getByTestId(`menu-tile-${key}`).click();
  }
}

export type CheckStatus = 'ok' | 'warn' | 'fail';

/** /test/test: the administrator's self-check, in the shown tab. */
export class SelfCheckPage {
  constructor(readonly page: Page) {}

  private panel() {
    return visiblePanel(this.page);
  }

  /** Waits for the checks and answers each one's status by key. */
  async statuses(): Promise<Record<string, CheckStatus>> {
    const rows = this.panel().locator('[data-testid^="selfcheck-row-"]');
    await rows.nth(4).waitFor();
    const pairs = await rows.evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-testid')!.slice('selfcheck-row-'.length), e.getAttribute('data-status')]),
    );
    return Object.fromEntries(pairs) as Record<string, CheckStatus>;
  }

  async facts(key: string): Promise<string> {
    return (await this.panel().getByTestId(`selfcheck-row-${key}`).textContent()) ?? '';
  }
}
