import type { LngLat, MapDatum } from '@portal/model';
import { toDatum } from '@portal/model/geo.ts';
import { readText, writeText } from './storage.ts';

/*
 * Map providers the engineer app navigates with, and the datum each expects. The work order's
 * coordinates and the phone's GPS position are WGS-84 (the work-order contract stores GPS as
 * given); Chinese map apps draw in GCJ-02 (高德, 腾讯) or BD-09 (百度), so a link must carry the
 * converted point or the pin lands a few hundred metres off. Conversion is local (model geo.ts).
 */

export const MAP_PROVIDERS = ['amap', 'tencent', 'baidu'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

export const PROVIDER_DATUM: Record<MapProvider, MapDatum> = { amap: 'gcj02', tencent: 'gcj02', baidu: 'bd09' };

/** The datum the server stores positions in (ProgressRequest: GPS, WGS-84); the phone sends it unconverted. */
export const SERVER_DATUM: MapDatum = 'wgs84';

/** A GPS (WGS-84) fix as the server stores it, rounded to 6 decimals (≈ 0.1 m). */
export function toServerDatum(gps: LngLat): LngLat {
  const p = toDatum(gps, SERVER_DATUM);
  return { lng: Number(p.lng.toFixed(6)), lat: Number(p.lat.toFixed(6)) };
}

/** A WGS-84 point in the provider's datum. */
export const forProvider = (gps: LngLat, provider: MapProvider): LngLat => toDatum(gps, PROVIDER_DATUM[provider]);

const f6 = (n: number) => n.toFixed(6);
const APP = 'service-portal';

/**
 * The provider's navigation link to a point (converted for it), or — without coordinates — a
 * search for the address. Opens the map app when installed, the provider's web page otherwise.
 */
export function navigationUrl(provider: MapProvider, gps: LngLat | null, name: string, address = ''): string {
  const label = encodeURIComponent(name || address);
  if (!gps) {
    const q = encodeURIComponent(address || name);
    if (provider === 'amap') return `https://uri.amap.com/search?keyword=${q}&callnative=1`;
    if (provider === 'tencent') return `https://apis.map.qq.com/uri/v1/search?keyword=${q}&referer=${APP}`;
    return `https://api.map.baidu.com/geocoder?address=${q}&output=html&src=${APP}`;
  }
  const p = forProvider(gps, provider);
  if (provider === 'amap')
    return `https://uri.amap.com/navigation?to=${f6(p.lng)},${f6(p.lat)},${label}&mode=car&coordinate=gaode&callnative=1`;
  if (provider === 'tencent')
    return `https://apis.map.qq.com/uri/v1/routeplan?type=drive&to=${label}&tocoord=${f6(p.lat)},${f6(p.lng)}&referer=${APP}`;
  return `https://api.map.baidu.com/direction?destination=latlng:${f6(p.lat)},${f6(p.lng)}|name:${label}&mode=driving&coord_type=bd09ll&output=html&src=${APP}`;
}

const KEY = 'portal.mapProvider';

/** The provider the engineer chose last (remembered on the phone); 高德 by default. */
export function chosenProvider(): MapProvider {
  const v = readText(KEY);
  return (MAP_PROVIDERS as readonly string[]).includes(v ?? '') ? (v as MapProvider) : 'amap';
}

export function chooseProvider(p: MapProvider): void {
  writeText(KEY, p);
}
