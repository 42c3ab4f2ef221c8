import { approvalStatus, salesOrderStatus, shipmentState } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { submitThroughFlow } from '../pages/parts-pages.ts';
import { OrderCompletePage, SalesDocument, TabbedList } from '../pages/sales-pages.ts';
import { CartPage, ConfirmOrderPage } from '../pages/shop-pages.ts';
import { waitForPath } from '../support/session.ts';
import { apiAs, portalSuite, signedInPage } from '../support/suite.ts';

// The sales side (issue 27), as its people walk it: a store orders from the cart on the store
// portal, head office approves and ships, the store signs for less than came, and the shortfall
// comes again through a reissue.
const suite = portalSuite();
const shared: { orderId?: string; orderName?: string; shipmentId?: string } = {};

/** store1 on the store portal (127.0.0.1), signed in, at `path`. */
async function storePage(path: string) {
  const page = await suite.open();
  await page.goto(`${suite.portal.storeUrl}/login1`);
  await new LoginPage(page, suite.portal).signInWithPassword('store1');
  await waitForPath(page, '/home1');
  await page.goto(`${suite.portal.storeUrl}${path}`);
  return page;
}

describe('sales orders', () => {
  it('store1 settles its cart: the order-placed page survives a reload, the order counts under 已提交, head office approves it → 已审核', async () => {
    const page = await storePage(`/shoppingmall/searchproduct/${encodeURIComponent('液压油滤芯')}`);
    const card = page.getByTestId('product-card').filter({ hasText: '液压油滤芯' }).first();
    await card.waitFor();
    const qty = card.getByTestId('product-qty');
    await ((await qty.evaluate((e) => e.tagName)) === 'INPUT' ? qty : qty.locator('input')).fill('10');
    await card.getByTestId('product-add').click();
    await page.goto(`${suite.portal.storeUrl}/shopcart/list`);
    const cart = new CartPage(page);
    await cart.items().first().waitFor();
    // Only the part just added goes to this order.
    await cart.items().filter({ hasText: '液压油滤芯' }).first().getByTestId('cart-item-check').check();
    await cart.settle();
    const confirm = new ConfirmOrderPage(page);
    await confirm.waitForPrefill();
    await confirm.submit();

    await waitForPath(page, /^\/order\/[^/]+\/SO\d{8}-\d{4}\/\d{14}\/complete$/);
    const complete = new OrderCompletePage(page);
    await complete.waitFor();
    const sub = await complete.subtitle();
    const name = /SO\d{8}-\d{4}/.exec(sub)?.[0] ?? '';
    expect(sub).toMatch(/^订单号 SO\d{8}-\d{4}，提交时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await complete.state()).toBe(salesOrderStatus.submitted);
    await page.reload();
    await complete.waitFor();
    expect(await complete.subtitle()).toBe(sub);
    expect((await complete.orders()).join()).toContain(name);
    shared.orderId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
    shared.orderName = name;

    await page.goto(`${suite.portal.storeUrl}/order/list`);
    const list = new TabbedList(page);
    expect(await list.count('submitted')).toBeGreaterThanOrEqual(1);
    await list.choose('submitted');
    await list.waitForRow(name);

    // Head office's sales administrator approves it in 我的审批.
    const hq = await signedInPage(suite, 'hqsales', '/myapproval/list');
    const approvals = new MyApprovals(hq);
    await approvals.open(suite.portal.standardUrl, name);
    await approvals.act('approve', '同意，按计划发货');
    await hq.goto(`${suite.portal.standardUrl}/order/${encodeURIComponent(shared.orderId)}/detail`);
    const order = new SalesDocument(hq, 'order');
    await order.waitForState(salesOrderStatus.audited);
  });

  it('a shipment of 10 signed for 8 → 部分签收 and store stock +8; the reissue of 2, approved, yields the replacement shipment', async () => {
    expect(shared.orderId).toBeTruthy();
    const hq = await signedInPage(suite, 'hqsales', `/order/${encodeURIComponent(shared.orderId!)}/detail`);
    const order = new SalesDocument(hq, 'order');
    await order.waitForState(salesOrderStatus.audited);
    await order.confirmed('createShipment');
    // The new shipment opens.
    await waitForPath(hq, /^\/shipment\/view\//);
    const shipment = new SalesDocument(hq, 'shipment');
    await shipment.waitForState(shipmentState.submitted);
    const shipmentId = shipment.idFromUrl();
    await shipment.confirmed('audit');
    await shipment.waitForState(shipmentState.audited);
    await shipment.withDialog('ship', { new_logisticscorp: '顺丰速运', new_trackingno: 'SF1402867739999', new_shipdate: '2026-11-29' });
    await shipment.waitForState(shipmentState.allShipped);

    // The store's stock of the shipped part, read as head office's administrator (who sees every warehouse).
    const api = await apiAs(suite.portal, 'admin');
    const [wh] = (
      await api<{ value: { new_srv_warehouseid: string }[] }>(
        `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid&$filter=${encodeURIComponent("new_code eq 'WH-SP-SZ001'")}`,
      )
    ).value;
    const [line] = (
      await api<{ value: { _new_product_id_value?: string; new_product_id?: string }[] }>(
        `/api/crmdata/Retrieve/new_shipmentdetails?$select=new_product_id&$filter=${encodeURIComponent(`new_shipment_id eq ${shipmentId}`)}`,
      )
    ).value;
    const product = String(line.new_product_id ?? line._new_product_id_value ?? '');
    const stockOf = async () =>
      Number(
        (
          await api<{ value: { new_quantity: number }[] }>(
            `/api/crmdata/Retrieve/new_srv_siteinvs?$select=new_quantity&$filter=${encodeURIComponent(`new_warehouse_id eq ${wh.new_srv_warehouseid} and new_product_id eq ${product}`)}`,
          )
        ).value[0]?.new_quantity ?? 0,
      );
    const before = await stockOf();
    const store = await storePage(`/shipment/view/${encodeURIComponent(shipmentId)}`);
    const signing = new SalesDocument(store, 'shipment');
    await signing.waitForState(shipmentState.allShipped);
    await signing.withDialog('sign', {}, [8]);
    await signing.waitForState(shipmentState.partSigned);
    expect(await stockOf()).toBe(before + 8);
    await signing.confirmed('reissue');
    await waitForPath(store, /^\/resissueapplication\/detail\//);
    const reissue = new SalesDocument(store, 'reissue');
    await reissue.waitForState(approvalStatus.draft, 'status');
    const reissueName = await reissue.number();
    await store.getByTestId('field-new_description').fill('外箱破损，两件滤芯变形，已拍照');
    await store.getByTestId('form-save').click();
    await store.getByTestId('field-new_description').waitFor();
    await submitThroughFlow(store, 'reissue-submit');
    await reissue.waitForState(approvalStatus.underReview, 'status');

    const approvals = new MyApprovals(hq);
    await approvals.open(suite.portal.standardUrl, reissueName);
    await approvals.act('approve', '同意补发');
    await store.reload();
    await reissue.waitForState(approvalStatus.approved, 'status');
    // The replacement shipment is linked from the application.
    await store
      .getByText(/^XF\d{8}-\d{4}$/)
      .first()
      .waitFor();
  });
});
