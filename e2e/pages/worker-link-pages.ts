import type { Page } from 'playwright-core';

/** The 用户账号与服务人员关联 dialog, opened from a personnel record (关联用户账号) or a user (关联服务人员). */
export class WorkerLinkDialog {
  constructor(readonly page: Page) {}

  private dialog() {
    return this.page.getByTestId('wl-dialog');
  }

  /** Opens the dialog from the shown record and waits until it has read the current link. */
  async open() {
    await this.page.getByTestId('wl-open').click();
    await this.dialog().getByTestId('wl-current').waitFor();
  }

  /** Who the record is linked to now, as the dialog shows it (未关联 when nobody). */
  async current(): Promise<string> {
    return (await this.dialog().getByTestId('wl-current').innerText()).trim();
  }

  /** Picks the candidate whose label contains `text` and links it; done when the dialog has closed. */
  async link(text: string) {
    await this.dialog().getByTestId('wl-select').click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
    await this.dialog().getByTestId('wl-ok').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }

  /** Unlinks; done when the dialog has closed. */
  async unlink() {
    await this.dialog().getByTestId('wl-unlink').click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}
