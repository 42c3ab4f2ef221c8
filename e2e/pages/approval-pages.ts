import type { Locator, Page } from 'playwright-core';

/**
 * A document's approval controls (status tag, submit, revoke, progress) and the two dialogs; the
 * hooks are `<prefix>-status` and so on (the document page's testIdPrefix; 奖惩单: claimfine),
 * looked up in `scope` (the shown tab's panel, when another tab holds such a document too).
 */
export class ApprovalControls {
  constructor(
    readonly page: Page,
    readonly prefix = 'claimfine',
    readonly scope: Page | Locator = page,
  ) {}

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
    await this.page
      .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`)
      .last()
      .click();
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
    await this.page.waitForFunction(
      (min) => Number(document.querySelector('[data-testid="myapproval-count"]')?.getAttribute('data-count') ?? 0) >= min,
      n,
    );
    return this.count();
  }

  async open(base: string, documentName: string) {
    await this.page.goto(`${base}/myapproval/list`);
    await this.page.getByTestId('myapproval-list').waitFor();
    await this.page.getByTestId('myapproval-row').filter({ hasText: documentName }).first().click();
    await this.page.getByTestId('myapproval-edit').waitFor();
  }

  /** Approves with `memo`; rejects or vetoes with `memo` as the reason, confirmed in the dialog that asks for it. */
  async act(action: 'approve' | 'reject' | 'veto', memo: string) {
    await this.page.getByTestId('myapproval-memo').fill(memo);
    await this.page.getByTestId(`myapproval-${action}`).click();
    if (action !== 'approve') {
      await this.page.locator(`[data-testid="myapproval-decision"][data-action="${action}"]`).waitFor();
      await this.page.getByTestId('myapproval-reason').fill(memo);
      await this.page.getByTestId('myapproval-decision-ok').click();
    }
    await this.page.getByTestId('myapproval-list').waitFor();
  }

  /** Opens the reject or veto dialog with nothing typed and confirms: the refusal shown at the reason. */
  async decideWithoutReason(action: 'reject' | 'veto'): Promise<string> {
    await this.page.getByTestId(`myapproval-${action}`).click();
    const dialog = this.page.locator(`[data-testid="myapproval-decision"][data-action="${action}"]`);
    await dialog.waitFor();
    await this.page.getByTestId('myapproval-decision-ok').click();
    const error = this.page.locator('.ant-modal .ant-form-item-explain-error');
    await error.waitFor();
    return (await error.innerText()).trim();
  }

  /** The dialog's question (确定驳回 …？). */
  async decisionText(): Promise<string> {
    return (await this.page.getByTestId('myapproval-decision').locator('p').innerText()).trim();
  }

  async cancelDecision() {
    await this.page.locator('.ant-modal-footer .ant-btn').first().click();
    await this.page.getByTestId('myapproval-decision').waitFor({ state: 'hidden' });
  }

  /** The summary's amount: its label (处罚金额 / 奖励金额 / 金额) and value. */
  async amount(): Promise<{ label: string; value: string }> {
    const value = this.page.getByTestId('myapproval-amount');
    await value.waitFor();
    const item = this.page.locator('.ant-descriptions-item', { has: value });
    return { label: (await item.locator('.ant-descriptions-item-label').innerText()).trim(), value: (await value.innerText()).trim() };
  }

  /** The number of read-only lines shown on the approval screen (once loaded). */
  async lineCount(): Promise<number> {
    const lines = this.page.locator('[data-testid="myapproval-lines"] [data-testid="doc-lines"][data-count]');
    await lines.waitFor();
    return Number(await lines.getAttribute('data-count'));
  }

  /** 查看单据, then the document's own 返回: answers the URL each landed on. */
  async openDocumentAndBack(): Promise<{ document: string; back: string }> {
    await this.page.getByTestId('myapproval-open-document').click();
    await this.page.waitForURL((u) => !u.pathname.startsWith('/myapproval/'));
    const document = new URL(this.page.url()).pathname;
    // The approval stays open in its own page tab (hidden once the document shows): take the
    // 返回 of the document's own panel, not whichever was visible at the moment of looking.
    await this.page.locator(`[data-testid="page-panel"][data-screen-key="${document}"] [data-testid="form-back"]`).click();
    await this.page.waitForURL((u) => u.pathname === '/myapproval/edit');
    await this.page.getByTestId('myapproval-summary').waitFor();
    const u = new URL(this.page.url());
    return { document, back: `${u.pathname}${u.search}` };
  }
}
