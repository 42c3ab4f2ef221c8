import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrder, watchUnauthorized, WorkOrderMapPage } from '../pages/map-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();
// MAP_SCREENSHOTS=1 writes the README's screenshots (docs/screenshots); otherwise they go to test-results.
const SHOTS = resolve(import.meta.dirname, process.env.MAP_SCREENSHOTS ? '../../docs/screenshots' : '../../test-results');

describe('work-order map', () => {
  it('shows head office the to-be-assigned count, markers and lists without tiles; the filters change the list', async () => {
    const page = await signedInPage(suite, 'hq', '/workOrder/map');
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    const all = await map.mapData('all');
    expect(all.orders.length).toBeGreaterThan(0);
    expect(await map.toAssign()).toBe(all.toAssign);
    expect(all.toAssign).toBeGreaterThan(0);
    // Every order and every engineer with a position is a marker; the list holds every order.
    const located = all.workers.filter((w) => w.lng !== null).length;
    expect(located).toBeGreaterThan(0);
    expect(await map.renderedCount()).toBe(all.orders.length + located);
    expect(await map.listCount()).toBe(all.orders.length);
    // No tile source is configured: the embedded base map, a quiet note instead of a warning.
    await map.baseDrawn('provinces');
    expect(await page.locator('.leaflet-tile').count()).toBe(0);
    expect(await page.getByTestId('map-tiles-unavailable').count()).toBe(0);
    expect(await page.getByTestId('map-offline-base').innerText()).toBe('离线底图');
    // The list starts with the unassigned orders.
    const first = page.locator('[data-testid^="map-order-"][data-status]').first();
    expect(await first.getAttribute('data-status')).toBe('1');
    // Engineers with their load, as the server counts it.
    await page.getByTestId('map-tab-workers').click();
    const w = all.workers[0];
    expect(await page.getByTestId(`map-worker-${w.id}`).getAttribute('data-load')).toBe(String(w.load));

    for (const range of ['today', 'tomorrow'] as const) {
      await map.chooseRange(range);
      expect(new URL(page.url()).searchParams.get('range')).toBe(range);
      const d = await map.mapData(range);
      expect(await map.toAssign()).toBe(d.toAssign);
      expect(await map.listCount()).toBe(d.orders.length);
      expect(await map.renderedCount()).toBe(d.orders.length + located);
      expect(d.orders.length).toBeLessThan(all.orders.length);
    }
    await map.chooseRange('all');
    expect(await map.listCount()).toBe(all.orders.length);
  });

  it('draws the embedded province and city map under the markers, from the app’s own assets', async () => {
    const page = await signedInPage(suite, 'hq', '/servicehome');
    await page.setViewportSize({ width: 1440, height: 900 });
    const assets: string[] = [];
    page.on('request', (r) => {
      if (/china-(provinces|cities)/.test(r.url()))
        assets.push(new URL(r.url()).origin === new URL(suite.portal.standardUrl).origin ? 'self' : r.url());
    });
    await page.goto(`${suite.portal.standardUrl}/workOrder/map`);
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    await map.baseDrawn('provinces');
    // The whole country: 34 provinces (and the boundary line) as SVG paths, named; cities wait for zoom 6.
    await map.zoomTo(4);
    expect(await map.basePaths()).toBeGreaterThanOrEqual(34);
    await map.baseLabel('province', '广东省').waitFor({ state: 'visible' });
    await map.baseLabel('province', '新疆维吾尔自治区').waitFor({ state: 'visible' });
    expect(await map.baseLabel('city', '广州市').count()).toBe(0);
    // Under the markers: fills, then names, then the markers' canvas.
    const z = await map.paneOrder();
    expect(z.base).toBeLessThan(z.labels);
    expect(z.labels).toBeLessThan(z.markers);
    const timing = await page.evaluate(() => {
      const at = (n: string) => Math.round(performance.getEntriesByName(n)[0]?.startTime ?? -1);
      return { baseLoaded: at('wo-map-base-loaded'), baseDrawn: at('wo-map-base-drawn'), markersDrawn: at('wo-map-rendered') };
    });
    console.info(`offline base map (ms since navigation): ${JSON.stringify(timing)}`);
    expect(timing.baseDrawn).toBeGreaterThan(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/map-offline-base.png` });

    // Closer in: the prefecture-level cities, outlined and named, loaded on the first need.
    await map.zoomTo(7);
    await map.baseDrawn('cities');
    expect(await map.basePaths()).toBeGreaterThan(300);
    await page.locator('.wo-base-label-city span').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: `${SHOTS}/map-offline-base-cities.png` });
    expect(assets).toEqual(['self', 'self']);
  });

  it('assigns a new order to the nearest engineer of its station from the map, and the count drops', async () => {
    const page = await signedInPage(suite, 'hq', '/workOrder/newmapassign');
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    // A fresh order next to the SH001 station (Zhangjiang), so the test does not depend on demo orders' states.
    const order = await createOrder(page, 'SH001', { lng: 121.6035, lat: 31.2057 }, `地图派工客户${Date.now()}`);
    await page.getByTestId('map-refresh').click();
    await map.loaded('all');
    const before = await map.toAssign();
    expect(before).toBe((await map.mapData()).toAssign);

    await map.search(order.name);
    expect(await map.listedNames()).toEqual([order.name]);
    await map.pickOrder(order.id);
    const candidates = await map.candidates();
    const data = await map.mapData();
    const sh = data.orders.find((o) => o.id === order.id)!.stationId;
    // Only engineers of the order's station, nearest first (the texts carry the distances).
    expect(candidates.map((c) => c.id).sort()).toEqual(
      data.workers
        .filter((w) => w.stationId === sh)
        .map((w) => w.id)
        .sort(),
    );
    const km = candidates
      .map((c) => /([\d.]+) 公里/.exec(c.text)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(km.length).toBeGreaterThan(0);
    expect([...km].sort((a, b) => a - b)).toEqual(km);

    const message = await map.assignTo(candidates[0].id);
    expect(message).toMatch(/派工/);
    await page
      .locator(`[data-testid="map-to-assign"]`)
      .filter({ hasText: String(before - 1) })
      .waitFor();
    expect(await map.toAssign()).toBe(before - 1);
    const after = (await map.mapData()).orders.find((o) => o.id === order.id)!;
    expect(after).toMatchObject({ status: 2, workerId: candidates[0].id, workerName: candidates[0].name });
    // The assigned order is no longer offered for a new assignment from the list's unassigned head.
    await map.search(order.name);
    expect(await page.getByTestId(`map-order-${order.id}`).getAttribute('data-status')).toBe('2');
  });

  it('reloads the map screens without a 401: the first map call waits for the session', async () => {
    const page = await signedInPage(suite, 'hq', '/workOrder/map');
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    const watch = watchUnauthorized(page);
    for (const path of ['/workOrder/map', '/workOrder/newmap', '/workOrder/newmapassign', '/rootapp/crm__newmapassign']) {
      await page.goto(`${suite.portal.standardUrl}${path}`);
      await map.loaded('all');
      await page.reload();
      await map.loaded('all');
    }
    expect(watch.seen).toEqual([]);
    // A session left for more than 90 s without a heartbeat is dropped at start (spec 000 §9): the
    // reload goes to the sign-in page, and no map call goes out with the dropped token first.
    await page.goto(`${suite.portal.standardUrl}/workOrder/map`);
    await map.loaded('all');
    await page.evaluate(() => localStorage.setItem('portal.heartbeat', String(Date.now() - 10 * 60_000)));
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(watch.seen).toEqual([]);
  });

  it('shows a station only its own orders on the CRM map-assignment route', async () => {
    const page = await signedInPage(suite, 'station1', '/rootapp/crm__newmapassign');
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    const d = await map.mapData();
    expect(new Set(d.orders.map((o) => o.stationName))).toEqual(new Set(['上海浦东华辰服务站']));
    expect(new Set(d.workers.map((w) => w.stationName))).toEqual(new Set(['上海浦东华辰服务站']));
    expect(await map.toAssign()).toBe(d.toAssign);
    expect(await map.listCount()).toBe(d.orders.length);
    await page.getByTestId('map-assign-panel').waitFor();
  });
});

/** A 256×256 grey PNG, the only tile the local tile server has. */
function greyTile(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(257 * 256, 0xd0);
  for (let y = 0; y < 256; y++) rows[y * 257] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A local tile source (no map tiles from the internet in tests): /ok/… answers a tile, /down/… fails.
const png = greyTile();
const tileServer = createServer((req, res) => {
  if (req.url?.startsWith('/ok/')) res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(png);
  else res.writeHead(503).end();
});
await new Promise<void>((r) => tileServer.listen(0, '127.0.0.1', r));
const tilePort = (tileServer.address() as AddressInfo).port;
afterAll(() => new Promise<void>((r) => tileServer.close(() => r())));

describe('work-order map with a configured tile source', () => {
  const tiled = portalSuite({
    MAP_TILE_URL: `http://127.0.0.1:${tilePort}/ok/{z}/{x}/{y}.png`,
    MAP_TILE_DATUM: 'gcj02',
    MAP_TILE_ATTRIBUTION: '本地测试底图',
  });

  it('draws the tiles and the markers', async () => {
    const page = await signedInPage(tiled, 'station1', '/workOrder/map');
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await page.getByTestId('map-tiles-unavailable').count()).toBe(0);
    expect(await page.getByTestId('map-offline-base').count()).toBe(0);
    expect(await page.locator('.leaflet-wo-base-pane path').count()).toBe(0);
    expect(await page.locator('.leaflet-control-attribution').innerText()).toContain('本地测试底图');
    const d = await map.mapData();
    expect(await map.renderedCount()).toBe(d.orders.length + d.workers.filter((w) => w.lng !== null).length);
  });

  it('falls back to the embedded base map when the tiles fail, and keeps markers, list and assignment', async () => {
    const page = await signedInPage(tiled, 'station1', '/workOrder/newmapassign');
    // Every tile request fails as if the tile server were down.
    await page.route(`http://127.0.0.1:${tilePort}/**`, (route) => route.fulfill({ status: 503, body: '' }));
    await page.reload();
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    await map.baseDrawn('provinces');
    await page.getByTestId('map-offline-base').waitFor();
    expect(await page.getByTestId('map-tiles-unavailable').count()).toBe(0);
    expect(await page.locator('.leaflet-tile-loaded').count()).toBe(0);
    const d = await map.mapData();
    expect(await map.renderedCount()).toBe(d.orders.length + d.workers.filter((w) => w.lng !== null).length);
    expect(await map.listCount()).toBe(d.orders.length);
    const open = d.orders.find((o) => o.status === 1)!;
    await map.search(open.name);
    await map.pickOrder(open.id);
    expect((await map.candidates()).length).toBeGreaterThan(0);
    await page.getByTestId('map-assign-confirm').waitFor();
  });
});
