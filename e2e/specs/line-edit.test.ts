import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOC_LINES,
  LineEditor,
  PRODUCT_RETURN_LINES,
  sendAsPage,
  WORK_ORDER_PART_LINES,
  type LineHooks,
} from '../pages/line-edit-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openBrowser, type Browser } from '../support/browser.ts';
import type { RunningPortal } from '../support/portal-server.ts';
import { startTestPortal } from '../support/suite.ts';
import { openTab } from '../pages/app-shell.ts';

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
  const r = await sendAsPage<{ value: Record<string, string>[] }>(
    page,
    'GET',
    `/api/crmdata/Retrieve/${set}?$select=${key},${by},name&$filter=${encodeURIComponent(filter)}`,
  );
  return Object.fromEntries(r.data.value.map((x) => [x[by], { id: x[key], name: x.name }]));
}
const partsOf = (page: Page, numbers: string[]) => find(page, 'products', 'productid', 'productnumber', numbers);
async function warehousesOf(page: Page, codes: string[]): Promise<Record<string, string>> {
  const filter = codes.map((v) => `new_code eq '${v}'`).join(' or ');
  const r = await sendAsPage<{ value: Record<string, string>[] }>(
    page,
    'GET',
    `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid,new_code&$filter=${encodeURIComponent(filter)}`,
  );
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

type Line = [name: string, qty: number];

/** One document whose lines are edited in a dialog, and what differs between them. */
interface Document {
  title: string;
  user: string;
  /** Where the user's page is opened first (the document's list). */
  list: string;
  /** The edit tab holding the lines. */
  tab: string;
  hooks: LineHooks;
  /** Creates the draft through the API: its edit path and the two lines, in the order they are opened (the second is edited). */
  draft(page: Page): Promise<{ path: string; lines: [Line, Line] }>;
  /** The lines were added to an existing document, which may hold others: wait for the table to load, not for two lines. */
  existing?: true;
  /** The edited line's new quantity. */
  qty: number;
  /** What the document proves beyond the edit, on the edited line. */
  more?(page: Page, lines: LineEditor, edited: string): Promise<void>;
}

const DOCUMENTS: Document[] = [
  {
    title: '配件申请: each line opens with its part and quantity; a quantity above the stock is saved with its shortfall shown',
    user: 'station1',
    list: '/partsApply/list',
    tab: 'pa-tab-lines',
    hooks: DOC_LINES,
    qty: 7,
    async draft(page) {
      const part = await partsOf(page, ['EC-CT-25', 'DR-BR-6205']);
      const wh = await warehousesOf(page, ['WH-HD']);
      const id = await draft(
        page,
        'new_srv_partsapplies',
        { new_type: 1, new_warehouse_id: wh['WH-HD'], new_recipient: '陈志强', new_phonenumber: '021-58956321' },
        'applications',
        [
          [part['EC-CT-25'].id, 6],
          [part['DR-BR-6205'].id, 4],
        ],
      );
      // The line opened first (DR-BR-6205, 4) does not carry over into the next one.
      return {
        path: `/partsApply/edit/${id}`,
        lines: [
          [part['DR-BR-6205'].name, 4],
          [part['EC-CT-25'].name, 6],
        ],
      };
    },
    // A back-order: 900 where the supplying warehouse has less shows the shortfall, and is saved.
    async more(_page, lines, edited) {
      await lines.open(edited);
      await lines.setQty(900);
      const hint = await lines.stockHint();
      expect(hint.available).toBeLessThan(900);
      await lines.waitForShort(900 - hint.available);
      expect((await lines.stockHint()).text).toContain(`库存不足，缺 ${900 - hint.available}`);
      await lines.save();
      const tag = lines.row(edited).getByTestId('doc-line-shortfall');
      await tag.waitFor();
      expect((await tag.innerText()).trim()).toBe(`库存不足，缺 ${900 - hint.available}`);
    },
  },
  {
    title: '配件销售: each line opens with its part and quantity; a new quantity saves',
    user: 'station1',
    list: '/newOrder/list',
    tab: 'xs-tab-lines',
    hooks: DOC_LINES,
    qty: 1,
    async draft(page) {
      const part = await partsOf(page, ['HC-LF-200', 'DR-BR-6205']);
      const id = await draft(
        page,
        'new_orders',
        { new_customername: '刘建国', new_phone: '13816620451', new_address: '上海市浦东新区川沙路 88 号' },
        'sales',
        [
          [part['HC-LF-200'].id, 2],
          [part['DR-BR-6205'].id, 3],
        ],
      );
      return {
        path: `/newOrder/edit/${id}`,
        lines: [
          [part['DR-BR-6205'].name, 3],
          [part['HC-LF-200'].name, 2],
        ],
      };
    },
  },
  {
    title: '配件退货: a new quantity saves; one above the available stock is refused at the quantity, the dialog staying open',
    user: 'station1',
    list: '/siteReturn/list',
    tab: 'th-tab-lines',
    hooks: DOC_LINES,
    qty: 3,
    async draft(page) {
      const part = await partsOf(page, ['HC-LF-200', 'DR-BR-6205']);
      const wh = await warehousesOf(page, ['WH-HD']);
      const id = await draft(
        page,
        'new_srv_sitereturns',
        {
          new_towarehouse_id: wh['WH-HD'],
          new_returntype: 1,
          new_returnreason: '备件积压，退回中心库',
          new_deliveraddress: '上海市浦东新区张江碧波路 690 号',
        },
        'siteReturns',
        [
          [part['HC-LF-200'].id, 1],
          [part['DR-BR-6205'].id, 2],
        ],
      );
      return {
        path: `/siteReturn/edit/${id}`,
        lines: [
          [part['HC-LF-200'].name, 1],
          [part['DR-BR-6205'].name, 2],
        ],
      };
    },
    async more(page, lines, edited) {
      await lines.open(edited);
      await lines.setQty(99_999);
      const refusal = await lines.saveRefusedAtQty();
      expect(refusal).toMatch(/DR-BR-6205.*\d/);
      expect(await lines.dialog().getByTestId('doc-line-dialog-error').count()).toBe(0);
      expect(await page.locator('.ant-message-notice').filter({ hasText: refusal }).count()).toBe(0);
      await lines.cancel();
      await expect.poll(() => lines.cells(edited)).toContain('3');
    },
  },
  {
    title: '配件调拨: each line opens with its part and quantity; a new quantity saves',
    user: 'warehouse1',
    list: '/partsTransfer/list',
    tab: 'pt-tab-lines',
    hooks: DOC_LINES,
    qty: 2,
    async draft(page) {
      const part = await partsOf(page, ['EC-CT-25', 'DR-BR-6205']);
      const wh = await warehousesOf(page, ['WH-HD', 'WH-HQ']);
      const id = await draft(
        page,
        'new_srv_parttransorders',
        { new_warehouse_id: wh['WH-HD'], new_towarehouse_id: wh['WH-HQ'], new_reason: '华东库余量调回总部' },
        'transfers',
        [
          [part['EC-CT-25'].id, 5],
          [part['DR-BR-6205'].id, 8],
        ],
      );
      return {
        path: `/partsTransfer/edit/${id}`,
        lines: [
          [part['DR-BR-6205'].name, 8],
          [part['EC-CT-25'].name, 5],
        ],
      };
    },
  },
  {
    title: '退机: each returned item opens with its product and quantity; a new quantity saves',
    user: 'station1',
    list: '/productReturn/list',
    tab: 'pr-tab-lines',
    hooks: PRODUCT_RETURN_LINES,
    qty: 3,
    async draft(page) {
      const part = await partsOf(page, ['HC-LF-200']);
      type Wo = {
        new_srv_workorderid: string;
        new_serialnumber: string | null;
        new_product_id: string | null;
        new_customer: string | null;
        new_station_id: string;
      };
      const orders = await sendAsPage<{ value: Wo[] }>(
        page,
        'GET',
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_serialnumber,new_product_id,new_customer,new_station_id&$filter=${encodeURIComponent('new_status ne 9')}&$top=50`,
      );
      let id = '';
      let machine = '';
      // The first order with a serial and a product that has no return yet.
      for (const wo of orders.data.value.filter((o) => o.new_serialnumber && o.new_product_id)) {
        const created = await sendAsPage<{ id: string }>(page, 'POST', '/api/crmdata/create/new_srv_productreturns', {
          new_returntype: 1,
          new_workorder_id: wo.new_srv_workorderid,
          new_station_id: wo.new_station_id,
          new_serialnumber: wo.new_serialnumber,
          new_product_id: wo.new_product_id,
          new_customer: wo.new_customer,
          new_reason: '主轴异响，多次维修未解决',
        });
        if (created.status !== 200) continue;
        id = created.data.id;
        machine = wo.new_product_id!;
        break;
      }
      expect(id).not.toBe('');
      for (const line of [
        { new_itemtype: 1, new_product_id: machine, new_qty: 1 },
        { new_itemtype: 2, new_product_id: part['HC-LF-200'].id, new_qty: 2 },
      ]) {
        const added = await sendAsPage(page, 'POST', '/api/crmdata/create/new_srv_productreturndetails', {
          new_productreturn_id: id,
          ...line,
        });
        expect(added.status, added.message).toBe(200);
      }
      const machineName = (await sendAsPage<{ name: string }>(page, 'GET', `/api/crmdata/Retrieve/products(${machine})?$select=name`)).data
        .name;
      return {
        path: `/productReturn/edit/${id}/1`,
        lines: [
          [machineName, 1],
          [part['HC-LF-200'].name, 2],
        ],
      };
    },
  },
  {
    title: '工单配件更换: each part line opens with its part and quantity; a new quantity saves',
    user: 'station1',
    list: '/workOrder/list',
    tab: 'wo-tab-partlines',
    hooks: WORK_ORDER_PART_LINES,
    qty: 4,
    existing: true,
    async draft(page) {
      const part = await partsOf(page, ['HC-LF-200', 'DR-BR-6205']);
      const orders = await sendAsPage<{ value: { new_srv_workorderid: string }[] }>(
        page,
        'GET',
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid&$filter=${encodeURIComponent('new_status eq 1')}&$top=1`,
      );
      const orderId = orders.data.value[0].new_srv_workorderid;
      for (const [no, qty] of [
        ['HC-LF-200', 2],
        ['DR-BR-6205', 5],
      ] as const) {
        const added = await sendAsPage(page, 'POST', `/api/workorders/${orderId}/lines/partlines`, {
          new_product_id: part[no].id,
          new_qty: qty,
          new_price: 10,
        });
        expect(added.status, added.message).toBe(200);
      }
      return {
        path: `/workOrder/edit/${orderId}`,
        lines: [
          [part['DR-BR-6205'].name, 5],
          [part['HC-LF-200'].name, 2],
        ],
      };
    },
  },
];

describe('editing a document line: the dialog shows the line, and a new quantity saves', () => {
  for (const doc of DOCUMENTS) {
    it(doc.title, async () => {
      const page = await pageOf(doc.user, doc.list);
      const {
        path,
        lines: [first, second],
      } = await doc.draft(page);
      await page.goto(`${portal.standardUrl}${path}`);
      await openTab(page.getByTestId(doc.tab));
      const lines = new LineEditor(page, doc.hooks);
      if (doc.existing) await page.locator(`[data-testid="${doc.hooks.table}"][data-count]`).waitFor();
      else await lines.waitForCount(2);

      // Each line opens with its own part and quantity, not those of the line opened before.
      expect(await lines.open(first[0])).toEqual({ part: first[0], qty: String(first[1]) });
      await lines.cancel();
      expect(await lines.open(second[0])).toEqual({ part: second[0], qty: String(second[1]) });
      await lines.setQty(doc.qty);
      await lines.save();
      await expect.poll(() => lines.cells(second[0])).toContain(String(doc.qty));

      await doc.more?.(page, lines, second[0]);
    });
  }
});
