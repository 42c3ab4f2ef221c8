import type { ProductPage, PublicProductDetail } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { multipart, SAMPLES, tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

// The public shop (anonymous search and details: no prices, no stock figures) and favourites
// (收藏: the caller's own, only of records the caller may read).

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
type Who = 'station1' | 'station2' | 'engineer1' | 'hq' | 'admin';
const tok = {} as Record<Who, string>;
const pid = new Map<string, string>();

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const who of ['station1', 'station2', 'engineer1', 'hq', 'admin'] as Who[]) tok[who] = (await signIn(p.app, who)).access_token;
  for (const r of (await p.db.query<{ id: string; no: string }>('SELECT productid AS id, productnumber AS no FROM product')).rows)
    pid.set(r.no, r.id);
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

const get = (url: string, who?: Who, lang = 'zh-CN') =>
  p.app.inject({ method: 'GET', url, headers: { ...(who ? bearer(tok[who]) : {}), 'accept-language': lang } });
const search = async (query: string, who?: Who) => {
  const res = await get(`/api/shop/products?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().Data as ProductPage;
};
const detail = (no: string, who?: Who, lang?: string) => get(`/api/shop/products/${pid.get(no) ?? no}`, who, lang);

describe('public shop', () => {
  it('anonymous search by name, part number or model: active products, public fields, no prices', async () => {
    const byName = await search(`q=${encodeURIComponent('滤芯')}`);
    expect(byName.rows.map((r) => r.ProductNumber)).toEqual(['HC-LF-200', 'HC-LF-350']);
    const first = byName.rows[0];
    expect(Object.keys(first).sort()).toEqual(['Id', 'InStock', 'LineId', 'LineName', 'Model', 'Name', 'Picture', 'ProductNumber', 'Uom']);
    expect(first).toMatchObject({
      Name: '液压油滤芯',
      Model: 'LF-200/10μm',
      Uom: '个',
      LineName: '液压系统',
      InStock: expect.any(Boolean),
    });
    expect(first).not.toHaveProperty('Price');
    expect((await search('q=EC-CT')).rows.map((r) => r.ProductNumber)).toEqual(['EC-CT-25']);
    expect((await search('q=a10vso')).rows.map((r) => r.Name)).toEqual(['柱塞变量泵']); // model, any case
    // Retired (HC-AC-04) and draft (EC-CB-10) products are not sold.
    expect((await search('q=HC-AC-04')).rows).toEqual([]);
    expect((await search('q=EC-CB')).rows).toEqual([]);
    // The search text is text: % and _ match themselves.
    expect((await search('q=%25')).rows).toEqual([]);
    expect((await search('q=_')).rows).toEqual([]);
  });

  it('keyset paging by part number: pages follow each other without gaps or repeats; the page size is bounded', async () => {
    const all: string[] = [];
    let after: string | null = '';
    let pages = 0;
    while (after !== null) {
      const page = await search(`limit=7${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      expect(page.rows.length).toBeLessThanOrEqual(7);
      all.push(...page.rows.map((r) => r.ProductNumber));
      after = page.next;
      pages++;
    }
    const active = (
      await p.db.query<{ no: string }>('SELECT productnumber AS no FROM product WHERE new_state = 0 ORDER BY productnumber')
    ).rows.map((r) => r.no);
    expect(all).toEqual(active);
    expect(pages).toBe(Math.ceil(active.length / 7));
    expect((await get('/api/shop/products?limit=49')).statusCode).toBe(400);
    expect((await get(`/api/shop/products?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    // A product line filter; an id that is not one finds nothing.
    const line = (await search('q=HC-LF-200')).rows[0].LineId!;
    const hyd = await search(`line=${line}&limit=48`);
    expect(hyd.rows.every((r) => r.LineName === '液压系统')).toBe(true);
    expect(hyd.rows.length).toBe(9);
    expect((await search('line=not-a-line')).rows).toEqual([]);
    const lines = (await get('/api/shop/lines')).json().Data as { Id: string; Name: string; Code: string }[];
    expect(lines.map((l) => l.Name)).toEqual(['钣金与耗材', '传动部件', '电气控制', '液压系统', '动力总成']);
    expect(lines.find((l) => l.Name === '液压系统')?.Id).toBe(line);
  });

  it('prices only for signed-in buyers (shop.buy); a bad token is 401, not anonymous', async () => {
    expect((await search('q=HC-LF-200', 'station1')).rows[0].Price).toBe('168.00');
    expect((await search('q=HC-LF-200', 'admin')).rows[0].Price).toBe('168.00');
    // Signed in without shop.buy: no price either.
    expect((await search('q=HC-LF-200', 'hq')).rows[0]).not.toHaveProperty('Price');
    expect((await search('q=HC-LF-200', 'engineer1')).rows[0]).not.toHaveProperty('Price');
    expect((await detail('HC-LF-200', 'station1')).json().Data.Price).toBe('168.00');
    expect((await detail('HC-LF-200')).json().Data).not.toHaveProperty('Price');
    const bad = await p.app.inject({ method: 'GET', url: '/api/shop/products', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
  });

  it('stock is in stock / out of stock over active central warehouses, never a quantity', async () => {
    const id = pid.get('DR-SP-16')!;
    await p.db.query('DELETE FROM new_srv_siteinv WHERE new_product_id = $1', [id]);
    expect((await detail('DR-SP-16')).json().Data.InStock).toBe(false);
    const wh = (await p.db.one<{ id: string; unit: string }>(
      "SELECT new_srv_warehouseid AS id, new_businessunit_id AS unit FROM new_srv_warehouse WHERE new_code = 'WH-HQ'",
    ))!;
    const station = (await p.db.one<{ id: string; unit: string }>(
      "SELECT new_srv_warehouseid AS id, new_businessunit_id AS unit FROM new_srv_warehouse WHERE new_code = 'WH-SH001'",
    ))!;
    // Stock at a station does not make the shop's product in stock.
    await p.db.query(
      'INSERT INTO new_srv_siteinv (new_name, new_code, new_warehouse_id, new_product_id, new_quantity, new_frozen, new_intransit, owningbusinessunit) VALUES ($1, $2, $3, $4, 6, 0, 0, $5)',
      ['链轮', 'DR-SP-16', station.id, id, station.unit],
    );
    expect((await detail('DR-SP-16')).json().Data.InStock).toBe(false);
    // All of it frozen at the central warehouse: still out of stock; then available.
    await p.db.query(
      'INSERT INTO new_srv_siteinv (new_name, new_code, new_warehouse_id, new_product_id, new_quantity, new_frozen, new_intransit, owningbusinessunit) VALUES ($1, $2, $3, $4, 3, 3, 0, $5)',
      ['链轮', 'DR-SP-16', wh.id, id, wh.unit],
    );
    expect((await detail('DR-SP-16')).json().Data.InStock).toBe(false);
    await p.db.query('UPDATE new_srv_siteinv SET new_frozen = 1 WHERE new_product_id = $1 AND new_warehouse_id = $2', [id, wh.id]);
    const d = (await detail('DR-SP-16')).json().Data as PublicProductDetail;
    expect(d.InStock).toBe(true);
    expect(JSON.stringify(d)).not.toMatch(/"(Quantity|Available|Stock)"/);
  });

  it('details: specification lines, description, raster pictures served publicly; a retired product or unknown id is 404 in either language', async () => {
    await p.db.query("UPDATE product SET new_specification = $1 WHERE productnumber = 'HC-LF-200'", [
      '过滤精度：10μm\n额定流量: 200 L/min\n\n适用机型：HC-200 系列',
    ]);
    const up = (name: string, content: Buffer, type: string) => {
      const m = multipart({ ModuleType: 'product', ObjectId: pid.get('HC-LF-200')!, FileName: name }, { name, content, type });
      return p.app.inject({
        method: 'POST',
        url: '/api/attachment/upload',
        payload: m.payload,
        headers: { ...m.headers, ...bearer(tok.admin) },
      });
    };
    expect((await up('滤芯正面.png', SAMPLES.png, 'image/png')).statusCode).toBe(200);
    expect((await up('说明书.pdf', SAMPLES.pdf, 'application/pdf')).statusCode).toBe(200);
    const d = (await detail('HC-LF-200')).json().Data as PublicProductDetail;
    expect(d.Specification).toEqual([
      { name: '过滤精度', value: '10μm' },
      { name: '额定流量', value: '200 L/min' },
      { name: '适用机型', value: 'HC-200 系列' },
    ]);
    expect(d.Description).toContain('建议每 500 小时更换');
    expect(d.Pictures.map((x) => x.FileName)).toEqual(['滤芯正面.png']); // the PDF is no picture
    expect(d.Picture).toBe(d.Pictures[0].Id);
    expect((await search('q=HC-LF-200')).rows[0].Picture).toBe(d.Picture);
    const pic = await get(`/api/shop/products/${d.Id}/pictures/${d.Picture}`);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    expect(pic.rawPayload.equals(SAMPLES.png)).toBe(true);
    // A picture through another product's path, or the PDF, is not served.
    expect((await get(`/api/shop/products/${pid.get('HC-LF-350')}/pictures/${d.Picture}`)).statusCode).toBe(404);
    const pdfId = (await p.db.one<{ id: string }>("SELECT id FROM file_attachment WHERE file_name = '说明书.pdf'"))!.id;
    expect((await get(`/api/shop/products/${d.Id}/pictures/${pdfId}`)).statusCode).toBe(404);

    const retired = await detail('HC-AC-04');
    expect(retired.statusCode).toBe(404);
    expect(retired.json().Message).toBe('产品不存在或已下架');
    expect((await detail('HC-AC-04', undefined, 'en-US')).json().Message).toBe('This product does not exist or is no longer sold');
    expect((await detail('not-a-guid')).statusCode).toBe(404);
  });
});

describe('favourites', () => {
  const toggle = (who: Who, entity: string, id: string, on?: boolean, lang = 'zh-CN') =>
    p.app.inject({
      method: 'POST',
      url: '/api/favourites/toggle',
      payload: { entity, id, ...(on === undefined ? {} : { on }) },
      headers: { ...bearer(tok[who]), 'accept-language': lang },
    });
  const list = async (who: Who) =>
    (await get('/api/favourites', who)).json().Data as { Entity: string; Id: string; Name: string; CreatedOn: string }[];
  let order1: { id: string; name: string };

  beforeAll(async () => {
    // The demo's favourites are there; these tests start from none.
    expect((await list('station1')).length).toBeGreaterThan(0);
    await p.db.query('DELETE FROM portal_favourite');
    order1 = (await p.db.one<{ id: string; name: string }>(
      `SELECT w.new_srv_workorderid AS id, w.new_name AS name FROM new_srv_workorder w
         JOIN systemuser u ON u.businessunitid = w.owningbusinessunit WHERE u.domainname = 'station1' ORDER BY w.new_name LIMIT 1`,
    ))!;
  });

  it('needs a signed-in caller', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/api/favourites' })).statusCode).toBe(401);
    expect(
      (await p.app.inject({ method: 'POST', url: '/api/favourites/toggle', payload: { entity: 'product', id: pid.get('HC-LF-200') } }))
        .statusCode,
    ).toBe(401);
  });

  it("toggles a product and a document; the list is the caller's own, newest first, with names", async () => {
    const a = await toggle('station1', 'product', pid.get('HC-GP-16')!);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ Message: '已收藏', Data: { Entity: 'product', Id: pid.get('HC-GP-16'), Favourite: true } });
    expect((await toggle('station1', 'new_srv_workorder', order1.id)).json().Data.Favourite).toBe(true);
    expect(await list('station1')).toEqual([
      { Entity: 'new_srv_workorder', Id: order1.id, Name: order1.name, CreatedOn: expect.any(String) },
      { Entity: 'product', Id: pid.get('HC-GP-16'), Name: '齿轮泵', CreatedOn: expect.any(String) },
    ]);
    // Another user's list and state know nothing of it.
    expect(await list('station2')).toEqual([]);
    const ids = [pid.get('HC-GP-16'), pid.get('HC-LF-200')].join(',');
    expect((await get(`/api/favourites/state?entity=product&ids=${ids}`, 'station1')).json().Data).toEqual([pid.get('HC-GP-16')]);
    expect((await get(`/api/favourites/state?entity=product&ids=${ids}`, 'hq')).json().Data).toEqual([]);
    // Toggled again: gone. `on` sets it whatever it was (a retry changes nothing).
    const off = await toggle('station1', 'product', pid.get('HC-GP-16')!, undefined, 'en-US');
    expect(off.json()).toMatchObject({ Message: 'Removed from favourites', Data: { Favourite: false } });
    expect((await list('station1')).map((f) => f.Entity)).toEqual(['new_srv_workorder']);
    for (let i = 0; i < 2; i++) expect((await toggle('station1', 'product', pid.get('HC-GP-16')!, true)).json().Data.Favourite).toBe(true);
    expect((await list('station1')).filter((f) => f.Entity === 'product')).toHaveLength(1);
  });

  it('cannot star a record the caller cannot read: 404, nothing kept', async () => {
    // Another station's order (out of scope), an entity without the read privilege, unknown entities and ids.
    const refused = [
      await toggle('station2', 'new_srv_workorder', order1.id),
      await toggle('engineer1', 'product', pid.get('HC-LF-200')!),
      await toggle('station1', 'systemuser', order1.id),
      await toggle('station1', 'no_such_entity', order1.id),
      await toggle('station1', 'product', 'not-a-guid'),
      await toggle('station1', 'product', order1.id),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(refused[0].json().Message).toBeTruthy();
    expect(await list('station2')).toEqual([]);
    expect(await list('engineer1')).toEqual([]);
    expect((await get('/api/favourites/state?entity=new_flow&ids=x', 'station1')).statusCode).toBe(404);
  });

  it('the list leaves out what the caller may no longer read (a product retired stays, a record gone does not)', async () => {
    expect((await toggle('hq', 'new_srv_workorder', order1.id)).json().Data.Favourite).toBe(true);
    const temp = (await p.db.one<{ id: string }>(
      "INSERT INTO product (name, productnumber, new_state) VALUES ('临时产品', 'TMP-FAV-1', 0) RETURNING productid AS id",
    ))!.id;
    expect((await toggle('hq', 'product', temp)).json().Data.Favourite).toBe(true);
    expect((await list('hq')).map((f) => f.Name)).toEqual(['临时产品', order1.name]);
    await p.db.query('DELETE FROM product WHERE productid = $1', [temp]);
    expect((await list('hq')).map((f) => f.Name)).toEqual([order1.name]);
  });
});
