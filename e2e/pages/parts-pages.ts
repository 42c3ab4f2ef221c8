import type { Locator, Page } from 'playwright-core';
import { EntityFormPage } from './entity-form-page.ts';
import { openTab } from './app-shell.ts';

/** Searches the open lookup dialog for `text`, picks the row showing it and confirms. */
export async function searchInLookup(page: Page, text: string): Promise<string> {
  const dialog = page.getByTestId('lookup-dialog');
  await dialog.waitFor();
  // Enter queries (a sort tooltip of the table may cover the query button under the mouse).
  await dialog.getByTestId('lookup-search').fill(text);
  await dialog.getByTestId('lookup-search').press('Enter');
  const row = dialog.getByTestId('lookup-row').filter({ hasText: text }).first();
  await row.waitFor();
  // Only the matching rows are left once the search has answered.
  await dialog
    .locator('[data-testid="lookup-row"]')
    .filter({ hasNotText: text })
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const picked = (await row.innerText()).replace(/\s+/g, ' ').trim();
  await row.click();
  await dialog.getByTestId('lookup-ok').click();
  await dialog.waitFor({ state: 'hidden' });
  return picked;
}

/**
 * Clicks a header action, whether shown as a button or folded into the header's 更多 menu — once
 * either is drawn (the actions come with the document's state, after the page's fields). Only
 * visible ones count: a page left behind (revise opens the new revision) may keep a hidden header.
 */
export async function headerAction(page: Page, testId: string) {
  const button = page.locator(`[data-testid="${testId}"]:visible`);
  const more = page.locator('.detail-header-extra button:visible').filter({ hasText: '更多' });
  await button.or(more).first().waitFor();
  if (await button.count()) return button.first().click();
  await more.first().click();
  await button.first().click();
}

/** A document's submit action: the flow dialog, each step's pre-chosen approver (returned in step order), OK. */
export async function submitThroughFlow(page: Page, submitTestId: string): Promise<string[]> {
  await headerAction(page, submitTestId);
  await page.getByTestId('flow-submit-dialog').waitFor();
  await page.getByTestId('flow-step').first().waitFor();
  const approvers = (await page.getByTestId('flow-step-approver').allInnerTexts()).map((t) => t.trim());
  await page.getByTestId('flow-submit-ok').click();
  await page.getByTestId('flow-submit-dialog').waitFor({ state: 'hidden' });
  return approvers;
}

/**
 * The lines table shared by applications, transfers, deliveries and sales; `scope` narrows it to a
 * screen (the shown tab's panel) when another tab holds lines too. Its dialog is on the page.
 */
export class DocumentLines {
  constructor(
    readonly page: Page,
    readonly scope: Page | Locator = page,
  ) {}

  table() {
    return this.scope.getByTestId('doc-lines');
  }
  /** The table has loaded (it says how many lines). */
  async count(): Promise<number> {
    await this.scope.locator('[data-testid="doc-lines"][data-count]').waitFor();
    return Number(await this.table().getAttribute('data-count'));
  }
  async waitForCount(n: number) {
    await this.scope.locator(`[data-testid="doc-lines"][data-count="${n}"]`).waitFor();
  }
  row(text: string): Locator {
    return this.scope.getByTestId('doc-line-row').filter({ hasText: text }).first();
  }

  /** Adds a line (a part by its number, a quantity); resolves with the dialog's refusal if any. */
  async add(partNo: string, qty: number): Promise<string | null> {
    const before = await this.count();
    await this.scope.getByTestId('doc-line-add').click();
    const dialog = this.page.getByTestId('doc-line-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('doc-line-part').click();
    await searchInLookup(this.page, partNo);
    await dialog.getByTestId('doc-line-qty').fill(String(qty));
    await this.page.getByTestId('doc-line-dialog-ok').click();
    // A refusal shows above the fields, or at the field it names (a repeated part: at the part).
    const refusal = this.page.getByTestId('doc-line-dialog-error').or(dialog.locator('.ant-form-item-explain-error')).first();
    const outcome = await Promise.race([
      dialog.waitFor({ state: 'hidden' }).then(() => null),
      refusal.waitFor().then(async () => (await refusal.innerText()).trim()),
    ]);
    if (outcome === null) await this.waitForCount(before + 1);
    else {
      await this.page.getByTestId('doc-line-dialog-cancel').click();
      await dialog.waitFor({ state: 'hidden' });
    }
    return outcome;
  }

  async remove(text: string) {
    const before = await this.count();
    await this.row(text).getByTestId('doc-line-delete').click();
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await this.waitForCount(before - 1);
  }
}

/** /partsApply/create and /partsApply/edit/{id}. */
export class PartsApplicationPage extends EntityFormPage {
  readonly lines: DocumentLines;
  constructor(page: Page) {
    super(page);
    this.lines = new DocumentLines(page);
  }

