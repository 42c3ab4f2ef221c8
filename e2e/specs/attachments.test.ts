import { describe, expect, it } from 'vitest';
import { EntityFormPage } from '../pages/entity-form-page.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();
// A 1×1 png: a real image the preview can show.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('attachments', () => {
  it('uploads, previews, downloads and deletes a file on an engineer’s record', async () => {
    const page = await signedInPage(suite, 'station1', '/worker/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_worker');
    await list.openRow('赵磊');
    const form = new EntityFormPage(page);
    await form.waitFor('new_srv_worker');
    await form.openAttachments();

    await page.getByTestId('attachment-upload').setInputFiles({ name: '维修现场照片.png', mimeType: 'image/png', buffer: PNG });
    const row = page.locator('[data-testid="attachment-row"][data-filename="维修现场照片.png"]');
    await row.waitFor();

    await row.getByTestId('attachment-preview').click();
    const preview = page.getByTestId('attachment-preview-dialog');
    await preview.waitFor();
    await preview.locator('img').waitFor();
    await page.keyboard.press('Escape');

    const download = page.waitForEvent('download');
    await row.getByTestId('attachment-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('维修现场照片.png');

    // Deleting with nothing selected says so; with the row selected it asks 确定删除？ first.
    await page.getByTestId('attachment-delete').click();
    await page.getByText('请至少选择一个文件').first().waitFor();
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('attachment-delete').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText('确定删除？').filter({ visible: true }).first().waitFor();
    await dialog.locator('.ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('attachment-empty').waitFor();
  });

  it('refuses a file larger than 3 MB on a service record', async () => {
    const page = await signedInPage(suite, 'station1', '/worker/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_worker');
    await list.openRow('钱晓东');
    const form = new EntityFormPage(page);
    await form.waitFor('new_srv_worker');
    await form.openAttachments();
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024 + 10)]);
    await page.getByTestId('attachment-upload').setInputFiles({ name: '大图.png', mimeType: 'image/png', buffer: big });
    await page.getByText('附件大小不能超过 3M').first().waitFor();
    expect(await page.locator('[data-testid="attachment-row"][data-filename="大图.png"]').count()).toBe(0);
  });
});
