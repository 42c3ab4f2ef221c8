import type { Page } from 'playwright-core';
import { EntityFormPage } from './entity-form-page.ts';
import { headerAction, submitThroughFlow } from './parts-pages.ts';

/**
 * Order to cash's screens (issue 27) on the generic document page: a receipt (回款单, `receipt`)
 * recorded, its bank slip attached and submitted; an invoice (发票, `invoice`) and its payment state.
 */
export class ReceiptPage extends EntityFormPage {
  constructor(page: Page) {
    super(page);
  }

  /** /receivables/create: date, method, amount and bank serial, saved; answers the new receipt's id (the page moves to its view). */
  async record(v: { date: string; method: string; amount: string; serial: string }): Promise<string> {
    await this.waitFor('new_receipt');
    await this.date('new_paydate', v.date);
    await this.choose('new_method', v.method);
    await this.fill('new_amount', v.amount);
    await this.fill('new_serialno', v.serial);
    await this.save();
    await this.page.waitForURL(/\/receivables\/view\/[^/]+$/);
    await this.waitFor('new_receipt');
    return this.idAfter('/receivables/view');
  }

  /** Its number (HK…), from the document title. */
  async number(): Promise<string> {
    const h = this.page.getByTestId('receipt-header');
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }

  /** Attaches the bank slip (an image) on the attachments tab and waits for it in the list. */
  async attachSlip(name: string, bytes: Buffer) {
    await this.openAttachments();
    await this.page.getByTestId('attachment-upload').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
    await this.page.locator(`[data-testid="attachment-row"][data-filename="${name}"]`).waitFor();
  }

  async submit() {
    await submitThroughFlow(this.page, 'receipt-submit');
  }

  /** Waits for the approval status (审批状态). */
  async waitForStatus(status: number) {
    await this.page.locator(`[data-testid="receipt-status"][data-status="${status}"]`).waitFor();
  }

  async refusal(): Promise<string> {
    const el = this.page.getByTestId('receipt-refusal');
    await el.waitFor();
    return (await el.innerText()).trim();
  }

  async run(command: string) {
    await headerAction(this.page, `receipt-${command}`);
  }
}

/** /invoice/view/:id: the payment state tag (未付款/部分付款/已付款/已作废). */
export class InvoicePage {
  constructor(readonly page: Page) {}

  async waitForState(state: number) {
    await this.page.locator(`[data-testid="invoice-state"][data-state="${state}"]`).waitFor();
  }
}
