import type { Locator, Page } from 'playwright-core';

/**
 * A document's approval controls (status tag, submit, revoke, progress) and the two dialogs; the
 * hooks are `<prefix>-status` and so on (ApprovalDocumentPage's testIdPrefix; 奖惩单: claimfine),
 * looked up in `scope` (the shown tab's panel, when another tab holds such a document too).
 */
export class ApprovalControls {
  constructor(readonly page: Page, readonly prefix = 'claimfine', readonly scope: Page | Locator = page) {}

  async status(): Promise<string> {
    const tag = this.scope.getByTestId(`${this.prefix}-status`);
    await tag.waitFor();
    return (await tag.getAttribute('data-status')) ?? '';
  }

  async waitForStatus(status: number) {
    await this.scope.locator(`[data-testid="${this.prefix}-status"][data-status="${status}"]`).waitFor();
  }

  /** Opens the flow submit dialog; the first flow and each step's first candidate are chosen. */
  async openSubmit() {
    await this.scope.getByTestId(`${this.prefix}-submit`).click();
    await this.page.getByTestId('flow-submit-dialog').waitFor();
    await this.page.getByTestId('flow-step').first().waitFor();
  }

  /** The approver currently chosen for each step, in step order. */
  async chosenApprovers(): Promise<string[]> {
    return (await this.page.getByTestId('flow-step-approver').allInnerTexts()).map((t) => t.trim());
  }

  async chooseApprover(stepIndex: number, name: string) {
    await this.page.getByTestId('flow-step-approver').nth(stepIndex).click();
    await this.page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`).last().click();
  }

  async confirmSubmit() {
    await this.page.getByTestId('flow-submit-ok').click();
    await this.page.getByTestId('flow-submit-dialog').waitFor({ state: 'hidden' });
  }

  async openProgress() {
    await this.scope.getByTestId(`${this.prefix}-progress`).click();
    await this.page.getByTestId('approval-progress-dialog').waitFor();
  }
}

/** /myapproval/list and /myapproval/edit. */
export class MyApprovals {
  constructor(readonly page: Page) {}

  async count(): Promise<number> {
    const badge = this.page.getByTestId('myapproval-count');
    await badge.waitFor({ state: 'attached' });
    return Number(await badge.getAttribute('data-count'));
  }

  /** Waits until the header's waiting-approval count reaches `n` (it loads after the shell, with the other counters). */
  async waitForCount(n: number): Promise<number> {
    await this.page.waitForFunction((min) => Number(document.querySelector('[data-testid="myapproval-count"]')?.getAttribute('data-count') ?? 0) >= min, n);
    return this.count();
  }

  async open(base: string, documentName: string) {
    await this.page.goto(`${base}/myapproval/list`);
    await this.page.getByTestId('myapproval-list').waitFor();
    await this.page.getByTestId('myapproval-row').filter({ hasText: documentName }).first().click();
    await this.page.getByTestId('myapproval-edit').waitFor();
  }

  async act(action: 'approve' | 'reject' | 'veto', memo: string) {
    await this.page.getByTestId('myapproval-memo').fill(memo);
    await this.page.getByTestId(`myapproval-${action}`).click();
    const confirm = this.page.locator('.ant-modal-confirm .ant-btn-primary');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await this.page.getByTestId('myapproval-list').waitFor();
  }
}
