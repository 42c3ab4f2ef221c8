import type { Page } from 'playwright-core';
import { openTab } from './app-shell.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { headerAction } from './parts-pages.ts';

/**
 * /lead/create and /lead/view/{id} (`lead-*` on the document page): a new lead, its 参与人 tab,
 * 认定 through the page's own dialog (the customer and contact chosen) and 取消资格 through the
 * declared inputs' dialog; the state tag and whether the form may still be changed.
 */
export class LeadPage extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  /** Fills and saves a new lead; the page moves to its view. Answers its id. */
  async create(v: { subject: string; source: string; fullname: string; mobile: string; company: string }): Promise<string> {
    await this.waitFor('lead');
    await this.fill('subject', v.subject);
    await this.choose('leadsourcecode', v.source);
    await this.fill('fullname', v.fullname);
    await this.fill('mobilephone', v.mobile);
    await this.fill('companyname', v.company);
    await this.save();
    await this.page.waitForURL((u) => u.pathname.startsWith('/lead/view/'));
    await this.waitForState(1);
    return this.idAfter('/lead/view');
  }

  async waitForState(state: number) {
    await this.scope().locator(`[data-testid="lead-state"][data-state="${state}"]`).waitFor();
  }

  /** Whether the loaded lead may still be changed (the document page's data-editable). */
  async editable(): Promise<boolean> {
    const form = this.scope().locator('[data-testid="lead-form"][data-editable]');
    await form.waitFor();
    return (await form.getAttribute('data-editable')) === 'true';
  }

  /** Whether a header command is offered (shown, or under 更多). */
  async offers(testId: string): Promise<boolean> {
    return (await this.scope().locator(`[data-testid="${testId}"]`).count()) > 0;
  }

  /** Adds a colleague as collaborator on the 参与人 tab; done when listed. */
  async addCollaborator(name: string) {
    await openTab(this.scope().getByTestId('lead-tab-collaborators'));
    await this.scope().getByTestId('lead-collaborator-select').click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
    await this.scope().getByTestId('lead-collaborator-add').click();
    await this.scope().locator(`[data-testid="lead-collaborator"][data-name="${name}"]`).waitFor();
  }

  /** 认定 with a new customer and contact (or the existing customer `customerId`); the opportunity made opens. Answers its id. */
  async qualify(choice: { customer: 'new' | string; contact: 'new' | 'none' | string }): Promise<string> {
    await headerAction(this.page, 'lead-qualify');
    const dialog = this.page.getByTestId('lead-qualify-dialog');
    await dialog.getByTestId(`qualify-customer-${choice.customer}`).click();
    await dialog.getByTestId(`qualify-contact-${choice.contact}`).click();
    await this.page.getByTestId('lead-qualify-dialog-ok').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/opportunity/edit/'));
    return this.idAfter('/opportunity/edit');
  }

  /** 取消资格 with its reason (an option's label) and a note; done when the lead shows 已取消资格. */
  async disqualify(reason: string, note: string) {
    await headerAction(this.page, 'lead-disqualify');
    const dialog = this.page.getByTestId('lead-disqualify-dialog');
    await dialog.getByTestId('field-new_disqualifyreason').click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: reason }).first().click();
    const memo = dialog.getByTestId('field-new_disqualifynote');
    await ((await memo.evaluate((e) => e.tagName === 'TEXTAREA')) ? memo : memo.locator('textarea').first()).fill(note);
    await this.page.getByTestId('lead-disqualify-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await this.waitForState(3);
  }
}

/** /opportunity/edit/{id}: the opportunity a qualify made, with its stage bar. */
export class OpportunityPage extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  /** The stage bar once the opportunity has loaded: its stage and state. */
  async stageBar(): Promise<{ stage: number; state: number }> {
    const bar = this.scope().locator('[data-testid="opportunity-stagebar"][data-stage]');
    await bar.waitFor();
    return { stage: Number(await bar.getAttribute('data-stage')), state: Number(await bar.getAttribute('data-state')) };
  }
}

/** /lead/joinview/{id}: a collaborator's read-only view, or the not-found screen for anyone else. */
export class LeadJoinScreen {
  constructor(readonly page: Page) {}

  /** 'shown' with the subject, or 'not found'. */
  async outcome(): Promise<{ shown: true; subject: string; fields: Record<string, string> } | { shown: false }> {
    const view = this.page.getByTestId('lead-join');
    const missing = this.page.getByTestId('lead-join-notfound');
    await view.or(missing).first().waitFor();
    if (await missing.isVisible()) return { shown: false };
    const fields = await this.page
      .locator('[data-testid^="lead-join-field-"]')
      .evaluateAll((els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-testid')!.slice(16), (e.textContent ?? '').trim()])));
    return { shown: true, subject: (await view.getAttribute('data-subject')) ?? '', fields };
  }

  /** Inputs of any kind: a read-only view has none. */
  inputs() {
    return this.page.getByTestId('lead-join').locator('input, textarea, .ant-select, .ant-picker');
  }
}
