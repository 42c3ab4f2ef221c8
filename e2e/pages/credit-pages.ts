import type { Page } from 'playwright-core';
import { EntityFormPage } from './entity-form-page.ts';
import { headerAction, submitThroughFlow } from './parts-pages.ts';

/**
 * A dealer's credit (issue 28): head-office finance's account form (/dealeraccount/edit/:id, the
 * credit limit) and the temporary credit document (/tempcredit, generic document page `tempcredit`).
 */
export class DealerAccountPage extends EntityFormPage {
  constructor(page: Page) {
    super(page);
  }

  /** /dealeraccount/edit/:id: types the credit limit and saves; done when the portal says it saved. */
  async setLimit(base: string, accountId: string, limit: string) {
    await this.page.goto(`${base}/dealeraccount/edit/${encodeURIComponent(accountId)}`);
    await this.waitFor('new_dealeraccount');
    // Focused first: the grouped amount shown turns into the plain one being edited, which `fill` then replaces.
    const hook = this.field('new_creditlimit');
    const input = (await hook.evaluate((e) => e.tagName === 'INPUT')) ? hook : hook.locator('input').first();
    await input.click();
    await input.fill(limit);
    await this.save();
    await this.page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).first().waitFor();
  }
}

export class TempCreditPage extends EntityFormPage {
  constructor(page: Page) {
    super(page);
  }

  /** /tempcredit/create: amount, period and reason, saved; answers the new application's id (the page moves to its view). */
  async apply(v: { amount: string; from: string; to: string; reason: string }): Promise<string> {
    await this.waitFor('new_tempcredit');
    await this.fill('new_amount', v.amount);
    await this.date('new_validfrom', v.from);
    await this.date('new_validto', v.to);
    await this.fill('new_reason', v.reason);
    await this.save();
    await this.page.waitForURL(/\/tempcredit\/view\/[^/]+$/);
    await this.waitFor('new_tempcredit');
    return this.idAfter('/tempcredit/view');
  }

  /** Its number (LS…), from the document title. */
  async number(): Promise<string> {
    const h = this.page.getByTestId('tempcredit-header');
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }

  async submit() {
    await submitThroughFlow(this.page, 'tempcredit-submit');
  }

  async waitForStatus(status: number) {
    await this.page.locator(`[data-testid="tempcredit-status"][data-status="${status}"]`).waitFor();
  }

  /** 提前终止 with its reason (the command's dialog, its question above the input). */
  async terminate(reason: string) {
    const dialog = 'tempcredit-terminate-dialog';
    await headerAction(this.page, 'tempcredit-terminate');
    await this.page.getByTestId(dialog).waitFor();
    const hook = this.page.getByTestId(dialog).getByTestId('field-new_terminatereason');
    const input = (await hook.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA'))
      ? hook
      : hook.locator('input, textarea').first();
    await input.fill(reason);
    await this.page.getByTestId(`${dialog}-ok`).click();
    await this.page.getByTestId(dialog).waitFor({ state: 'detached' });
  }
}
