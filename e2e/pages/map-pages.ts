import { mapView, type DashboardData, type MapData } from '@portal/model';
import type { Page } from 'playwright-core';

/**
 * Calls the API with the page's own session (a second sign-in of the same account would end the
 * page's session): GET or POST, answering the envelope's Data, or throwing its Message.
 */
export async function pageCall<T = unknown>(page: Page, path: string, body?: unknown): Promise<T> {
  const r = await page.evaluate(
    async ({ p, b }) => {
      const auth = JSON.parse(localStorage.getItem('portal.auth') ?? '{}') as { accessToken?: string };
      const res = await fetch(p, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${auth.accessToken}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: (await res.json()) as { Data: unknown; Message: string } };
    },
    { p: path, b: body },
  );
  if (r.status >= 400) throw new Error(`${path}: ${r.status} ${r.json.Message}`);
  return r.json.Data as T;
}

/** A new unassigned order of a station at a GPS position, created through the record service. */
export async function createOrder(
  page: Page,
  stationCode: string,
  at: { lng: number; lat: number },
  customer: string,
): Promise<{ id: string; name: string }> {
  const st = await pageCall<{ value: { new_srv_stationid: string }[] }>(
    page,
    `/api/crmdata/Retrieve/new_srv_stations?$select=new_srv_stationid&$filter=${encodeURIComponent(`new_code eq '${stationCode}'`)}`,
  );
  const { id } = await pageCall<{ id: string }>(page, '/api/crmdata/create/new_srv_workorders', {
    new_type: 1,
    new_warranty: 1,
    new_customer: customer,
    new_contact: '测试联系人',
    new_phone: '13812345678',
    new_province: '上海市',
    new_city: '上海市',
    new_county: '浦东新区',
    new_address: '张江路 1 号',
    new_faultdesc: '地图派工测试',
    new_station_id: st.value[0].new_srv_stationid,
    new_longitude: at.lng,
    new_latitude: at.lat,
  });
  const row = await pageCall<{ new_name: string }>(page, `/api/crmdata/Retrieve/new_srv_workorders(${id})?$select=new_name`);
  return { id, name: row.new_name };
}

/**
 * Records what a reload would show in the console as failed calls: every response with status 401
 * (Chromium logs each as "Failed to load resource: … 401") and console errors naming 401.
 */
export function watchUnauthorized(page: Page): { seen: string[] } {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) seen.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /401/.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return { seen };
}

/** The work-order map screen (view or assignment). */
export class WorkOrderMapPage {
  constructor(readonly page: Page) {}

  /** The map call with the page's session, its order columns as objects. */
  mapData = async (range: 'all' | 'today' | 'tomorrow' = 'all') =>
    mapView(await pageCall<MapData>(this.page, `/api/workorders/map?range=${range}`));

  /** Waits until the range's data is loaded, its markers are drawn and the side lists show it. */
  async loaded(range: 'all' | 'today' | 'tomorrow' = 'all') {
    await this.page.locator(`[data-loaded-range="${range}"][data-loading="0"][data-lists-current="1"]`).waitFor();
    await this.page.locator('[data-testid="map-canvas"][data-rendered-count]').waitFor({ state: 'attached' });
  }

  async toAssign(): Promise<number> {
    return Number(await this.page.getByTestId('map-to-assign').innerText());
  }

  async renderedCount(): Promise<number> {
    return Number(await this.page.getByTestId('map-canvas').getAttribute('data-rendered-count'));
  }

  /** Number of orders the side list holds (all pages). */
  async listCount(): Promise<number> {
    const list = this.page.getByTestId('map-order-list');
    if (!(await list.count())) return 0;
    return Number(await list.getAttribute('data-count'));
  }

