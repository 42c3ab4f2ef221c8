import type { Page } from 'playwright-core';
import { openTab } from './app-shell.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { headerAction, searchInLookup } from './parts-pages.ts';

const KINDS = {
  in: { entity: 'new_stockin', prefix: 'rk', path: '/stockinorder', type: 'new_intype' },
  out: { entity: 'new_stockout', prefix: 'ck', path: '/stockoutorder', type: 'new_outtype' },
} as const;

/**
 * /stockinorder/create, /stockinorder/view/{id} and the stock-out's: a dealer's or store's stock
 * document on the generic document page, its lines (own dialog `<prefix>-line-dialog`) and 确认.
 */
export class StockDocumentPage extends EntityFormPage {
  private readonly k: (typeof KINDS)['in' | 'out'];
  constructor(page: Page, kind: 'in' | 'out') {
    super(page);
    this.k = KINDS[kind];
  }

  override scope() {
    return visiblePanel(this.page);
  }

  async openNew(base: string) {
    await this.page.goto(`${base}${this.k.path}/create`);
    await this.waitFor(this.k.entity);
  }

  /** The header of a new document: warehouse (by code) and type (label); saved, the page moves to its view. */
  async create(o: { warehouse: string; type: string }): Promise<string> {
    await this.field('new_warehouse_id').click();
    await searchInLookup(this.page, o.warehouse);
    await this.choose(this.k.type, o.type);
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith(`${this.k.path}/view/`));
    await this.waitForState(1);
    return this.idAfter(`${this.k.path}/view`);
  }

  async number(): Promise<string> {
    return (await this.scope().getByTestId(`${this.k.prefix}-header`).getAttribute('data-number')) ?? '';
  }

  /** Waits for the document's state (stockMoveState: 1 草稿, 2 已确认). */
  async waitForState(state: number) {
    await this.waitFor(this.k.entity);
    await this.scope().locator(`[data-testid="${this.k.prefix}-state"][data-state="${state}"]`).waitFor();
  }

  /** Adds a line: a product by its number and a quantity; done when the lines table counts it. */
  async addLine(productNo: string, qty: number) {
    await openTab(this.scope().getByTestId(`${this.k.prefix}-tab-lines`));
    const table = this.scope().locator('[data-testid="doc-lines"][data-count]');
    await table.waitFor();
    const before = Number(await table.getAttribute('data-count'));
    await this.scope().getByTestId('doc-line-add').click();
    const dialog = this.page.getByTestId(`${this.k.prefix}-line-dialog`);
    await dialog.waitFor();
    await dialog.getByTestId('field-new_product_id').click();
    await searchInLookup(this.page, productNo);
    const qtyInput = dialog.getByTestId('field-new_qty');
    await ((await qtyInput.evaluate((e) => e.tagName === 'INPUT')) ? qtyInput : qtyInput.locator('input')).fill(String(qty));
    await this.page.getByTestId(`${this.k.prefix}-line-dialog-ok`).click();
    await dialog.waitFor({ state: 'hidden' });
    await this.scope()
      .locator(`[data-testid="doc-lines"][data-count="${before + 1}"]`)
      .waitFor();
  }

  /**
   * 确认, confirmed in its dialog: resolves with the refusal shown on the page (nothing posted), or
   * null once the document is confirmed (read-only).
   */
  async confirm(): Promise<string | null> {
    await headerAction(this.page, `${this.k.prefix}-confirm`);
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    const refusal = this.scope().getByTestId(`${this.k.prefix}-refusal`);
    const done = this.scope().locator(`[data-testid="${this.k.prefix}-state"][data-state="2"]`);
    await refusal.or(done).first().waitFor();
    if (await done.isVisible()) return null;
    return (await refusal.innerText()).trim();
  }

  async readOnly(): Promise<boolean> {
    await this.scope().getByTestId(`${this.k.prefix}-readonly`).waitFor();
    return (await this.scope().getByTestId(`${this.k.prefix}-confirm`).count()) === 0;
  }
}
