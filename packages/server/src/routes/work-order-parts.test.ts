import type { WorkOrderPartOption } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * GET /api/workorders/{id}/parts: the engineer app's part picker. engineer1 (赵磊, SH001) searches
 * parts for an order dispatched to them and sees what SH001's station warehouse has available;
 * an order out of their reach is 404, and no other warehouse's stock is ever shown.
 */

let p: Portal;
const tok: Record<string, string> = {};
let mine: string; // an SH001 order dispatched to engineer1
let theirs: string; // an SH001 order dispatched to a colleague
let sh001Warehouse: string;

const get = (who: string, url: string) =>
  p.app.inject({ method: 'GET', url, headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN' } });
const parts = async (who: string, id: string, q = '', limit?: number) => {
  const res = await get(who, `/api/workorders/${id}/parts?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
  return { status: res.statusCode, rows: (res.statusCode === 200 ? res.json().Data : []) as WorkOrderPartOption[], body: res.body };
};

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  const me = (await p.db.one<{ id: string }>(`SELECT new_worker_id AS id FROM systemuser WHERE domainname = 'engineer1'`))!.id;
  const sh001 = (await p.db.one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'SH001'`))!.id;
  mine = (await p.db.one<{ id: string }>(
    'SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_worker_id = $1 AND new_status BETWEEN 2 AND 5 LIMIT 1',
    [me],
  ))!.id;
  theirs = (await p.db.one<{ id: string }>(
    'SELECT new_srv_workorderid AS id FROM new_srv_workorder WHERE new_station_id = $1 AND new_worker_id <> $2 LIMIT 1',
    [sh001, me],
  ))!.id;
  sh001Warehouse = (await p.db.one<{ id: string }>(
    'SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_station_id = $1 AND new_type = 2 AND statecode = 0',
    [sh001],
  ))!.id;
});
afterAll(async () => {
  await p?.close();
});

describe('parts with station stock for an order', () => {
  it("shows each part's available stock at the order's station, in-stock parts first; a search narrows by name or part number", async () => {
    const stocked = await p.db.one<{ id: string; number: string; name: string; available: number }>(
      `SELECT p.productid AS id, p.productnumber AS number, p.name, i.new_available::float AS available
         FROM new_srv_siteinv i JOIN product p ON p.productid = i.new_product_id
        WHERE i.new_warehouse_id = $1 AND i.new_available > 0 AND p.new_state = 0 ORDER BY p.productnumber LIMIT 1`,
      [sh001Warehouse],
    );
    expect(stocked, 'SH001 holds stock in the demo data').toBeTruthy();

    const all = await parts('engineer1', mine);
    expect(all.status, all.body).toBe(200);
    expect(all.rows.length).toBeGreaterThan(0);
    // In stock first: once a part shows 0 no later one shows more.
    const firstEmpty = all.rows.findIndex((r) => !r.available);
    if (firstEmpty >= 0) expect(all.rows.slice(firstEmpty).every((r) => !r.available)).toBe(true);

    const found = await parts('engineer1', mine, stocked!.number);
    expect(found.rows.find((r) => r.id === stocked!.id)).toEqual({
      id: stocked!.id,
      name: stocked!.name,
      number: stocked!.number,
      available: stocked!.available,
    });
    const byName = await parts('engineer1', mine, stocked!.name);
    expect(byName.rows.map((r) => r.id)).toContain(stocked!.id);

    // A part the station does not hold: 0, not another warehouse's figure.
    const elsewhere = await p.db.one<{ number: string }>(
      `SELECT p.productnumber AS number FROM product p
        WHERE p.new_state = 0 AND NOT EXISTS (SELECT 1 FROM new_srv_siteinv i WHERE i.new_warehouse_id = $1 AND i.new_product_id = p.productid AND i.new_available <> 0)
          AND EXISTS (SELECT 1 FROM new_srv_siteinv i WHERE i.new_warehouse_id <> $1 AND i.new_product_id = p.productid AND i.new_available > 0) LIMIT 1`,
      [sh001Warehouse],
    );
    if (elsewhere)
      expect((await parts('engineer1', mine, elsewhere.number)).rows.find((r) => r.number === elsewhere.number)?.available).toBe(0);

    expect((await parts('engineer1', mine, 'no-such-part-zzz')).rows).toEqual([]);
    expect((await parts('engineer1', mine, '', 3)).rows).toHaveLength(3);
  });

  it("answers 404 for an order out of the caller's reach and 400 for a limit out of range", async () => {
    expect((await parts('engineer1', theirs)).status).toBe(404);
    expect((await parts('engineer1', 'not-a-guid')).status).toBe(404);
    expect((await parts('station1', theirs)).status).toBe(200);
    expect((await parts('engineer1', mine, '', 500)).status).toBe(400);
  });
});
