import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_MAP_URLS, loadBaseMap, parseBaseMap, resetBaseMapCache } from './base-map-data.ts';
import cities from './generated/china-cities.json';
import provinces from './generated/china-provinces.json';
import { BASE_MAP_DATUM } from './map-logic.ts';

const asset = (name: 'provinces' | 'cities'): unknown => (name === 'cities' ? cities : provinces);
const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  resetBaseMapCache();
});

describe('embedded base map data', () => {
  it('holds every province with its name where it is written, in the datum the markers use', () => {
    const p = parseBaseMap(asset('provinces'));
    expect(p.datum).toBe(BASE_MAP_DATUM);
    const named = p.features.filter((f) => f.properties.level === 'province');
    expect(named).toHaveLength(34);
    const gd = named.find((f) => f.properties.name === '广东省')!;
    // The label point lies in Guangdong.
    expect(gd.properties.label![0]).toBeGreaterThan(109);
    expect(gd.properties.label![0]).toBeLessThan(117.5);
    expect(gd.properties.label![1]).toBeGreaterThan(20);
    expect(gd.properties.label![1]).toBeLessThan(25.6);
    const c = parseBaseMap(asset('cities'));
    expect(c.features.filter((f) => f.properties.level === 'city').map((f) => f.properties.name)).toEqual(
      expect.arrayContaining(['广州市', '深圳市', '济南市', '乌鲁木齐市']),
    );
    // Today's divisions (Laiwu was merged into Jinan in 2019).
    expect(c.features.some((f) => f.properties.name === '莱芜市')).toBe(false);
  });

  it('fetches each layer once per page, from the app’s own assets', async () => {
    const f = vi.fn(async (url: string) => reply(asset(url === BASE_MAP_URLS.cities ? 'cities' : 'provinces')));
    vi.stubGlobal('fetch', f);
    const [a, b] = await Promise.all([loadBaseMap('provinces'), loadBaseMap('provinces')]);
    expect(a).toBe(b);
    await loadBaseMap('provinces');
    await loadBaseMap('cities');
    expect(f.mock.calls.map((c) => c[0])).toEqual([BASE_MAP_URLS.provinces, BASE_MAP_URLS.cities]);
    expect(BASE_MAP_URLS.provinces).not.toMatch(/^https?:/);
  });

  it('rejects a failed or malformed answer, and tries again next time', async () => {
    const answers = [
      reply('gone', 404),
      reply({ type: 'FeatureCollection', features: [] }),
      reply({ features: 'x' }),
      reply(asset('provinces')),
    ];
    const f = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', f);
    await expect(loadBaseMap('provinces')).rejects.toThrow(/404/);
    await expect(loadBaseMap('provinces')).rejects.toThrow();
    await expect(loadBaseMap('provinces')).rejects.toThrow();
    expect((await loadBaseMap('provinces')).features.length).toBeGreaterThan(30);
    expect(f).toHaveBeenCalledTimes(4);
  });
});
