import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_LINES, LineEditor, PRODUCT_RETURN_LINES, sendAsPage, WORK_ORDER_PART_LINES } from '../pages/line-edit-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openBrowser, type Browser } from '../support/browser.ts';
import type { RunningPortal } from '../support/portal-server.ts';
import { startTestPortal } from '../support/suite.ts';

// Editing an existing line of every document whose lines are edited in a dialog (issue 24 item 1):
// the dialog shows the line's part and its own quantity (not the line opened before), the quantity
// changes without picking the part again, and the table shows it. One signed-in browser per user
// for the whole file; each document creates its draft through the API and edits it on screen.
let portal: RunningPortal;
const browsers = new Map<string, Promise<Browser>>();

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await Promise.all([...browsers.values()].map(async (b) => (await b.catch(() => null))?.close()));
  await portal?.stop();
});

/** The user's one signed-in page, opened at `path`. */
async function pageOf(user: string, path: string): Promise<Page> {
  let b = browsers.get(user);
  if (!b) {
    b = (async () => {
      const browser = await openBrowser();
      await browser.page.goto(`${portal.standardUrl}/login?redirect=${encodeURIComponent(path)}`);
      await new LoginPage(browser.page, portal).signInWithPassword(user);
      await browser.page.waitForURL((u) => u.pathname !== '/login');
      return browser;
    })();
    browsers.set(user, b);
  }
  const { page } = await b;
  if (new URL(page.url()).pathname !== path) await page.goto(`${portal.standardUrl}${path}`);
  return page;
}

type Found = Record<string, { id: string; name: string }>;
async function find(page: Page, set: string, key: string, by: string, values: string[]): Promise<Found> {
  const filter = values.map((v) => `${by} eq '${v}'`).join(' or ');
  const r = await sendAsPage<{ value: Record<string, string>[] }>(page, 'GET', `/api/crmdata/Retrieve/${set}?$select=${key},${by},name&$filter=${encodeURIComponent(filter)}`);
  return Object.fromEntries(r.data.value.map((x) => [x[by], { id: x[key], name: x.name }]));
}
const partsOf = (page: Page, numbers: string[]) => find(page, 'products', 'productid', 'productnumber', numbers);
async function warehousesOf(page: Page, codes: string[]): Promise<Record<string, string>> {
  const filter = codes.map((v) => `new_code eq '${v}'`).join(' or ');
  const r = await sendAsPage<{ value: Record<string, string>[] }>(page, 'GET', `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid,new_code&$filter=${encodeURIComponent(filter)}`);
  return Object.fromEntries(r.data.value.map((x) => [x.new_code, x.new_srv_warehouseid]));
}

/** Creates a document (record service) and its lines (the document's line command); its id. */
async function draft(page: Page, set: string, header: object, kind: string, lines: [string, number][]): Promise<string> {
  const created = await sendAsPage<{ id: string }>(page, 'POST', `/api/crmdata/create/${set}`, header);
  expect(created.status, created.message).toBe(200);
  for (const [productId, qty] of lines) {
    const added = await sendAsPage(page, 'POST', `/api/parts/${kind}/${created.data.id}/lines`, { productId, qty });
    expect(added.status, added.message).toBe(200);
  }
  return created.data.id;
}

/** Opens the line of the part named `first` then that of `second`: each shows its own part (by name) and quantity. */
async function opensEachLine(lines: LineEditor, first: [string, number], second: [string, number]) {
  expect(await lines.open(first[0])).toEqual({ part: first[0], qty: String(first[1]) });
  await lines.cancel();
  expect(await lines.open(second[0])).toEqual({ part: second[0], qty: String(second[1]) });
}

