import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { MarkerLayer, type MarkerStyle } from './marker-layer.ts';

const small: MarkerStyle = { fill: '#fa8c16', radius: 5, ring: 0, ringColor: '', opacity: 1 };
const big: MarkerStyle = { fill: '#389e0d', radius: 10, ring: 2, ringColor: '#fff', opacity: 1 };

describe('the markers canvas', () => {
  it('finds the topmost marker under the pointer, within its radius and the tolerance', () => {
    const map = L.map(document.createElement('div'), { center: [31.2, 121.5], zoom: 10 });
    const layer = new MarkerLayer(3).addTo(map);
    const styles = [small, big, small];
    // 0 and 1 at the same place (1 drawn later, on top); 2 further east.
    layer.setMarkers({ lat: Float64Array.of(31.2, 31.2, 31.2), lng: Float64Array.of(121.5, 121.5, 121.7), style: (i) => styles[i] });
    const at = (lat: number, lng: number, dx = 0) => map.latLngToLayerPoint([lat, lng]).add([dx, 0]);
    expect(layer.hit(at(31.2, 121.5))).toBe(1);
    expect(layer.hit(at(31.2, 121.7))).toBe(2);
    expect(layer.hit(at(31.2, 121.7, 7))).toBe(2); // radius 5 + tolerance 3
    expect(layer.hit(at(31.2, 121.7, 9))).toBe(-1);
    expect(layer.hit(at(31.2, 121.5, 12))).toBe(1); // the big one reaches further
  });
});
