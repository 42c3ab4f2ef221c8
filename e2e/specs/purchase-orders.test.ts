import { purchaseOrderState } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/login-page.ts';
import { PurchaseOrderPage } from '../pages/purchase-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { apiAs, portalSuite, signedInPage } from '../support/suite.ts';

// Issue 27, flow 3: a store orders from its dealer at the dealer's prices for that store; a business
// unit outside its chain is refused; the dealer accepts.
const suite = portalSuite();

describe('purchase orders', () => {
  it('store1 orders from DL-GZ001 at its store price (not the list price); another dealer’s unit is refused; dealer1 accepts', async () => {
    // Ids and prices behind the screens, read as head office's administrator.
    const api = await apiAs(suite.portal, 'admin');
    const one = async <T>(set: string, select: string, filter: string) =>
      (await api<{ value: T[] }>(`/api/crmdata/Retrieve/${set}?$select=${select}&$filter=${encodeURIComponent(filter)}`)).value[0];
    const unitId = async (code: string) =>
      (await one<{ businessunitid: string }>('businessunits', 'businessunitid', `new_code eq '${code}'`)).businessunitid;
    const [dl1, dl2] = [await unitId('DL-GZ001'), await unitId('DL-SZ001')];
    const store = await one<{ new_storeid: string }>('new_stores', 'new_storeid', "new_code eq 'SP-SZ001'");
    const listed = await one<{ new_retailprice: number; new_minorderqty: number }>(
      'new_storeproducts',
      'new_retailprice,new_minorderqty',
      `new_store_id eq ${store.new_storeid} and new_code eq 'HC-SK-80'`,
    );
    const product = await one<{ price: number }>('products', 'price', "productnumber eq 'HC-SK-80'");
    expect(Number(listed.new_retailprice)).not.toBe(Number(product.price));

    const page = await suite.open();
    await page.goto(`${suite.portal.storeUrl}/login1`);
    await new LoginPage(page, suite.portal).signInWithPassword('store1');
    await waitForPath(page, '/home1');
    const po = new PurchaseOrderPage(page);

    // Another dealer's unit: refused on the route's page, no form.
    await page.goto(`${suite.portal.storeUrl}/purchaseOrder/create/${encodeURIComponent(dl2)}`);
    expect(await po.supplierOrRefusal()).toEqual({ refusal: '该业务单位不是本门店的上级经销商，只能向“广州粤华机电设备有限公司”采购' });
    expect(await page.getByTestId('po-create-save').count()).toBe(0);

    // Its own dealer: the order is made, a line takes the dealer's price for the store.
    await page.goto(`${suite.portal.storeUrl}/purchaseOrder/create/${encodeURIComponent(dl1)}`);
    expect(await po.supplierOrRefusal()).toEqual({ supplier: '广州粤华机电设备有限公司' });
    const id = await po.create();
    const qty = Math.max(3, Number(listed.new_minorderqty));
    const shown = await po.addLine('HC-SK-80', qty);
    expect(Number(shown)).toBe(Number(listed.new_retailprice));
    const cells = await po.firstLineCells();
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(cells.join(' ')).toContain(money(Number(listed.new_retailprice)));
    expect(cells.join(' ')).not.toContain(money(Number(product.price)));
    expect(cells.join(' ')).toContain(money(Number(listed.new_retailprice) * qty));
    await po.confirmed('submit', purchaseOrderState.submitted);

    // The dealer accepts it on the standard portal: its stock is reserved.
    const dealer = await signedInPage(suite, 'dealer1', `/purchaseOrder/view/${encodeURIComponent(id)}`);
    const accepting = new PurchaseOrderPage(dealer);
    await accepting.waitForState(purchaseOrderState.submitted);
    await accepting.confirmed('accept', purchaseOrderState.accepted);
  });
});
