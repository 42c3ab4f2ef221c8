import type { Locator, Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';

/** The header bell and the message centre (/message/message). */
export class MessageCentre {
  constructor(readonly page: Page) {}

  async waitForBell(n: number) {
    await this.page.locator(`[data-testid="message-unread-count"][data-count="${n}"]`).waitFor({ state: 'attached' });
  }

  /** How wide the page is, and where the kind filter's tabs end (right edges), as laid out. */
  async layout(): Promise<{ page: number; viewport: number; tabsRight: number[] }> {
    // The counts ride on the tabs: measured once the messages (and so the counts) are in.
    await visiblePanel(this.page).locator('[data-testid="message-item"]').first().waitFor();
    return this.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      tabsRight: Array.from(document.querySelectorAll('[data-testid="message-kinds"] .ant-segmented-item'))
        .filter((e) => (e as HTMLElement).offsetParent)
        .map((e) => Math.round(e.getBoundingClientRect().right)),
    }));
  }

  /** Opens the message centre from the header bell. */
  async openFromBell() {
    await this.page.getByTestId('header-messages').click();
    await visiblePanel(this.page).getByTestId('message-centre').waitFor();
  }

  /** The message about a document (its row in the visible list). */
  item(recordId: string): Locator {
    return visiblePanel(this.page).locator(`[data-testid="message-item"][data-record="${recordId}"]`);
  }

  async waitForItem(recordId: string, read: boolean): Promise<Locator> {
    const row = visiblePanel(this.page).locator(`[data-testid="message-item"][data-record="${recordId}"][data-read="${read}"]`);
    await row.waitFor();
    return row;
  }

  /** Opens the message about a document (goes to the document). */
  async open(recordId: string) {
    await this.item(recordId).getByTestId('message-text').click();
  }
}
