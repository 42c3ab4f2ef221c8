import { openTab } from './app-shell.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { searchInLookup, submitThroughFlow } from './parts-pages.ts';

/**
 * Sales contracts (销售合同, issue 29) on their document page (`sc-*`): made from a lead (its source
 * shown, the customer prefilled), lines through `sc-line-dialog`, payment plans on the 回款计划 tab
 * through `sc-plan-dialog`, submitted through the flow dialog.
 */
export class SalesContractPage extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  /** /salescontract/create/:leadid — the source named above the form, the lead's customer shown; saved, the page moves to its view. Answers its id. */
  async createFromLead(customer: string): Promise<string> {
    await this.scope().getByTestId('sc-source').waitFor();
    await this.waitFor('new_salescontract');
    await this.lookupShows('new_customer_id', customer);
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith('/salescontract/view/'));
    await this.waitFor('new_salescontract');
    return this.idAfter('/salescontract/view');
  }

  async number(): Promise<string> {
    const h = this.scope().locator('[data-testid="sc-header"][data-number]:not([data-number=""])');
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }

  async waitForStatus(status: number) {
    await this.scope().locator(`[data-testid="sc-status"][data-status="${status}"]`).waitFor();
  }

  /** Fills a line or plan dialog's fields by name (a day as YYYY-MM-DD into its picker; a lookup by searching its text). */
  private async fillDialog(testId: string, values: Record<string, string>, lookups: Record<string, string> = {}) {
    const dialog = this.page.getByTestId(testId);
    await dialog.waitFor();
    for (const [name, text] of Object.entries(lookups)) {
      await dialog.getByTestId(`field-${name}`).click();
      await searchInLookup(this.page, text);
    }
    for (const [name, value] of Object.entries(values)) {
      const el = dialog.getByTestId(`field-${name}`);
      const input = (await el.evaluate((e) => e.tagName === 'INPUT')) ? el : el.locator('input').first();
      await input.click();
      await input.fill(value);
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) await input.press('Enter');
    }
    await this.page.getByTestId(`${testId}-ok`).click();
  }

  /** Adds a line (a product by its number, quantity, price); done when the lines table counts it. */
  async addLine(productNo: string, qty: number, price: string) {
    await openTab(this.scope().getByTestId('sc-tab-lines'));
    const table = this.scope().locator('[data-testid="doc-lines"][data-count]');
    await table.waitFor();
    const before = Number(await table.getAttribute('data-count'));
    await this.scope().getByTestId('doc-line-add').click();
    await this.fillDialog('sc-line-dialog', { new_qty: String(qty), new_price: price }, { new_product_id: productNo });
    await this.scope()
      .locator(`[data-testid="doc-lines"][data-count="${before + 1}"]`)
      .waitFor();
  }

  private plans() {
    return this.scope().getByTestId('sc-plans');
  }

  async openPlans() {
    await openTab(this.scope().getByTestId('sc-tab-plans'));
    await this.plans().locator('[data-testid="doc-lines"][data-count]').waitFor();
  }

  /** Adds a plan: null once the plans table counts it, else the refusal shown in the dialog (closed again, nothing added). */
  async addPlan(period: number, due: string, amount: string): Promise<string | null> {
    await this.openPlans();
    const before = Number(await this.plans().getByTestId('doc-lines').getAttribute('data-count'));
    await this.plans().getByTestId('doc-line-add').click();
    await this.fillDialog('sc-plan-dialog', { new_period: String(period), new_duedate: due, new_amount: amount });
    const dialog = this.page.getByTestId('sc-plan-dialog');
    const error = dialog.getByTestId('field-error-new_amount').or(this.page.getByTestId('sc-plan-dialog-error'));
    const added = this.plans().locator(`[data-testid="doc-lines"][data-count="${before + 1}"]`);
    await error.or(added).first().waitFor();
    if (await added.isVisible()) return null;
    const text = (await error.first().innerText()).trim();
    await this.page.getByTestId('sc-plan-dialog-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** The plans' Σ against the contract amount, as the tab shows them once they agree. */
  async waitForPlansComplete(amount: string) {
    await this.scope().locator(`[data-testid="sc-plans"][data-planned="${amount}"][data-amount="${amount}"]`).waitFor();
  }

  async submit() {
    await submitThroughFlow(this.page, 'sc-submit');
  }
}

/** /salescontract/planview/:id — one plan on the generic form: its state as of today (已逾期 past its due date). */
export class PaymentPlanPage extends EntityFormPage {
  async waitForState(text: string) {
    await this.waitFor('new_paymentplan');
    await this.scope()
      .getByTestId('field-new_state')
      .or(this.scope().getByTestId('view-new_state'))
      .filter({ hasText: text })
      .first()
      .waitFor();
  }
}
