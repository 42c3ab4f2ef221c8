import L from 'leaflet';
import { loadBaseMap, type BaseMapCollection, type BaseMapProperties } from './base-map-data.ts';

/** From this zoom the prefecture-level cities (outlines and names) are drawn; province names give way at CITY_ZOOM + 1. */
export const CITY_ZOOM = 6;
/** Districts of the municipalities and SARs are named from this zoom (they are small). */
export const DISTRICT_LABEL_ZOOM = 8;

// Panes under the markers' canvas (overlayPane, z-index 400): fills and lines, then the names.
const BASE_PANE = 'wo-base';
const LABEL_PANE = 'wo-base-labels';

/** Soft fills, picked by the province code so neighbours differ and a reload draws the same map. */
const FILLS = ['#f3efe2', '#e6efe0', '#efe6ee', '#e4ecf3', '#f4e9df', '#e9f1ec'];
/** Hong Kong and Macao: their long names would cover Guangdong's at country zoom; named from CITY_ZOOM. */
const SMALL_PROVINCES = new Set([810000, 820000]);
const fillOf = (p: BaseMapProperties) => FILLS[Math.floor(Number(p.adcode) / 10000) % FILLS.length];

function labelMarker(p: BaseMapProperties, kind: 'province' | 'city' | 'district'): L.Marker | null {
  if (!p.label || !p.name) return null;
  const span = document.createElement('span');
  // textContent: names come from a data file and never become markup.
  span.textContent = p.name;
  return L.marker([p.label[1], p.label[0]], {
    pane: LABEL_PANE,
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ className: `wo-base-label wo-base-label-${kind}`, html: span, iconSize: [0, 0] }),
  });
}

export interface BaseMapHandle {
  remove(): void;
}

export interface BaseMapEvents {
  /** A layer is on screen (the container gets `data-base-drawn` too, for e2e and the bench). */
  onDrawn(layer: 'provinces' | 'cities'): void;
  /** The province layer could not be loaded: the map has markers only. */
  onFailed(): void;
}

/**
 * The embedded offline base map on a Leaflet map: province fills and outlines with their names,
 * then (from CITY_ZOOM) the prefecture-level city outlines and names, loaded on first need. Drawn
 * as SVG in panes under the markers and not interactive, so clicks and hovers reach the markers.
 */
export function addBaseMap(map: L.Map, events: BaseMapEvents): BaseMapHandle {
  for (const [name, z] of [
    [BASE_PANE, 250],
    [LABEL_PANE, 390],
  ] as const) {
    const pane = map.getPane(name) ?? map.createPane(name);
    pane.style.zIndex = String(z);
    pane.style.pointerEvents = 'none';
  }
  const renderer = L.svg({ pane: BASE_PANE, padding: 0.5 });
  const container = map.getContainer();
  let live = true;
  let provinces: L.GeoJSON | null = null;
  let provinceLabels: L.LayerGroup | null = null;
  let smallProvinceLabels: L.LayerGroup | null = null;
  let cityLines: L.GeoJSON | null = null;
  let cityLabels: L.LayerGroup | null = null;
  let districtLabels: L.LayerGroup | null = null;
  let citiesLoading = false;

  const drawn = (layer: 'provinces' | 'cities') => {
    const prev = container.getAttribute('data-base-drawn');
    container.setAttribute('data-base-drawn', prev && prev !== layer ? `${prev} ${layer}` : layer);
    events.onDrawn(layer);
  };

  const show = (layer: L.Layer | null, on: boolean) => {
    if (!layer) return;
    if (on && !map.hasLayer(layer)) layer.addTo(map);
    if (!on && map.hasLayer(layer)) layer.remove();
  };

  const follow = () => {
    const z = map.getZoom();
    // For e2e and screenshots: which zoom the base map was last laid out for.
    container.setAttribute('data-zoom', String(z));
    show(provinceLabels, z <= CITY_ZOOM);
    show(smallProvinceLabels, z === CITY_ZOOM);
    show(cityLines, z >= CITY_ZOOM);
    show(cityLabels, z >= CITY_ZOOM);
    show(districtLabels, z >= DISTRICT_LABEL_ZOOM);
    if (z >= CITY_ZOOM && !cityLines && !citiesLoading) {
      citiesLoading = true;
      loadBaseMap('cities')
        .then((fc) => {
          if (!live) return;
          addCities(fc);
          follow();
          drawn('cities');
        })
        // Without the cities the provinces still stand; the next zoom tries again.
        .catch(() => undefined)
        .finally(() => {
          citiesLoading = false;
        });
    }
  };

  const addCities = (fc: BaseMapCollection) => {
    cityLines = L.geoJSON(fc, {
      pane: BASE_PANE,
      renderer,
      interactive: false,
      style: { color: '#9aaabb', weight: 0.8, dashArray: '3 3', fill: false },
    } as L.GeoJSONOptions);
    const cities: L.Layer[] = [];
    const districts: L.Layer[] = [];
    for (const f of fc.features) {
      const m = labelMarker(f.properties, f.properties.level === 'district' ? 'district' : 'city');
      if (m) (f.properties.level === 'district' ? districts : cities).push(m);
    }
    cityLabels = L.layerGroup(cities);
    districtLabels = L.layerGroup(districts);
  };

  loadBaseMap('provinces')
    .then((fc) => {
      if (!live) return;
      performance.mark('wo-map-base-loaded');
      provinces = L.geoJSON(fc, {
        pane: BASE_PANE,
        renderer,
        interactive: false,
        style: (f) =>
          f?.properties.level === 'line'
            ? { color: '#7c93ad', weight: 1, fill: false }
            : { color: '#8fa3b8', weight: 1.2, fillColor: fillOf(f!.properties as BaseMapProperties), fillOpacity: 1 },
      } as L.GeoJSONOptions).addTo(map);
      const named = fc.features.filter((f) => f.properties.level === 'province');
      const labels = (small: boolean) =>
        L.layerGroup(
          named
            .filter((f) => SMALL_PROVINCES.has(Number(f.properties.adcode)) === small)
            .map((f) => labelMarker(f.properties, 'province'))
            .filter((m): m is L.Marker => !!m),
        );
      provinceLabels = labels(false);
      smallProvinceLabels = labels(true);
      follow();
      map.on('zoomend', follow);
      // On screen with the next frames, as the markers (LeafletCanvas).
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (!live) return;
          performance.mark('wo-map-base-drawn');
          drawn('provinces');
        }),
      );
    })
    .catch(() => {
      if (live) events.onFailed();
    });

  return {
    remove() {
      live = false;
      map.off('zoomend', follow);
      for (const g of [provinces, provinceLabels, smallProvinceLabels, cityLines, cityLabels, districtLabels]) g?.remove();
      renderer.remove();
      container.removeAttribute('data-base-drawn');
      container.removeAttribute('data-zoom');
    },
  };
}
