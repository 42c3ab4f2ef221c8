import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { MapTileSettings } from '../../../api/work-order-insights.ts';
import { addBaseMap } from './base-map-layer.ts';
import { boundsOf, isUnassigned, tilesHaveFailed, type BaseMapKind, type PlacedOrder, type PlacedWorker } from './map-logic.ts';
import { MarkerLayer, type MarkerGroup, type MarkerStyle } from './marker-layer.ts';
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

/** One group of markers: what kind they are and which of the orders or engineers, in drawing order. */
interface DrawnPart {
  kind: 'order' | 'worker';
  style: MarkerStyle;
  items: readonly number[];
}
interface Drawn {
  parts: readonly DrawnPart[];
  orders: readonly PlacedOrder[];
  workers: readonly PlacedWorker[];
}

/** The order or engineer behind marker i of the layer (drawing order over its groups), if any. */
function markerAt(d: Drawn, i: number): { kind: 'order' | 'worker'; id: string; at: L.LatLngExpression } | undefined {
  if (i < 0) return undefined;
  for (const { kind, items } of d.parts) {
    if (i >= items.length) {
      i -= items.length;
      continue;
    }
    const p = kind === 'order' ? d.orders[items[i]] : d.workers[items[i]];
    const id = 'order' in p ? p.order.id : p.worker.id;
    return { kind, id, at: [p.at.lat, p.at.lng] };
  }
  return undefined;
}

const COLOR = { unassigned: '#fa8c16', inService: '#1677ff', worker: '#389e0d', selected: '#f5222d' };
const CHINA: L.LatLngExpression = [35, 105];

const marker = (fill: string, radius: number, ring: number, ringColor: string, opacity: number): MarkerStyle => ({
  fill,
  radius,
  ring,
  ringColor,
  opacity,
});
// Unselected orders are fill only; the selected marker is drawn again on top.
const STYLE = {
  unassigned: marker(COLOR.unassigned, 5, 0, '', 0.85),
  inService: marker(COLOR.inService, 5, 0, '', 0.85),
  selectedOrder: marker(COLOR.selected, 9, 3, '#fff', 0.85),
  worker: marker(COLOR.worker, 7, 2, '#fff', 1),
  selectedWorker: marker(COLOR.worker, 10, 4, COLOR.selected, 1),
};

/**
 * Leaflet with the markers on one canvas of ours (marker-layer.ts): ten thousand orders and
 * hundreds of engineers are one bitmap, not thousands of DOM nodes or Leaflet layers. When the markers are on screen the
 * container gets `data-rendered-count` and the page a `wo-map-rendered` performance mark (bench and
 * e2e wait on them).
 */
export function LeafletCanvas(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<MarkerLayer | null>(null);
  /** What the layer's markers stand for, group by group (the selected ones come twice: in place and on top). */
  const drawn = useRef<Drawn>({ parts: [], orders: [], workers: [] });
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
    const map = L.map(box.current!, { center: CHINA, zoom: 4, minZoom: 3, worldCopyJump: false });
    const layer = new MarkerLayer(3).addTo(map);
    const tip = L.tooltip({ direction: 'top', offset: [0, -6] });
    const under = (e: L.LeafletMouseEvent) => markerAt(drawn.current, layer.hit(e.layerPoint));
    map.on('click', (e) => {
      const m = under(e);
      if (!m) return;
      if (m.kind === 'order') cb.current.onOrderClick(m.id);
      else cb.current.onWorkerClick(m.id);
    });
    // One shared tooltip for whichever marker is under the pointer.
    let hovered: string | undefined;
    map.on('mousemove', (e) => {
      const m = under(e);
      if ((m && `${m.kind}:${m.id}`) === hovered) return;
      hovered = m && `${m.kind}:${m.id}`;
      map.getContainer().style.cursor = m ? 'pointer' : '';
      if (!m) map.closeTooltip(tip);
      else map.openTooltip(tip.setLatLng(m.at).setContent(cb.current.tooltipOf(m.kind, m.id)));
    });
    map.on('mouseout', () => {
      hovered = undefined;
      map.closeTooltip(tip);
    });
    mapRef.current = map;
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

  // Markers: drawn again when the data or the selection changes (one pass over typed arrays).
  const { orders, workers, fitKey, selectedOrderId, selectedWorkerId } = props;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    performance.mark('wo-map-build-start');
    // Fit first: a view change after the markers are in would project all of them again.
    if (fitted.current !== fitKey) {
      fitted.current = fitKey;
      const b = boundsOf(orders, workers);
      if (b) map.fitBounds(b, { padding: [24, 24], maxZoom: 13, animate: false });
      else map.setView(CHINA, 4, { animate: false });
    }
    // In-service orders, then the unassigned ones (the work of this screen) over them, engineers on
    // top of the orders, the selected markers on top of all: one group (path and fill) per style.
    const unassigned: number[] = [];
    const inService: number[] = [];
    orders.forEach((p, i) => (isUnassigned(p.order) ? unassigned : inService).push(i));
    const selOrder = selectedOrderId ? orders.findIndex((p) => p.order.id === selectedOrderId) : -1;
    const selWorker = selectedWorkerId ? workers.findIndex((p) => p.worker.id === selectedWorkerId) : -1;
    const allWorkers = workers.map((_, i) => i);
    const parts: DrawnPart[] = [
      { kind: 'order', style: STYLE.inService, items: inService },
      { kind: 'order', style: STYLE.unassigned, items: unassigned },
      { kind: 'worker', style: STYLE.worker, items: allWorkers },
      { kind: 'order', style: STYLE.selectedOrder, items: selOrder >= 0 ? [selOrder] : [] },
      { kind: 'worker', style: STYLE.selectedWorker, items: selWorker >= 0 ? [selWorker] : [] },
    ];
    const groups: MarkerGroup[] = parts.map(({ kind, style, items }) => {
      const lat = new Float64Array(items.length);
      const lng = new Float64Array(items.length);
      items.forEach((j, i) => {
        const at = kind === 'order' ? orders[j].at : workers[j].at;
        lat[i] = at.lat;
        lng[i] = at.lng;
      });
      return { style, lat, lng };
    });
    drawn.current = { parts, orders, workers };
    layer.setMarkers(groups);
    performance.mark('wo-map-markers-added');
  }, [orders, workers, fitKey, selectedOrderId, selectedWorkerId]);

  // New data drawn (the effect above, declared first, ran): on screen the frame after the next.
  useEffect(() => {
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
  }, [orders, workers]);

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
