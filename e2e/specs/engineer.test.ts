import { PROGRESS_STEPS, workOrderAction, workOrderStatus } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { EngineerAppPage } from '../pages/engineer-app-pages.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { apiAs, pageApi, portalSuite, signedInPage } from '../support/suite.ts';

/*
 * The engineer's scope in a real browser against the real server: engineer1 (赵磊, SH001, no
 * workorder.all) sees and works only the orders dispatched to them. What "their orders" are is
 * read from station1's side of the API, so the screen is not checked against itself.
 */

const suite = portalSuite();

type Order = { new_srv_workorderid: string; new_name: string; new_status: number; new_worker_id: string | null };
type Page = { value: Order[]; '@odata.count'?: number };
/** The work-order list's orders: domestic ones (overseas orders have /overseas/list). */
const DOMESTIC = '(new_isoverseas eq false or new_isoverseas eq null)';
const q = (filter?: string) =>
  `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_name,new_status,new_worker_id&$count=true&$top=500&$filter=${encodeURIComponent(filter ? `${DOMESTIC} and ${filter}` : DOMESTIC)}`;
/** The log's action value for a progress step (响应 / 出发 / 到达), found by its label. */
const actionOf = (zh: string) => workOrderAction.options.find((o) => o.label['zh-CN'] === zh)!.value;
const STEP_LABEL = { response: '响应', departure: '出发', arrival: '到达', photos: '拍照' } as const;

