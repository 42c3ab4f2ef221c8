import type { Page } from 'playwright-core';
import { openTab } from './app-shell.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { headerAction, submitThroughFlow } from './parts-pages.ts';

/** A 1×1 png standing in for a photo taken on site. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * What fund documents share on the document page (`activityapply-*`, `activityuse-*`): the
 * number, the approval status, cost lines through their dialog (`<prefix>-line-dialog`), photos on
 * the attachments tab, submit through the flow dialog.
 */
class FundDocumentPage extends EntityFormPage {
  constructor(
    page: Page,
    readonly prefix: 'activityapply' | 'activityuse',
    readonly entity: string,
    readonly path: string,
  ) {
    super(page);
  }

  override scope() {
    return visiblePanel(this.page);
  }

  async number(): Promise<string> {
    // Once the record has loaded (the title shows the number).
    const h = this.scope().locator(`[data-testid="${this.prefix}-header"][data-number]:not([data-number=""])`);
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }

  async waitForStatus(status: number) {
    await this.scope().locator(`[data-testid="${this.prefix}-status"][data-status="${status}"]`).waitFor();
  }

  /** Saves the new document; the page moves to its view. Answers its id. */
  protected async saveNew(): Promise<string> {
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith(`${this.path}/view/`));
    await this.waitFor(this.entity);
    return this.idAfter(`${this.path}/view`);
  }

  /**
   * Adds a cost line (its fields by name): null once the lines table counts it, else the refusal
   * shown at the amount in the dialog (which is then closed, nothing added).
   */
  async addLine(values: Record<string, string>): Promise<string | null> {
    await openTab(this.scope().getByTestId(`${this.prefix}-tab-lines`));
    const table = this.scope().locator('[data-testid="doc-lines"][data-count]');
    await table.waitFor();
    const before = Number(await table.getAttribute('data-count'));
    await this.scope().getByTestId('doc-line-add').click();
    const dialog = this.page.getByTestId(`${this.prefix}-line-dialog`);
    await dialog.waitFor();
    for (const [name, value] of Object.entries(values)) {
      const el = dialog.getByTestId(`field-${name}`);
      await ((await el.evaluate((e) => e.tagName === 'INPUT')) ? el : el.locator('input').first()).fill(value);
    }
    await this.page.getByTestId(`${this.prefix}-line-dialog-ok`).click();
    const error = dialog.getByTestId('field-error-new_amount');
    const added = this.scope().locator(`[data-testid="doc-lines"][data-count="${before + 1}"]`);
    await error.or(added).first().waitFor();
    if (await added.isVisible()) return null;
    const text = (await error.innerText()).trim();
    await this.page.getByTestId(`${this.prefix}-line-dialog-cancel`).click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** Attaches a photo on the attachments tab; done when it is listed. */
  async attachPhoto(name: string) {
    await this.openAttachments();
    await this.page.getByTestId('attachment-upload').setInputFiles({ name, mimeType: 'image/png', buffer: PHOTO });
    await this.page.locator(`[data-testid="attachment-row"][data-filename="${name}"]`).waitFor();
  }

  async submit() {
    await submitThroughFlow(this.page, `${this.prefix}-submit`);
  }

  /** A header button once the document's buttons are drawn (shown, or under 更多). */
  async command(testId: string) {
    const more = this.scope().locator('.detail-header-extra button').filter({ hasText: '更多' });
    await this.scope().getByTestId(testId).or(more).first().waitFor();
    await headerAction(this.page, testId);
  }

  /** Waits until the read-only form shows `text` in a field (it reloads after a command). */
  async waitForShown(name: string, text: string) {
    await this.scope().getByTestId(`view-${name}`).filter({ hasText: text }).waitFor();
  }
}

/** /activityapply/create and /activityapply/view/{id}: a dealer's activity, and head office's 核定金额. */
export class ActivityApplyPage extends FundDocumentPage {
  constructor(page: Page) {
    super(page, 'activityapply', 'new_activityapply', '/activityapply');
  }

  /** The header of a new activity, saved (answers its id). */
  async create(v: { theme: string; type: string; start: string; end: string; place: string; sales: string }): Promise<string> {
    await this.waitFor(this.entity);
    await this.fill('new_theme', v.theme);
    await this.choose('new_type', v.type);
    await this.date('new_startdate', v.start);
    await this.date('new_enddate', v.end);
    await this.fill('new_place', v.place);
    await this.fill('new_expectedsales', v.sales);
    return this.saveNew();
  }

  /** The current approver's 核定金额: its dialog, the amount, OK; done when the form shows it. */
  async cut(amount: string) {
    await this.command('activityapply-cut');
    const dialog = this.page.getByTestId('activityapply-cut-dialog');
    await dialog.waitFor();
    const el = dialog.getByTestId('field-new_approvedamount');
    await ((await el.evaluate((e) => e.tagName === 'INPUT')) ? el : el.locator('input').first()).fill(amount);
    await this.page.getByTestId('activityapply-cut-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/** /activityuse/create and /activityuse/view/{id}: a dealer's write-off claim. */
export class ActivityUsePage extends FundDocumentPage {
  constructor(page: Page) {
    super(page, 'activityuse', 'new_activityuse', '/activityuse');
  }

  /** A new claim for the activity the page was opened for (its 申请核销: the lookup starts there), saved. */
  async createForActivity(activityName: string): Promise<string> {
    await this.waitFor(this.entity);
    await this.lookupShows('new_activityapply_id', activityName);
    return this.saveNew();
  }

  /** What is left to claim on its application (the panel above the claim). */
  async available(): Promise<number> {
    const el = this.scope().getByTestId('activityuse-available');
    await el.waitFor();
    return Number(await el.getAttribute('data-available'));
  }
}
