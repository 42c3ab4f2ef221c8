import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** /expenseClaim/print/{id}: the settlement confirmation form (print view) and its PDF download. */
export class ExpensePrintPage {
  constructor(readonly page: Page) {}

  async open(base: string, id: string) {
    await this.page.goto(`${base}/expenseClaim/print/${encodeURIComponent(id)}`);
    await this.waitForForm();
  }

  /** The form with its lines loaded. */
  async waitForForm() {
    await this.page.getByTestId('ec-print-form').waitFor();
    await this.page.locator('[data-testid="ec-print-lines"][data-count]').waitFor();
  }

  /** Every total the form shows, by field: the text (¥12,345.60) and the value it was printed from. */
  async totals(): Promise<Record<string, { text: string; value: number }>> {
    const rows = await this.page
      .getByTestId('ec-print-totals')
      .locator('tr[data-field]')
      .evaluateAll((trs) =>
        trs.map(
          (tr) =>
            [tr.getAttribute('data-field') ?? '', tr.querySelector('td')?.textContent ?? '', tr.getAttribute('data-value') ?? ''] as const,
        ),
      );
    return Object.fromEntries(rows.map(([f, text, value]) => [f, { text, value: Number(value) }]));
  }

  async text(testId: string): Promise<string> {
    return (await this.page.getByTestId(testId).innerText()).trim();
  }

  /** Whether the toolbar is hidden when the page is printed (the print stylesheet). */
  async toolbarPrinted(): Promise<boolean> {
    await this.page.emulateMedia({ media: 'print' });
    const shown = await this.page.getByTestId('ec-print-print').isVisible();
    await this.page.emulateMedia({ media: 'screen' });
    return shown;
  }

  /** Clicks Download PDF; resolves with the suggested file name and the file's bytes. */
  async downloadPdf(): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('ec-print-pdf').click();
    const file = await download;
    const path = await file.path();
    return { name: file.suggestedFilename(), bytes: await readFile(path) };
  }
}
