import { beforeEach, describe, expect, it } from 'vitest';
import { chooseProvider, chosenProvider, forProvider, navigationUrl, PROVIDER_DATUM, toServerDatum } from './geo-datum.ts';

// Reference points: the published examples of the widely used `coordtransform` converter
// (WGS-84 116.404, 39.915 → GCJ-02 116.41024449916938, 39.91640428150164), and the same point
// chained to BD-09 (gcj02tobd09 of that GCJ-02 point).
const BEIJING = { lng: 116.404, lat: 39.915 };

describe("navigation links in the provider's datum", () => {
  beforeEach(() => localStorage.clear());

  it('converts GPS to GCJ-02 for 高德 and 腾讯, and to BD-09 for 百度', () => {
    expect(PROVIDER_DATUM).toEqual({ amap: 'gcj02', tencent: 'gcj02', baidu: 'bd09' });
    for (const provider of ['amap', 'tencent'] as const) {
      const p = forProvider(BEIJING, provider);
      expect(p.lng).toBeCloseTo(116.41024449916938, 8);
      expect(p.lat).toBeCloseTo(39.91640428150164, 8);
    }
    const b = forProvider(BEIJING, 'baidu');
    expect(b.lng).toBeCloseTo(116.41662724378733, 6);
    expect(b.lat).toBeCloseTo(39.922699552216226, 6);
  });

  it("builds each provider's link with the converted point (lng,lat or lat,lng as each wants)", () => {
    expect(navigationUrl('amap', BEIJING, '北京客户')).toBe(
      `https://uri.amap.com/navigation?to=116.410244,39.916404,${encodeURIComponent('北京客户')}&mode=car&coordinate=gaode&callnative=1`,
    );
    expect(navigationUrl('tencent', BEIJING, '北京客户')).toContain('tocoord=39.916404,116.410244');
    const baidu = navigationUrl('baidu', BEIJING, '北京客户');
    expect(baidu).toContain('destination=latlng:39.922700,116.416627|name:');
    expect(baidu).toContain('coord_type=bd09ll');
  });

  it('searches the address when the order has no coordinates', () => {
    expect(navigationUrl('amap', null, '客户', '上海市浦东新区张江路 88 号')).toBe(
      `https://uri.amap.com/search?keyword=${encodeURIComponent('上海市浦东新区张江路 88 号')}&callnative=1`,
    );
    expect(navigationUrl('baidu', null, '客户', '杭州市西湖区')).toContain(`address=${encodeURIComponent('杭州市西湖区')}`);
  });

  it('sends the GPS fix to the server unconverted (WGS-84), rounded to 6 decimals', () => {
    expect(toServerDatum({ lng: 121.54471234567, lat: 31.22141234567 })).toEqual({ lng: 121.544712, lat: 31.221412 });
  });

  it('remembers the chosen provider; 高德 until one is chosen, an unknown stored value ignored', () => {
    expect(chosenProvider()).toBe('amap');
    chooseProvider('baidu');
    expect(chosenProvider()).toBe('baidu');
    localStorage.setItem('portal.mapProvider', 'google');
    expect(chosenProvider()).toBe('amap');
  });
});
