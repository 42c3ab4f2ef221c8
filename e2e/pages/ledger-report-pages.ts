import type { Page } from 'playwright-core';
import { sideMenu } from './app-shell.ts';

/** 库存报表 (/inventoryStatement/list) and 流水 (/amountFlow/list), opened from the side menu. */
export class LedgerReportPages {
  constructor(readonly page: Page) {}

  /** Opens a menu item (opening its group first) and waits until the report has loaded. */
  async openFromMenu(key: 'inventoryStatement' | 'lineFlow') {
    const menu = await sideMenu(this.page);
    const item = menu.getByTestId(`nav-${key}`);
    if (!(await item.isVisible())) await menu.locator('.ant-menu-submenu-title', { hasText: '库存' }).first().click();
    await item.click();
    const root = key === 'inventoryStatement' ? 'inventory-statement' : 'quota-flow';
    await this.page.locator(`[data-testid="${root}"][data-loading="false"]`).waitFor();
  }

  /** The screen's heading and the side menu's highlighted item. */
  async titleAndHighlight(): Promise<[string, string]> {
    const title = (await this.page.locator('.page-header h2:visible').first().innerText()).trim();
    const selected = (await this.page.locator('.portal-nav-menu .ant-menu-item-selected').first().innerText()).trim();
    return [title, selected];
  }

  /** The statement's rows as [code, opening, in, out, closing]. */
  statementRows(): Promise<number[][]> {
    return this.page
      .locator('[data-testid="is-row"]')
      .evaluateAll((rows) =>
        rows.map((r) => ['opening', 'in', 'out', 'closing'].map((c) => Number(r.querySelector(`[data-col="${c}"]`)?.textContent ?? NaN))),
      );
  }

  /** The flow's lines: kind and the balance text. */
  flowLines(): Promise<{ kind: string; balance: string }[]> {
    return this.page
      .locator('[data-testid="qf-row"]')
      .evaluateAll((rows) =>
        rows.map((r) => ({ kind: r.getAttribute('data-kind') ?? '', balance: r.querySelector('[data-col="balance"]')?.textContent ?? '' })),
      );
  }
}
