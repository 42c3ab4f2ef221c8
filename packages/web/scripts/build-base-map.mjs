// Builds the work-order map's offline base map (China's provinces and prefecture-level cities) from
// the npm data set @esmjs/geo (Aliyun DataV.GeoAtlas v3 boundaries, GCJ-02, MIT):
//   node packages/web/scripts/build-base-map.mjs
// Writes two GeoJSON files under src/pages/workorder/map/generated/ (imported with `?url`, so Vite
// emits them as hashed, immutable-cached assets fetched only by the map screens). Shared borders are
// simplified once, as a topology (topojson-simplify, Visvalingam), so provinces and cities still meet.
import * as geo from '@esmjs/geo';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../src/pages/workorder/map/generated');
/** Share of the (weighted) points kept: enough for borders at zoom 3–10, about 10% of the source. */
const KEEP = 0.1;
/** Coordinates rounded to 1e-3° (about 100 m): finer than a pixel up to zoom 10. */
const round = (x) => Math.round(x * 1000) / 1000;

const labelAt = (p) => p.centroid ?? p.center ?? null;
const slim = (f, extra = {}) => ({
  type: 'Feature',
  properties: {
    name: f.properties.name,
    adcode: f.properties.adcode,
    level: f.properties.level ?? 'line',
    label: labelAt(f.properties),
    ...extra,
  },
  geometry: f.geometry,
});

const provinces = geo.china.features.map((f) => slim(f));
const cities = [];
for (const [key, fc] of Object.entries(geo)) {
  if (key === 'china') continue;
  for (const f of fc.features) {
    // Taiwan comes as the province itself (no cities in the data set).
    if (f.properties.level === 'province') continue;
    cities.push(slim(f, { province: f.properties.parent?.adcode ?? null }));
  }
}

const topo = presimplify(
  topology({ provinces: { type: 'FeatureCollection', features: provinces }, cities: { type: 'FeatureCollection', features: cities } }),
);
const simple = simplify(topo, quantile(topo, KEEP));

function roundGeometry(g) {
  const ring = (r) => {
    const out = [];
    for (const [x, y] of r) {
      const p = [round(x), round(y)];
      const last = out[out.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    return out;
  };
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(ring).filter((r) => r.length >= 4) };
  if (g.type === 'MultiPolygon') {
    return {
      type: 'MultiPolygon',
      coordinates: g.coordinates.map((p) => p.map(ring).filter((r) => r.length >= 4)).filter((p) => p.length),
    };
  }
  if (g.type === 'MultiLineString') return { type: 'MultiLineString', coordinates: g.coordinates.map(ring).filter((r) => r.length >= 2) };
  return g;
}

function collection(name) {
  const fc = feature(simple, simple.objects[name]);
  return {
    type: 'FeatureCollection',
    // The datum of every coordinate: the map draws its markers in it (see map-logic.ts).
    datum: 'gcj02',
    source: '@esmjs/geo 1.0.0 (Aliyun DataV.GeoAtlas v3), simplified by scripts/build-base-map.mjs',
    features: fc.features
      .map((f) => ({
        type: 'Feature',
        properties: Object.fromEntries(
          Object.entries(f.properties).map(([k, v]) => [k, k === 'label' && Array.isArray(v) ? v.map(round) : v]),
        ),
        geometry: f.geometry && roundGeometry(f.geometry),
      }))
      .filter((f) => f.geometry?.coordinates.length),
  };
}

await mkdir(OUT, { recursive: true });
for (const name of ['provinces', 'cities']) {
  const text = JSON.stringify(collection(name));
  await writeFile(join(OUT, `china-${name}.json`), `${text}\n`);
  console.log(`china-${name}.json: ${(text.length / 1024).toFixed(0)} KiB`);
}
