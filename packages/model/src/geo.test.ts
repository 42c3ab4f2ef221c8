import { describe, expect, it } from 'vitest';
import { gcj02ToBd09, outOfChina, toDatum, wgs84ToBd09, wgs84ToGcj02 } from './geo.ts';

describe('coordinate conversion', () => {
  // Reference values: the examples of the widely used `coordtransform` converter (116.404, 39.915).
  it('shifts a GPS point in Beijing into GCJ-02 by a few hundred metres', () => {
    const g = wgs84ToGcj02({ lng: 116.404, lat: 39.915 });
    expect(g.lng).toBeCloseTo(116.41024449916938, 8);
    expect(g.lat).toBeCloseTo(39.91640428150164, 8);
  });

  it('converts GCJ-02 to BD-09', () => {
    const b = gcj02ToBd09({ lng: 116.404, lat: 39.915 });
    expect(b.lng).toBeCloseTo(116.41036949371029, 8);
    expect(b.lat).toBeCloseTo(39.92133699351021, 8);
  });

  it('chains GPS → GCJ-02 → BD-09', () => {
    const p = { lng: 120.1551, lat: 30.2741 };
    expect(wgs84ToBd09(p)).toEqual(gcj02ToBd09(wgs84ToGcj02(p)));
    expect(toDatum(p, 'bd09')).toEqual(wgs84ToBd09(p));
    expect(toDatum(p, 'wgs84')).toEqual(p);
  });

  it('leaves points outside China unchanged in GCJ-02', () => {
    const paris = { lng: 2.3522, lat: 48.8566 };
    expect(outOfChina(paris)).toBe(true);
    expect(wgs84ToGcj02(paris)).toEqual(paris);
    expect(outOfChina({ lng: 113.2644, lat: 23.1291 })).toBe(false);
  });
});
