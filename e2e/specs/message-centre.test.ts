import { describe, expect, it } from 'vitest';
import { MessageCentre } from '../pages/message-pages.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// station1 dispatches an order to engineer1: engineer1's bell counts the message, the message centre
// shows it unread, opening it goes to the order, and it (and the bell) clear once read. Who gets which
// message, scope and mark-all-read are proven in server routes/message.test.ts.
const suite = portalSuite();

describe('message centre (/message/message)', () => {
  it('a dispatch to engineer1 shows in the bell and the message centre, opens the order, clears once read', async () => {
    const engineer = await signedInPage(suite, 'engineer1');
    const inbox = new MessageCentre(engineer);
    const before = await pageApi(engineer)<number>('/api/message/unread-count');
    await inbox.waitForBell(before);

    const station = await signedInPage(suite, 'station1');
    const { value } = await pageApi(station)<{ value: { new_srv_workorderid: string; new_name: string }[] }>(
      `/api/crmdata/Retrieve/new_srv_workorders?$select=new_name&$top=1&$orderby=new_name&$filter=${encodeURIComponent('new_status eq 1 and new_country eq null')}`,
    );
    const order = value[0];
    expect(order).toBeTruthy();
    await station.goto(`${suite.portal.standardUrl}/workOrder/edit/${order.new_srv_workorderid}`);
    const wo = new WorkOrderPage(station);
    await wo.waitForOrder();
    expect(await wo.dispatchTo('赵磊')).toContain('赵磊');
    await wo.waitForStatus(2);

    // The bell counts on navigation: opening the message centre from it shows the new count.
    await inbox.openFromBell();
    await inbox.waitForBell(before + 1);
    const row = await inbox.waitForItem(order.new_srv_workorderid, false);
    expect(await row.innerText()).toContain(`将工单 ${order.new_name} 派给了您`);
    expect(await row.innerText()).toContain('工单');

    await inbox.open(order.new_srv_workorderid);
    await waitForPath(engineer, `/workOrder/edit/${order.new_srv_workorderid}`);
    const opened = new WorkOrderPage(engineer);
    await opened.waitForOrder();
    expect(await opened.number()).toBe(order.new_name);
    await inbox.waitForBell(before);

    await inbox.openFromBell();
    await inbox.waitForItem(order.new_srv_workorderid, true);
  });

  it('at 390 px the kind filter wraps inside the page: every kind in view, no sideways panning', async () => {
    const page = await signedInPage(suite, 'station1', '/message/message', { mobile: true });
    const { page: width, viewport, tabsRight } = await new MessageCentre(page).layout();
    expect(viewport).toBe(390);
    expect(width).toBeLessThanOrEqual(viewport);
    expect(tabsRight.length).toBeGreaterThan(1);
    for (const right of tabsRight) expect(right).toBeLessThanOrEqual(viewport);
  });
});
