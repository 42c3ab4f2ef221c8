import { describe, expect, it } from 'vitest';
import { ssoTargetPath } from './auth/sso.ts';
import { allowedExternalUrl } from './external/ExternalPage.tsx';

describe('ssoTargetPath', () => {
  it('decodes the /auth path segment once', () => {
    expect(ssoTargetPath('%2FworkOrder%2Flist?a=1', true)).toBe('/workOrder/list?a=1');
    expect(ssoTargetPath(encodeURIComponent('/rootapp/crm__newmapassign'), true)).toBe('/rootapp/crm__newmapassign');
  });
  it('takes /authorize targets as given', () => {
    expect(ssoTargetPath('/about?x=%20')).toBe('/about?x=%20');
  });
  it('falls back to the service home for anything off-site or malformed', () => {
    expect(ssoTargetPath(encodeURIComponent('https://evil.example.com'), true)).toBe('/servicehome');
    expect(ssoTargetPath('//evil.example.com')).toBe('/servicehome');
    expect(ssoTargetPath('%E0%A4%A', true)).toBe('/servicehome');
    expect(ssoTargetPath(null)).toBe('/servicehome');
  });
});

describe('allowedExternalUrl', () => {
  const hosts = ['www.baidu.com', 'map.baidu.com'];
  it('allows http(s) URLs of listed hosts', () => {
    expect(allowedExternalUrl('https://www.baidu.com/s?wd=1', hosts)).toBe('https://www.baidu.com/s?wd=1');
    expect(allowedExternalUrl(encodeURIComponent('http://map.baidu.com/'), hosts)).toBe('http://map.baidu.com/');
  });
  it('refuses other hosts, schemes and garbage', () => {
    expect(allowedExternalUrl('https://evil.example.com/', hosts)).toBeNull();
    expect(allowedExternalUrl('https://www.baidu.com.evil.example.com/', hosts)).toBeNull();
    expect(allowedExternalUrl('javascript:alert(1)', hosts)).toBeNull();
    expect(allowedExternalUrl('not a url', hosts)).toBeNull();
    expect(allowedExternalUrl(undefined, hosts)).toBeNull();
  });
});
