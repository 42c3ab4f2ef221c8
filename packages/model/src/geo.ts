/**
 * GPS (WGS-84) → GCJ-02 (China's "Mars" datum) → BD-09 (Baidu), computed locally (spec 001 §7
 * called a remote maps service for this; DESIGN.md keeps it off the network). The formulas are the
 * published public-domain approximations (accurate to a few metres inside China). Outside China
 * GCJ-02 equals WGS-84.
 */
export interface LngLat {
  lng: number;
  lat: number;
}

const A = 6378245.0;
const EE = 0.006693421622965943;
const X_PI = (Math.PI * 3000.0) / 180.0;

/** Rough bounding box of mainland China, where the GCJ-02 offset applies. */
export function outOfChina({ lng, lat }: LngLat): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return r;
}

function transformLng(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return r;
}

export function wgs84ToGcj02(p: LngLat): LngLat {
  if (outOfChina(p)) return { ...p };
  let dLat = transformLat(p.lng - 105.0, p.lat - 35.0);
  let dLng = transformLng(p.lng - 105.0, p.lat - 35.0);
  const radLat = (p.lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lng: p.lng + dLng, lat: p.lat + dLat };
}

export function gcj02ToBd09({ lng, lat }: LngLat): LngLat {
  const z = Math.sqrt(lng * lng + lat * lat) + 0.00002 * Math.sin(lat * X_PI);
  const theta = Math.atan2(lat, lng) + 0.000003 * Math.cos(lng * X_PI);
  return { lng: z * Math.cos(theta) + 0.0065, lat: z * Math.sin(theta) + 0.006 };
}

/** GPS → Baidu in one step (what the specification's remote call answered). */
export const wgs84ToBd09 = (p: LngLat): LngLat => gcj02ToBd09(wgs84ToGcj02(p));

/** The datum a map's tiles are drawn in; markers are converted from GPS into it. */
export type MapDatum = 'wgs84' | 'gcj02' | 'bd09';

export function toDatum(p: LngLat, datum: MapDatum): LngLat {
  if (datum === 'gcj02') return wgs84ToGcj02(p);
  if (datum === 'bd09') return wgs84ToBd09(p);
  return { ...p };
}
