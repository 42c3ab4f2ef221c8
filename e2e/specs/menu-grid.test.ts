import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuGridPage, SelfCheckPage } from '../pages/self-service-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// An anonymous visitor finds a function in the grid and is asked to sign in for it; admin's
// self-check finds everything in order (map tiles from a tile server on 127.0.0.1). The rules are
// proven in server routes/system.test.ts and the component tests of pages/menu and pages/selfcheck.
const env: Record<string, string> = {};
let tiles: Server | undefined;
beforeAll(async () => {
  tiles = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])));
  await new Promise<void>((r) => tiles!.listen(0, '127.0.0.1', r));
  env.MAP_TILE_URL = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  env.MAP_TILE_DATUM = 'wgs84';
});
afterAll(() => new Promise((r) => (tiles ? tiles.close(r) : r(undefined))));
const suite = portalSuite(env);

describe('function grid and self-check', () => {
  it('an anonymous visitor searches 工单 and opening a tile asks to sign in, coming back to it', async () => {
    const page = await suite.open();
    const grid = new MenuGridPage(page);
    await grid.open(suite.portal.standardUrl);
    expect((await grid.tileKeys()).length).toBeGreaterThan(30);
    await grid.search('工单');
    const shown = await grid.tileKeys();
    expect(shown).toContain('workOrder');
    expect(shown).not.toContain('partsApply');
    await grid.openTile('workOrder');
    await waitForPath(page, '/');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/workOrder/list');
    await page.getByTestId('page-home').waitFor();
  });

  it('admin opens /test/test and every check is ok', async () => {
    const page = await signedInPage(suite, 'admin', '/test/test');
    const check = new SelfCheckPage(page);
    expect(await check.statuses()).toEqual({ database: 'ok', storage: 'ok', sms: 'ok', mapTiles: 'ok', version: 'ok' });
    expect(await check.facts('database')).toContain('PGlite');
  });
});
