import type { Page } from 'playwright-core';
import { visiblePanel } from './entity-form-page.ts';
import { EntityListPage } from './entity-list-page.ts';
import { chooseOption } from './work-order-pages.ts';

/** The download centre's list (/filedownload/list, generic) with its category filter. */
export class DownloadListPage extends EntityListPage {
  /** Filters by category (更多筛选 → 资料分类) and waits for the grid's new answer. */
  async filterCategory(label: string) {
    const panel = visiblePanel(this.page);
    await panel.getByTestId('list-more-filters').click();
    await chooseOption(this.page, panel.getByTestId('list-filter-new_category'), label);
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/crmdata/Retrieve/new_filedownloads'));
    await panel.getByTestId('list-query').click();
    await answered;
    await this.settled();
  }
}

/** A download-centre document or technical file (/filedownload/view/:id, /file/view/:id), in the shown tab. */
export class ContentViewPage {
  constructor(readonly page: Page) {}

  private view() {
    return visiblePanel(this.page).getByTestId('content-view');
  }

  /** Waits until the record is loaded (its download count shown). */
  async waitFor() {
    await this.view().and(this.page.locator('[data-downloads]:not([data-downloads=""])')).waitFor({ state: 'visible' });
    await visiblePanel(this.page).getByTestId('content-download').waitFor({ state: 'visible' });
  }

  async downloads(): Promise<number> {
    return Number(await this.view().getAttribute('data-downloads'));
  }

  /** What the descriptions show for a field. */
  async text(field: string): Promise<string> {
    return (await visiblePanel(this.page).getByTestId(`view-${field}`).innerText()).trim();
  }

  /** 预览: the dialog's content type and the link that opens the file in a window of its own. */
  async preview(): Promise<{ type: string; href: string }> {
    await visiblePanel(this.page).getByTestId('content-preview').click();
    const dialog = this.page.getByTestId('content-preview-dialog');
    await dialog.waitFor({ state: 'visible' });
    const open = this.page.getByTestId('content-preview-open');
    const out = { type: (await dialog.getAttribute('data-type')) ?? '', href: (await open.getAttribute('href')) ?? '' };
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    return out;
  }

  /** 下载: the browser's download (name, first bytes) once the server answered; the count shown after. */
  async download(): Promise<{ name: string; head: string }> {
    const [dl] = await Promise.all([this.page.waitForEvent('download'), visiblePanel(this.page).getByTestId('content-download').click()]);
    const stream = await dl.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return { name: dl.suggestedFilename(), head: Buffer.concat(chunks).subarray(0, 5).toString('latin1') };
  }
}
