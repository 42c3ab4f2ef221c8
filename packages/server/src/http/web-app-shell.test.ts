import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';

/**
 * The installable portal's files as the server sends them (packages/web/src/sw/, vite.config.ts):
 * the service worker and the manifest must never be served stale from an HTTP cache (a browser
 * checks sw.js for a new version; a day-old copy would hide a release), hashed assets are immutable.
 */
describe('service worker and web app manifest', () => {
  let portal: Portal;
  let web: string;
  const SW = `const MANIFEST = ${JSON.stringify({ version: 'abc', files: ['index.html'] })};\n${'self.addEventListener("fetch", () => {});\n'.repeat(80)}`;

  beforeAll(async () => {
    // A stand-in web build with what vite.config.ts writes (sw.js and its precompressed copy).
    web = await mkdtemp(join(tmpdir(), 'portal-web-'));
    await mkdir(join(web, 'assets'));
    await mkdir(join(web, 'icons'));
    await writeFile(
      join(web, 'index.html'),
      '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
    );
    await writeFile(
      join(web, 'mobile.html'),
      '<!doctype html><html><head></head><body><div id="root" data-page="engineer"></div></body></html>',
    );
    await writeFile(join(web, 'sw.js'), SW);
    await writeFile(join(web, 'sw.js.br'), brotliCompressSync(SW));
    await writeFile(
      join(web, 'manifest.webmanifest'),
      JSON.stringify({ name: '华辰售后服务门户', short_name: '服务门户', start_url: '/', display: 'standalone' }),
    );
    await writeFile(join(web, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await writeFile(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
    portal = await testPortal({ seedDemo: 'no', webDist: web });
  });
  afterAll(async () => {
    await portal?.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => portal.app.inject({ method: 'GET', url, headers });

  it('serves sw.js as JavaScript, revalidated on every check (no-cache), compressed when accepted, under the strict CSP', async () => {
    const r = await get('/sw.js');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toBe(SW);
    const br = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    // The worker's own fetches fall under its script's policy: same origin only, nothing loosened.
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/worker-src|manifest-src|(^|\s)\*(\s|;|$)/);
  });

  it('serves the manifest as application/manifest+json with no-cache, icons as PNG, hashed assets as immutable', async () => {
    const m = await get('/manifest.webmanifest');
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(m.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(m.body)).toMatchObject({ short_name: '服务门户', start_url: '/', display: 'standalone' });
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404, not the app, for a worker or manifest the build does not have', async () => {
    for (const url of ['/sw-old.js', '/manifest.json']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.body, url).not.toContain('<div id="root">');
    }
    // A screen path still gets the app (navigation fallback of the worker relies on the same).
    expect((await get('/workOrder/list')).body).toContain('<div id="root">');
  });

  it("answers the engineer app's own page for its paths, the portal's for every other screen", async () => {
    for (const url of ['/mobile/workorders', '/mobile/workorders/3f0c1a2e?x=1']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('data-page="engineer"');
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/mobilex')).body).not.toContain('data-page="engineer"');
    expect((await get('/servicehome')).body).not.toContain('data-page="engineer"');
  });
});
