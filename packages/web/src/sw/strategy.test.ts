import { describe, expect, it } from 'vitest';
import { cacheName, routeOf, shellPageFor, shellPath, staleCaches, urlsToKeep } from './strategy.ts';

const ORIGIN = 'https://portal.example.cn';
const PRECACHED = new Set(['index.html', 'assets/index-abc.js', 'manifest.webmanifest', 'icons/icon-192.png'].map(shellPath));
const route = (url: string, mode = 'cors', method = 'GET') =>
  routeOf({ method, mode, url: url.startsWith('http') ? url : `${ORIGIN}${url}` }, ORIGIN, PRECACHED);

describe('service worker request routing', () => {
  it('never touches the API, tokens, uploads, the CRM pages or anything but a same-origin GET', () => {
    for (const url of [
      '/api/portaluser/me',
      '/api/files/upload',
      '/api/workorder/list?$top=20',
      '/api',
      '/token',
      '/crm/authorize',
      '/healthz',
      '/docs',
      '/docs/static/index.html',
    ]) {
      expect(route(url), url).toBe('bypass');
      expect(route(url, 'navigate'), url).toBe('bypass');
    }
    expect(route('/assets/index-abc.js', 'cors', 'POST')).toBe('bypass');
    expect(route('/servicehome', 'navigate', 'POST')).toBe('bypass');
    // Map tiles, S3 uploads and other hosts go straight to the network.
    expect(route('https://webrd01.is.autonavi.com/appmaptile?x=1&y=2&z=3', 'no-cors')).toBe('bypass');
    expect(route('https://bucket.s3.cn-north-1.amazonaws.com.cn/assets/x.js')).toBe('bypass');
    expect(route('not a url')).toBe('bypass');
  });

  it('answers screen navigations from the network first (shell offline) and build files from the cache', () => {
    expect(route('/servicehome', 'navigate')).toBe('navigate');
    expect(route('/mobile/workorders/123?x=1', 'navigate')).toBe('navigate');
    expect(route('/', 'navigate')).toBe('navigate');
    expect(route('/assets/index-abc.js')).toBe('asset');
    // A lazy chunk not in the precache list is still a hashed build file: kept once fetched.
    expect(route('/assets/ServiceHomePage-xyz.js')).toBe('asset');
    expect(route('/manifest.webmanifest')).toBe('static');
    expect(route('/icons/icon-192.png', 'no-cors')).toBe('static');
    expect(route('/apiary')).toBe('bypass');
    expect(route('/something.png')).toBe('bypass');
  });

  it('deletes only the shell caches of other builds on activation', () => {
    expect(staleCaches(['portal-shell-old1', cacheName('v2'), 'portal-shell-old2', 'engineer-data', 'other'], 'v2')).toEqual([
      'portal-shell-old1',
      'portal-shell-old2',
    ]);
    expect(staleCaches([cacheName('v2')], 'v2')).toEqual([]);
  });

  it("keeps, of the files a page reports having loaded, only this origin's build files", () => {
    const urls = [
      `${ORIGIN}/assets/ServiceHomePage-xyz.js`,
      `${ORIGIN}/assets/index-abc.css`,
      `${ORIGIN}/api/portaluser/me`,
      'https://evil.example.com/assets/x.js',
      `${ORIGIN}/servicehome`,
      42,
    ];
    expect(urlsToKeep(urls, ORIGIN)).toEqual([`${ORIGIN}/assets/ServiceHomePage-xyz.js`, `${ORIGIN}/assets/index-abc.css`]);
    expect(urlsToKeep('not a list', ORIGIN)).toEqual([]);
  });

  it("falls back offline to the engineer app's page for its paths, to index.html for every other screen", () => {
    const pages = { '/mobile/': 'mobile.html' };
    const withPage = new Set([...PRECACHED, shellPath('mobile.html')]);
    expect(shellPageFor('/mobile/workorders', pages, withPage)).toBe('/mobile.html');
    expect(shellPageFor('/mobile/workorders/3f0c', pages, withPage)).toBe('/mobile.html');
    expect(shellPageFor('/servicehome', pages, withPage)).toBe('/');
    expect(shellPageFor('/mobilex', pages, withPage)).toBe('/');
    // A build without the page (not precached): the portal's shell routes the path itself.
    expect(shellPageFor('/mobile/workorders', pages, PRECACHED)).toBe('/');
  });
});
