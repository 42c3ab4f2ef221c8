import { describe, expect, it } from 'vitest';
import { EntityFormPage } from '../pages/entity-form-page.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { WorkerLinkDialog } from '../pages/worker-link-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';
import { waitForPath } from '../support/session.ts';

const suite = portalSuite();

describe('stations and service personnel', () => {
  it('shows a station user only their own station’s personnel, searches and exports them', async () => {
    const page = await signedInPage(suite, 'station1', '/worker/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_worker');
    const texts = await list.rowTexts();
    expect(texts).toHaveLength(5);
    expect(texts.every((t) => t.includes('上海浦东华辰服务站'))).toBe(true);
    await list.search('赵磊');
    expect(await list.rowTexts()).toHaveLength(1);
    expect(new URL(page.url()).searchParams.toString()).toContain('%E8%B5%B5%E7%A3%8A');
    const download = page.waitForEvent('download');
    await page.getByTestId('list-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    await list.search('没有这个人');
    await page.getByTestId('list-empty').getByText('抱歉！没有找到匹配的结果，换个关键词试试').waitFor();
  });

  it('lets a branch approver see the personnel of the branch’s stations only', async () => {
    const page = await signedInPage(suite, 'branch1', '/worker/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_worker');
    const texts = await list.rowTexts();
    expect(texts).toHaveLength(9);
    expect(texts.some((t) => t.includes('广州天河'))).toBe(false);
  });

  it('creates an engineer with the specification’s validation messages', async () => {
    const page = await signedInPage(suite, 'station1', '/worker/create');
    const form = new EntityFormPage(page);
    await form.waitFor('new_srv_worker');
    await form.fill('new_name', '马俊杰');
    await form.fill('new_code', 'SH001-E099');
    await form.fill('new_phone', '12345');
    await form.save();
    expect(await form.fieldError('new_phone')).toContain('格式不正确');
    await form.fill('new_phone', '13671234567');
    await form.save();
    await page.getByText('创建成功').first().waitFor();
    const api = pageApi(page);
    const found = await api<{ value: { new_name: string; new_station_id: string }[] }>(
      `/api/crmdata/Retrieve/new_srv_workers?$filter=${encodeURIComponent("new_code eq 'SH001-E099'")}`,
    );
    expect(found.value).toHaveLength(1);
    // A station user's new engineer belongs to their own station.
    const station = await api<{ value: { new_srv_stationid: string }[] }>(
      `/api/crmdata/Retrieve/new_srv_stations?$select=new_srv_stationid`,
    );
    expect(station.value).toHaveLength(1);
    expect(found.value[0].new_station_id).toBe(station.value[0].new_srv_stationid);
  });

  it('lets the station principal link a personnel record to a user account of the station, and unlink it', async () => {
    const page = await signedInPage(suite, 'station1', '/worker/list');
    await new EntityListPage(page).waitFor('new_srv_worker');
    // A record of the station nobody is linked to (engineer1 is 赵磊's account in the demo).
    const api = pageApi(page);
    const workers = await api<{ value: { new_srv_workerid: string; new_name: string }[] }>(
      '/api/crmdata/Retrieve/new_srv_workers?$select=new_srv_workerid,new_name&$orderby=new_code',
    );
    const worker = workers.value.find((w) => w.new_name !== '赵磊')!;
    await page.goto(`${new URL(page.url()).origin}/worker/edit/${worker.new_srv_workerid}`);
    await new EntityFormPage(page).waitFor('new_srv_worker');
    const dialog = new WorkerLinkDialog(page);
    await dialog.open();
    expect(await dialog.current()).toBe('未关联');
    await dialog.link('（station1）');
    await page.getByText('已关联：用户').first().waitFor();
    await dialog.open();
    expect(await dialog.current()).toContain('（station1）');
    // The account's own orders (我的工单) now come from this record.
    expect((await api<{ workerId: string | null }>('/api/portaluser/me')).workerId).toBe(worker.new_srv_workerid);
    await dialog.unlink();
    await dialog.open();
    expect(await dialog.current()).toBe('未关联');
  });

  it('opens the station profile of a station user', async () => {
    const page = await signedInPage(suite, 'station1', '/basicData/edit');
    await new EntityFormPage(page).waitFor('new_srv_station');
    await waitForPath(page, '/basicData/edit');
    // Read-only for the station itself: shown as description panels (RecordDescriptions).
    expect(await new EntityFormPage(page).text('new_name')).toBe('上海浦东华辰服务站');
  });
});
