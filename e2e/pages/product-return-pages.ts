import { productReturnState } from '@portal/model';
import type { Page } from 'playwright-core';
import { ApprovalControls } from './approval-pages.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { headerAction, searchInLookup, submitThroughFlow } from './parts-pages.ts';
import { openTab } from './app-shell.ts';

const ENTITY = 'new_srv_productreturn';

/**
 * /productReturn/create and /productReturn/edit/{id}/{type}: a product return on the approval
 * document screen, its 退机明细 tab and the collect/ship/receive actions; looked up in the shown tab's panel.
 */
export class ProductReturnPage extends EntityFormPage {
  readonly approval: ApprovalControls;
  constructor(page: Page) {
    super(page);
    this.approval = new ApprovalControls(page, 'pr', visiblePanel(page));
  }

  override scope() {
    return visiblePanel(this.page);
  }

  /** The saved return's id, once its path carries the type. */
  async idFromUrl(): Promise<string> {
    await this.page.waitForURL((u) => /^\/productReturn\/edit\/[^/]+\/[12]$/.test(u.pathname));
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/')[3]);
  }

  async open(base: string, id: string) {
    await this.page.goto(`${base}/productReturn/edit/${encodeURIComponent(id)}`);
    await this.waitForDocument();
  }

  async waitForDocument() {
    await this.waitFor(ENTITY);
    await this.approval.status();
  }

  /** Fills a new return of a work order (by number: station, serial, product, customer fill in) and saves it. */
  async create(o: { workOrder: string; serial: string; reason: string }): Promise<string> {
    await this.waitFor(ENTITY);
    await this.field('new_workorder_id').click();
    await searchInLookup(this.page, o.workOrder);
    await this.waitForValue('new_serialnumber', o.serial);
    await this.fill('new_reason', o.reason);
    await this.save();
    const id = await this.idFromUrl();
    await this.waitForDocument();
    return id;
  }

  /** Adds the machine's line (the product by name; item type 整机 and quantity 1 preset). */
  async addMachineLine(product: string) {
    await openTab(this.scope().getByTestId('pr-tab-lines'));
    await this.scope().locator('[data-testid="doc-lines"][data-count="0"]').waitFor();
    await this.scope().getByTestId('doc-line-add').click();
    const dialog = this.page.getByTestId('pr-line-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('field-new_product_id').click();
    await searchInLookup(this.page, product);
    await this.page.getByTestId('pr-line-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.scope().locator('[data-testid="doc-lines"][data-count="1"]').waitFor();
  }

  async submit(): Promise<string[]> {
    const approvers = await submitThroughFlow(this.page, 'pr-submit');
    await this.approval.waitForStatus(2);
    return approvers;
  }

  async state(): Promise<number> {
    return Number(await this.scope().getByTestId('pr-state').getAttribute('data-state'));
  }

  async offers(action: 'collect' | 'ship' | 'receive'): Promise<boolean> {
    await this.approval.status();
    return (await this.scope().getByTestId(`pr-${action}`).count()) > 0;
  }

  /** 确认拉回 on the preset day (today) with a note; done when the return shows 已拉回. */
  async collect(note: string) {
    await headerAction(this.page, 'pr-collect');
    const dialog = this.page.getByTestId('pr-collect-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('pr-collect-memo').fill(note);
    await this.page.getByTestId('pr-collect-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.scope().locator(`[data-testid="pr-state"][data-state="${productReturnState.collected}"]`).waitFor();
  }

  /** 发运 with logistics; done when the return shows 已发运. */
  async ship(corp: string, tracking: string) {
    await headerAction(this.page, 'pr-ship');
    const dialog = this.page.getByTestId('pr-ship-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('pr-ship-logisticsCorp').fill(corp);
    await dialog.getByTestId('pr-ship-trackingNo').fill(tracking);
    await this.page.getByTestId('pr-ship-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.scope().locator('[data-testid="pr-state"][data-state="3"]').waitFor();
  }
}
