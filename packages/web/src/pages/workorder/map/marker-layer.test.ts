import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { MarkerLayer, type MarkerStyle } from './marker-layer.ts';

const small: MarkerStyle = { fill: '#fa8c16', radius: 5, ring: 0, ringColor: '', opacity: 1 };
const big: MarkerStyle = { fill: '#389e0d', radius: 10, ring: 2, ringColor: '#fff', opacity: 1 };
const group = (style: MarkerStyle, ...at: [number, number][]) => ({
  style,
  lat: Float64Array.from(at, (p) => p[0]),
  lng: Float64Array.from(at, (p) => p[1]),
});

describe('the markers canvas', () => {
  it('finds the topmost marker under the pointer, within its radius and the tolerance', () => {
    const map = L.map(document.createElement('div'), { center: [31.2, 121.5], zoom: 10 });
    const layer = new MarkerLayer(3).addTo(map);
    // 0 and 1 at the same place (1 in a later group, on top); 2 further east.
    layer.setMarkers([group(small, [31.2, 121.5]), group(big, [31.2, 121.5]), group(small, [31.2, 121.7])]);
    const at = (lat: number, lng: number, dx = 0) => map.latLngToLayerPoint([lat, lng]).add([dx, 0]);
    expect(layer.hit(at(31.2, 121.5))).toBe(1);
    expect(layer.hit(at(31.2, 121.7))).toBe(2);
    expect(layer.hit(at(31.2, 121.7, 7))).toBe(2); // radius 5 + tolerance 3
    expect(layer.hit(at(31.2, 121.7, 9))).toBe(-1);
    expect(layer.hit(at(31.2, 121.5, 12))).toBe(1); // the big one reaches further
    // Numbered in drawing order over the groups: the second marker of the first group is 1.
    layer.setMarkers([group(small, [31.2, 121.7], [31.2, 121.5]), group(big)]);
    expect(layer.hit(at(31.2, 121.5))).toBe(1);
  });

  it('places markers where Leaflet does, at every zoom', () => {
    const box = document.createElement('div');
    const map = L.map(box, { center: [31.2, 121.5], zoom: 3 });
    const layer = new MarkerLayer(0).addTo(map);
    const points: [number, number][] = [];
    for (let i = 0; i < 200; i++) points.push([-89 + ((i * 37.77) % 178), -179 + ((i * 71.13) % 358)]);
    points.push([31.2304, 121.4737], [0, 0], [85.2, 10], [-86, -10]);
    for (const zoom of [3, 7, 11, 15, 18]) {
      map.setView([31.2, 121.5], zoom, { animate: false });
      layer.setMarkers([group(small, ...points)]);
      // Each point hits itself (tolerance 0, radius 5): its own pixel is where Leaflet puts it.
      const projected = layer as unknown as { x: Float64Array; y: Float64Array };
      points.forEach((p, i) => {
        const q = map.latLngToLayerPoint(p);
        expect([projected.x[i], projected.y[i]]).toEqual([q.x, q.y]);
      });
    }
  });
});
