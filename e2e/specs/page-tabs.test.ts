import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { PageTabsBar } from '../pages/page-tabs.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

describe('page tabs and breadcrumb', () => {
  it('station1 keeps the list’s search and a half-filled form across tabs; closing asks for the dirty one', async () => {
    const page = await signedInPage(suite, 'station1', '/workOrder/list');
    const tabs = new PageTabsBar(page);
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    // The sign-in's home tab came over the reload; the list got a tab titled by its menu label.
    await tabs.waitForKeys(['/servicehome', '/workOrder/list']);
    expect(await tabs.title('/workOrder/list')).toBe('工单列表');
    expect(await tabs.breadcrumb()).toEqual(['服务管理', '工单列表']);

    // Search the list for one order, then open it.
    const { value } = await pageApi(page)<{ value: { new_srv_workorderid: string; new_name: string }[] }>(
      `/api/crmdata/Retrieve/new_srv_workorders?$select=new_name&$top=1&$filter=${encodeURIComponent('new_country eq null')}`,
    );
    const order = value[0];
    await list.search(order.new_name);
    expect(await list.rowIds()).toEqual([order.new_srv_workorderid]);
    await list.openRow(order.new_name);
    const editKey = `/workOrder/edit/${order.new_srv_workorderid}`;
    await waitForPath(page, editKey);
    await tabs.waitForKeys(['/servicehome', '/workOrder/list', editKey]);
    expect(await tabs.activeKey()).toBe(editKey);
    // group › screen › record, the record named by the order number.
    await page.getByTestId('page-breadcrumb').getByText(order.new_name).waitFor();
    expect(await tabs.breadcrumb()).toEqual(['服务管理', '工单列表', order.new_name]);
    expect(await tabs.title(editKey)).toBe(order.new_name);
    // Opening a record changes nothing: its tab carries no unsaved-changes dot.
    await page.locator(`[data-testid="entity-form"][data-id="${order.new_srv_workorderid}"]:not([data-loading])`).waitFor();
    expect(await tabs.dirty(editKey)).toBe(false);
    // The record's form scrolled down (the document scrolls in the shell): kept per tab.
    const scrolled = await tabs.scrollTo(600);
    expect(scrolled).toBeGreaterThan(100);

    // Back to the list by its tab: the search is still there (field, URL and rows).
    await tabs.switchTo('/workOrder/list');
    expect(await tabs.shown().getByTestId('list-search').inputValue()).toBe(order.new_name);
    expect(new URL(page.url()).searchParams.toString()).toContain(encodeURIComponent(order.new_name));
    expect(await tabs.shown().getByTestId('list-row').count()).toBe(1);

    // A new order, half filled; another tab and back: the typed value is still there.
    await tabs.shown().getByTestId('list-new').click();
    await waitForPath(page, '/workOrder/create');
    const customer = tabs.shown().getByTestId('field-new_customer');
    await customer.fill('浦东测试客户');
    await tabs.waitForDirty('/workOrder/create');
    await tabs.switchTo(editKey);
    expect(await tabs.scrollTop()).toBe(scrolled);
    await tabs.switchTo('/workOrder/create');
    expect(await tabs.scrollTop()).toBe(0);
    expect(await tabs.shown().getByTestId('field-new_customer').inputValue()).toBe('浦东测试客户');

    // Closing the dirty tab asks; staying keeps tab and value.
    await tabs.close('/workOrder/create');
    expect(await tabs.answerDiscard(false)).toContain('有未保存的修改');
    expect(await tabs.keys()).toContain('/workOrder/create');
    expect(await tabs.shown().getByTestId('field-new_customer').inputValue()).toBe('浦东测试客户');

    // Close others (context menu of the list's tab): asks for the form, then only home and the list stay.
    await tabs.fromContextMenu('/workOrder/list', 'closeOthers');
    expect(await tabs.answerDiscard(true)).toContain('当前页面有未保存的修改');
    await tabs.waitForKeys(['/servicehome', '/workOrder/list']);
    await waitForPath(page, '/workOrder/list');
    // The closed form's screen unmounts (after the tab bar has let it go).
    await page.locator('[data-testid="page-panel"][data-screen-key="/workOrder/create"]').waitFor({ state: 'detached' });

    // Close all (the menu at the bar's end): home stays and is shown.
    await tabs.fromMenu('closeAll');
    await tabs.waitForKeys(['/servicehome']);
    await waitForPath(page, '/servicehome');
  });
});
