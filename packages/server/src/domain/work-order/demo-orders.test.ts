import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { chinaDate } from '../china-time.ts';

let p: Portal;
beforeAll(async () => {
  p = await testPortal();
});
afterAll(() => p?.close());

const rows = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await p.db.query<T>(text, params)).rows;

describe('demo work orders', () => {
  it('covers every status and handling status at the three stations', async () => {
    const byStation = await rows<{ code: string; n: number }>(
      `SELECT s.new_code AS code, count(*)::int AS n FROM new_srv_workorder o JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id WHERE o.new_isoverseas IS NOT TRUE GROUP BY 1 ORDER BY 1`,
    );
    expect(byStation).toEqual([
      { code: 'GD001', n: 36 },
      { code: 'SH001', n: 44 },
      { code: 'ZJ001', n: 40 },
    ]);
    for (const code of ['SH001', 'ZJ001', 'GD001']) {
      const st = await rows<{ s: number[]; d: number[] }>(
        `SELECT array_agg(DISTINCT o.new_status ORDER BY o.new_status) AS s, array_agg(DISTINCT o.new_dealstatus ORDER BY o.new_dealstatus) AS d
           FROM new_srv_workorder o JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id WHERE s.new_code = $1`,
        [code],
      );
      expect(st[0].s).toEqual([1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16]);
      expect(st[0].d).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });

  it('numbers orders by their China-time creation day and keeps names unique', async () => {
    const bad = await rows(`SELECT new_name, createdon FROM new_srv_workorder WHERE new_name !~ '^WO[0-9]{8}-[0-9]{4}$'`);
    expect(bad).toEqual([]);
    const all = await rows<{ name: string; createdon: Date }>(`SELECT new_name AS name, createdon FROM new_srv_workorder`);
    for (const o of all) expect(o.name.slice(2, 10)).toBe(chinaDate(o.createdon).replaceAll('-', ''));
    const span = await rows<{ days: number }>(`SELECT extract(day FROM now() - min(createdon))::int AS days FROM new_srv_workorder`);
    expect(span[0].days).toBeGreaterThanOrEqual(180);
  });

  it('has appointments today and tomorrow in China time, on valid half-hour slots', async () => {
    const today = chinaDate();
    const tomorrow = chinaDate(new Date(Date.now() + 86_400_000));
    const appt = await rows<{ d: string; n: number }>(
      `SELECT to_char(new_appointmenttime, 'YYYY-MM-DD') AS d, count(*)::int AS n FROM new_srv_workorder WHERE new_status BETWEEN 2 AND 5 GROUP BY 1`,
    );
    const on = Object.fromEntries(appt.map((a) => [a.d, a.n]));
    expect(on[today]).toBeGreaterThanOrEqual(9);
    expect(on[tomorrow]).toBeGreaterThanOrEqual(6);
    const slots = await rows(
      `SELECT new_name FROM new_srv_workorder WHERE new_appointmenttime IS NOT NULL AND NOT (
         new_appointmentbegin BETWEEN 500 AND 2200 AND new_appointmentend BETWEEN 500 AND 2200 AND new_appointmentbegin < new_appointmentend
         AND new_appointmentbegin % 100 IN (0, 30) AND new_appointmentend % 100 IN (0, 30))`,
    );
    expect(slots).toEqual([]);
  });

  it('keeps progress in order, costs consistent with the details and loads with the orders in service', async () => {
    const disorder = await rows(
      `SELECT new_name FROM new_srv_workorder WHERE NOT (
         createdon <= COALESCE(new_dispatchtime, createdon) AND COALESCE(new_dispatchtime, createdon) <= COALESCE(new_responsetime, now())
         AND COALESCE(new_responsetime, createdon) <= COALESCE(new_departuretime, now()) AND COALESCE(new_departuretime, createdon) <= COALESCE(new_arrivaltime, now())
         AND COALESCE(new_arrivaltime, createdon) <= COALESCE(new_completiontime, now()) AND COALESCE(new_completiontime, createdon) <= now())
         OR (new_status >= 7 AND new_status <> 9 AND (new_completiontime IS NULL OR new_departureaddress IS NULL OR new_arrivaladdress IS NULL OR new_photocount < 1))
         OR (new_status BETWEEN 2 AND 5 AND new_worker_id IS NULL) OR (new_status = 1 AND new_worker_id IS NOT NULL)
         OR (new_status = 9 AND (new_cancelreason IS NULL OR new_canceltime IS NULL))`,
    );
    expect(disorder).toEqual([]);
    const costs = await rows(
      `SELECT o.new_name FROM new_srv_workorder o WHERE
         o.new_servicecharge <> COALESCE((SELECT sum(new_amount) FROM new_srv_repairitem r WHERE r.new_workorder_id = o.new_srv_workorderid), 0)
         OR o.new_partcost <> COALESCE((SELECT sum(new_amount) FROM new_srv_partline r WHERE r.new_workorder_id = o.new_srv_workorderid), 0)
         OR o.new_outsidecost <> COALESCE((SELECT sum(new_cost) FROM new_srv_outsideline r WHERE r.new_workorder_id = o.new_srv_workorderid), 0)
         OR o.new_totalcost <> o.new_servicecharge + o.new_outsidecost + o.new_othercost + o.new_partcost + o.new_specialfee + o.new_fineamount`,
    );
    expect(costs).toEqual([]);
    const completedWithCosts = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_status IN (7, 10, 11, 12, 13, 14, 15, 16) AND new_totalcost > 0`,
    );
    expect(completedWithCosts[0].n).toBeGreaterThan(50);
    const load = await rows(
      `SELECT w.new_name FROM new_srv_worker w WHERE w.new_load <> (SELECT count(*) FROM new_srv_workorder o WHERE o.new_worker_id = w.new_srv_workerid AND o.new_status BETWEEN 2 AND 5)
          OR w.new_longitude IS NULL OR w.new_latitude IS NULL OR w.new_locationtime IS NULL`,
    );
    expect(load).toEqual([]);
  });

  it('has a history for every order that ends in its current status', async () => {
    const missing = await rows(
      `SELECT o.new_name FROM new_srv_workorder o WHERE NOT EXISTS (SELECT 1 FROM new_srv_workorderlog l WHERE l.new_workorder_id = o.new_srv_workorderid AND l.new_action = 1)
          OR COALESCE((SELECT l.new_tostatus FROM new_srv_workorderlog l WHERE l.new_workorder_id = o.new_srv_workorderid AND l.new_tostatus IS NOT NULL
                        ORDER BY l.createdon DESC LIMIT 1), -1) <> o.new_status`,
    );
    expect(missing).toEqual([]);
    const abnormal = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_isabnormal`);
    expect(abnormal[0].n).toBeGreaterThanOrEqual(12);
  });
});
