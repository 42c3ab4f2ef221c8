import type { Page } from 'playwright-core';
import { EntityFormPage } from './entity-form-page.ts';
import { DocumentLines, headerAction, searchInLookup } from './parts-pages.ts';
import { openTab } from './app-shell.ts';

/** /siteReturn/edit (create) and /siteReturn/edit/{id}: a station's parts return and its commands. */
export class SiteReturnPage extends EntityFormPage {
  readonly lines: DocumentLines;
  constructor(page: Page) {
    super(page);
    this.lines = new DocumentLines(page);
  }

  idFromUrl(): string {
    return this.idAfter('/siteReturn/edit');
  }
  async waitForDocument() {
    await this.waitFor('new_srv_sitereturn');
    await this.page.getByTestId('th-state').waitFor();
  }
  async number(): Promise<string> {
    return (await this.page.getByTestId('th-header').getAttribute('data-number')) ?? '';
  }
  /** Waits for the document state (returnState value). */
  async waitForState(state: number) {
    await this.page.locator(`[data-testid="th-state"][data-state="${state}"]`).waitFor();
  }
  async openLines() {
    await openTab(this.page.getByTestId('th-tab-lines'));
  }

  /** The header of a new return: receiving warehouse (by name), return type (label), reason and deliver address. */
  async fillHeader(o: { warehouse: string; type: string; reason: string; address: string }) {
    await this.field('new_towarehouse_id').click();
    await searchInLookup(this.page, o.warehouse);
    await this.choose('new_returntype', o.type);
    await this.fill('new_returnreason', o.reason);
    await this.fill('new_deliveraddress', o.address);
  }

  /** 发货 (the station), confirmed. */
  async deliver() {
    await headerAction(this.page, 'th-deliver');
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
  }

  /** 收货 (the receiving warehouse) of everything still to receive (the dialog starts at the remainders). */
  async receiveAll() {
    await headerAction(this.page, 'th-receive');
    await this.page.getByTestId('th-receive-qty').first().waitFor();
    await this.page.getByTestId('th-receive-ok').click();
    await this.page.getByTestId('th-receive-lines').waitFor({ state: 'detached' });
  }
}
