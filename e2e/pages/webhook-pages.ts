import type { Page } from 'playwright-core';

/** /system/webhooks: subscriptions (create dialog, the secret shown once) and the delivery log. */
export class WebhooksPage {
  constructor(readonly page: Page) {}

  async waitFor() {
    await this.page.getByTestId('webhooks').waitFor();
  }

  /** Fills and saves the create dialog (event types picked by their label); answers the secret the dialog shows once. */
  async subscribe(name: string, url: string, eventLabels: string[]): Promise<string> {
    const p = this.page;
    await p.getByTestId('webhook-new').click();
    await p.getByTestId('webhook-name').fill(name);
    await p.getByTestId('webhook-url').fill(url);
    const select = p.getByTestId('webhook-events');
    for (const label of eventLabels) {
      await select.click();
      await select.locator('input').first().fill(label);
      await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
    }
    await p.keyboard.press('Escape');
    await p.getByTestId('webhook-save').click();
    const secret = (await p.getByTestId('webhook-secret').innerText()).trim();
    await p.getByTestId('webhook-secret-ok').click();
    await p.getByTestId(`webhook-sub-${name}`).waitFor();
    return secret;
  }

  async openLog() {
    await this.page.getByTestId('webhook-tab-deliveries').click();
    await this.page.getByTestId('webhook-deliveries').waitFor();
  }

  /**
   * The log's row of an event type (the newest) once it is in `state` after `attempts` attempts, its
   * attempts shown (the row expanded); the log reloaded (重新加载) until then, bounded.
   */
  async delivery(eventType: string, state: 'pending' | 'delivered' | 'given_up', attempts: number) {
    const row = this.page
      .locator(`[data-testid="webhook-delivery-${eventType}"][data-state="${state}"][data-attempts="${attempts}"]`)
      .first();
    for (let i = 0; i < 30 && !(await row.isVisible()); i++) {
      await this.page.getByTestId('webhook-refresh').click();
      await row.waitFor({ timeout: 1000 }).catch(() => undefined);
    }
    await row.waitFor();
    const expand = row.locator('[data-testid^="webhook-expand-"]');
    if ((await expand.getAttribute('aria-expanded')) !== 'true') await expand.click();
    const shown = this.page.getByTestId('webhook-attempt');
    await shown.nth(attempts - 1).waitFor();
    return { row, attempts: await shown.allInnerTexts() };
  }
}