describe('engineer scope', () => {
  it("engineer1 sees only their orders, works one (a progress step) and cannot open a colleague's", async () => {
    const page = await signedInPage(suite, 'engineer1', '/workOrder/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    expect(await list.viewLabel()).toBe('我的工单');

    // engineer1's personnel record, from their own orders; their orders as the station sees them.
    const own = await pageApi(page)<Page>(q());
    const me = own.value[0]?.new_worker_id;
    expect(me).toMatch(/[0-9a-f-]{36}/);
    const station1 = await apiAs(suite.portal, 'station1');
    const stationAll = (await station1<Page>(q()))['@odata.count']!;
    const assigned = await station1<Page>(q(`new_worker_id eq ${me}`));
    const mine = assigned['@odata.count']!;
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(stationAll);
    expect(own['@odata.count']).toBe(mine);

    // The list: the same total, and every row one of engineer1's orders.
    expect(await list.total()).toBe(mine);
    const assignedIds = new Set(assigned.value.map((o) => o.new_srv_workorderid));
    const rowIds = await list.rowIds();
    expect(rowIds.length).toBeGreaterThan(0);
    for (const id of rowIds) expect(assignedIds.has(id), id).toBe(true);

    // An own order still to be worked on (dispatched, responded or set out), opened from the list.
    const open = assigned.value
      .filter((o) => o.new_status >= workOrderStatus.dispatched && o.new_status <= workOrderStatus.setOut)
      .sort((a, b) => a.new_status - b.new_status)[0];
    expect(open, 'engineer1 has an open order in the demo data').toBeTruthy();
    await list.search(open.new_name);
    expect(await list.rowIds()).toEqual([open.new_srv_workorderid]);
    await list.openRow(open.new_name);
    await waitForPath(page, `/workOrder/edit/${open.new_srv_workorderid}`);
    const wo = new WorkOrderPage(page);
    await wo.waitForOrder();
    expect(await wo.status()).toBe(open.new_status);

    // Their actions, and nothing of the station's: no 派工/改派, no 取消, no saving the order's fields.
    for (const key of ['appointment', 'progress', 'complete']) expect(await wo.hasAction(key), key).toBe(true);
    for (const key of ['dispatch', 'cancel']) expect(await wo.hasAction(key), key).toBe(false);
    expect(await page.getByTestId('form-save').count()).toBe(0);
    const header = await page.locator('.detail-header-extra').innerText();
    for (const word of ['派工', '改派', '取消']) expect(header).not.toContain(word);

    // The next progress step (响应 on a dispatched order): the status moves on, the history shows it.
    const step = PROGRESS_STEPS[open.new_status - workOrderStatus.dispatched];
    const action = actionOf(STEP_LABEL[step]);
    const logged = page.locator(`[data-testid="wo-log-row"][data-action="${action}"]`);
    await wo.openHistory();
    const before = await logged.count();
    expect(await wo.recordStep()).toBe(step);
    const next = open.new_status + 1;
    await wo.waitForStatus(next);
    expect(await page.getByTestId('wo-status').innerText()).toBe(
      `工单状态：${workOrderStatus.options.find((o) => o.value === next)!.label['zh-CN']}`,
    );
    await wo.openHistory();
    await expect.poll(() => logged.count()).toBe(before + 1);
    expect(await logged.last().innerText()).toContain(STEP_LABEL[step]);
    const saved = await pageApi(page)<Order>(`/api/crmdata/Retrieve/new_srv_workorders(${open.new_srv_workorderid})?$select=new_status`);
    expect(saved.new_status).toBe(next);

    // An order of the same station not assigned to engineer1, opened by its URL: the no-access state.
    const other = (await station1<Page>(q())).value.find((o) => o.new_worker_id !== me);
    expect(other, 'station1 has orders not assigned to engineer1').toBeTruthy();
    await page.goto(`${suite.portal.standardUrl}/workOrder/edit/${other!.new_srv_workorderid}`);
    await wo.waitForNoAccess();
    expect(await page.getByTestId('wo-status').count()).toBe(0);
    expect(await page.getByText(other!.new_name).count()).toBe(0);
  });

  it("on the phone: the bell and language in the bar, 改约 of an own order, parts with the station's stock", async () => {
    const page = await signedInPage(suite, 'engineer1', '/mobile/workorders', { mobile: true });
    const app = new EngineerAppPage(page);
    await app.waitForList('server');

    // The bar: the bell counts what the message centre counts; the language switch changes the texts.
    const unread = await pageApi(page)<number>('/api/message/unread-count');
    await app.waitForMessageCount(unread);
    expect(await page.getByTestId('engineer-messages').getAttribute('href')).toBe('/message/message');
    await app.chooseLanguage('en-US', 'My work orders');
    expect(await page.getByTestId('engineer-all-functions').innerText()).toContain('All functions');
    await app.chooseLanguage('zh-CN', '我的工单');

    // An own open order (dispatched … arrived), as the station sees it.
    const me = (await pageApi(page)<{ workerId: string }>('/api/portaluser/me')).workerId;
    const station1 = await apiAs(suite.portal, 'station1');
    type Row = Order & { new_name: string; new_station_id: string };
    const open = (
      await station1<{ value: Row[] }>(
        `/api/crmdata/Retrieve/new_srv_workorders?$select=new_srv_workorderid,new_name,new_status,new_station_id&$orderby=new_name&$top=1&$filter=${encodeURIComponent(`new_worker_id eq ${me} and new_status ge 2 and new_status le 5`)}`,
      )
    ).value[0];
    expect(open, 'engineer1 has an open order').toBeTruthy();
    await app.openOrder(open.new_srv_workorderid);

    // 改约: tomorrow (China time) 09:00–11:00 with its reason and a note; the station reads the new
    // appointment and the history entry with the note.
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    await app.changeAppointment({ date: tomorrow, begin: '09:00', end: '11:00', reason: '用户调整时间', memo: '客户改到明天上午' });
    await app.waitForPending(0);
    const saved = await station1<Record<string, unknown>>(
      `/api/crmdata/Retrieve/new_srv_workorders(${open.new_srv_workorderid})?$select=new_appointmenttime,new_appointmentbegin,new_appointmentend,new_appointmentreason`,
    );
    expect(String(saved.new_appointmenttime).slice(0, 10)).toBe(tomorrow);
    expect([saved.new_appointmentbegin, saved.new_appointmentend, saved.new_appointmentreason]).toEqual([900, 1100, 1]);
    const notes = await station1<{ value: { new_memo: string | null }[] }>(
      `/api/crmdata/Retrieve/new_srv_workorderlogs?$select=new_memo&$filter=${encodeURIComponent(`new_workorder_id eq ${open.new_srv_workorderid} and new_action eq ${actionOf('预约')}`)}`,
    );
    expect(notes.value.map((n) => n.new_memo)).toContain('客户改到明天上午');

    // Parts: each with what the order's station has available, in stock first, as the station's
    // own stock list says.
    const options = await app.partOptions();
    expect(options.length).toBeGreaterThan(0);
    const first = options[0];
    expect(Number(first.available)).toBeGreaterThan(0);
    expect(first.text).toContain(`库存 ${first.available}`);
    const stock = await station1<{ value: { new_available: number }[] }>(
      `/api/crmdata/Retrieve/new_srv_siteinvs?$select=new_available&$filter=${encodeURIComponent(`new_station_id eq ${open.new_station_id} and new_code eq '${first.number}'`)}`,
    );
    expect(stock.value.map((r) => Number(r.new_available))).toEqual([Number(first.available)]);
  });
});
