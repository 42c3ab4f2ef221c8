import { describe, expect, it } from 'vitest';
import { CardList } from '../pages/card-list.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 on a 390×844 phone: the work-order list is cards (number, status tags, key fields), the
// pager and quick search work on them, a tap opens the order. What a card derives from the model,
// the filter sheet and row actions are proven in web EntityListCards.test.tsx and ResponsiveTable.test.tsx.
const suite = portalSuite();

describe('lists on a phone', () => {
  it('station1: work orders as cards; next page, quick search, a tap opens the order', async () => {
    const page = await signedInPage(suite, 'station1', '/workOrder/list', { mobile: true });
    const list = new CardList(page);
    await list.settled();
    expect(await page.locator('[data-testid="list-row"]').count()).toBe(0);
    const first = await list.all();
    expect(first.length).toBe(20);
    expect(first[0].title).toMatch(/^WO/);
    expect(first[0].tags.length).toBeGreaterThan(0);
    expect(first[0].fields[0]).toMatch(/^客户名称：/);
    // Nothing on the page reaches past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await list.nextPage();
    expect(await list.pageNumber()).toBe(2);
    const second = await list.ids();
    expect(second.some((id) => first.some((c) => c.id === id))).toBe(false);

    await list.search('金桥');
    const found = await list.all();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(20);
    for (const c of found) expect(c.fields[0]).toContain('金桥');
    expect(await list.pageNumber()).toBe(1);

    await list.open(found[0].id);
    await waitForPath(page, `/workOrder/edit/${found[0].id}`);
    const order = new WorkOrderPage(page);
    await order.waitForOrder();
    expect(await order.number()).toBe(found[0].title);
  });
});
