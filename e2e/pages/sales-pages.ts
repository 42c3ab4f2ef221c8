import type { Page } from 'playwright-core';
import { openTab } from './app-shell.ts';
import { headerAction } from './parts-pages.ts';

/** /order/{id}/{name}/{time}/complete: the "order placed" page. */
export class OrderCompletePage {
  constructor(readonly page: Page) {}

  /** Waits for the page and the order's state (read after the path's number and time are shown). */
  async waitFor() {
    await this.page.getByTestId('order-complete').waitFor();
    await this.page.getByTestId('order-complete-state').waitFor();
  }
  async subtitle(): Promise<string> {
    return (await this.page.getByTestId('order-complete-sub').innerText()).trim();
  }
  async state(): Promise<number> {
    return Number(await this.page.getByTestId('order-complete-state').getAttribute('data-state'));
  }
  /** The checkout's orders, once their list has come (it holds at least this order; all arrive in one answer). */
  async orders(): Promise<string[]> {
    await this.page.getByTestId('settle-order').first().waitFor();
    return (await this.page.getByTestId('settle-order').allInnerTexts()).map((t) => t.trim());
  }
}

/** A list screen with its views as tabs (订单、发货单): the tab's count, and choosing it. */
export class TabbedList {
  constructor(readonly page: Page) {}

  /** Waits until the tab `view` shows its count, and answers it. */
  async count(view: string): Promise<number> {
    const tab = this.page.locator(`[data-testid="list-tab-${view}"]:not([data-count=""])`);
    await tab.waitFor();
    return Number(await tab.getAttribute('data-count'));
  }
  async choose(view: string) {
    await this.page.getByTestId(`list-tab-${view}`).click();
    await this.page.locator(`.ant-radio-button-wrapper-checked [data-testid="list-tab-${view}"]`).waitFor();
  }
  async waitForRow(text: string) {
    await this.page.getByTestId('list-row').filter({ hasText: text }).first().waitFor();
  }
}

/**
 * A sales document on the generic document page (order `order`, shipment `shipment`, reissue
 * `reissue`): its state tag, commands (confirmed, or their dialog with a quantity per line).
 */
export class SalesDocument {
  constructor(
    readonly page: Page,
    readonly prefix: 'order' | 'shipment' | 'reissue',
  ) {}

  async waitForState(state: number, attr: 'state' | 'status' = 'state') {
    await this.page.locator(`[data-testid="${this.prefix}-${attr}"][data-${attr}="${state}"]`).waitFor();
  }
  async number(): Promise<string> {
    const h = this.page.getByTestId(`${this.prefix}-header`);
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }
  idFromUrl(): string {
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').filter(Boolean).at(-1) ?? '');
  }

  /** A command asked with a confirmation (生成发货单, 审核, 申请补发). */
  async confirmed(command: string) {
    await headerAction(this.page, `${this.prefix}-${command}`);
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await this.page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
  }

  /** A command with a dialog: its inputs by field, and the quantity per line (in line order) where given. */
  async withDialog(command: string, inputs: Record<string, string>, quantities?: number[]) {
    const dialog = `${this.prefix}-${command}-dialog`;
    await headerAction(this.page, `${this.prefix}-${command}`);
    await this.page.getByTestId(dialog).waitFor();
    for (const [field, value] of Object.entries(inputs)) {
      // The hook may sit on the input or on a wrapper (a date picker).
      const hook = this.page.getByTestId(dialog).getByTestId(`field-${field}`);
      const input = (await hook.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA'))
        ? hook
        : hook.locator('input, textarea').first();
      await input.fill(value);
      // A date picker takes the typed day on Enter.
      if (field.endsWith('date')) await input.press('Enter');
    }
    if (quantities) {
      const boxes = this.page.getByTestId(`${dialog}-qty`);
      await boxes.first().waitFor();
      for (const [i, q] of quantities.entries()) {
        const hook = boxes.nth(i);
        const box = (await hook.evaluate((e) => e.tagName === 'INPUT')) ? hook : hook.locator('input').first();
        await box.fill(String(q));
      }
    }
    await this.page.getByTestId(`${dialog}-ok`).click();
    await this.page.getByTestId(dialog).waitFor({ state: 'detached' });
  }

  async openLines() {
    await openTab(this.page.getByTestId(`${this.prefix}-tab-lines`));
  }
}
