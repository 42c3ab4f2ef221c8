import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { ExtensionCancellationPage, WarrantyExtensionPage } from '../pages/delay-pages.ts';
import { visiblePanel } from '../pages/entity-form-page.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// station1 asks to extend the warranty of a work order's machine; hq approves it: the new end date is
// in force and the extension is in the "extensions in force" view. A cancellation of it, approved,
// puts the warranty end back. The rules are proven in server domain/delay/delay.test.ts.
const suite = portalSuite();

const CURRENT_END = '2027-03-31';
const NEW_END = '2028-03-31';

describe('warranty extension and its cancellation (/delayproduct, /delaycancle)', () => {
  it('station1 requests, hq approves: in force; a cancellation, approved, puts it back', async () => {
    const base = suite.portal.standardUrl;
    const station = await signedInPage(suite, 'station1', '/delayproduct/list');
    // A work order of the station whose machine has no extension yet.
    const api = pageApi(station);
    const extended = new Set(
      (
        await api<{ value: { new_serialnumber: string }[] }>('/api/crmdata/Retrieve/new_srv_delayproducts?$select=new_serialnumber')
      ).value.map((d) => d.new_serialnumber),
    );
    const order = (
      await api<{ value: { new_name: string; new_serialnumber: string | null }[] }>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_name,new_serialnumber&$filter=${encodeURIComponent('new_serialnumber ne null')}&$orderby=new_name&$top=50`,
      )
    ).value.find((o) => o.new_serialnumber && !extended.has(o.new_serialnumber))!;
    expect(order).toBeTruthy();

    const list = new EntityListPage(station);
    await list.waitFor('new_srv_delayproduct');
    await list.clickNew();
    await waitForPath(station, '/delayproduct/create');
    const ext = new WarrantyExtensionPage(station);
    // station1's own station is preset (and cannot be changed).
    await ext.waitFor('new_srv_delayproduct');
    expect(await ext.lookupShows('new_station_id', '上海浦东华辰服务站')).toEqual({ locked: true });
    await ext.create({
      workOrder: order.new_name,
      serial: order.new_serialnumber!,
      currentEnd: CURRENT_END,
      newEnd: NEW_END,
      reason: '客户签订年度保养协议，按政策赠送一年延保',
    });
    const extId = ext.idFromUrl();
    const extNo = await ext.text('new_name');
    expect(extNo).toMatch(/^YB\d{6}-\d{4}$/);
    expect(await ext.submit()).toEqual(['李慧敏']);

    const hq = await signedInPage(suite, 'hq');
    const inbox = new MyApprovals(hq);
    await inbox.open(base, extNo);
    await inbox.act('approve', '符合延保政策，同意');

    // Approved: the new end date is in force, and the extension is in the in-force view.
    await ext.open(base, extId);
    await ext.approval.waitForStatus(3);
    await ext.waitForReadOnly('new_srv_delayproduct');
    expect(await ext.shown('new_delaystatus')).toBe('已延保');
    expect(await ext.shown('new_effectiveenddate')).toBe(NEW_END);
    await station.goto(`${base}/delayproduct/list`);
    await list.waitFor('new_srv_delayproduct');
    await list.chooseView('已生效的延保');
    await list.search(extNo);
    expect(await list.cell(extNo, '生效保修截止日期')).toBe(NEW_END);

    // The cancellation opens from the extension, prefilled with it.
    await ext.open(base, extId);
    await ext.requestCancellation();
    const cancel = new ExtensionCancellationPage(station);
    await cancel.waitFor('new_srv_delaycancel');
    expect(await cancel.field('new_delayproduct_id').innerText()).toContain(extNo);
    expect(await cancel.text('new_serialnumber')).toBe(order.new_serialnumber);
    await cancel.fill('new_reason', '客户整机退回，延保随之取消');
    await cancel.saveNew();
    const cancelId = cancel.idFromUrl();
    const cancelNo = await cancel.text('new_name');
    expect(cancelNo).toMatch(/^YBQX\d{6}-\d{4}$/);
    expect(await cancel.submit()).toEqual(['李慧敏']);

    await inbox.open(base, cancelNo);
    await inbox.act('approve', '同意取消');

    // Cancelled: the warranty end is back where it was, and it is out of the in-force view.
    await cancel.open(base, cancelId);
    await cancel.approval.waitForStatus(3);
    await cancel.waitForReadOnly('new_srv_delaycancel');
    expect(await cancel.shown('new_restoredenddate')).toBe(CURRENT_END);
    await ext.open(base, extId);
    await ext.waitForReadOnly('new_srv_delayproduct');
    expect(await ext.shown('new_delaystatus')).toBe('已取消');
    expect(await ext.shown('new_effectiveenddate')).toBe(CURRENT_END);
    expect(await ext.offersCancellation()).toBe(false);
    await station.goto(`${base}/delayproduct/list`);
    await list.waitFor('new_srv_delayproduct');
    await list.chooseView('已生效的延保');
    await list.search(extNo);
    await visiblePanel(station).getByTestId('list-empty').waitFor();
  });
});