  async listedNames(): Promise<string[]> {
    return this.page
      .locator('[data-testid^="map-order-"][data-order-name]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-order-name') ?? ''));
  }

  /** Waits until the embedded base map has drawn a layer (provinces at once, cities from zoom 6). */
  async baseDrawn(layer: 'provinces' | 'cities' = 'provinces') {
    await this.page.locator(`[data-testid="map-canvas"][data-base="vector"][data-base-drawn~="${layer}"]`).waitFor({ state: 'attached' });
  }

  /** Number of drawn boundary paths of the base map (SVG in its own pane). */
  basePaths(): Promise<number> {
    return this.page.locator('.leaflet-wo-base-pane path').count();
  }

  /** A province or city name written on the base map. */
  baseLabel(kind: 'province' | 'city', name: string) {
    return this.page.locator(`.wo-base-label-${kind} span`, { hasText: name });
  }

  /** The stacking of the base map's panes and of the markers' canvas pane (higher is on top). */
  paneOrder(): Promise<{ base: number; labels: number; markers: number }> {
    return this.page.evaluate(() => {
      const z = (sel: string) => Number(getComputedStyle(document.querySelector(sel)!).zIndex);
      const markers = document.querySelector('[data-testid="map-canvas"] canvas')!.closest('.leaflet-pane') as HTMLElement;
      return {
        base: z('.leaflet-wo-base-pane'),
        labels: z('.leaflet-wo-base-labels-pane'),
        markers: Number(getComputedStyle(markers).zIndex),
      };
    });
  }

  /**
   * Zooms with the map's + / − buttons to `target` (the base map writes its zoom to data-zoom). A
   * click Leaflet drops (it ignores a zoom asked for while one is still animating: seen once in a
   * full run, the zoom stayed put) is clicked again; a bounded number of clicks in all.
   */
  async zoomTo(target: number) {
    const canvas = this.page.getByTestId('map-canvas');
    for (let i = 0; i < 12; i++) {
      const z = Number(await canvas.getAttribute('data-zoom'));
      if (z === target) return;
      await this.page.locator(z < target ? '.leaflet-control-zoom-in' : '.leaflet-control-zoom-out').click();
      await this.page
        .locator(`[data-testid="map-canvas"]:not([data-zoom="${z}"])`)
        .waitFor({ state: 'attached', timeout: 5_000 })
        .catch(() => undefined);
    }
    throw new Error(`map did not reach zoom ${target}`);
  }

  async chooseRange(range: 'all' | 'today' | 'tomorrow') {
    await this.page.getByTestId(`map-range-${range}`).click();
    await this.loaded(range);
  }

  async search(text: string) {
    // antd puts the test id on the <input> itself or on its wrapper, depending on the variant.
    await this.page.locator('input[data-testid="map-order-search"], [data-testid="map-order-search"] input').first().fill(text);
  }

  async pickOrder(id: string) {
    await this.page.getByTestId(`map-order-${id}`).click();
    await this.page.getByTestId('map-selected-order').waitFor();
  }

  /** The engineers offered for the selected order, in the order shown (nearest first). */
  async candidates(): Promise<{ id: string; name: string; text: string }[]> {
    const rows = this.page.locator('[data-testid^="map-candidate-"]');
    await rows.first().waitFor();
    return rows.evaluateAll((els) =>
      els.map((e) => ({
        id: (e.getAttribute('data-testid') ?? '').replace('map-candidate-', ''),
        name: e.getAttribute('data-worker-name') ?? '',
        text: (e as HTMLElement).innerText,
      })),
    );
  }

  /** Picks an engineer, confirms, and returns the message the page shows. */
  async assignTo(workerId: string): Promise<string> {
    await this.page.getByTestId(`map-candidate-${workerId}`).click();
    await this.page.getByTestId('map-selected-worker').waitFor();
    await this.page.getByTestId('map-assign-confirm').click();
    const dialog = this.page.locator('.ant-modal-confirm');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('.ant-btn-primary').click();
    const result = this.page.getByTestId('map-assign-result');
    await result.waitFor();
    return (await result.innerText()).trim();
  }
}

/** The service-management dashboard on /servicehome. */
export class DashboardPanel {
  constructor(readonly page: Page) {}

  data = () => pageCall<DashboardData>(this.page, '/api/workorders/dashboard');

  async waitFor() {
    await this.page.getByTestId('service-dashboard').waitFor();
    await this.page.getByTestId('dash-table-type').waitFor();
  }

  /** A table's numbers by row key (for the months table: `<month>-0` created, `<month>-1` completed). */
  async numbers(chart: 'type' | 'productLine' | 'uncompleted' | 'months' | 'abnormal'): Promise<Record<string, number>> {
    return this.page
      .getByTestId(`dash-table-${chart}`)
      .locator('td[data-count]')
      .evaluateAll(
        (els, c) =>
          Object.fromEntries(
            els.map((e) => [(e.getAttribute('data-testid') ?? '').replace(`dash-cell-${c}-`, ''), Number(e.getAttribute('data-count'))]),
          ),
        chart,
      );
  }

  async chartLabel(chart: string): Promise<string> {
    return (await this.page.getByTestId(`dash-chart-${chart}`).getAttribute('aria-label')) ?? '';
  }
}
