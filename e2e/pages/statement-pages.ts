import type { Page } from 'playwright-core';

/**
 * Account statements and their reconciliation (issue 28): the statement's detail
 * (/accountstatementDetail/:dealer/:month/detail, hooks `st-*`), its reconciliation
 * (/accountcheckorder/detail?id=, hooks `ac-*`) and finance search (/finance/search, hooks `fs-*`).
 * Each waits for what the server answered, never for time.
 */
export class StatementPage {
  constructor(readonly page: Page) {}

  /** Opens the statement named `name` from the statement list it is on (its link in the list). */
  async openFromList(name: string) {
    await this.page.getByRole('link', { name, exact: true }).first().click();
    await this.waitFor(name);
  }

  async open(base: string, dealer: string, month: string) {
    await this.page.goto(`${base}/accountstatementDetail/${encodeURIComponent(dealer)}/${month}/detail`);
  }

  /** Waits for the statement (by its number, when given) and its first page of lines. */
  async waitFor(name?: string) {
    await this.page.locator(name ? `[data-testid="st-detail"][data-name="${name}"]` : '[data-testid="st-detail"]').waitFor();
    await this.page.locator('[data-testid="st-lines"][data-count]:not([data-count="0"])').waitFor({ state: 'attached' });
  }

  /** A header figure (opening, invoiced, …, closing) as the server's decimal. */
  async figure(key: string): Promise<string> {
    return (await this.page.getByTestId(`st-fig-${key}`).getAttribute('data-amount')) ?? '';
  }

  /** The dealer's business unit id and the month, from the screen's path. */
  where(): { dealer: string; month: string } {
    const m = /\/accountstatementDetail\/([^/]+)\/([^/]+)\/detail/.exec(new URL(this.page.url()).pathname)!;
    return { dealer: decodeURIComponent(m[1]), month: m[2] };
  }

  /** The first line of a kind (accountMoveKind): its document number and signed amount. */
  async lineOfKind(kind: number): Promise<{ doc: string; amount: string }> {
    const row = this.page
      .locator('[data-testid="st-line"]')
      .filter({ has: this.page.locator(`[data-kind="${kind}"]`) })
      .first();
    return { doc: (await row.getByTestId('st-line-doc').innerText()).trim(), amount: (await row.getAttribute('data-amount')) ?? '' };
  }

  async reconcile() {
    await this.page.getByTestId('st-reconcile').click();
    await this.page.getByTestId('ac-page').waitFor();
  }
}

export class CheckPage {
  constructor(readonly page: Page) {}

  async waitForState(state: number) {
    await this.page.locator(`[data-testid="ac-page"][data-state="${state}"]`).waitFor();
  }

  /** 提出异议 on one line of the statement (picked by its document number): the dealer's figure and reason. */
  async dispute(doc: string, amount: string, reason: string) {
    await this.page.getByTestId('ac-dispute').click();
    const dialog = this.page.getByTestId('ac-dispute-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('ac-dispute-move').first().click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: doc }).first().click();
    await dialog.getByTestId('ac-dispute-amount').first().fill(amount);
    await dialog.getByTestId('ac-dispute-reason').first().fill(reason);
    await this.page.getByTestId('ac-dispute-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** 答复异议: every pending line adjusted by the amount the dialog starts with (the dealer's difference), with a reason. */
  async adjustAll(reason: string): Promise<string[]> {
    await this.page.getByTestId('ac-answer').click();
    const dialog = this.page.getByTestId('ac-answer-dialog');
    await dialog.waitFor();
    const amounts = await dialog.getByTestId('ac-answer-amount').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    for (const input of await dialog.getByTestId('ac-answer-reason').all()) await input.fill(reason);
    await this.page.getByTestId('ac-answer-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    return amounts;
  }

  /** 确认对账, and OK in its confirmation. */
  async confirm() {
    await this.page.getByTestId('ac-confirm').click();
    await this.page.locator('.ant-modal-confirm .ant-btn-primary').click();
  }

  /** Frozen: the notice is shown and the dealer's buttons are gone. */
  async frozen(): Promise<boolean> {
    await this.page.getByTestId('ac-frozen').waitFor();
    return (await this.page.getByTestId('ac-confirm').count()) === 0 && (await this.page.getByTestId('ac-dispute').count()) === 0;
  }
}

export class FinanceSearchPage {
  constructor(readonly page: Page) {}

  /** Waits for a dealer's figures (the signed-in dealer's own, or the one picked). */
  async waitFor(dealer?: string) {
    await this.page.locator(dealer ? `[data-testid="fs-result"][data-dealer="${dealer}"]` : '[data-testid="fs-result"]').waitFor();
  }

  async amount(id: string): Promise<string> {
    return (await this.page.getByTestId(`fs-${id}`).getAttribute('data-amount')) ?? '';
  }

  /** The "as of" times the figures carry. */
  async asOf(): Promise<string[]> {
    return this.page.getByTestId('fs-asof').evaluateAll((els) => els.map((e) => e.getAttribute('data-asof') ?? ''));
  }
}
