import { openTab } from './app-shell.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { headerAction, searchInLookup } from './parts-pages.ts';

/**
 * /quote/create and /quote/view/{id} (`quote-*` on the document page): a new quote, its lines
 * through the line dialog (`quote-line-dialog`), the commands asked with a confirmation (生效, 修订,
 * 赢单, 转销售订单), the state tag, the number and whether the form may still be changed.
 */
export class QuotePage extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  /** Fills and saves a new quote (its validity starts filled in); the page moves to its view. Answers its id. */
  async create(v: { subject: string; customer: string }): Promise<string> {
    await this.waitFor('quote');
    await this.fill('new_subject', v.subject);
    await this.field('new_customer_id').click();
    await searchInLookup(this.page, v.customer);
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith('/quote/view/'));
    await this.waitForState(1);
    return this.idAfter('/quote/view');
  }

  async waitForState(state: number) {
    await this.scope().locator(`[data-testid="quote-state"][data-state="${state}"]`).waitFor();
  }

  async number(): Promise<string> {
    const h = this.scope().locator('[data-testid="quote-header"][data-number]:not([data-number=""])');
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }

  /** Whether the loaded quote may still be changed (the document page's data-editable). */
  async editable(): Promise<boolean> {
    const form = this.scope().locator('[data-testid="quote-form"][data-editable]');
    await form.waitFor();
    return (await form.getAttribute('data-editable')) === 'true';
  }

  /** Adds a catalogue line (product searched by name, quantity, a discount field and value); done when the table counts it. */
  async addLine(product: string, quantity: number, discount?: { field: 'new_discountrate' | 'manualdiscountamount'; value: string }) {
    await openTab(this.scope().getByTestId('quote-tab-lines'));
    const table = this.scope().locator('[data-testid="doc-lines"][data-count]');
    await table.waitFor();
    const before = Number(await table.getAttribute('data-count'));
    await this.scope().getByTestId('doc-line-add').click();
    const dialog = this.page.getByTestId('quote-line-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('field-productid').click();
    await searchInLookup(this.page, product);
    const set = async (name: string, value: string) => {
      const el = dialog.getByTestId(`field-${name}`);
      await ((await el.evaluate((e) => e.tagName === 'INPUT')) ? el : el.locator('input').first()).fill(value);
    };
    await set('quantity', String(quantity));
    if (discount) await set(discount.field, discount.value);
    await this.page.getByTestId('quote-line-dialog-ok').click();
    await this.scope()
      .locator(`[data-testid="doc-lines"][data-count="${before + 1}"]`)
      .waitFor();
  }

  /** The lines' total amount as the table sums it (data-amount), once it shows `count` lines. */
  async linesAmount(count: number): Promise<number> {
    await openTab(this.scope().getByTestId('quote-tab-lines'));
    await this.scope().locator(`[data-testid="doc-lines"][data-count="${count}"]`).waitFor();
    const total = this.scope().getByTestId('doc-lines-total');
    await total.waitFor();
    return Number(await total.getAttribute('data-amount'));
  }

  /** A command asked with a confirmation; done when the confirmation has closed. */
  async confirmed(command: 'activate' | 'revise' | 'win' | 'convert') {
    await headerAction(this.page, `quote-${command}`);
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await this.page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
  }
}