  idFromUrl(): string {
    return this.idAfter('/partsApply/edit');
  }
  async waitForDocument() {
    await this.waitFor('new_srv_partsapply');
    await this.page.getByTestId('pa-status').waitFor();
  }
  async number(): Promise<string> {
    return (await this.page.getByTestId('pa-header').getAttribute('data-number')) ?? '';
  }
  async waitForApproval(status: number) {
    await this.page.locator(`[data-testid="pa-status"][data-status="${status}"]`).waitFor();
  }
  async openLines() {
    await openTab(this.page.getByTestId('pa-tab-lines'));
  }

  /** The header of a new application: type, supplying warehouse (by name), recipient and phone. */
  async fillHeader(o: { type: string; warehouse: string; recipient: string; phone: string }) {
    await this.choose('new_type', o.type);
    await this.field('new_warehouse_id').click();
    await searchInLookup(this.page, o.warehouse);
    await this.fill('new_recipient', o.recipient);
    await this.fill('new_phonenumber', o.phone);
  }

  /** Submits through the first flow with each step's first approver; returns them. */
  submitForApproval(): Promise<string[]> {
    return submitThroughFlow(this.page, 'pa-submit');
  }
}

/** /partsDispatch/create, /partsDispatch/edit/{id}: a delivery and its steps. */
export class DeliveryPage extends EntityFormPage {
  readonly lines: DocumentLines;
  constructor(page: Page) {
    super(page);
    this.lines = new DocumentLines(page);
  }

  idFromUrl(): string {
    return this.idAfter('/partsDispatch/edit');
  }

  /** A delivery of applications (by number) from a central warehouse (by name); lands on its screen. */
  async createFromApplications(warehouse: string, applications: string[]) {
    await this.page.getByTestId('pd-create').waitFor();
    const outType = this.page.getByTestId('pd-create-outtype');
    if (!(await outType.innerText()).includes('配件申请')) {
      await outType.click();
      await this.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: /^配件申请$/ })
        .click();
    }
    await this.page.getByTestId('pd-create-warehouse').click();
    await searchInLookup(this.page, warehouse);
    const picker = this.page.getByTestId('pd-create-applications');
    await this.page.locator('[data-testid="pd-create-applications"]:not([aria-disabled])').waitFor();
    for (const no of applications) {
      await picker.click();
      await searchInLookup(this.page, no);
    }
    await this.page.getByTestId('pd-create-submit').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/partsDispatch/edit/'));
    await this.waitForDelivery();
  }

  async waitForDelivery() {
    await this.waitFor('new_stockoutorder');
    await this.page.getByTestId('pd-state').waitFor();
  }
  async number(): Promise<string> {
    return (await this.page.getByTestId('pd-header').getAttribute('data-number')) ?? '';
  }
  async state(): Promise<number> {
    return Number(await this.page.getByTestId('pd-state').getAttribute('data-state'));
  }
  async waitForState(state: number) {
    await this.page.locator(`[data-testid="pd-state"][data-state="${state}"]`).waitFor();
  }
  async openLines() {
    await openTab(this.page.getByTestId('pd-tab-lines'));
  }
  /** Whether the user is offered a step. */
  async offers(step: string): Promise<boolean> {
    await this.page.getByTestId('pd-state').waitFor();
    return (await this.page.getByTestId(`pd-${step}`).count()) > 0;
  }

  /** Runs one step through its dialog (ship: with the logistics), and waits for the next state. */
  async step(step: 'submit' | 'pick' | 'pack' | 'out' | 'ship', logistics?: { corp: string; tracking: string }) {
    const from = await this.state();
    await headerAction(this.page, `pd-${step}`);
    const dialog = this.page.getByTestId('pd-step-dialog');
    await dialog.waitFor();
    if (logistics) {
      await this.page.getByTestId('pd-ship-corp').fill(logistics.corp);
      await this.page.getByTestId('pd-ship-tracking').fill(logistics.tracking);
    }
    await this.page.getByTestId('pd-step-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.waitForState(from + 1);
  }
}

/** /partsSign/edit/{id}: the receipt of a delivery. */
export class ReceiptPage {
  constructor(readonly page: Page) {}

  async waitFor() {
    await this.page.locator('[data-testid="ps-lines"][data-count]').waitFor();
  }
  async receiptState(): Promise<number> {
    return Number(await this.page.getByTestId('ps-receipt').getAttribute('data-receiptstate'));
  }

  /** Enters this time's quantity of the line showing `text`. */
  async quantity(text: string, qty: number) {
    await this.page
      .getByTestId('ps-line-row')
      .filter({ hasText: text })
      .getByTestId('ps-line-qty')
      .locator('input')
      .or(this.page.getByTestId('ps-line-row').filter({ hasText: text }).locator('input[data-testid="ps-line-qty"]'))
      .first()
      .fill(String(qty));
  }

  /** Confirms the receipt and waits for the screen to reload with the new receipt state. */
  async confirm(expectedState: number) {
    await this.page.getByTestId('ps-confirm').click();
    await this.page.locator(`[data-testid="ps-receipt"][data-receiptstate="${expectedState}"]`).waitFor();
  }
}
