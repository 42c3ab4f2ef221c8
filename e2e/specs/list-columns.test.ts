import { describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { ListColumns } from '../pages/list-columns.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

describe('lists at 1440 px (issue 12 item 4)', () => {
  it('the work-order list fits without a horizontal scroll; 服务站 is not under the actions column', async () => {
    const page = await signedInPage(suite, 'hq', '/workOrder/list');
    await page.setViewportSize({ width: 1440, height: 900 });
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    const cols = new ListColumns(page);
    const l = await cols.layout();
    expect(l.scrollWidth).toBeLessThanOrEqual(l.clientWidth);
    const texts = l.headers.map((h) => h.text);
    for (const t of ['服务站', '服务工程师', '预约日期', '创建时间']) expect(texts).toContain(t);
    // Every data column ends left of the pinned actions column and inside the window.
    for (const h of l.headers) {
      expect(h.right, h.text).toBeLessThanOrEqual(l.actionsLeft + 1);
      expect(h.right, h.text).toBeLessThanOrEqual(l.viewportWidth);
    }
  });

  it('and in English', async () => {
    const page = await signedInPage(suite, 'hq', '/workOrder/list');
    await page.setViewportSize({ width: 1440, height: 900 });
    await new AppShell(page).switchLanguage('en-US');
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    const l = await new ListColumns(page).layout();
    expect(l.scrollWidth).toBeLessThanOrEqual(l.clientWidth);
    const texts = l.headers.map((h) => h.text);
    for (const t of ['Service station', 'Engineer', 'Appointment date', 'Created on'])
      expect(
        texts.some((x) => x.replace(/\s+/g, ' ').includes(t)),
        t,
      ).toBe(true);
    for (const h of l.headers) expect(h.right, h.text).toBeLessThanOrEqual(l.actionsLeft + 1);
  });

  it('a hidden column stays hidden after a reload and in another browser of the same user, not for others', async () => {
    const page = await signedInPage(suite, 'hq', '/workOrder/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    const cols = new ListColumns(page);
    expect(await cols.headerTexts()).toContain('服务站');
    await cols.open();
    await cols.toggle('new_station_id');
    await page.locator('[data-testid="entity-list"] .ant-table-thead th', { hasText: '服务站' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    // Widened by dragging its header's edge (the table has room: no scroll either way).
    const engineer = await cols.colWidth('服务工程师');
    await cols.dragWidth('服务工程师', 60);
    await page.reload();
    await list.waitFor('new_srv_workorder');
    expect(await cols.headerTexts()).not.toContain('服务站');
    expect(await cols.headerTexts()).toContain('服务工程师');
    expect(await cols.colWidth('服务工程师')).toBe(engineer + 60);

    // The settings are the user's, kept on the server: another browser profile has them too.
    const other = await signedInPage(suite, 'hq', '/workOrder/list');
    const otherList = new EntityListPage(other);
    await otherList.waitFor('new_srv_workorder');
    await other.locator('[data-testid="entity-list"] .ant-table-thead th', { hasText: '服务站' }).waitFor({ state: 'detached' });
    expect(await new ListColumns(other).headerTexts()).toContain('服务工程师');

    // Another user keeps the defaults.
    const admin = await signedInPage(suite, 'admin', '/workOrder/list');
    await new EntityListPage(admin).waitFor('new_srv_workorder');
    expect(await new ListColumns(admin).headerTexts()).toContain('服务站');
  });
});
