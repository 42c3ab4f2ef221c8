import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { visiblePanel } from '../pages/entity-form-page.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { ProductReturnPage } from '../pages/product-return-pages.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// station1 returns the machine of a completed work order; hq approves: the work order shows 待拉回
// and links its return; the station records the collection (已拉回), then ships it. Every rule and message is proven in server
// domain/product-return/product-return.test.ts.
const suite = portalSuite();

describe('product return (/productReturn)', () => {
  it('station1 creates and submits, hq approves: the work order is to be pulled out; the station collects, then ships', async () => {
    const base = suite.portal.standardUrl;
    const station = await signedInPage(suite, 'station1', '/productReturn/list');
    const api = pageApi(station);
    const taken = new Set(
      (
        await api<{ value: { _new_workorder_id_value?: string; new_workorder_id?: string }[] }>(
          '/api/crmdata/Retrieve/new_srv_productreturns?$select=new_workorder_id',
        )
      ).value.map((r) => String(r.new_workorder_id ?? r._new_workorder_id_value ?? '')),
    );
    const order = (
      await api<{ value: Record<string, string | null>[] }>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_name,new_serialnumber,new_product_id&$filter=${encodeURIComponent('new_status eq 7 and new_serialnumber ne null and new_product_id ne null')}&$orderby=new_name&$top=50`,
      )
    ).value.find((o) => !taken.has(String(o.new_srv_workorderid)))!;
    expect(order).toBeTruthy();
    const product = (await api<{ name: string }>(`/api/crmdata/Retrieve/products(${order.new_product_id})?$select=name`)).name;

    const list = new EntityListPage(station);
    await list.waitFor('new_srv_productreturn');
    await list.clickNew();
    await waitForPath(station, '/productReturn/create');
    const doc = new ProductReturnPage(station);
    const id = await doc.create({
      workOrder: order.new_name!,
      serial: order.new_serialnumber!,
      reason: '主轴异响，三次维修未解决，客户要求退机',
    });
    const number = await doc.text('new_name');
    expect(number).toMatch(/^TJ\d{6}-\d{4}$/);
    await doc.addMachineLine(product);
    expect(await doc.submit()).toEqual(['李慧敏']);

    const hq = await signedInPage(suite, 'hq');
    const inbox = new MyApprovals(hq);
    await inbox.open(base, number);
    await inbox.act('approve', '同意退机，请安排拉回');

    // Approved: the work order is to be pulled out and links its return.
    const wo = new WorkOrderPage(station);
    await station.goto(`${base}/workOrder/edit/${encodeURIComponent(String(order.new_srv_workorderid))}`);
    await wo.waitForOrder();
    const panel = visiblePanel(station);
    expect(await panel.getByTestId('wo-product-return').innerText()).toBe(`退机申请 ${number}：待拉回`);
    const pullout = panel.getByTestId('view-new_pulloutstatus').or(panel.getByTestId('field-new_pulloutstatus')).first();
    expect((await pullout.innerText()).trim()).toBe('待拉回');

    // From the return (opened from the work order's link) the station ships only once it is collected.
    await panel.getByTestId('wo-product-return').locator('a').click();
    await doc.waitForDocument();
    expect(await doc.idFromUrl()).toBe(id);
    expect(await doc.offers('ship')).toBe(false);
    await doc.collect('客户现场拉回，整机包装完好');
    expect(await doc.offers('collect')).toBe(false);
    await doc.ship('顺丰速运', 'SF1402836617520');
    expect(await doc.offers('ship')).toBe(false);
  });
});
