import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/**
 * /seltable/view/:id?entity= reads a document and its lines through the record service, as the web
 * page does (pages/seltable): the scope of the normal reads applies.
 */
let p: Portal;
const tok: Record<string, string> = {};
let apply: string;

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'hq']) tok[u] = (await signIn(p.app, u)).access_token;
  const row = await p.db.one<{ id: string }>(
    `SELECT a.new_srv_partsapplyid AS id FROM new_srv_partsapply a JOIN new_srv_station s ON s.new_srv_stationid = a.new_station_id
      WHERE s.new_code = 'SH001' AND EXISTS (SELECT 1 FROM new_srv_partsapplydetil d WHERE d.new_partsapply_id = a.new_srv_partsapplyid)
      ORDER BY a.createdon LIMIT 1`,
  );
  apply = row!.id;
});
afterAll(() => p?.close());

const get = (who: string, url: string) => p.app.inject({ method: 'GET', url, headers: bearer(tok[who]) });
const record = (who: string) => get(who, `/api/crmdata/Retrieve/new_srv_partsapplies(${apply})?$select=new_name,new_station_id`);
const lines = (who: string) =>
  get(
    who,
    `/api/crmdata/Retrieve/new_srv_partsapplydetils?$select=new_product_id&$filter=${encodeURIComponent(`new_partsapply_id eq ${apply}`)}`,
  );

describe('printable document view: scope of the reads', () => {
  it('the station reads its document and its lines; head office too', async () => {
    const own = await record('station1');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().Data.new_name).toBeTruthy();
    expect((await lines('station1')).json().Data.value.length).toBeGreaterThan(0);
    expect((await record('hq')).statusCode).toBe(200);
  });

  it("another station's id is not found, and its lines are none", async () => {
    const other = await record('station2');
    expect(other.statusCode).toBe(404);
    const l = await lines('station2');
    expect(l.statusCode).toBe(200);
    expect(l.json().Data.value).toEqual([]);
  });
});
