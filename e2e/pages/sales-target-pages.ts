import type { Page } from 'playwright-core';
import { searchInLookup } from './parts-pages.ts';

/** /salesman/view (我的业绩): the signed-in salesman's card, read when the server has answered. */
export class SalesmanCardScreen {
  constructor(readonly page: Page) {}

  async waitFor() {
    await this.page.locator('[data-testid="salesman-view"][data-loading="false"]').waitFor();
    await this.page.getByTestId('salesman-card').waitFor();
  }
  /** A target's row as shown: the actual and completion it carries and the texts its cells show. */
  async target(id: string) {
    const row = this.page.locator(`[data-testid="card-target-row"][data-id="${id}"]`);
    await row.waitFor();
    return {
      actual: await row.getAttribute('data-actual'),
      completion: await row.getAttribute('data-completion'),
      actualText: (await row.getByTestId('card-target-actual').innerText()).trim(),
      completionText: (await row.getByTestId('card-target-completion').innerText()).trim(),
    };
  }
  async dealers(): Promise<string[]> {
    return this.page.getByTestId('card-dealer').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
  }
}

export type ReportRow = { month: string; line: string; forecast: number; actual: number; rate: string };

/** /salesforecast/report (预测分析): its filters, charts and the table beside them. */
export class ForecastReportScreen {
  constructor(readonly page: Page) {}

  /** Waits until an answer is shown (for `dealer` when given: its id on the root). */
  async waitFor(dealer?: string) {
    const root = dealer ? `[data-testid="fr-report"][data-dealer="${dealer}"]` : '[data-testid="fr-report"]';
    await this.page.locator(`${root}[data-loading="false"][data-from]`).waitFor();
  }
  /** Picks a dealer in the dealer filter (head office) and waits for its report. */
  async pickDealer(name: string, id: string) {
    await this.page.getByTestId('fr-dealer').click();
    await searchInLookup(this.page, name);
    await this.waitFor(id);
  }
  async range(): Promise<{ from: string | null; to: string | null }> {
    const root = this.page.getByTestId('fr-report');
    return { from: await root.getAttribute('data-from'), to: await root.getAttribute('data-to') };
  }
  /** A chart: its text alternative (every number it draws) once its canvas is drawn. */
  async chart(testId: 'fr-chart-month' | 'fr-chart-line'): Promise<string> {
    const box = this.page.getByTestId(testId);
    await box.locator('canvas').waitFor();
    return (await box.getAttribute('aria-label')) ?? '';
  }
  /** The table's rows (`fr-row`) or its month totals (`fr-total`), as their attributes say. */
  async rows(kind: 'fr-row' | 'fr-total' = 'fr-row'): Promise<ReportRow[]> {
    return this.page.getByTestId(kind).evaluateAll((rows) =>
      rows.map((r) => ({
        month: r.getAttribute('data-month') ?? '',
        line: r.getAttribute('data-line') ?? '',
        forecast: Number(r.getAttribute('data-forecast')),
        actual: Number(r.getAttribute('data-actual')),
        rate: r.getAttribute('data-rate') ?? '',
      })),
    );
  }
  /** The shown text of a row's cells (what a person reads). */
  async rowText(month: string, line: string): Promise<string> {
    const row = this.page.locator(`[data-testid="fr-row"][data-month="${month}"][data-line="${line}"]`);
    return (await row.innerText()).replace(/\s+/g, ' ').trim();
  }
}
