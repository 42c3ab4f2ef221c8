import {
  mapView,
  WORK_ORDER_API,
  type CommandResult,
  type DashboardData,
  type DispatchRequest,
  type MapData,
  type MapDatum,
  type MapRange,
  type MapView,
} from '@portal/model';
import { apiGet, call, type CallOptions } from './client.ts';

/** The map's tile source (GET /api/workorders/map/config); `url: null` = no tiles. */
export interface MapTileSettings {
  url: string | null;
  datum: MapDatum;
  attribution: string;
  maxZoom: number;
  subdomains: string[];
}

export const NO_TILES: MapTileSettings = { url: null, datum: 'wgs84', attribution: '', maxZoom: 18, subdomains: [] };

/** How long an early answer is taken instead of asking again (a slow device may take seconds to load Leaflet). */
const EARLY_MS = 30_000;
let early: { range: MapRange; at: number; answer: Promise<MapData | undefined> } | null = null;
/** The tile settings asked for beside the early map call; `value` once they have arrived. */
let earlyTiles: { at: number; answer: Promise<MapTileSettings | undefined>; value?: MapTileSettings } | null = null;

/**
 * Starts the map call while the screen's code is still loading (called from the route's loader):
 * the first fetchMapData of that range within EARLY_MS takes this answer instead of asking again.
 * The tile settings go out beside it: the screen draws nothing before it has them, and asking only
 * once it had mounted put one more round trip after the (slow) first render of the shell.
 */
export function prefetchMapData(range: MapRange): void {
  // Start-up (main.tsx) and the route's loader both ask: one call.
  if (early && early.range === range && Date.now() - early.at < EARLY_MS) return;
  const answer = apiGet<MapData>(`${WORK_ORDER_API}/map`, { silent: true, query: { range } }).catch(() => undefined);
  early = { range, at: Date.now(), answer };
  if (!earlyTiles || Date.now() - earlyTiles.at >= EARLY_MS) {
    const tiles: NonNullable<typeof earlyTiles> = {
      at: Date.now(),
      answer: fetchMapTilesNow({ silent: true }).then(
        (v) => (tiles.value = v),
        () => undefined,
      ),
    };
    earlyTiles = tiles;
  }
}

/** The map's data, its order columns expanded into objects (one pass, a few ms for 10,000 orders). */
export async function fetchMapData(range: MapRange, opts?: CallOptions): Promise<MapView> {
  const pre = early && early.range === range && Date.now() - early.at < EARLY_MS ? early.answer : undefined;
  early = null;
  // A failed early call is simply made again (with the caller's own error handling).
  const d = (pre && (await pre)) || (await apiGet<MapData>(`${WORK_ORDER_API}/map`, { ...opts, query: { range } }));
  const cols = d?.orders && Array.isArray(d.orders.id) ? d : null;
  const view = cols ? mapView({ ...cols, stations: cols.stations ?? [], assignees: cols.assignees ?? [] }) : null;
  return {
    orders: view?.orders ?? [],
    workers: Array.isArray(d?.workers) ? d.workers : [],
    toAssign: Number(d?.toAssign ?? 0),
    truncated: !!d?.truncated,
  };
}

/** The early tile settings when they have already arrived (the screen's first render uses them, taken once). */
export function takeEarlyMapTiles(): MapTileSettings | null {
  const v = earlyTiles && Date.now() - earlyTiles.at < EARLY_MS ? (earlyTiles.value ?? null) : null;
  if (v) earlyTiles = null;
  return v;
}

export async function fetchMapTiles(opts?: CallOptions): Promise<MapTileSettings> {
  const pre = earlyTiles && Date.now() - earlyTiles.at < EARLY_MS ? earlyTiles.answer : undefined;
  earlyTiles = null;
  return (pre && (await pre)) || fetchMapTilesNow(opts);
}

async function fetchMapTilesNow(opts?: CallOptions): Promise<MapTileSettings> {
  const d = await apiGet<Partial<MapTileSettings>>(`${WORK_ORDER_API}/map/config`, opts);
  const datum = d?.datum === 'gcj02' || d?.datum === 'bd09' ? d.datum : 'wgs84';
  return {
    url: typeof d?.url === 'string' && d.url ? d.url : null,
    datum,
    attribution: d?.attribution ?? '',
    maxZoom: Number(d?.maxZoom) || 18,
    subdomains: Array.isArray(d?.subdomains) ? d.subdomains : [],
  };
}

export const fetchDashboard = (opts?: CallOptions) => apiGet<DashboardData>(`${WORK_ORDER_API}/dashboard`, opts);

/** Dispatch (or reassign) an order; resolves with the server's display message. */
export async function dispatchOrder(
  id: string,
  body: DispatchRequest,
  opts?: CallOptions,
): Promise<{ message: string; result: CommandResult | null }> {
  const env = await call<CommandResult>(`${WORK_ORDER_API}/${encodeURIComponent(id)}/dispatch`, { ...opts, method: 'POST', json: body });
  return { message: env.Data?.message || env.Message, result: env.Data ?? null };
}
