import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { MapTileSettings } from '../../../api/work-order-insights.ts';
import { addBaseMap } from './base-map-layer.ts';
import { boundsOf, tilesHaveFailed, type BaseMapKind, type PlacedOrder, type PlacedWorker } from './map-logic.ts';
import './base-map.css';

export interface LeafletCanvasHandle {
  /** Centres the map on a position (already in the tiles' datum). */
  focus(at: { lng: number; lat: number }): void;
}

interface Props {
  ref?: Ref<LeafletCanvasHandle>;
  orders: readonly PlacedOrder[];
  workers: readonly PlacedWorker[];
  tiles: MapTileSettings;
  /** What the markers are drawn on: the tile source, or the embedded province/city map. */
  base: BaseMapKind;
  /** The view is fitted to the markers again whenever this changes (a new range), not on every refresh. */
  fitKey: string;
  /** The map data has arrived (or failed): the embedded base map may be drawn, after the markers. */
  settled: boolean;
  selectedOrderId: string | null;
  selectedWorkerId: string | null;
  onOrderClick(id: string): void;
  onWorkerClick(id: string): void;
  /** The tile source failed before any tile loaded (TILE_ERROR_THRESHOLD errors). */
  onTilesFailed(): void;
  /** The embedded base map could not be loaded either: markers only. */
  onBaseMapFailed(): void;
  tooltipOf(kind: 'order' | 'worker', id: string): string;
}

const COLOR = { unassigned: '#fa8c16', inService: '#1677ff', worker: '#389e0d', selected: '#f5222d' };
const CHINA: L.LatLngExpression = [35, 105];

type Tagged = L.CircleMarker & { woKind: 'order' | 'worker'; woId: string };

function orderStyle(o: PlacedOrder['order'], selected: boolean): L.CircleMarkerOptions {
  const fill = selected ? COLOR.selected : o.status === 1 ? COLOR.unassigned : COLOR.inService;
  // Unselected orders are fill only: one canvas call per marker instead of two.
  return { radius: selected ? 9 : 5, stroke: selected, color: '#fff', weight: 3, fillColor: fill, fillOpacity: 0.85 };
}
function workerStyle(selected: boolean): L.CircleMarkerOptions {
  return { radius: selected ? 10 : 7, color: selected ? COLOR.selected : '#fff', weight: selected ? 4 : 2, fillColor: COLOR.worker, fillOpacity: 1 };
}

/**
 * Leaflet on one canvas (`preferCanvas` + circle markers): ten thousand orders and hundreds of
 * engineers are one bitmap, not thousands of DOM nodes. When the markers are on screen the
 * container gets `data-rendered-count` and the page a `wo-map-rendered` performance mark (bench and
 * e2e wait on them).
 */
