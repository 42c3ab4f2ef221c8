import type { Page } from 'playwright-core';
import { openTab } from './app-shell.ts';
import { headerAction } from './parts-pages.ts';

/**
 * A store's purchase order (/purchaseOrder/create/{businessunit}, /purchaseOrder/view/{id}): the
 * create screen's supplier or its refusal, the lines with the store-list dialog, the state and the
 * confirmed commands (提交, 接受).
 */
export class PurchaseOrderPage {
  constructor(readonly page: Page) {}

  /** The create screen's answer for its route's unit: the dealer's name, or the refusal shown instead of the form. */
  async supplierOrRefusal(): Promise<{ supplier?: string; refusal?: string }> {
    const supplier = this.page.getByTestId('po-supplier');
    const refusal = this.page.getByTestId('po-supplier-refused');
    await supplier.or(refusal).first().waitFor();
    if (await refusal.isVisible()) return { refusal: (await refusal.innerText()).trim() };
    return { supplier: (await supplier.innerText()).trim() };
  }

  /** Saves the new order; resolves with its id once its page shows it as a draft. */
  async create(): Promise<string> {
    await this.page.getByTestId('po-create-save').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/purchaseOrder/view/'));
    await this.waitForState(1);
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').at(-1) ?? '');
  }

  async waitForState(state: number) {
    await this.page.locator(`[data-testid="po-state"][data-state="${state}"]`).waitFor();
  }

  /**
   * Adds a line: the product (by its part number) from the store's list and a quantity. Resolves with
   * the dealer's price the dialog showed for it, once the lines table counts the line.
   */
  async addLine(partNo: string, qty: number): Promise<string> {
    await openTab(this.page.getByTestId('po-tab-lines'));
    const table = this.page.locator('[data-testid="doc-lines"][data-count]');
    await table.waitFor();
    const before = Number(await table.getAttribute('data-count'));
    await this.page.getByTestId('doc-line-add').click();
    const dialog = this.page.getByTestId('po-line-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('po-line-product').click();
    // The list is long (and virtual): search it by the part number, as a person would.
    await this.page.keyboard.type(partNo);
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: partNo }).first().click();
    const price = (await dialog.getByTestId('po-line-price').getAttribute('data-price')) ?? '';
    const hook = dialog.getByTestId('field-new_qty');
    await ((await hook.evaluate((e) => e.tagName === 'INPUT')) ? hook : hook.locator('input')).fill(String(qty));
    await this.page.getByTestId('po-line-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.page.locator(`[data-testid="doc-lines"][data-count="${before + 1}"]`).waitFor();
    return price;
  }

  /** The texts of the first line's cells (part number, name, quantity, price, amount …). */
  async firstLineCells(): Promise<string[]> {
    return (await this.page.getByTestId('doc-line-row').first().locator('td').allInnerTexts()).map((t) => t.trim());
  }

  /** A command asked with a confirmation (提交, 接受); waits for the state it leads to. */
  async confirmed(command: string, state: number) {
    await headerAction(this.page, `po-${command}`);
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await this.waitForState(state);
  }
}
