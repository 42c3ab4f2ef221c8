import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { SiteReturnPage } from '../pages/site-return-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// station1 returns two good parts to 华东中心库 and delivers them; warehouse1 receives them. The
// stock screens of both sides show the move. The rules are proven in the server's tests.
const suite = portalSuite();

type Page = Parameters<typeof pageApi>[0];
type Stock = { new_code: string; new_name: string; new_quantity: number; new_intransit: number };

/** The parts a warehouse holds (by code), read with the page's own session (its scope). */
async function stockOf(page: Page, warehouse: string): Promise<Map<string, Stock>> {
  const api = pageApi(page);
  const wh = (
    await api<{ value: { new_srv_warehouseid: string }[] }>(
      `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid&$filter=${encodeURIComponent(`new_code eq '${warehouse}'`)}`,
    )
  ).value[0];
  const rows = (
    await api<{ value: Stock[] }>(
      `/api/crmdata/Retrieve/new_srv_siteinvs?$select=new_code,new_name,new_quantity,new_intransit&$filter=${encodeURIComponent(`new_warehouse_id eq ${wh.new_srv_warehouseid}`)}`,
    )
  ).value;
  return new Map(rows.map((r) => [r.new_code, { ...r, new_quantity: Number(r.new_quantity), new_intransit: Number(r.new_intransit) }]));
}

/** The stock screen (/siteInv/list) searched for a part: its row's text. */
async function stockRow(page: Page, code: string): Promise<string> {
  await page.goto(`${new URL(page.url()).origin}/siteInv/list`);
  const inv = new EntityListPage(page);
  await inv.waitFor('new_srv_siteinv');
  await inv.search(code);
  return (await inv.rowTexts())[0] ?? '';
}

describe('parts return: a station returns 2 good parts and the central warehouse receives them', () => {
  it('station1 delivers, warehouse1 receives; the stock moves on both sides', async () => {
    const station = await signedInPage(suite, 'station1', '/siteReturn/list');
    const held = [...(await stockOf(station, 'WH-SH001')).values()]
      .filter((s) => s.new_quantity >= 2)
      .sort((a, b) => b.new_quantity - a.new_quantity);
    const [a, b] = held;
    expect(b).toBeTruthy();

    const list = new EntityListPage(station);
    await list.waitFor('new_srv_sitereturn');
    await list.clickNew();
    await waitForPath(station, '/siteReturn/edit');
    const doc = new SiteReturnPage(station);
    await doc.waitFor('new_srv_sitereturn');
    await doc.fillHeader({
      warehouse: '华东中心库',
      type: '调拨',
      reason: '保养季结束，备件积压退回中心库',
      address: '上海市浦东新区张江高科技园区碧波路 690 号',
    });
    await doc.save();
    await station.waitForURL((u) => /^\/siteReturn\/edit\/.+/.test(u.pathname));
    await doc.waitForDocument();
    expect(await doc.number()).toMatch(/^TH\d{8}-\d{4}$/);
    const id = doc.idFromUrl();
    await doc.openLines();
    expect(await doc.lines.add(a.new_code, 2)).toBeNull();
    expect(await doc.lines.add(b.new_code, 1)).toBeNull();
    await doc.deliver();
    await doc.waitForState(2);
    await station.getByTestId('th-readonly').waitFor();
    // The station's stock screen shows the parts gone.
    expect(await stockRow(station, a.new_code)).toContain(String(a.new_quantity - 2));
    expect((await stockOf(station, 'WH-SH001')).get(b.new_code)?.new_quantity).toBe(b.new_quantity - 1);

    const warehouse = await signedInPage(suite, 'warehouse1', `/siteReturn/edit/${id}`);
    const hd = await stockOf(warehouse, 'WH-HD');
    const recv = new SiteReturnPage(warehouse);
    await recv.waitForDocument();
    await recv.waitForState(2);
    expect(await warehouse.getByTestId('th-deliver').count()).toBe(0);
    // In transit to the warehouse until received.
    expect(hd.get(a.new_code)?.new_intransit).toBeGreaterThanOrEqual(2);
    await recv.receiveAll();
    await recv.waitForState(4);
    const after = await stockOf(warehouse, 'WH-HD');
    expect(after.get(a.new_code)).toMatchObject({
      new_quantity: hd.get(a.new_code)!.new_quantity + 2,
      new_intransit: hd.get(a.new_code)!.new_intransit - 2,
    });
    expect(after.get(b.new_code)).toMatchObject({ new_quantity: (hd.get(b.new_code)?.new_quantity ?? 0) + 1 });
    // The warehouse's stock screen shows them.
    const row = await stockRow(warehouse, a.new_code);
    expect(row).toContain('华东中心库');
    expect(row).toContain(String(hd.get(a.new_code)!.new_quantity + 2));
  });
});
