import type { Locator, Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';

/** One card as a phone shows it: the record's id, title, tags and "label：value" lines. */
export interface CardView {
  id: string;
  title: string;
  tags: string[];
  fields: string[];
}

/**
 * A list shown as cards on a phone (issue 15: widgets/CardList.tsx, the generic list below 768 px),
 * scoped to the shown tab. `testId` is the cards' hook: `list-card` for generic lists, the screen's
 * row hook (e.g. message-item) for screens with their own table.
 */
export class CardList {
  constructor(
    readonly page: Page,
    readonly testId = 'list-card',
  ) {}

  cards(): Locator {
    return visiblePanel(this.page).getByTestId(this.testId);
  }

  /** Waits until cards (or the empty text) are shown and nothing is loading. */
  async settled() {
    const panel = visiblePanel(this.page);
    await panel.locator(`[data-testid="${this.testId}"], [data-testid="list-empty"]`).first().waitFor({ state: 'visible' });
    await panel.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  }

  async ids(): Promise<string[]> {
    return this.cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  }

  async all(): Promise<CardView[]> {
    return this.cards().evaluateAll((els) =>
      els.map((e) => ({
        id: e.getAttribute('data-id') ?? '',
        title: e.querySelector('[data-testid="list-card-title"]')?.textContent?.trim() ?? '',
        tags: Array.from(e.querySelectorAll('[data-testid="list-card-tags"] .ant-tag')).map((t) => t.textContent?.trim() ?? ''),
        fields: Array.from(e.querySelectorAll('[data-testid="list-card-field"]')).map((f) => f.textContent?.trim() ?? ''),
      })),
    );
  }

  /** Runs `act` (which asks the server for records) and waits until the cards shown are no longer `before`. */
  private async reloaded(act: () => Promise<void>) {
    const before = (await this.ids()).join(',');
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/crmdata/Retrieve/'));
    await act();
    await answered;
    await this.page.waitForFunction(
      ({ testId, before }) => {
        const panel = Array.from(document.querySelectorAll('[data-testid="page-panel"]')).find(
          (p) => (p as HTMLElement).offsetParent !== null,
        );
        if (!panel || panel.querySelector('.ant-spin-spinning')) return false;
        const ids = Array.from(panel.querySelectorAll(`[data-testid="${testId}"]`))
          .map((e) => e.getAttribute('data-id'))
          .join(',');
        return ids !== before || !!panel.querySelector('[data-testid="list-empty"]');
      },
      { testId: this.testId, before },
    );
  }

  /** Types a quick search and taps 查询, waiting for the cards of this search. */
  async search(text: string) {
    const panel = visiblePanel(this.page);
    await panel.getByTestId('list-search').fill(text);
    await this.reloaded(() => panel.getByTestId('list-query').tap());
  }

  /** The simple pager's current page number. */
  async pageNumber(): Promise<number> {
    return Number(await visiblePanel(this.page).locator('[data-testid="list-pagination"] .ant-pagination-simple-pager input').inputValue());
  }

  /** Taps the pager's next page, waiting for that page's cards. */
  async nextPage() {
    await this.reloaded(() => visiblePanel(this.page).locator('[data-testid="list-pagination"] .ant-pagination-next').tap());
  }

  /** Taps a card (on its key fields, not its links or buttons): it opens the record. */
  async open(id: string) {
    await this.cards()
      .and(this.page.locator(`[data-id="${id}"]`))
      .locator('[data-testid="list-card-field"]')
      .first()
      .tap();
  }
}
