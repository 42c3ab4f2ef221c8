import type { Locator, Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';

/** The header bell and the message centre (/message/message). */
export class MessageCentre {
  constructor(readonly page: Page) {}

  async waitForBell(n: number) {
    await this.page.locator(`[data-testid="message-unread-count"][data-count="${n}"]`).waitFor({ state: 'attached' });
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
