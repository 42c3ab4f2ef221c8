import { mayDispatchStatus, toDatum, workOrderStatus, type LngLat, type MapDatum, type MapOrder, type MapWorker } from '@portal/model';

/** What the map is drawn on: the configured tiles, or the embedded province/city map (base-map-data.ts). */
export type BaseMapKind = 'tiles' | 'vector';

/** The embedded base map's datum: DataV boundaries are GCJ-02 (the generated files say so too). */
export const BASE_MAP_DATUM: MapDatum = 'gcj02';

/** Tile errors, with no tile loaded yet, after which the tile source counts as failed. */
export const TILE_ERROR_THRESHOLD = 3;

/** Tiles when a source is configured and has not failed; otherwise the embedded vector base map. */
export function baseMapKind(tileUrl: string | null | undefined, tilesFailed: boolean): BaseMapKind {
  return tileUrl && !tilesFailed ? 'tiles' : 'vector';
}

/** The datum markers are drawn in: the tiles' own, or the embedded map's (both from the same GPS positions). */
export function markerDatum(kind: BaseMapKind, tileDatum: MapDatum | undefined): MapDatum {
  return kind === 'tiles' ? (tileDatum ?? 'wgs84') : BASE_MAP_DATUM;
}

/** A tile source has failed when several tiles errored before any loaded (one flaky tile is not enough). */
export function tilesHaveFailed(loaded: number, errors: number): boolean {
  return loaded === 0 && errors >= TILE_ERROR_THRESHOLD;
}

/** What a marker needs: its id and where it is drawn (already in the tiles' datum). */
export interface PlacedOrder {
  order: MapOrder;
  at: LngLat;
}
export interface PlacedWorker {
  worker: MapWorker;
  at: LngLat;
}

/**
 * Converts the stored GPS positions into the datum of the tiles, locally (no maps-service call).
 * Engineers without a known position get no marker (they stay in the list).
 */
export function placeOrders(orders: readonly MapOrder[], datum: MapDatum): PlacedOrder[] {
  return orders.map((order) => ({ order, at: toDatum({ lng: order.lng, lat: order.lat }, datum) }));
}

export function placeWorkers(workers: readonly MapWorker[], datum: MapDatum): PlacedWorker[] {
  const out: PlacedWorker[] = [];
  for (const worker of workers) {
    if (worker.lng == null || worker.lat == null) continue;
    out.push({ worker, at: toDatum({ lng: worker.lng, lat: worker.lat }, datum) });
  }
  return out;
}

const R = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km (haversine), on the GPS positions. */
export function distanceKm(a: LngLat, b: LngLat): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Candidate {
  worker: MapWorker;
  /** km from the order; null when the engineer's position is unknown. */
  km: number | null;
}

/**
 * The engineers who may take an order: those of the order's station, nearest first; engineers
 * without a position come last (by load, then name), as do ties by load.
 */
export function candidatesFor(order: MapOrder, workers: readonly MapWorker[]): Candidate[] {
  return workers
    .filter((w) => w.stationId === order.stationId)
    .map((worker) => ({
      worker,
      km:
        worker.lng == null || worker.lat == null
          ? null
          : distanceKm({ lng: order.lng, lat: order.lat }, { lng: worker.lng, lat: worker.lat }),
    }))
    .sort((a, b) => {
      if (a.km === null || b.km === null)
        return a.km === null && b.km === null
          ? a.worker.load - b.worker.load || a.worker.name.localeCompare(b.worker.name, 'zh-CN')
          : a.km === null
            ? 1
            : -1;
      return a.km - b.km || a.worker.load - b.worker.load;
    });
}

/** Orders the map may dispatch (the map carries no appointment status; the server decides the rest). */
export const isAssignable = (o: MapOrder) => mayDispatchStatus(o.status, null);
export const isUnassigned = (o: MapOrder) => o.status === workOrderStatus.notDispatched;

/** The list's quick search over number, customer, contact, phone and address. */
export function searchOrders(orders: readonly MapOrder[], text: string): readonly MapOrder[] {
  const q = text.trim().toLowerCase();
  if (!q) return orders;
  return orders.filter((o) => [o.name, o.customer, o.contact, o.phone, o.address, o.stationName].some((v) => v?.toLowerCase().includes(q)));
}

/** Unassigned orders first (they are the work of this screen), then newest first as the server sent them. */
export function listOrder(orders: readonly MapOrder[]): MapOrder[] {
  return orders
    .map((o, i) => [o, i] as const)
    .sort((a, b) => Number(!isUnassigned(a[0])) - Number(!isUnassigned(b[0])) || a[1] - b[1])
    .map(([o]) => o);
}

/** Finds items by id; the index is built on the first look-up (a render of 10,000 orders rarely needs one). */
export function indexById<T extends { id: string }>(items: readonly T[]): { get(id: string): T | undefined } {
  let index: Map<string, T> | null = null;
  return { get: (id) => (index ??= new Map(items.map((x) => [x.id, x]))).get(id) };
}

/** Distance in km as shown: two decimals under 1 km, one under 100 km, whole km beyond. */
export function formatKm(km: number): string {
  if (km < 1) return km.toFixed(2);
  return km < 100 ? km.toFixed(1) : String(Math.round(km));
}

/** The view that shows every marker (placed orders and engineers); null when there is nothing to show. */
export function boundsOf(...lists: readonly (readonly { at: LngLat }[])[]): [[number, number], [number, number]] | null {
  let s = 90,
    w = 180,
    n = -90,
    e = -180,
    any = false;
  for (const list of lists)
    for (const { at } of list) {
      any = true;
      if (at.lat < s) s = at.lat;
      if (at.lat > n) n = at.lat;
      if (at.lng < w) w = at.lng;
      if (at.lng > e) e = at.lng;
    }
  if (!any) return null;
  return [
    [s, w],
    [n, e],
  ];
}
