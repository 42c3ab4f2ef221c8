import { describe, expect, it } from 'vitest';
import { EntityFormPage } from '../pages/entity-form-page.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

/** Statuses whose orders a station may still edit (work-order-rules EDITABLE_STATUSES). */
const EDITABLE = [1, 2, 3, 4, 5, 7];

describe('unsaved changes and read-only records', () => {
  it('返回 on a changed work order asks: 留在此页 keeps the change, 离开 drops it', async () => {
    const page = await signedInPage(suite, 'station1');
    const api = pageApi(page);
    const found = await api<{ value: { new_srv_workorderid: string; new_status: number }[] }>(
      `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_status&$top=50&$filter=${encodeURIComponent('new_country eq null')}`,
    );
    const order = found.value.find((o) => EDITABLE.includes(Number(o.new_status)));
    expect(order, 'an editable order of station1 in the demo data').toBeTruthy();
    const path = `/workOrder/edit/${order!.new_srv_workorderid}`;
    await page.goto(`${suite.portal.standardUrl}${path}`);
    const form = new EntityFormPage(page);
    await form.waitFor('new_srv_workorder');
    await form.field('new_contact').waitFor({ state: 'visible' });
    const original = await form.inputValue('new_contact');
    const edited = `${original}改`;
    await form.fill('new_contact', edited);

    await form.back();
    await form.stayOnPage();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await form.inputValue('new_contact')).toBe(edited);

    await form.back();
    await form.leavePage();
    await page.waitForURL((u) => u.pathname === '/workOrder/list');

    // Nothing was saved: the record opens again as it was.
    await page.goto(`${suite.portal.standardUrl}${path}`);
    await form.waitFor('new_srv_workorder');
    await form.field('new_contact').waitFor({ state: 'visible' });
    expect(await form.inputValue('new_contact')).toBe(original);
    // Unchanged: 返回 goes without a question.
    await form.back();
    await page.waitForURL((u) => u.pathname === '/workOrder/list');
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
  });

  it('a station’s own profile (read-only for station1) is shown as description panels, not inputs', async () => {
    const page = await signedInPage(suite, 'station1', '/basicData/edit');
    const form = new EntityFormPage(page);
    await form.waitForReadOnly('new_srv_station');
    expect(await form.shown('new_name')).toContain('上海浦东华辰服务站');
    expect(await form.inputs().count()).toBe(0);
    expect(await page.locator('.ant-descriptions').count()).toBeGreaterThan(0);
    const text = await page.getByTestId('record-descriptions').innerText();
    expect(text).not.toMatch(/请选择|请输入/);
    expect(await page.getByTestId('form-save').count()).toBe(0);
  });
});
