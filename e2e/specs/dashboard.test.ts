import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { DashboardPanel } from '../pages/map-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';
import { waitForPath } from '../support/session.ts';

const suite = portalSuite();

/** The list's "共 N 条" total. */
async function listTotal(list: EntityListPage): Promise<number> {
  const text = await list.page.locator('[data-testid="list-pagination"] .ant-pagination-total-text').innerText();
  return Number(/\d+/.exec(text)?.[0]);
}

describe('service-management dashboard', () => {
  it('shows head office every chart’s numbers as the server counts them', async () => {
    const page = await signedInPage(suite, 'hq');
    const dash = new DashboardPanel(page);
    await dash.waitFor();
    const d = await dash.data();
    expect(await dash.numbers('type')).toEqual(Object.fromEntries(d.byType.map((x) => [String(x.value), x.count])));
    expect(await dash.numbers('productLine')).toEqual(Object.fromEntries(d.byProductLine.map((x) => [x.id ?? 'none', x.count])));
    expect(await dash.numbers('uncompleted')).toEqual(Object.fromEntries(d.uncompletedByDeal.map((x) => [String(x.value), x.count])));
    expect(await dash.numbers('months')).toEqual(
      Object.fromEntries(
        d.lastMonths.flatMap((m) => [
          [`${m.month}-0`, m.created],
          [`${m.month}-1`, m.completed],
        ]),
      ),
    );
    expect(await dash.numbers('abnormal')).toEqual(Object.fromEntries(d.abnormal.byDeal.map((x) => [String(x.value), x.count])));
    expect(Number(await page.getByTestId('dash-abnormal-total').getAttribute('data-count'))).toBe(d.abnormal.total);
    expect(d.abnormal.total).toBeGreaterThan(0);
    // The charts' text alternatives carry the same numbers.
    expect(await dash.chartLabel('type')).toBe(
      `按服务类型：${d.byType.map((x) => `${['', '维修', '安装', '保养'][x.value]} ${x.count}`).join('，')}`,
    );
    expect(await dash.chartLabel('months')).toContain(`${d.lastMonths[5].month} 新建 ${d.lastMonths[5].created}`);
    // A station's dashboard counts its own orders only.
    const station = await signedInPage(suite, 'station1');
    const own = await new DashboardPanel(station).data();
    expect(own.byType.reduce((s, x) => s + x.count, 0)).toBeLessThan(d.byType.reduce((s, x) => s + x.count, 0));
  });

  it('drills from a click on the pie chart into the work-order list with the filter applied', async () => {
    const page = await signedInPage(suite, 'hq');
    const dash = new DashboardPanel(page);
    await dash.waitFor();
    const d = await dash.data();
    const firstType = d.byType[0];
    // ECharts draws the first slice clockwise from 12 o'clock; click in the middle of the slice, in the ring's middle.
    const box = (await page.getByTestId('dash-chart-type').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height * 0.45;
    const r = (Math.min(box.width, box.height) / 2) * 0.44;
    const share = firstType.count / d.byType.reduce((s, x) => s + x.count, 0);
    const angle = Math.min(0.5, share / 2) * 2 * Math.PI;
    await page.mouse.click(cx + r * Math.sin(angle), cy - r * Math.cos(angle));
    await waitForPath(page, '/workOrder/list');
    const url = new URL(page.url());
    expect(url.searchParams.get('view')).toBe('all');
    expect(url.searchParams.get('f.new_type')).toBe(String(firstType.value));
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    expect(await listTotal(list)).toBe(firstType.count);
  });

  it('drills from the numbers into the uncompleted, monthly and abnormal lists', async () => {
    const page = await signedInPage(suite, 'hq');
    const dash = new DashboardPanel(page);
    await dash.waitFor();
    const d = await dash.data();
    const list = new EntityListPage(page);

    const deal = d.uncompletedByDeal[0];
    await page.getByTestId(`dash-cell-uncompleted-${deal.value}`).getByRole('link').click();
    await waitForPath(page, '/workOrder/list');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ view: 'open', 'f.new_dealstatus': String(deal.value) });
    await list.waitFor('new_srv_workorder');
    expect(await listTotal(list)).toBe(deal.count);

    await page.goBack();
    await dash.waitFor();
    const month = [...d.lastMonths].reverse().find((m) => m.created > 0)!;
    await page.getByTestId(`dash-cell-months-${month.month}-0`).getByRole('link').click();
    await waitForPath(page, '/workOrder/list');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ view: 'all', 'f.createdon': `${month.from}~${month.to}` });
    await list.waitFor('new_srv_workorder');
    expect(await listTotal(list)).toBe(month.created);

    await page.goBack();
    await dash.waitFor();
    await page.getByTestId('dash-abnormal-total').click();
    await waitForPath(page, '/workOrder/list');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ view: 'abnormal' });
    await list.waitFor('new_srv_workorder');
    expect(await listTotal(list)).toBe(d.abnormal.total);
  });

  it('is not shown to users without work-order access', async () => {
    const page = await signedInPage(suite, 'warehouse1');
    await page.getByTestId('page-servicehome').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('service-dashboard').count()).toBe(0);
  });
});
