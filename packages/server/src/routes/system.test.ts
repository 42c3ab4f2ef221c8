import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { tempStorage } from '../files/testing.ts';

let p: Portal;
let tiles: Server;
let storage: Awaited<ReturnType<typeof tempStorage>>;
const tileHits: string[] = [];

beforeAll(async () => {
  // A tile server on 127.0.0.1 (tests never leave the machine).
  tiles = createServer((req, res) => {
    tileHits.push(req.url ?? '');
    res.writeHead(req.url === '/tiles/0/0/0.png' ? 200 : 404, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await new Promise<void>((r) => tiles.listen(0, '127.0.0.1', r));
  const port = (tiles.address() as AddressInfo).port;
  storage = await tempStorage();
  p = await testPortal({
    ...storage.cfg,
    mapTiles: { url: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`, datum: 'wgs84', attribution: '', maxZoom: 18, subdomains: [] },
  });
});
afterAll(async () => {
  await p?.close();
  await new Promise((r) => tiles?.close(r));
  await storage?.remove();
});

describe('GET /api/system/selfcheck', () => {
  it('is for administrators: 403 for a station principal, 401 signed out', async () => {
    const station1 = (await signIn(p.app, 'station1')).access_token;
    const res = await p.app.inject({ method: 'GET', url: '/api/system/selfcheck', headers: bearer(station1) });
    expect(res.statusCode).toBe(403);
    expect((await p.app.inject({ method: 'GET', url: '/api/system/selfcheck' })).statusCode).toBe(401);
  });

  it('answers every check ok for admin with its facts and time', async () => {
    const admin = (await signIn(p.app, 'admin')).access_token;
    const res = await p.app.inject({ method: 'GET', url: '/api/system/selfcheck', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const checks = res.json().Data as { key: string; status: string; detail: Record<string, unknown>; error: string; ms: number }[];
    expect(checks.map((c) => c.key)).toEqual(['database', 'storage', 'sms', 'mapTiles', 'version']);
    for (const c of checks) {
      expect(c.status, `${c.key}: ${c.error}`).toBe('ok');
      expect(c.ms).toBeGreaterThanOrEqual(0);
    }
    const by = Object.fromEntries(checks.map((c) => [c.key, c.detail]));
    expect(by.database.engine).toBe(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');
    expect(by.database.version).toMatch(/^PostgreSQL \d+/);
    expect(by.storage).toMatchObject({ kind: 'local' });
    expect(by.sms).toMatchObject({ outbox: true, testMode: true });
    expect(by.mapTiles).toMatchObject({ configured: true, http: 200 });
    expect(tileHits).toContain('/tiles/0/0/0.png');
    expect(by.version).toMatchObject({ version: '0.1.0', node: process.version });
    expect(Number(by.version.uptimeSec)).toBeGreaterThanOrEqual(0);
    // The probe file was written, read back and deleted: nothing is left in the store.
    expect(await storage.files()).toEqual([]);
  });

  it('a tile source that does not answer is a failure, not a hang', async () => {
    const admin = (await signIn(p.app, 'admin')).access_token;
    const saved = p.services.cfg.mapTiles.url;
    p.services.cfg.mapTiles.url = saved.replace('/tiles/', '/missing/');
    try {
      const checks = (await p.app.inject({ method: 'GET', url: '/api/system/selfcheck', headers: bearer(admin) })).json().Data as {
        key: string;
        status: string;
        error: string;
      }[];
      expect(checks.find((c) => c.key === 'mapTiles')).toMatchObject({ status: 'fail', error: 'HTTP 404' });
      expect(checks.find((c) => c.key === 'database')!.status).toBe('ok');
    } finally {
      p.services.cfg.mapTiles.url = saved;
    }
  });
});
