import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { MyApprovals } from '../pages/approval-pages.ts';
import { DeliveryPage, PartsApplicationPage, ReceiptPage, searchInLookup } from '../pages/parts-pages.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// station1 applies for three parts; branch1 and hq approve; warehouse1 ships two of them; station1
// receives in part, then the rest; the third ships later; a work order uses one of the parts. The
// tests run in order and share the documents.
const suite = portalSuite();

type Stock = { new_quantity: number; new_frozen: number; new_available: number; new_intransit: number };
type Page = Parameters<typeof pageApi>[0];
const CP = 'PW-CP-35'; // 涡旋压缩机
const PCB = 'EC-PCB-210'; // 主控 PCB 板
const FAN = 'PW-FM-550'; // 散热风扇电机

/** One part's stock in a warehouse (by code), read with the page's own session (its scope). */
async function stock(page: Page, warehouse: string, code: string): Promise<Stock> {
  const api = pageApi(page);
  const wh = (
    await api<{ value: { new_srv_warehouseid: string }[] }>(
      `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid&$filter=${encodeURIComponent(`new_code eq '${warehouse}'`)}`,
    )
  ).value[0];
  const rows = (
    await api<{ value: Stock[] }>(
      `/api/crmdata/Retrieve/new_srv_siteinvs?$select=new_quantity,new_frozen,new_available,new_intransit&$filter=${encodeURIComponent(`new_warehouse_id eq ${wh.new_srv_warehouseid} and new_code eq '${code}'`)}`,
    )
  ).value;
  return rows[0] ?? { new_quantity: 0, new_frozen: 0, new_available: 0, new_intransit: 0 };
}

let appId = '';
let appNo = '';
let deliveryId = '';
let deliveryNo = '';
const before: Record<string, Stock> = {};

