import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { SalesOrderPage } from '../pages/parts-sales-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 sells a part it holds to a customer: more than it has is refused in place with what is
// available; the right quantity is sold, the sale turns read-only and the station's stock screen and
// transaction record show the part gone (usage 配件销售). The rules are proven in routes/parts-sales.test.ts.
const suite = portalSuite();

const PART = 'PW-FM-550';
const PART_NAME = '散热风扇电机';
const SOLD = 2;

describe('parts sales (/newOrder)', () => {
  it('station1 sells a part out of its stock: over the stock refused, then sold and read-only; the stock follows', async () => {
    const page = await signedInPage(suite, 'station1', '/siteInv/list');
    const stock = new EntityListPage(page);
    await stock.waitFor('new_srv_siteinv');
    await stock.search(PART);
    const before = { onHand: Number(await stock.cell(PART, '库存数量')), available: Number(await stock.cell(PART, '可用数量')) };
    expect(before.available).toBeGreaterThanOrEqual(SOLD);

    await page.goto(`${suite.portal.standardUrl}/newOrder/list`);
    const list = new EntityListPage(page);
    await list.waitFor('new_order');
    await list.clickNew();
    await waitForPath(page, '/newOrder/edit');
    const sale = new SalesOrderPage(page);
    await sale.create({ customer: '上海申通精工机械有限公司', phone: '021-68791234', address: '上海市浦东新区金桥路 1288 号' });
    const no = await sale.number();
    expect(no).toMatch(/^XS\d{8}-\d{4}$/);
    expect(await sale.stateLabel()).toBe('待提交');

    // More than is available: the server's refusal, in place, names what is available; still a draft.
    await sale.openLines();
    expect(await sale.lines.add(PART, before.available + 1)).toBeNull();
    expect(await sale.confirmSale()).toContain(`库存不足：可用 ${before.available}，需要 ${before.available + 1}`);
    expect(await sale.stateLabel()).toBe('待提交');

    await sale.lines.remove(PART_NAME);
    expect(await sale.lines.add(PART, SOLD)).toBeNull();
    expect(await sale.confirmSale()).toBeNull();
    expect(await sale.stateLabel()).toBe('已销售');
    // Sold: read-only, nothing more to confirm, no line to add.
    await sale.scope().getByTestId('xs-readonly').waitFor();
    expect(await sale.offersConfirm()).toBe(false);
    await sale.lines.waitForCount(1);
    expect(await sale.lines.table().getAttribute('data-editable')).toBe('false');
    expect(await sale.scope().getByTestId('doc-line-add').count()).toBe(0);
    await sale.openDetails();
    await sale.waitForReadOnly('new_order');
    expect(await sale.inputs().count()).toBe(0);
    expect(await sale.shown('new_totalqty')).toBe(String(SOLD));

    // The station's stock screen and its transaction record.
    await page.goto(`${suite.portal.standardUrl}/siteInv/list`);
    await stock.waitFor('new_srv_siteinv');
    await stock.search(PART);
    expect(Number(await stock.cell(PART, '库存数量'))).toBe(before.onHand - SOLD);
    expect(Number(await stock.cell(PART, '可用数量'))).toBe(before.available - SOLD);
    await page.goto(`${suite.portal.standardUrl}/partStockTransaction/list`);
    const moves = new EntityListPage(page);
    await moves.waitFor('new_srv_stocktransaction');
    await moves.search(no);
    await expect.poll(() => moves.rows().count()).toBe(1);
    expect(await moves.cell(no, '用途')).toBe('配件销售');
    expect(await moves.cell(no, '物料编码')).toBe(PART);
    expect(await moves.cell(no, '数量变动')).toBe(`-${SOLD}`);
    expect(Number(await moves.cell(no, '结存数量'))).toBe(before.onHand - SOLD);
  });
});
