import type { Page } from 'playwright-core';
import { ApprovalControls } from './approval-pages.ts';
import { visiblePanel } from './entity-form-page.ts';
import { headerAction, submitThroughFlow } from './parts-pages.ts';

/**
 * /basicData/stationchangeapply/create and /edit/{id}: a station's change application — each field's
 * current value beside the new one (rows `change-row-<station field>`, data-changed), the reason,
 * save and 提交审批 (`stationchangeapply-…` hooks), looked up in the shown tab's panel.
 */
export class StationChangeApplyPage {
  readonly approval: ApprovalControls;
  constructor(readonly page: Page) {
    this.approval = new ApprovalControls(page, 'stationchangeapply', visiblePanel(page));
  }

  scope() {
    return visiblePanel(this.page);
  }

  /** The comparison is shown (the station's current values loaded). */
  async waitFor() {
    await this.scope().getByTestId('station-change-table').waitFor();
  }

  /** 新建变更申请 on /basicData/stationapplylist; lands on the create screen with the current values. */
  async createFromList() {
    await this.scope().getByTestId('stationapply-new-change').click();
    await this.page.waitForURL((u) => u.pathname === '/basicData/stationchangeapply/create');
    await this.waitFor();
  }

  current(stationField: string) {
    return this.scope().getByTestId(`change-current-${stationField}`).innerText();
  }

  /** Types the new value of a station field (e.g. new_phone); done when its row shows it changed. */
  async propose(stationField: string, value: string) {
    await this.scope()
      .getByTestId(`field-new_new${stationField.slice(4)}`)
      .fill(value);
    await this.scope().locator(`[data-testid="change-row-${stationField}"][data-changed="true"]`).waitFor();
  }

  async reason(text: string) {
    await this.scope().getByTestId('field-new_reason').fill(text);
  }

  /** Saves a new application; lands on its edit screen as a draft. Returns its number. */
  async saveNew(): Promise<string> {
    await this.scope().getByTestId('form-save').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/basicData/stationchangeapply/edit/'));
    await this.approval.waitForStatus(1);
    return (await this.scope().locator('.detail-header-sub').innerText()).trim();
  }

  /** 提交审批 refused before any dialog: resolves once a toast with `message` is shown (no flow dialog opened). */
  async submitRefused(message: string): Promise<boolean> {
    await headerAction(this.page, 'stationchangeapply-submit');
    await this.page.locator('.ant-message-notice').filter({ hasText: message }).waitFor({ state: 'visible' });
    return !(await this.page.getByTestId('flow-submit-dialog').isVisible());
  }

  /** Saves, submits through the first flow with the pre-chosen approver; under review after. Returns the approvers. */
  async submit(): Promise<string[]> {
    const approvers = await submitThroughFlow(this.page, 'stationchangeapply-submit');
    await this.approval.waitForStatus(2);
    return approvers;
  }
}