describe('parts: application → delivery → receipt on the stock ledger', () => {
  it('station1 applies for three parts (lines only after saving the header; a part once)', async () => {
    const page = await signedInPage(suite, 'station1', '/partsApply/list');
    for (const code of [CP, PCB, FAN]) before[`SH:${code}`] = await stock(page, 'WH-SH001', code);
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_partsapply');
    await list.clickNew();
    await waitForPath(page, '/partsApply/create');
    const app = new PartsApplicationPage(page);
    await app.waitFor('new_srv_partsapply');
    // The station is the user's own, preset and locked.
    expect(await app.field('new_station_id').innerText()).toContain('上海浦东华辰服务站');
    await app.openLines();
    await page.getByTestId('doc-lines-save-first').waitFor();
    expect(await page.getByTestId('doc-lines-save-first').innerText()).toContain('请先保存主单据再添加明细');

    await page.getByTestId('form-tab-details').click();
    await app.fillHeader({ type: '紧急订单', warehouse: '华东中心库', recipient: '陈志强', phone: '021-58956321' });
    await app.save();
    await page.waitForURL((u) => u.pathname.startsWith('/partsApply/edit/'));
    await app.waitForDocument();
    appId = app.idFromUrl();
    appNo = await app.number();
    expect(appNo).toMatch(/^PA\d{8}-\d{4}$/);

    await app.openLines();
    expect(await app.lines.add(CP, 2)).toBeNull();
    expect(await app.lines.add(PCB, 3)).toBeNull();
    expect(await app.lines.add(FAN, 1)).toBeNull();
    expect(await app.lines.add(CP, 1)).toBe('配件“PW-CP-35 涡旋压缩机”重复，同一配件不允许重复添加');
    await app.lines.waitForCount(3);
    // Each line shows the supplying warehouse's current stock of its part.
    expect(await app.lines.row('涡旋压缩机').innerText()).toMatch(/\d/);

    const approvers = await app.submitForApproval();
    expect(approvers).toEqual(['张伟', '李慧敏']);
    await app.waitForApproval(2);
  });

  it('branch1, then hq approve; the approved quantities are reserved in 华东中心库', async () => {
    const hq = await signedInPage(suite, 'hq');
    for (const code of [CP, PCB, FAN]) before[`HD:${code}`] = await stock(hq, 'WH-HD', code);
    const branch = await signedInPage(suite, 'branch1');
    const mine = new MyApprovals(branch);
    await mine.open(suite.portal.standardUrl, appNo);
    // The approver sees the application's own screen (its lines) from the approval.
    await branch.getByTestId('myapproval-open-document').waitFor();
    await mine.act('approve', '情况属实，同意');
    const top = new MyApprovals(hq);
    await top.open(suite.portal.standardUrl, appNo);
    await top.act('approve', '同意');
    for (const [code, qty] of [
      [CP, 2],
      [PCB, 3],
      [FAN, 1],
    ] as const) {
      await expect.poll(async () => (await stock(hq, 'WH-HD', code)).new_frozen).toBe(before[`HD:${code}`].new_frozen + qty);
    }
  });

  it('warehouse1 delivers two of the three parts: picks, packs, delivers out and ships them', async () => {
    const page = await signedInPage(suite, 'warehouse1', '/partsDispatch/create');
    const d = new DeliveryPage(page);
    await d.createFromApplications('华东中心库', [appNo]);
    deliveryId = d.idFromUrl();
    deliveryNo = await d.number();
    expect(await d.state()).toBe(1);
    await d.openLines();
    await d.lines.waitForCount(3);
    await d.lines.remove('散热风扇电机');
    await d.step('submit');
    await d.step('pick');
    await d.step('pack');
    await d.step('out');
    expect(await d.offers('ship')).toBe(true);
    await d.step('ship', { corp: '顺丰速运', tracking: 'SF1402800009999' });
    expect(await page.getByTestId('pd-state').innerText()).toContain('已发运');
    // Out of the warehouse with its reservation; the fan motor stays reserved for later.
    expect(await stock(page, 'WH-HD', CP)).toMatchObject({
      new_quantity: before[`HD:${CP}`].new_quantity - 2,
      new_frozen: before[`HD:${CP}`].new_frozen,
    });
    expect(await stock(page, 'WH-HD', FAN)).toMatchObject({ new_frozen: before[`HD:${FAN}`].new_frozen + 1 });
  });

  it('station1 receives them in part: semi received, exact stock and moves', async () => {
    const page = await signedInPage(suite, 'station1', '/partsSign/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_stockoutorder');
    await list.openRow(deliveryNo);
    await waitForPath(page, `/partsSign/edit/${deliveryId}`);
    const r = new ReceiptPage(page);
    await r.waitFor();
    expect(await r.receiptState()).toBe(1);
    await r.quantity('涡旋压缩机', 1);
    await r.quantity('主控 PCB 板', 3);
    await r.confirm(3);
    expect(await page.getByTestId('ps-receiptstate').innerText()).toContain('部分签收');
    expect(await stock(page, 'WH-SH001', CP)).toMatchObject({
      new_quantity: before[`SH:${CP}`].new_quantity + 1,
      new_intransit: before[`SH:${CP}`].new_intransit + 1,
    });
    expect(await stock(page, 'WH-SH001', PCB)).toMatchObject({
      new_quantity: before[`SH:${PCB}`].new_quantity + 3,
      new_intransit: before[`SH:${PCB}`].new_intransit,
    });

    // The stock list and the transaction list say the same.
    await page.goto(`${suite.portal.standardUrl}/siteInv/list`);
    const inv = new EntityListPage(page);
    await inv.waitFor('new_srv_siteinv');
    await inv.search(CP);
    const row = (await inv.rowTexts())[0];
    expect(row).toContain('上海浦东华辰服务站库');
    expect(row).toContain(String(before[`SH:${CP}`].new_quantity + 1));
    await page.goto(`${suite.portal.standardUrl}/partStockTransaction/list`);
    const tx = new EntityListPage(page);
    await tx.waitFor('new_srv_stocktransaction');
    await tx.search(deliveryNo);
    const moves = await tx.rowTexts();
    // At the station: two in transit (shipped), then 1 + 3 received.
    expect(moves.filter((m) => m.includes('涡旋压缩机')).length).toBe(2);
    expect(moves.some((m) => m.includes('主控 PCB 板') && m.includes('+3'))).toBe(true);
  });

  it('the rest is received; the backordered part ships on a second delivery and is received', async () => {
    const station = await signedInPage(suite, 'station1', `/partsSign/edit/${deliveryId}`);
    const r = new ReceiptPage(station);
    await r.waitFor();
    await station.getByTestId('ps-fill-all').click();
    await r.confirm(2);
    expect(await stock(station, 'WH-SH001', CP)).toMatchObject({
      new_quantity: before[`SH:${CP}`].new_quantity + 2,
      new_intransit: before[`SH:${CP}`].new_intransit,
    });

    const wh = await signedInPage(suite, 'warehouse1', '/partsDispatch/create');
    const d = new DeliveryPage(wh);
    await d.createFromApplications('华东中心库', [appNo]);
    const second = d.idFromUrl();
    await d.openLines();
    await d.lines.waitForCount(1);
    for (const step of ['submit', 'pick', 'pack', 'out'] as const) await d.step(step);
    await d.step('ship', { corp: '德邦物流', tracking: 'DPK30291800001' });

    await station.goto(`${suite.portal.standardUrl}/partsSign/edit/${second}`);
    await r.waitFor();
    await station.getByTestId('ps-fill-all').click();
    await r.confirm(2);
    expect(await stock(station, 'WH-SH001', FAN)).toMatchObject({ new_quantity: before[`SH:${FAN}`].new_quantity + 1 });
    const app = await pageApi(station)<{ statuscode: number }>(`/api/crmdata/Retrieve/new_srv_partsapplies(${appId})?$select=statuscode`);
    expect(app.statuscode).toBe(100000001);
  });

  it("a completed work order uses one of the parts: it leaves the station's stock", async () => {
    const page = await signedInPage(suite, 'station1');
    const api = pageApi(page);
    const order = (
      await api<{ value: { new_srv_workorderid: string }[] }>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid&$filter=${encodeURIComponent('new_status eq 7')}&$orderby=new_name&$top=1`,
      )
    ).value[0];
    const had = await stock(page, 'WH-SH001', CP);
    await page.goto(`${suite.portal.standardUrl}/workOrder/edit/${order.new_srv_workorderid}`);
    const wo = new WorkOrderPage(page);
    await wo.waitForOrder();
    await wo.addLine('partlines', async (dialog) => {
      await dialog.getByTestId('field-new_product_id').click();
      await searchInLookup(page, CP);
      await dialog.getByTestId('field-new_qty').fill('1');
      await dialog.getByTestId('field-new_price').fill('4580');
    });
    expect(await stock(page, 'WH-SH001', CP)).toMatchObject({ new_quantity: had.new_quantity - 1 });
    const moves = await api<{ value: { new_usage: number; new_quantity: number }[] }>(
      `/api/crmdata/Retrieve/new_srv_stocktransactions?$select=new_usage,new_quantity&$filter=${encodeURIComponent(`new_docid eq '${order.new_srv_workorderid}' and new_code eq '${CP}'`)}`,
    );
    expect(moves.value).toEqual([expect.objectContaining({ new_usage: 9, new_quantity: -1 })]);
  });
});
