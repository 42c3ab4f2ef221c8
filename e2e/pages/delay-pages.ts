import type { Page } from 'playwright-core';
import { ApprovalControls } from './approval-pages.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { headerAction, searchInLookup, submitThroughFlow } from './parts-pages.ts';

/**
 * A document of the approval engine on its own screen (the generic document page): the form, the
 * approval status and 提交审批 (`<prefix>-…` hooks), looked up in the shown tab's panel.
 */
export class ApprovalDocumentScreen extends EntityFormPage {
  readonly approval: ApprovalControls;
  constructor(
    page: Page,
    readonly entity: string,
    readonly prefix: string,
    readonly detailPath: string,
  ) {
    super(page);
    this.approval = new ApprovalControls(page, prefix, visiblePanel(page));
  }

  override scope() {
    return visiblePanel(this.page);
  }

  idFromUrl(): string {
    return this.idAfter(this.detailPath);
  }

  async open(base: string, id: string) {
    await this.page.goto(`${base}${this.detailPath}/${encodeURIComponent(id)}`);
    await this.waitForDocument();
  }

  /** A saved document is shown with its approval status. */
  async waitForDocument() {
    await this.waitFor(this.entity);
    await this.approval.status();
  }

  /** Saves a new document; lands on its detail screen. */
  async saveNew() {
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith(`${this.detailPath}/`));
    await this.waitForDocument();
  }

  /** Submits through the first flow with each step's pre-chosen approver; returns them; under review after. */
  async submit(): Promise<string[]> {
    const approvers = await submitThroughFlow(this.page, `${this.prefix}-submit`);
    await this.approval.waitForStatus(2);
    return approvers;
  }
}

/** /delayproduct/create and /delayproduct/detail/{id}: a warranty extension request. */
export class WarrantyExtensionPage extends ApprovalDocumentScreen {
  constructor(page: Page) {
    super(page, 'new_srv_delayproduct', 'delayproduct', '/delayproduct/detail');
  }

  /**
   * Fills a new request for the machine of a work order (by its number: serial, product and
   * customer come from it) and saves it.
   */
  async create(o: { station?: string; workOrder: string; serial: string; currentEnd: string; newEnd: string; reason: string }) {
    await this.waitFor(this.entity);
    // A station user's own station is preset and locked; others pick one.
    if (o.station) {
      await this.field('new_station_id').click();
      await searchInLookup(this.page, o.station);
    }
    await this.field('new_workorder_id').click();
    await searchInLookup(this.page, o.workOrder);
    // The work order's machine fills in.
    await this.waitForValue('new_serialnumber', o.serial);
    await this.date('new_currentenddate', o.currentEnd);
    await this.date('new_newenddate', o.newEnd);
    await this.fill('new_reason', o.reason);
    await this.saveNew();
  }

  /** 申请取消延保: opens a new cancellation of this extension. */
  async requestCancellation() {
    await headerAction(this.page, 'delayproduct-request-cancel');
    await this.page.waitForURL((u) => u.pathname === '/delaycancle/create');
  }

  async offersCancellation(): Promise<boolean> {
    await this.approval.status();
    return (await this.scope().getByTestId('delayproduct-request-cancel').count()) > 0;
  }
}

/** /delaycancle/create and /delaycancle/detail/{id}: a cancellation of a warranty extension. */
export class ExtensionCancellationPage extends ApprovalDocumentScreen {
  constructor(page: Page) {
    super(page, 'new_srv_delaycancel', 'delaycancel', '/delaycancle/detail');
  }
}
