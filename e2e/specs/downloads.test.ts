import { describe, expect, it } from 'vitest';
import { ContentViewPage, DownloadListPage } from '../pages/content-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 opens the download centre, filters it to manuals, opens the compressor installation manual,
// previews it (PDF, in a window of its own) and downloads it: the count shown goes up by one. Scope,
// audience, publishing and exact counting (also concurrent) are proven in server routes/content.test.ts.
const suite = portalSuite();

const MANUAL = '华辰 HC-75 螺杆空压机安装手册';

describe('download centre (/filedownload)', () => {
  it('station1 filters by category, opens a manual, previews and downloads it; the count goes up', async () => {
    const page = await signedInPage(suite, 'station1', '/filedownload/list');
    const list = new DownloadListPage(page);
    await list.waitFor('new_filedownload');
    const all = await list.total();
    await list.filterCategory('产品手册');
    const manuals = await list.rowTexts();
    expect(manuals.length).toBeLessThan(all);
    expect(manuals.some((r) => r.includes(MANUAL))).toBe(true);
    expect(manuals.some((r) => r.includes('价格表'))).toBe(false);

    await list.openRow(MANUAL);
    await waitForPath(page, /^\/filedownload\/view\//);
    const doc = new ContentViewPage(page);
    await doc.waitFor();
    expect(await doc.text('new_version')).toBe('V3.2');
    const before = await doc.downloads();

    const preview = await doc.preview();
    expect(preview).toEqual({ type: 'application/pdf', href: expect.stringMatching(/^blob:/) });

    const file = await doc.download();
    expect(file).toEqual({ name: `${MANUAL}.pdf`, head: '%PDF-' });
    // The screen reloads the record after the download: the count the server kept, one more.
    await expect.poll(() => doc.downloads(), { timeout: 10_000 }).toBe(before + 1);
  });
});
