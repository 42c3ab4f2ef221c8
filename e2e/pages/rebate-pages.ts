import type { Page } from 'playwright-core';
import { openTab } from './app-shell.ts';
import { ApprovalDocumentScreen } from './delay-pages.ts';
import { EntityFormPage, visiblePanel } from './entity-form-page.ts';
import { EntityListPage } from './entity-list-page.ts';
import { headerAction, searchInLookup } from './parts-pages.ts';

/**
 * Special prices and rebates (issue 28) on their generic screens: a special price request
 * (/proprice, approval document `proprice`), a rebate policy (/rebatepolicy/view, its 计提返利
 * command asking the month), the rebate ledger (/rebatedetail/list) and a sales order's 返利抵扣.
 */

/** /proprice/create and /proprice/view/{id}. */
export class SpecialPricePage extends ApprovalDocumentScreen {
  constructor(page: Page) {
    super(page, 'new_proprice', 'proprice', '/proprice/view');
  }

  /** Fills a request (the product picked by name) and saves it; lands on its screen. */
  async create(o: { product: string; qty: string; price: string; from: string; to: string; reason: string }) {
    await this.waitFor(this.entity);
    await this.field('new_product_id').click();
    await searchInLookup(this.page, o.product);
    await this.fill('new_qty', o.qty);
    await this.fill('new_price', o.price);
    await this.date('new_validfrom', o.from);
    await this.date('new_validto', o.to);
    await this.fill('new_reason', o.reason);
    await this.saveNew();
  }

  /** Its number (TP…), from the document header. */
  async number(): Promise<string> {
    const h = this.scope().getByTestId('proprice-header');
    await h.waitFor();
    return (await h.getAttribute('data-number')) ?? '';
  }
}

/** /rebatepolicy/view/{id}: finance's monthly run (计提返利) with the month asked in its dialog. */
export class RebatePolicyPage extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  async open(base: string, id: string) {
    await this.page.goto(`${base}/rebatepolicy/view/${encodeURIComponent(id)}`);
    await this.waitFor('new_rebatepolicy');
  }

  /** Runs 计提返利 for the month of `day`; answers the toast the run shows (what it accrued, or that nothing was new). */
  async accrue(day: string): Promise<string> {
    const dialog = this.page.getByTestId('rebatepolicy-accrue-dialog');
    await headerAction(this.page, 'rebatepolicy-accrue');
    await dialog.waitFor();
    // The hook may sit on the input or on the picker's wrapper.
    const hook = dialog.getByTestId('field-new_runmonth');
    const input = (await hook.evaluate((e) => e.tagName === 'INPUT')) ? hook : hook.locator('input').first();
    await input.click();
    await input.fill(day);
    await input.press('Enter');
    const toasts = this.page.locator('.ant-message-notice');
    const before = await toasts.count();
    await this.page.getByTestId('rebatepolicy-accrue-dialog-ok').click();
    await dialog.waitFor({ state: 'detached' });
    const toast = toasts.nth(before);
    await toast.waitFor();
    return (await toast.innerText()).trim();
  }
}

/** /rebatedetail/list: a dealer's rebate moves, newest first, each with the balance after it. */
export class RebateLedger extends EntityListPage {
  async open(base: string) {
    await this.page.goto(`${base}/rebatedetail/list`);
    await this.waitFor('new_rebatemove');
  }

  /** The newest move's amount and the balance after it. */
  async newest(): Promise<{ text: string; amount: string; balance: string }> {
    const text = (await this.rowTexts())[0];
    return { text, amount: await this.cellOfFirst('金额'), balance: await this.cellOfFirst('余额') };
  }

  /** 查看 on the newest move: its own read-only screen (/rebatedetail/view/{id}); answers what it shows for `field`. */
  async openNewest(field: string): Promise<string> {
    await visiblePanel(this.page).getByTestId('list-row').first().getByTestId('list-row-view').click();
    await this.page.waitForURL((u) => u.pathname.startsWith('/rebatedetail/view/'));
    const form = new EntityFormPage(this.page);
    await form.waitForReadOnly('new_rebatemove');
    return form.shown(field);
  }

  private async cellOfFirst(header: string): Promise<string> {
    const list = visiblePanel(this.page).getByTestId('entity-list');
    const headers = (await list.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    const i = headers.indexOf(header);
    if (i < 0) throw new Error(`no column "${header}" in ${JSON.stringify(headers)}`);
    return (await list.getByTestId('list-row').first().locator(':scope > td').nth(i).innerText()).trim();
  }
}

/** A sales order's page (/order/{id}/detail) as its buyer changes a draft: 返利抵扣, saved, and its lines. */
export class OrderRebate extends EntityFormPage {
  override scope() {
    return visiblePanel(this.page);
  }

  async useRebate(amount: string) {
    await this.waitFor('salesorder');
    await openTab(this.scope().getByTestId('form-tab-details'));
    await this.fill('new_rebateamount', amount);
    await this.save();
    await this.page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).first().waitFor();
  }

  /** The unit prices on the lines tab. */
  async linePrices(): Promise<string[]> {
    await openTab(this.scope().getByTestId('order-tab-lines'));
    const table = this.scope().locator('[data-testid="doc-lines"][data-count]');
    await table.waitFor();
    return (await table.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }
}

/** Calls the API with the page's own session (its stored access token): the cart's calls, as the shop page makes them. */
export async function pageCall<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const auth = JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { accessToken?: string };
      const r = await fetch(p as string, {
        method: m as string,
        headers: { authorization: `Bearer ${auth.accessToken}`, ...(b ? { 'content-type': 'application/json' } : {}) },
        body: b ? JSON.stringify(b) : undefined,
      });
      const j = (await r.json()) as { Data: unknown; Message?: string };
      if (!r.ok) throw new Error(`${r.status} ${j.Message ?? ''}`);
      return j.Data;
    },
    [method, path, body] as const,
  ) as Promise<T>;
}
