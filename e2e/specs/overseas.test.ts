import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { OverseasOrderPage } from '../pages/overseas-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 (SH001 serves the overseas customers) opens its overseas orders: the list shows country,
// currency and the total in the order's currency; an order opens in the overseas form with country
// and currency instead of China's address and the work order's actions. Rules: routes/overseas.test.ts.
const suite = portalSuite();

describe('overseas work orders (/overseas)', () => {
  it('station1 lists its overseas orders and opens one: country, currency, no Chinese address, the same actions', async () => {
    const page = await signedInPage(suite, 'station1', '/overseas/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    expect(await list.cell('Emirates Lift & Crane LLC', '国家/地区')).toBe('阿联酋');
    expect(await list.cell('Emirates Lift & Crane LLC', '币种')).toBe('美元 USD');
    expect((await list.cell('Emirates Lift & Crane LLC', '费用合计')).replace(/\s/g, ' ')).toBe('USD 1,380.00');

    await list.openRow('Al Rajhi Heavy Equipment Co.');
    await waitForPath(page, /^\/overseas\/edit\//);
    const order = new OverseasOrderPage(page);
    await order.waitForOverseas();
    expect(await order.shownIn('new_country')).toBe('沙特阿拉伯');
    expect(await order.shownIn('new_currency')).toBe('美元 USD');
    expect(await order.currencyTag()).toBe('金额币种：美元 USD');
    expect(await order.hasAddressPicker()).toBe(false);
    // Arrived on site: completion is the next command, as for a domestic order.
    expect(await order.status()).toBe(5);
    expect(await order.hasAction('complete')).toBe(true);
  });

  it("an order's repair-item lines and their total read in its currency, not in yuan (issue 25)", async () => {
    const page = await signedInPage(suite, 'station1', '/overseas/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_workorder');
    await list.openRow('Construtora Paulista Ltda.');
    await waitForPath(page, /^\/overseas\/edit\//);
    const order = new OverseasOrderPage(page);
    await order.waitForOverseas();
    // 安装调试: 12 h at BRL 150.
    const { rows, total } = await order.lines('repairitems');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('BRL 150.00');
    expect(rows[0]).toContain('BRL 1,800.00');
    expect(rows[0]).not.toContain('¥');
    expect(total).toBe('合计：BRL 1,800.00');
  });
});
