import type { Page } from 'playwright-core';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { DocumentLines, headerAction } from './parts-pages.ts';
import { openTab } from './app-shell.ts';

/**
 * /newOrder/edit (create) and /newOrder/edit/{id}: a station's parts sale to an end customer, its
 * lines and 确认销售. Looked up in the shown tab's panel (the list stays mounted in its own tab).
 */
export class SalesOrderPage extends EntityFormPage {
  readonly lines: DocumentLines;
  constructor(page: Page) {
    super(page);
    this.lines = new DocumentLines(page, visiblePanel(page));
  }

  override scope() {
    return visiblePanel(this.page);
  }

  idFromUrl(): string {
    return this.idAfter('/newOrder/edit');
  }

  /** A saved sale is shown: its state tag and its fields (editable or read-only). */
  async waitForOrder() {
    await this.waitFor('new_order');
    await this.scope().getByTestId('xs-state').waitFor();
  }
  async number(): Promise<string> {
    return (await this.scope().getByTestId('xs-header').getAttribute('data-number')) ?? '';
  }
  async waitForState(state: number) {
    await this.scope().locator(`[data-testid="xs-state"][data-state="${state}"]`).waitFor();
    await this.waitFor('new_order');
  }
  /** The state as the tag says it (待提交, 已销售). */
  async stateLabel(): Promise<string> {
    return (await this.scope().getByTestId('xs-state').innerText()).trim();
  }

  /** Fills a new sale's header and saves it; lands on the saved sale's screen. */
  async create(o: { customer: string; phone: string; address: string }) {
    await this.waitFor('new_order');
    await this.fill('new_customername', o.customer);
    await this.fill('new_phone', o.phone);
    await this.fill('new_address', o.address);
    await this.save();
    await this.page.waitForURL((u) => /^\/newOrder\/edit\/[^/]+$/.test(u.pathname));
    await this.waitForOrder();
  }

  async openLines() {
    await openTab(this.scope().getByTestId('xs-tab-lines'));
    await this.lines.count();
  }

  async openDetails() {
    await this.scope().getByTestId('form-tab-details').click();
  }

  /** Whether 确认销售 is offered now. */
  async offersConfirm(): Promise<boolean> {
    await this.scope().getByTestId('xs-state').waitFor();
    return (await this.scope().getByTestId('xs-confirm').count()) > 0;
  }

  /**
   * 确认销售 and its question answered OK; resolves with the refusal shown in place (the sale stays
   * to be submitted), or null once the sale is sold.
   */
  async confirmSale(): Promise<string | null> {
    await headerAction(this.page, 'xs-confirm');
    const ask = this.page.locator('.ant-modal-confirm');
    await ask.waitFor();
    await ask.locator('.ant-btn-primary').click();
    await ask.waitFor({ state: 'hidden' });
    const refusal = this.scope().getByTestId('xs-refusal');
    const sold = this.waitForState(2).then(() => null);
    const refused = refusal.waitFor().then(async () => (await refusal.innerText()).trim());
    // The outcome that does not come times out later: observed here, not an unhandled rejection.
    for (const p of [sold, refused]) p.catch(() => undefined);
    return Promise.race([sold, refused]);
  }
}
