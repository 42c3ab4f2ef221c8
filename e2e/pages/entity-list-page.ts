import type { Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';
import { chooseOption } from './work-order-pages.ts';

/** The generic entity list (grid with views), for any entity. */
export class EntityListPage {
  constructor(readonly page: Page) {}

  root() {
    return this.page.getByTestId('entity-list');
  }

  async waitFor(entity?: string) {
    const sel = entity ? this.page.locator(`[data-testid="entity-list"][data-entity="${entity}"]`) : this.root();
    await sel.waitFor({ state: 'visible' });
    await this.settled();
  }

  /** Waits until the grid shows rows or its empty text. */
  async settled() {
    await this.page.locator('[data-testid="list-row"], [data-testid="list-empty"]').first().waitFor({ state: 'visible' });
    await this.page
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }

  rows() {
    return this.page.getByTestId('list-row');
  }

  /** The chosen view's label (e.g. 我的工单). */
  async viewLabel(): Promise<string> {
    return (await this.page.getByTestId('list-view-select').innerText()).trim();
  }

  /** The number of records the grid's pager reports (共 N 条), once it has answered. */
  async total(): Promise<number> {
    const text = this.root().locator('.ant-pagination-total-text');
    await text.waitFor();
    const m = /\d[\d,]*/.exec(await text.innerText());
    if (!m) throw new Error(`no total in "${await text.innerText()}"`);
    return Number(m[0].replace(/,/g, ''));
  }

  async rowIds(): Promise<string[]> {
    return this.rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  }

  async rowTexts(): Promise<string[]> {
    return (await this.rows().allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Types a quick search and queries, waiting for the grid's new answer. */
  async search(text: string) {
    await this.page.getByTestId('list-search').fill(text);
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/crmdata/Retrieve/'));
    await this.page.getByTestId('list-query').click();
    await answered;
    await this.page.waitForTimeout(100);
    await this.settled();
  }

  /** Chooses a view (e.g. 已生效的延保) and waits for the grid's new answer. */
  async chooseView(label: string) {
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/crmdata/Retrieve/'));
    await chooseOption(this.page, visiblePanel(this.page).getByTestId('list-view-select'), label);
    await answered;
    await this.settled();
  }

  /** What the shown list's row showing `rowText` has in the column headed `header`. */
  async cell(rowText: string, header: string): Promise<string> {
    const list = visiblePanel(this.page).getByTestId('entity-list');
    const headers = (await list.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());
    const i = headers.indexOf(header);
    if (i < 0) throw new Error(`no column "${header}" in ${JSON.stringify(headers)}`);
    const row = list.getByTestId('list-row').filter({ hasText: rowText }).first();
    return (await row.locator(':scope > td').nth(i).innerText()).trim();
  }

  async openRow(text: string) {
    await this.rows().filter({ hasText: text }).first().click();
  }

  async clickNew() {
    await this.page.getByTestId('list-new').click();
  }
}
