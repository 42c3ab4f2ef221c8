import { workOrderStatus, type MapData, type MapOrder, type MapWorker } from '@portal/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../session/store.ts';
import { envelope, renderApp, stubServer, signInAs } from '../../../test/render-app.tsx';
import * as canvas from './LeafletCanvas.tsx';
import { order, worker } from './map-fixtures.ts';

// Leaflet needs a real canvas: the map itself is replaced by buttons standing for its markers, and
// two standing for the tile source failing and the embedded base map failing to load. Spied on the
// module, not vi.mock'ed: without isolation an earlier file may already have imported the map screen
// with the real canvas, and a module mock would stay registered for later files.
const FakeCanvas = (p: {
  orders: { order: MapOrder; at: { lng: number } }[];
  workers: { worker: MapWorker }[];
  base: string;
  onOrderClick(id: string): void;
  onWorkerClick(id: string): void;
  onTilesFailed(): void;
  onBaseMapFailed(): void;
}) => (
  <div data-testid="map-canvas" data-base={p.base}>
    <button data-testid="fail-tiles" onClick={p.onTilesFailed} />
    <button data-testid="fail-base" onClick={p.onBaseMapFailed} />
    {p.orders.map((o) => (
      <button key={o.order.id} data-testid={`marker-${o.order.id}`} data-lng={o.at.lng} onClick={() => p.onOrderClick(o.order.id)} />
    ))}
    {p.workers.map((w) => (
      <button key={w.worker.id} data-testid={`marker-${w.worker.id}`} onClick={() => p.onWorkerClick(w.worker.id)} />
    ))}
  </div>
);
beforeEach(() => {
  vi.spyOn(canvas, 'LeafletCanvas').mockImplementation(FakeCanvas as unknown as typeof canvas.LeafletCanvas);
});

/** The map answer as the server sends it: the orders as columns, stations and assignees once each. */
const answer = (orders: MapOrder[], rest: Pick<MapData, 'workers' | 'toAssign' | 'truncated'>): MapData => {
  const stations = [...new Map(orders.map((o) => [o.stationId, { id: o.stationId, name: o.stationName }])).values()];
  const assignees = [
    ...new Map(orders.filter((o) => o.workerId).map((o) => [o.workerId!, { id: o.workerId!, name: o.workerName ?? '' }])).values(),
  ];
  const col = <K extends keyof MapOrder>(k: K) => orders.map((o) => o[k]);
  return {
    orders: {
      id: col('id'),
      name: col('name'),
      lng: col('lng'),
      lat: col('lat'),
      status: col('status'),
      customer: col('customer'),
      contact: col('contact'),
      phone: col('phone'),
      address: col('address'),
      appointmentDate: col('appointmentDate'),
      appointmentBegin: col('appointmentBegin'),
      appointmentEnd: col('appointmentEnd'),
      station: orders.map((o) => stations.findIndex((s) => s.id === o.stationId)),
      worker: orders.map((o) => assignees.findIndex((a) => a.id === o.workerId)),
    },
    stations,
    assignees,
    ...rest,
  };
};

const ORDERS = [
  order({ id: 'o-busy', name: 'WO-9', status: workOrderStatus.responded, workerId: 'w-near', workerName: '近' }),
  order({ id: 'o-new', name: 'WO-7', lng: 121.6, lat: 31.2 }),
];
const DATA = answer(ORDERS, {
  workers: [
    worker({ id: 'w-far', name: '远', lng: 122.0, lat: 31.2, load: 1 }),
    worker({ id: 'w-near', name: '近', lng: 121.61, lat: 31.2, load: 2 }),
    worker({ id: 'w-other', name: '他站', stationId: 'S2', stationName: '杭州站', lng: 121.6, lat: 31.2 }),
  ],
  toAssign: 5,
  truncated: false,
});