describe('editing a document line: the dialog shows the line, and a new quantity saves', () => {
  it('配件申请: each line opens with its part and quantity; a quantity above the stock is saved with its shortfall shown', async () => {
    const page = await pageOf('station1', '/partsApply/list');
    const part = await partsOf(page, ['EC-CT-25', 'DR-BR-6205']);
    const wh = await warehousesOf(page, ['WH-HD']);
    const id = await draft(page, 'new_srv_partsapplies', { new_type: 1, new_warehouse_id: wh['WH-HD'], new_recipient: '陈志强', new_phonenumber: '021-58956321' }, 'applications', [[part['EC-CT-25'].id, 6], [part['DR-BR-6205'].id, 4]]);
    await page.goto(`${portal.standardUrl}/partsApply/edit/${id}`);
    await page.getByTestId('pa-tab-lines').click();
    const lines = new LineEditor(page, DOC_LINES);
    await lines.waitForCount(2);
    // The line opened before (DR-BR-6205, 4) does not carry over into the next one.
    await opensEachLine(lines, [part['DR-BR-6205'].name, 4], [part['EC-CT-25'].name, 6]);
    await lines.setQty(7);
    await lines.save();
    await expect.poll(() => lines.cells(part['EC-CT-25'].name)).toContain('7');

    // A back-order: 900 where the supplying warehouse has less shows the shortfall, and is saved.
    await lines.open(part['EC-CT-25'].name);
    await lines.setQty(900);
    const hint = await lines.stockHint();
    expect(hint.available).toBeLessThan(900);
    await lines.waitForShort(900 - hint.available);
    expect((await lines.stockHint()).text).toContain(`库存不足，缺 ${900 - hint.available}`);
    await lines.save();
    const tag = lines.row(part['EC-CT-25'].name).getByTestId('doc-line-shortfall');
    await tag.waitFor();
    expect((await tag.innerText()).trim()).toBe(`库存不足，缺 ${900 - hint.available}`);
  });

  it('配件销售: each line opens with its part and quantity; a new quantity saves', async () => {
    const page = await pageOf('station1', '/newOrder/list');
    const part = await partsOf(page, ['HC-LF-200', 'DR-BR-6205']);
    const id = await draft(page, 'new_orders', { new_customername: '刘建国', new_phone: '13816620451', new_address: '上海市浦东新区川沙路 88 号' }, 'sales', [[part['HC-LF-200'].id, 2], [part['DR-BR-6205'].id, 3]]);
    await page.goto(`${portal.standardUrl}/newOrder/edit/${id}`);
    await page.getByTestId('xs-tab-lines').click();
    const lines = new LineEditor(page, DOC_LINES);
    await lines.waitForCount(2);
    await opensEachLine(lines, [part['DR-BR-6205'].name, 3], [part['HC-LF-200'].name, 2]);
    await lines.setQty(1);
    await lines.save();
    await expect.poll(() => lines.cells(part['HC-LF-200'].name)).toContain('1');
  });

  it('配件退货: a new quantity saves; one above the available stock is refused at the quantity, the dialog staying open', async () => {
    const page = await pageOf('station1', '/siteReturn/list');
    const part = await partsOf(page, ['HC-LF-200', 'DR-BR-6205']);
    const wh = await warehousesOf(page, ['WH-HD']);
    const id = await draft(page, 'new_srv_sitereturns', {
      new_towarehouse_id: wh['WH-HD'], new_returntype: 1, new_returnreason: '备件积压，退回中心库', new_deliveraddress: '上海市浦东新区张江碧波路 690 号',
    }, 'siteReturns', [[part['HC-LF-200'].id, 1], [part['DR-BR-6205'].id, 2]]);
    await page.goto(`${portal.standardUrl}/siteReturn/edit/${id}`);
    await page.getByTestId('th-tab-lines').click();
    const lines = new LineEditor(page, DOC_LINES);
    await lines.waitForCount(2);
    await opensEachLine(lines, [part['HC-LF-200'].name, 1], [part['DR-BR-6205'].name, 2]);
    await lines.setQty(3);
    await lines.save();
    await expect.poll(() => lines.cells(part['DR-BR-6205'].name)).toContain('3');

    await lines.open(part['DR-BR-6205'].name);
    await lines.setQty(99_999);
    const refusal = await lines.saveRefusedAtQty();
    expect(refusal).toMatch(/DR-BR-6205.*\d/);
    expect(await lines.dialog().getByTestId('doc-line-dialog-error').count()).toBe(0);
    expect(await page.locator('.ant-message-notice').filter({ hasText: refusal }).count()).toBe(0);
    await lines.cancel();
    await expect.poll(() => lines.cells(part['DR-BR-6205'].name)).toContain('3');
  });

  it('配件调拨: each line opens with its part and quantity; a new quantity saves', async () => {
    const page = await pageOf('warehouse1', '/partsTransfer/list');
    const part = await partsOf(page, ['EC-CT-25', 'DR-BR-6205']);
    const wh = await warehousesOf(page, ['WH-HD', 'WH-HQ']);
    const id = await draft(page, 'new_srv_parttransorders', { new_warehouse_id: wh['WH-HD'], new_towarehouse_id: wh['WH-HQ'], new_reason: '华东库余量调回总部' }, 'transfers', [[part['EC-CT-25'].id, 5], [part['DR-BR-6205'].id, 8]]);
    await page.goto(`${portal.standardUrl}/partsTransfer/edit/${id}`);
    await page.getByTestId('pt-tab-lines').click();
    const lines = new LineEditor(page, DOC_LINES);
    await lines.waitForCount(2);
    await opensEachLine(lines, [part['DR-BR-6205'].name, 8], [part['EC-CT-25'].name, 5]);
    await lines.setQty(2);
    await lines.save();
    await expect.poll(() => lines.cells(part['EC-CT-25'].name)).toContain('2');
  });

  it('退机: each returned item opens with its product and quantity; a new quantity saves', async () => {
    const page = await pageOf('station1', '/productReturn/list');
    const part = await partsOf(page, ['HC-LF-200']);
    type Wo = { new_srv_workorderid: string; new_serialnumber: string | null; new_product_id: string | null; new_customer: string | null; new_station_id: string };
    const orders = await sendAsPage<{ value: Wo[] }>(page, 'GET', `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_serialnumber,new_product_id,new_customer,new_station_id&$filter=${encodeURIComponent('new_status ne 9')}&$top=50`);
    let id = '';
    let machine = '';
    // The first order with a serial and a product that has no return yet.
    for (const wo of orders.data.value.filter((o) => o.new_serialnumber && o.new_product_id)) {
      const created = await sendAsPage<{ id: string }>(page, 'POST', '/api/crmdata/create/new_srv_productreturns', {
        new_returntype: 1, new_workorder_id: wo.new_srv_workorderid, new_station_id: wo.new_station_id, new_serialnumber: wo.new_serialnumber,
        new_product_id: wo.new_product_id, new_customer: wo.new_customer, new_reason: '主轴异响，多次维修未解决',
      });
      if (created.status !== 200) continue;
      id = created.data.id;
      machine = wo.new_product_id!;
      break;
    }
    expect(id).not.toBe('');
    for (const line of [{ new_itemtype: 1, new_product_id: machine, new_qty: 1 }, { new_itemtype: 2, new_product_id: part['HC-LF-200'].id, new_qty: 2 }]) {
      const added = await sendAsPage(page, 'POST', '/api/crmdata/create/new_srv_productreturndetails', { new_productreturn_id: id, ...line });
      expect(added.status, added.message).toBe(200);
    }
    const machineName = (await sendAsPage<{ name: string }>(page, 'GET', `/api/crmdata/Retrieve/products(${machine})?$select=name`)).data.name;
    await page.goto(`${portal.standardUrl}/productReturn/edit/${id}/1`);
    await page.getByTestId('pr-tab-lines').click();
    const lines = new LineEditor(page, PRODUCT_RETURN_LINES);
    await lines.waitForCount(2);
    await opensEachLine(lines, [machineName, 1], [part['HC-LF-200'].name, 2]);
    await lines.setQty(3);
    await lines.save();
    await expect.poll(() => lines.cells(part['HC-LF-200'].name)).toContain('3');
  });

  it('工单配件更换: each part line opens with its part and quantity; a new quantity saves', async () => {
    const page = await pageOf('station1', '/workOrder/list');
    const part = await partsOf(page, ['HC-LF-200', 'DR-BR-6205']);
    const orders = await sendAsPage<{ value: { new_srv_workorderid: string }[] }>(page, 'GET', `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid&$filter=${encodeURIComponent('new_status eq 1')}&$top=1`);
    const orderId = orders.data.value[0].new_srv_workorderid;
    for (const [no, qty] of [['HC-LF-200', 2], ['DR-BR-6205', 5]] as const) {
      const added = await sendAsPage(page, 'POST', `/api/workorders/${orderId}/lines/partlines`, { new_product_id: part[no].id, new_qty: qty, new_price: 10 });
      expect(added.status, added.message).toBe(200);
    }
    await page.goto(`${portal.standardUrl}/workOrder/edit/${orderId}`);
    await page.getByTestId('wo-tab-partlines').click();
    const lines = new LineEditor(page, WORK_ORDER_PART_LINES);
    await page.locator('[data-testid="wo-lines-partlines"][data-count]').waitFor();
    await opensEachLine(lines, [part['DR-BR-6205'].name, 5], [part['HC-LF-200'].name, 2]);
    await lines.setQty(4);
    await lines.save();
    await expect.poll(() => lines.cells(part['HC-LF-200'].name)).toContain('4');
  });
});
