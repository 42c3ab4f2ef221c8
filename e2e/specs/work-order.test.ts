import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { makePng, pickInLookup, postAsPage, WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

/** A China-time calendar day `days` from today (the appointment picker refuses past days). */
const chinaDay = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

type Order = Record<string, unknown>;
const readOrder = (page: Parameters<typeof pageApi>[0], id: string) =>
  pageApi(page)<Order>(
    `/api/crmdata/Retrieve/new_srv_workorders(${id})?$select=new_name,new_status,new_dealstatus,new_worker_id,new_appointmenttime,new_appointmentbegin,new_appointmentend,new_province,new_city,new_county,new_address,new_station_id,new_totalcost,new_servicecharge,new_partcost,new_photocount`,
  );

// The flow's order, shared by the tests below (they run in order).
let orderId = '';
let orderNo = '';
let engineerId = '';

describe('work orders', () => {
  it('station1 creates an order, dispatches it, books it, records progress, uploads a photo, completes it and adds lines', async () => {
    const page = await signedInPage(suite, 'station1', '/workOrder/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    await list.clickNew();
    await waitForPath(page, '/workOrder/create');

    const wo = new WorkOrderPage(page);
    await wo.waitFor('new_srv_workorder');
    // A station user's order belongs to their station (preset, locked).
    expect(await wo.field('new_station_id').innerText()).toContain('上海浦东华辰服务站');
    // Before the order exists: no result, cost, audit or pullout sections.
    expect(await wo.sectionKeys()).toEqual(['customer', 'product', 'service']);
    const filled = await wo.fillNew({
      customer: '上海申通机械有限公司',
      contact: '王建国',
      phone: '13812345678',
      province: '上海市',
      city: '上海市',
      county: '浦东新区',
      address: '张江高科技园区碧波路 690 号',
      type: '维修',
      warranty: '保内',
      fault: '设备无法启动，控制面板报警 E02',
    });
    expect(filled.productLine).toMatch(/\S/);
    expect(filled.model).toMatch(/\S/);
    await wo.save();
    await page.waitForURL((u) => u.pathname.startsWith('/workOrder/edit/'));
    await wo.waitForOrder();
    orderId = wo.idFromUrl();
    orderNo = await wo.number();
    expect(orderNo).toMatch(/\S/);
    expect(await wo.status()).toBe(1);
    expect(await wo.sectionKeys()).toEqual(['customer', 'product', 'service', 'result', 'cost', 'closing', 'pullout']);
    // Each status tag says which status it is.
    expect(await page.getByTestId('wo-dealstatus').innerText()).toBe('处理状态：待派工');
    expect(await page.getByTestId('wo-status').innerText()).toBe('工单状态：未派工');
    expect(await wo.field('new_productline_id').innerText()).toContain(filled.productLine);
    const created = await readOrder(page, orderId);
    expect(created).toMatchObject({
      new_province: '上海市',
      new_city: '上海市',
      new_county: '浦东新区',
      new_address: '张江高科技园区碧波路 690 号',
    });

    // 派工 to an engineer of SH001 (the lookup lists only the order's station).
    const picked = await wo.dispatchTo('赵磊');
    expect(picked).toContain('赵磊');
    await wo.waitForStatus(2);
    engineerId = String((await readOrder(page, orderId)).new_worker_id);
    expect(engineerId).toMatch(/[0-9a-f-]{36}/);
    expect(await wo.page.getByTestId('wo-action-dispatch').innerText()).toContain('改派');

    // 预约 tomorrow 09:00–11:00.
    const day = chinaDay(1);
    await wo.book(day, '09:00', '11:00');
    await expect
      .poll(async () => readOrder(page, orderId))
      .toMatchObject({ new_appointmenttime: day, new_appointmentbegin: 900, new_appointmentend: 1100 });

    // 响应 → 出发 → 到达.
    expect(await wo.recordStep()).toBe('response');
    await wo.waitForStatus(3);
    expect(await wo.recordStep('上海浦东华辰服务站')).toBe('departure');
    await wo.waitForStatus(4);
    expect(await wo.recordStep('张江高科技园区碧波路 690 号')).toBe('arrival');
    await wo.waitForStatus(5);

    // A site photo on the attachments tab, then 完工 (times and addresses come prefilled).
    await wo.uploadPhoto('现场照片.png', makePng(16, 12));
    await wo.openAction('complete');
    await page.locator('[data-testid="wo-complete-photos"][data-count="1"]').waitFor();
    expect(await page.getByTestId('wo-complete-departure-address').inputValue()).toBe('上海浦东华辰服务站');
    expect(await page.getByTestId('wo-complete-arrival-address').inputValue()).toBe('张江高科技园区碧波路 690 号');
    await page.getByTestId('wo-complete-solution').fill('更换启动继电器，试机正常');
    await wo.confirm('wo-complete-dialog');
    await wo.waitForStatus(7);
    expect(await wo.dealStatus()).toBe(7);

    // Lines while completed but not audited: the totals follow on the order.
    const before = Number((await readOrder(page, orderId)).new_totalcost ?? 0);
    await wo.addLine('repairitems', async (d) => {
      await d.getByTestId('field-new_name').fill('更换启动继电器');
      await d.getByTestId('field-new_hours').fill('2');
      await d.getByTestId('field-new_price').fill('80');
    });
    await expect.poll(async () => Number((await readOrder(page, orderId)).new_totalcost)).toBe(before + 160);
    await expect.poll(() => wo.amount('new_totalcost')).toBe(before + 160);

    await wo.addLine('partlines', async (d) => {
      await d.getByTestId('field-new_product_id').click();
      await pickInLookup(page);
      await d.getByTestId('field-new_qty').fill('2');
      await d.getByTestId('field-new_price').fill('50');
    });
    await expect.poll(async () => Number((await readOrder(page, orderId)).new_totalcost)).toBe(before + 260);
    await expect.poll(() => wo.amount('new_partcost')).toBe(100);
    await expect.poll(() => wo.amount('new_totalcost')).toBe(before + 260);

    // The history lists every step.
    await wo.openTab('log');
    await expect.poll(() => page.getByTestId('wo-log-row').count()).toBeGreaterThanOrEqual(7);
  });

  it('the list finds the order by number, and the service calendar shows its appointment', async () => {
    expect(orderId).not.toBe('');
    const page = await signedInPage(suite, 'station1', '/workOrder/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    await list.search(orderNo);
    expect(await list.rowIds()).toEqual([orderId]);
    await list.openRow(orderNo);
    await waitForPath(page, `/workOrder/edit/${orderId}`);

    await page.goto(`${suite.portal.standardUrl}/appointment/view`);
    await page.locator('[data-testid="service-calendar"][data-loading="false"]').waitFor();
    const item = page.locator(`[data-testid="cal-item"][data-id="${orderId}"]`);
    await item.waitFor();
    expect(await item.getAttribute('data-date')).toBe(chinaDay(1));
    expect(await item.innerText()).toContain('09:00–11:00');
    await item.click();
    await waitForPath(page, `/workOrder/edit/${orderId}`);
  });

  it('a completed order cannot be dispatched: no button, and the server refuses with the spec message', async () => {
    expect(orderId).not.toBe('');
    const page = await signedInPage(suite, 'station1', `/workOrder/edit/${orderId}`);
    const wo = new WorkOrderPage(page);
    await wo.waitForOrder();
    expect(await wo.status()).toBe(7);
    expect(await wo.hasAction('dispatch')).toBe(false);
    expect(await wo.hasAction('appointment')).toBe(false);
    const r = await postAsPage(page, `/api/workorders/${orderId}/dispatch`, { workerId: engineerId });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('该工单不允许派工');
  });

  it('head office opens the same order and audits it (已审核)', async () => {
    expect(orderId).not.toBe('');
    const page = await signedInPage(suite, 'hq', `/workOrder/edit/${orderId}`);
    const wo = new WorkOrderPage(page);
    await wo.waitForOrder();
    expect(await wo.number()).toBe(orderNo);
    await wo.openAction('audit');
    await wo.confirm('wo-audit-dialog');
    await wo.waitForStatus(10);
    expect(await page.getByTestId('wo-status').innerText()).toBe('工单状态：已审核');
    // Audited: read-only, no line editing.
    await page.getByTestId('wo-readonly').waitFor();
    expect(await page.getByTestId('form-save').count()).toBe(0);
    await wo.openTab('repairitems');
    await page.getByTestId('wo-lines-repairitems').waitFor();
    expect(await page.getByTestId('wo-line-add-repairitems').count()).toBe(0);
  });

  it("station2 cannot open station1's order", async () => {
    expect(orderId).not.toBe('');
    const page = await signedInPage(suite, 'station2', `/workOrder/edit/${orderId}`);
    await page.getByTestId('entity-form').waitFor();
    await page.getByText('记录不存在或您无权查看').waitFor();
    expect(await page.getByTestId('wo-status').count()).toBe(0);
    const r = await postAsPage(page, `/api/workorders/${orderId}/supervise`, { reason: 'x' });
    expect(r.status).toBe(403);
    const d = await postAsPage(page, `/api/workorders/${orderId}/cancel`, { reason: '试图取消' });
    expect(d.status).toBe(404);
  });
});
