import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { StockDocumentPage } from '../pages/stock-in-out-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// dealer1 (广州粤华) takes more out of its warehouse than it holds: refused with what is available,
// nothing moves; then a stock-in is confirmed and the stock screen shows the new quantity. Every
// rule and refusal is proven in the server's domain/stock-in-out/stock-in-out.test.ts.
const suite = portalSuite();

type Page = Parameters<typeof pageApi>[0];
const WAREHOUSE = '粤华机电广州仓';
const PART = 'EC-PLC-1214';

/** What the dealer's warehouse holds of the part (name, on hand, available), read with the page's own session (its lookup and scope). */
async function held(page: Page): Promise<{ name: string; q: number; a: number }> {
  const api = pageApi(page);
  const condition = encodeURIComponent(JSON.stringify([{ field: 'new_code', op: 'eq', value: 'WH-DL-GZ001' }]));
  const [wh] = await api<{ new_srv_warehouseid: string }[]>(
    `/api/crmlookupview/data?entityName=new_srv_warehouse&select=new_srv_warehouseid,new_code&condition=${condition}`,
  );
  const [row] = (
    await api<{ value: { new_name: string; new_quantity: number; new_available: number }[] }>(
      `/api/crmdata/Retrieve/new_srv_siteinvs?$select=new_name,new_quantity,new_available&$filter=${encodeURIComponent(
        `new_code eq '${PART}' and new_warehouse_id eq ${wh.new_srv_warehouseid}`,
      )}`,
    )
  ).value;
  return { name: row.new_name, q: Number(row.new_quantity), a: Number(row.new_available) };
}

describe('stock in and out of a dealer warehouse (/stockoutorder, /stockinorder)', () => {
  it('dealer1: a stock-out beyond what is available is refused showing it; a confirmed stock-in shows on the stock screen', async () => {
    const base = suite.portal.standardUrl;
    const dealer = await signedInPage(suite, 'dealer1', '/stockoutorder/list');
    const before = await held(dealer);

    const list = new EntityListPage(dealer);
    await list.waitFor('new_stockout');
    await list.clickNew();
    await waitForPath(dealer, '/stockoutorder/create');
    const out = new StockDocumentPage(dealer, 'out');
    await out.waitFor('new_stockout');
    await out.create({ warehouse: WAREHOUSE, type: '损坏' });
    expect(await out.number()).toMatch(/^CK\d{8}-\d{4}$/);
    await out.addLine(PART, before.a + 5);
    expect(await out.confirm()).toBe(`产品“${before.name}”在${WAREHOUSE}可用库存不足：可用 ${before.a}，本单出库 ${before.a + 5}`);
    await out.waitForState(1);
    expect(await held(dealer)).toEqual(before);

    const inbound = new StockDocumentPage(dealer, 'in');
    await inbound.openNew(base);
    await inbound.create({ warehouse: WAREHOUSE, type: '采购入库' });
    expect(await inbound.number()).toMatch(/^RK\d{8}-\d{4}$/);
    await inbound.addLine(PART, 6);
    expect(await inbound.confirm()).toBeNull();
    expect(await inbound.readOnly()).toBe(true);

    // The stock screen (/siteInv/list) shows the new quantity in the dealer's warehouse.
    await dealer.goto(`${base}/siteInv/list`);
    const inv = new EntityListPage(dealer);
    await inv.waitFor('new_srv_siteinv');
    await inv.search(PART);
    const row = (await inv.rowTexts()).find((r) => r.includes(WAREHOUSE)) ?? '';
    expect(row).toContain(String(before.q + 6));
    expect(await held(dealer)).toEqual({ ...before, q: before.q + 6, a: before.a + 6 });
  });
});