const signIn = (privilege: string[]) => signInAs(privilege);

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('work-order map screen', () => {
  it('loads once per range, lists unassigned orders first, on the offline base map when no tiles are set', async () => {
    const calls: string[] = [];
    stubServer((url) => {
      if (url.startsWith('/api/workorders/map/config'))
        return envelope({ url: null, datum: 'gcj02', attribution: '', maxZoom: 18, subdomains: [] });
      if (url.startsWith('/api/workorders/map')) {
        calls.push(url);
        return envelope(url.includes('range=today') ? answer([ORDERS[1]], { workers: DATA.workers, toAssign: 1, truncated: false }) : DATA);
      }
      return undefined;
    });
    signIn(['workorder.read']);
    const { router } = renderApp('/workOrder/map');
    // No tile source: the embedded province/city map, noted quietly instead of a warning.
    // (The first render loads the whole app in jsdom: slow on a busy machine.)
    expect((await screen.findByTestId('map-offline-base', {}, { timeout: 10_000 })).textContent).toBe('离线底图');
    expect(screen.getByTestId('map-canvas').getAttribute('data-base')).toBe('vector');
    expect(screen.queryByTestId('map-tiles-unavailable')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('map-to-assign').textContent).toBe('5'));
    // The route loader's early call is the one the screen uses.
    expect(calls).toEqual(['/api/workorders/map?range=all']);
    // The lists come after the markers (a deferred render).
    expect((await screen.findAllByTestId(/^map-order-o-/)).map((e) => e.getAttribute('data-order-name'))).toEqual(['WO-7', 'WO-9']);
    // Station and engineer come from the answer's dictionaries.
    expect(screen.getByTestId('map-order-o-busy').textContent).toContain('上海站 · 近');
    // Markers are in the base map's datum (DataV boundaries are GCJ-02, which moves Shanghai east by ~0.004°).
    expect(Number(screen.getByTestId('marker-o-new').getAttribute('data-lng'))).toBeGreaterThan(121.603);
    expect(screen.queryByTestId('map-assign-panel')).toBeNull();

    fireEvent.click(within(screen.getByTestId('map-range')).getByText('今天'));
    await waitFor(() => expect(screen.getByTestId('map-to-assign').textContent).toBe('1'));
    expect(router.state.location.search).toBe('?range=today');
    expect(calls.at(-1)).toBe('/api/workorders/map?range=today');
    await waitFor(() => expect(screen.getAllByTestId(/^map-order-o-/)).toHaveLength(1));
  });

  it('draws on the configured tiles in their datum, and falls back to the offline base map when they fail', async () => {
    stubServer((url) => {
      if (url.startsWith('/api/workorders/map/config'))
        return envelope({ url: '/tiles/{z}/{x}/{y}.png', datum: 'wgs84', attribution: '', maxZoom: 18, subdomains: [] });
      if (url.startsWith('/api/workorders/map')) return envelope(DATA);
      return undefined;
    });
    signIn(['workorder.read']);
    renderApp('/workOrder/map');
    await waitFor(() => expect(screen.getByTestId('map-canvas').getAttribute('data-base')).toBe('tiles'));
    await screen.findByTestId('marker-o-new');
    expect(Number(screen.getByTestId('marker-o-new').getAttribute('data-lng'))).toBe(121.6);
    expect(screen.queryByTestId('map-offline-base')).toBeNull();

    fireEvent.click(screen.getByTestId('fail-tiles'));
    await waitFor(() => expect(screen.getByTestId('map-canvas').getAttribute('data-base')).toBe('vector'));
    await screen.findByTestId('map-offline-base');
    // Re-placed in the base map's datum.
    expect(Number(screen.getByTestId('marker-o-new').getAttribute('data-lng'))).toBeGreaterThan(121.603);
    expect(screen.queryByTestId('map-tiles-unavailable')).toBeNull();

    // Only when the embedded map cannot be loaded either: markers only, and the page says so.
    fireEvent.click(screen.getByTestId('fail-base'));
    await screen.findByTestId('map-tiles-unavailable');
    expect(screen.queryByTestId('map-offline-base')).toBeNull();
  });

  it('assigns the picked order to an engineer of its station, nearest first, and shows the server’s message', async () => {
    let toAssign = 5;
    const posted: { url: string; body: unknown }[] = [];
    stubServer((url, init) => {
      if (url.startsWith('/api/workorders/map/config'))
        return envelope({ url: null, datum: 'wgs84', attribution: '', maxZoom: 18, subdomains: [] });
      if (url.startsWith('/api/workorders/map')) return envelope({ ...DATA, toAssign });
      if (url === '/api/workorders/o-new/dispatch' && init.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        toAssign = 4;
        return envelope({ id: 'o-new', message: '派工成功', status: 2, dealstatus: 2 }, '派工成功');
      }
      return undefined;
    });
    signIn(['workorder.read', 'workorder.dispatch']);
    renderApp('/workOrder/newmapassign');
    await screen.findByTestId('map-assign-panel');
    await waitFor(() => expect(screen.getByTestId('map-to-assign').textContent).toBe('5'));

    // An order in service cannot be dispatched from here.
    fireEvent.click(screen.getByTestId('marker-o-busy'));
    await screen.findByTestId('map-not-assignable');

    fireEvent.click(screen.getByTestId('map-order-o-new'));
    await screen.findByTestId('map-selected-order');
    const offered = screen.getAllByTestId(/^map-candidate-/).map((e) => e.getAttribute('data-worker-name'));
    expect(offered).toEqual(['近', '远']);
    expect(screen.getByTestId('map-candidate-w-near').textContent).toContain('0.95 公里');
    expect((screen.getByTestId('map-assign-confirm') as HTMLButtonElement).disabled).toBe(true);

    // Another station's engineer on the map is not taken.
    fireEvent.click(screen.getByTestId('marker-w-other'));
    expect(screen.queryByTestId('map-selected-worker')).toBeNull();
    fireEvent.click(screen.getByTestId('marker-w-near'));
    expect((await screen.findByTestId('map-selected-worker')).textContent).toContain('近');

    fireEvent.click(screen.getByTestId('map-assign-confirm'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确认将工单 WO-7 派给 近？');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect((await screen.findByTestId('map-assign-result')).textContent).toContain('派工成功');
    expect(posted).toEqual([{ url: '/api/workorders/o-new/dispatch', body: { workerId: 'w-near' } }]);
    await waitFor(() => expect(screen.getByTestId('map-to-assign').textContent).toBe('4'));
    expect(screen.queryByTestId('map-selected-order')).toBeNull();
  });
});
