import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { DocumentLines, headerAction } from './parts-pages.ts';
import { openTab } from './app-shell.ts';

/**
 * /partsReturn/create and /partsReturn/edit/{id}: an old-parts return, its lines picked from the
 * owed old parts, and the logistics commands of each side. Looked up in the shown tab's panel.
 */
export class PartsReturnPage extends EntityFormPage {
  readonly lines: DocumentLines;
  constructor(page: Page) {
    super(page);
    this.lines = new DocumentLines(page, visiblePanel(page));
  }

  override scope() {
    return visiblePanel(this.page);
  }

  idFromUrl(): string {
    return this.idAfter('/partsReturn/edit');
  }

  async open(base: string, id: string) {
    await this.page.goto(`${base}/partsReturn/edit/${encodeURIComponent(id)}`);
    await this.waitForReturn();
  }
  async waitForReturn() {
    await this.waitFor('new_srv_partsreturn');
    await this.scope().getByTestId('pr-state').waitFor();
  }
  async number(): Promise<string> {
    return (await this.scope().getByTestId('pr-header').getAttribute('data-number')) ?? '';
  }
  async waitForState(state: number) {
    await this.scope().locator(`[data-testid="pr-state"][data-state="${state}"]`).waitFor();
  }
  /** The state as the tag says it (待提交, 已发货 …). */
  async stateLabel(): Promise<string> {
    return (await this.scope().getByTestId('pr-state').innerText()).trim();
  }

  /** Fills a new return's contact and saves it; lands on the saved return's screen. */
  async create(o: { contact: string; phone: string }) {
    await this.waitFor('new_srv_partsreturn');
    await this.fill('new_contact', o.contact);
    await this.fill('new_phone', o.phone);
    await this.save();
    await this.page.waitForURL((u) => /^\/partsReturn\/edit\/[^/]+$/.test(u.pathname));
    await this.waitForReturn();
  }

  async openLines() {
    await openTab(this.scope().getByTestId('pr-tab-lines'));
    await this.lines.count();
  }

  /** 选取待返旧件: picks the first `n` owed rows with their whole count and one cost centre; resolves with their work order numbers. */
  async pickOwed(n: number, costCenter: string): Promise<string[]> {
    const before = await this.lines.count();
    await this.scope().getByTestId('pr-pick').click();
    const dialog = this.page.getByTestId('pr-pick-dialog');
    await dialog.waitFor();
    const rows = dialog.getByTestId('pr-owed-row');
    await rows.first().waitFor();
    const orders: string[] = [];
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      await row.locator('.ant-checkbox-input').check();
      orders.push((await row.locator('td').nth(1).innerText()).trim());
    }
    await dialog.getByTestId('pr-pick-costcenter').fill(costCenter);
    await this.page.getByTestId('pr-pick-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.lines.waitForCount(before + n);
    return orders;
  }

  /** 发货 with the logistics and freight; waits for 已发货. */
  async deliver(o: { corp: string; tracking: string; freight: number }) {
    await headerAction(this.page, 'pr-deliver');
    const dialog = this.page.getByTestId('pr-deliver-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('pr-deliver-corp').fill(o.corp);
    await dialog.getByTestId('pr-deliver-tracking').fill(o.tracking);
    await dialog.getByTestId('pr-deliver-freight').fill(String(o.freight));
    await this.page.getByTestId('pr-deliver-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.waitForState(2);
  }

  /** 签收 everything not yet received (the dialog's prefilled counts); waits for 已签收. */
  async receiveAll() {
    await headerAction(this.page, 'pr-receive');
    const dialog = this.page.getByTestId('pr-receive-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('pr-receive-qty').first().waitFor();
    await this.page.getByTestId('pr-receive-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.waitForState(4);
  }

  /** 确认 and its question answered OK; waits for 已确认. */
  async confirmReturn() {
    await headerAction(this.page, 'pr-confirm');
    const ask = this.page.locator('.ant-modal-confirm');
    await ask.waitFor();
    await ask.locator('.ant-btn-primary').click();
    await ask.waitFor({ state: 'hidden' });
    await this.waitForState(5);
  }

  async openPrint() {
    await headerAction(this.page, 'pr-print');
    await this.page.waitForURL((u) => u.pathname.startsWith('/partsReturn/print/'));
    await new ReturnListPrintPage(this.page).waitForForm();
  }
}

/** /partsReturn/print/{id}: the service-provider old-parts return list and its PDF. */
export class ReturnListPrintPage {
  constructor(readonly page: Page) {}

  async waitForForm() {
    await this.page.getByTestId('pr-print-form').waitFor();
    await this.page.locator('[data-testid="pr-print-lines"][data-count]').waitFor();
  }
  async text(testId: string): Promise<string> {
    return (await this.page.getByTestId(testId).innerText()).trim();
  }
  /** The printed lines, cell texts per row. */
  async lines(): Promise<string[][]> {
    return this.page
      .getByTestId('pr-print-line')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
  }
  /** Clicks Download PDF; resolves with the suggested file name and the bytes. */
  async downloadPdf(): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('pr-print-pdf').click();
    const file = await download;
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  }
}
