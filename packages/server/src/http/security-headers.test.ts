import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { loadConfig, type S3Config } from '../config.ts';
import { testPortal } from '../testing/test-portal.ts';
import { s3Sources, securityHeaders, tileSources } from './security-headers.ts';

/** A CSP header as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const m = new Map<string, string[]>();
  for (const d of String(header).split(';')) {
    const [name, ...sources] = d.trim().split(/\s+/);
    if (name) m.set(name, sources);
  }
  return m;
}

describe('browser security headers', () => {
  let portal: Portal;
  let web: string;

  beforeAll(async () => {
    // A stand-in web build, so `/` and screen paths are served as in production.
    web = await mkdtemp(join(tmpdir(), 'portal-web-'));
    await writeFile(
      join(web, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    await mkdir(join(web, 'assets'));
    await writeFile(join(web, 'assets', 'index.js'), 'export {};');
    portal = await testPortal({
      seedDemo: 'no',
      webDist: web,
      externalHosts: ['www.baidu.com', 'map.baidu.com', 'evil.example.com; script-src *'],
      mapTiles: {
        url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
        datum: 'gcj02',
        attribution: '',
        maxZoom: 18,
        subdomains: ['1', '2', '3', '4'],
      },
    });
  });
  afterAll(async () => {
    await portal?.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string) => portal.app.inject({ method: 'GET', url });

  it('sends a strict CSP, nosniff, no framing and same-origin referrers on the app, a screen, the API and /crm/authorize', async () => {
    for (const url of ['/', '/main/workorder', '/api/portal/config', '/crm/authorize', '/api/nothing-here']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(url === '/api/nothing-here' ? 404 : 200);
      const h = r.headers;
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['x-frame-options'], url).toBe('DENY');
      expect(h['referrer-policy'], url).toBe('same-origin');
      const p = csp(h['content-security-policy']);
      expect(p.get('default-src'), url).toEqual(["'self'"]);
      expect(p.get('script-src'), url).toEqual(["'self'"]);
      expect(p.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(p.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(p.get('object-src'), url).toEqual(["'none'"]);
      expect(p.get('form-action'), url).toEqual(["'self'"]);
      expect(p.get('base-uri'), url).toEqual(["'self'"]);
      // antd's css-in-js inserts <style> elements at run time.
      expect(p.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(p.get('img-src'), url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(p.has('upgrade-insecure-requests'), url).toBe(false);
    }
    expect((await get('/')).headers['content-type']).toMatch(/text\/html/);
  });

  it('allows the map tile hosts (each {s} value) as images and the external hosts as frames, from the configuration', async () => {
    const p = csp((await get('/main/workorder/map')).headers['content-security-policy']);
    expect(p.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...[1, 2, 3, 4].map((n) => `https://webrd0${n}.is.autonavi.com`)]);
    // A configured value that is no host name cannot add a directive.
    expect(p.get('frame-src')).toEqual(['www.baidu.com:*', 'map.baidu.com:*']);
    expect(p.get('script-src')).toEqual(["'self'"]);
    expect([...p.keys()].filter((k) => k === 'script-src')).toHaveLength(1);
  });

  it('serves /crm/authorize without inline script or event handler attributes', async () => {
    const r = await get('/crm/authorize');
    expect(r.body).toContain('<form method="post" action="/crm/authorize">');
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(r.body).not.toMatch(/javascript:/i);
  });

  it("API answers are never stored (Cache-Control: no-store); the web app's files keep their own caching", async () => {
    const noStore = [
      await get('/api/portal/config'),
      await get('/api/portaluser/me'), // 401
      await get('/api/nothing-here'), // 404
      await get('/healthz'),
      await get('/missing.js'), // a JSON 404 outside /api
      await portal.app.inject({
        method: 'POST',
        url: '/token',
        payload: 'grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ];
    for (const r of noStore) expect(r.headers['cache-control'], `${r.statusCode} ${r.body.slice(0, 60)}`).toBe('no-store');
    expect(noStore.map((r) => r.statusCode)).toEqual([200, 401, 404, 200, 404, 400]);
    // A route's own choice for public data stays (docs/decisions.md).
    expect((await get('/api/address/provinces')).headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/main/workorder')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/index.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the attachment download its own sandboxed policy', async () => {
    // The download route answers 401 without a token; its own policy applies to a served file
    // (files/attachments.test.ts). Here: the global headers are on its refusal too.
    const r = await get('/api/attachment/download/new_srv_worker/00000000-0000-4000-8000-000000000000');
    expect(r.statusCode).toBe(401);
    expect(csp(r.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('CSP sources from the configuration', () => {
  const base = loadConfig({} as NodeJS.ProcessEnv);

  it('Leaflet default subdomains a, b, c; protocol-relative and same-origin tile URLs; no tiles', () => {
    const t = { ...base.mapTiles, url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', subdomains: [] };
    expect(tileSources(t)).toEqual([
      'https://a.tile.openstreetmap.org',
      'https://b.tile.openstreetmap.org',
      'https://c.tile.openstreetmap.org',
    ]);
    expect(tileSources({ ...t, url: '//tiles.example.com:8443/{z}/{x}/{y}.png' })).toEqual(['tiles.example.com:8443']);
    expect(tileSources({ ...t, url: '/tiles/{z}/{x}/{y}.png' })).toEqual([]);
    expect(tileSources({ ...t, url: '' })).toEqual([]);
    expect(tileSources({ ...t, url: 'javascript:alert(1)' })).toEqual([]);
  });

  it('frame-src is none without external hosts; absolute address-list URLs may be fetched', () => {
    const cfg = {
      ...base,
      externalHosts: [],
      files: {
        ...base.files,
        address: {
          province: 'https://geo.example.com/p',
          city: 'https://geo.example.com/c?p={code}',
          county: '/api/address/counties?city={code}',
        },
      },
    };
    const d = (securityHeaders(cfg).contentSecurityPolicy as { directives: Record<string, string[]> }).directives;
    expect(d.frameSrc).toEqual(["'none'"]);
    expect(d.connectSrc).toEqual(["'self'", 'https://geo.example.com']);
  });

  it('direct uploads may reach the S3 endpoint: the origin of a real presigned URL is allowed', async () => {
    const cases: S3Config[] = [
      { bucket: 'portal-files', region: 'cn-north-1', forcePathStyle: false },
      { bucket: 'portal-files', region: 'us-east-1', forcePathStyle: false },
      { bucket: 'portal-files', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      { bucket: 'portal-files', region: 'oss-cn-hangzhou', endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', forcePathStyle: false },
    ];
    for (const s3 of cases) {
      const client = new S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      });
      const url = new URL(await getSignedUrl(client, new PutObjectCommand({ Bucket: s3.bucket, Key: 'a/b.mp4' }), { expiresIn: 60 }));
      expect(s3Sources(s3), JSON.stringify(s3)).toContain(url.origin);
      const d = (
        securityHeaders({ ...base, files: { ...base.files, s3 } }).contentSecurityPolicy as { directives: Record<string, string[]> }
      ).directives;
      expect(d.connectSrc).toContain(url.origin);
      client.destroy();
    }
    expect(s3Sources(undefined)).toEqual([]);
  });
});