export function LeafletCanvas(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const rendererRef = useRef<L.Canvas | null>(null);
  const layerRef = useRef<L.FeatureGroup | null>(null);
  const orderMarkers = useRef(new Map<string, Tagged>());
  const workerMarkers = useRef(new Map<string, Tagged>());
  const orderById = useRef(new Map<string, PlacedOrder['order']>());
  const selected = useRef<{ order: string | null; worker: string | null }>({ order: null, worker: null });
  // Callbacks change every render; the Leaflet handlers read the latest ones.
  const cb = useRef(props);
  cb.current = props;

  useImperativeHandle(props.ref, () => ({
    focus(at) {
      const m = mapRef.current;
      if (m) m.setView([at.lat, at.lng], Math.max(m.getZoom(), 11));
    },
  }));

  useEffect(() => {
    const map = L.map(box.current!, { preferCanvas: true, center: CHINA, zoom: 4, minZoom: 3, worldCopyJump: false });
    const renderer = L.canvas({ padding: 0.3, tolerance: 3 });
    const layer = L.featureGroup().addTo(map);
    const tip = L.tooltip({ direction: 'top', offset: [0, -6] });
    layer.on('click', (e) => {
      const m = (e as L.LeafletMouseEvent & { propagatedFrom?: Tagged }).propagatedFrom;
      if (!m) return;
      if (m.woKind === 'order') cb.current.onOrderClick(m.woId);
      else cb.current.onWorkerClick(m.woId);
    });
    // One shared tooltip instead of one bound per marker (10,000 bindings cost more than the markers).
    layer.on('mouseover', (e) => {
      const m = (e as L.LeafletMouseEvent & { propagatedFrom?: Tagged }).propagatedFrom;
      if (!m) return;
      tip.setLatLng(m.getLatLng()).setContent(cb.current.tooltipOf(m.woKind, m.woId));
      map.openTooltip(tip);
    });
    layer.on('mouseout', () => map.closeTooltip(tip));
    mapRef.current = map;
    rendererRef.current = renderer;
    layerRef.current = layer;
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(box.current!);
    return () => {
      ro.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Tiles: optional; a source whose first tiles all fail counts as unavailable (the base map takes over).
  const { url, maxZoom, attribution, subdomains } = props.tiles;
  const subKey = subdomains.join(',');
  const { base } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !url || base !== 'tiles') return;
    let loaded = 0;
    let errors = 0;
    let failed = false;
    const tl = L.tileLayer(url, { maxZoom, attribution, ...(subKey ? { subdomains: subKey.split(',') } : {}) });
    tl.on('tileload', () => {
      loaded += 1;
    });
    tl.on('tileerror', () => {
      errors += 1;
      if (!failed && tilesHaveFailed(loaded, errors)) {
        failed = true;
        cb.current.onTilesFailed();
      }
    });
    tl.addTo(map);
    map.setMaxZoom(maxZoom);
    return () => {
      tl.remove();
    };
  }, [url, maxZoom, attribution, subKey, base]);

  // The embedded base map whenever there are no tiles (none configured, or they failed), drawn once
  // the data's markers are on screen (or the data brought none): fitting the view to the markers
  // re-lays out its provinces and brings in its cities, which in the markers' frames doubled the
  // time to the markers (navigation → markers 660 → 1,270 ms with 10,561 markers).
  const [markersShown, setMarkersShown] = useState(false);
  const baseDueRef = useRef(false);
  if (props.settled && (markersShown || props.orders.length + props.workers.length === 0)) baseDueRef.current = true;
  const baseDue = baseDueRef.current;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || base !== 'vector' || !baseDue) return;
    map.setMaxZoom(13);
    const el = map.getContainer();
    el.classList.add('wo-map-offline');
    const handle = addBaseMap(map, { onDrawn: () => undefined, onFailed: () => cb.current.onBaseMapFailed() });
    return () => {
      handle.remove();
      el.classList.remove('wo-map-offline');
    };
  }, [base, baseDue]);

  // Markers: rebuilt when the data changes; selection only restyles two markers (below).
  const { orders, workers, fitKey } = props;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    const renderer = rendererRef.current;
    if (!map || !layer || !renderer) return;
    performance.mark('wo-map-build-start');
    layer.clearLayers();
    // Fit first: a view change after the markers are in would project all of them again.
    if (fitted.current !== fitKey) {
      fitted.current = fitKey;
      const b = boundsOf([...orders.map((o) => o.at), ...workers.map((w) => w.at)]);
      if (b) map.fitBounds(b, { padding: [24, 24], maxZoom: 13, animate: false });
      else map.setView(CHINA, 4, { animate: false });
    }
    orderMarkers.current.clear();
    workerMarkers.current.clear();
    orderById.current.clear();
    const sel = selected.current;
    for (const p of orders) {
      const m = L.circleMarker([p.at.lat, p.at.lng], { renderer, ...orderStyle(p.order, p.order.id === sel.order) }) as Tagged;
      m.woKind = 'order';
      m.woId = p.order.id;
      layer.addLayer(m);
      orderMarkers.current.set(p.order.id, m);
      orderById.current.set(p.order.id, p.order);
    }
    // Engineers on top of the orders.
    for (const p of workers) {
      const m = L.circleMarker([p.at.lat, p.at.lng], { renderer, ...workerStyle(p.worker.id === sel.worker) }) as Tagged;
      m.woKind = 'worker';
      m.woId = p.worker.id;
      layer.addLayer(m);
      workerMarkers.current.set(p.worker.id, m);
    }
    performance.mark('wo-map-markers-added');
    // The canvas draws on the next animation frame; the frame after that has it on screen.
    const el = box.current!;
    el.removeAttribute('data-rendered-count');
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        el.setAttribute('data-rendered-count', String(orders.length + workers.length));
        performance.mark('wo-map-rendered', { detail: { markers: orders.length + workers.length } });
        if (orders.length + workers.length > 0) setMarkersShown(true);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [orders, workers, fitKey]);

  const { selectedOrderId, selectedWorkerId } = props;
  useEffect(() => {
    const prev = selected.current;
    if (prev.order !== selectedOrderId) {
      for (const id of [prev.order, selectedOrderId]) {
        const m = id ? orderMarkers.current.get(id) : undefined;
        const o = id ? orderById.current.get(id) : undefined;
        if (m && o) {
          m.setStyle(orderStyle(o, id === selectedOrderId));
          m.setRadius(orderStyle(o, id === selectedOrderId).radius!);
          if (id === selectedOrderId) m.bringToFront();
        }
      }
    }
    if (prev.worker !== selectedWorkerId) {
      for (const id of [prev.worker, selectedWorkerId]) {
        const m = id ? workerMarkers.current.get(id) : undefined;
        if (m) {
          m.setStyle(workerStyle(id === selectedWorkerId));
          m.setRadius(workerStyle(id === selectedWorkerId).radius!);
          if (id === selectedWorkerId) m.bringToFront();
        }
      }
    }
    selected.current = { order: selectedOrderId, worker: selectedWorkerId };
  }, [selectedOrderId, selectedWorkerId, orders, workers]);

  return (
    <div
      ref={box}
      data-testid="map-canvas"
      data-base={base}
      // Static: Leaflet adds its own classes (leaflet-container …) that a re-rendered className would drop.
      className="wo-map"
      style={{ height: '100%', minHeight: 420, width: '100%' }}
    />
  );
}
