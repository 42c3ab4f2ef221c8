import { describe, expect, it } from 'vitest';
import { createOrder, pageCall, WorkOrderMapPage } from '../pages/map-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

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
    // No tile source is configured: the page says so and still works.
    await page.getByTestId('map-tiles-unavailable').waitFor();
    expect(await page.locator('.leaflet-tile').count()).toBe(0);
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
    expect(candidates.map((c) => c.id).sort()).toEqual(data.workers.filter((w) => w.stationId === sh).map((w) => w.id).sort());
    const km = candidates.map((c) => /([\d.]+) 公里/.exec(c.text)?.[1]).filter(Boolean).map(Number);
    expect(km.length).toBeGreaterThan(0);
    expect([...km].sort((a, b) => a - b)).toEqual(km);

    const message = await map.assignTo(candidates[0].id);
    expect(message).toMatch(/派工/);
    await page.locator(`[data-testid="map-to-assign"]`).filter({ hasText: String(before - 1) }).waitFor();
    expect(await map.toAssign()).toBe(before - 1);
    const after = (await map.mapData()).orders.find((o) => o.id === order.id)!;
    expect(after).toMatchObject({ status: 2, workerId: candidates[0].id, workerName: candidates[0].name });
    // The assigned order is no longer offered for a new assignment from the list's unassigned head.
    await map.search(order.name);
    expect(await page.getByTestId(`map-order-${order.id}`).getAttribute('data-status')).toBe('2');
  });

  it('shows a station only its own orders on the CRM map-assignment route', async () => {
    const page = await signedInPage(suite, 'station1', '/rootapp/crm__newmapassign');
    const map = new WorkOrderMapPage(page);
    await map.loaded('all');
    const d = await pageCall<{ orders: { stationName: string }[]; workers: { stationName: string }[]; toAssign: number }>(page, '/api/workorders/map');
    expect(new Set(d.orders.map((o) => o.stationName))).toEqual(new Set(['上海浦东华辰服务站']));
    expect(new Set(d.workers.map((w) => w.stationName))).toEqual(new Set(['上海浦东华辰服务站']));
    expect(await map.toAssign()).toBe(d.toAssign);
    expect(await map.listCount()).toBe(d.orders.length);
    await page.getByTestId('map-assign-panel').waitFor();
  });
});
