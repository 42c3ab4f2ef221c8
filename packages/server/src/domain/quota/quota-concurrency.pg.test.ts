import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Db } from '../../db/db.ts';
import { flowDocument } from '../../flow/documents.ts';
import { submit } from '../../flow/engine.ts';
import { Refusal } from '../../http/errors.ts';
import { bearer, signIn } from '../../testing/auth-helpers.ts';
import { widePortal } from '../../testing/wide-pool.ts';
import { postQuota } from './ledger.ts';
import { formatCents, toCents } from '../money.ts';

// 50 connections submitting at once: only PostgreSQL has them (PGlite is one session).
let p: Portal;
let wide: Db;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ p, wide, close } = await widePortal('quota-wide'));
});
afterAll(() => close?.());

describe('station quota under concurrency (PostgreSQL, 50 connections)', () => {
  it('50 parts applications of one station submitted at once against a quota that fits 10: exactly 10 succeed', async () => {
    const token = (await signIn(p.app, 'station2')).access_token;
    const api = (method: 'GET' | 'POST', url: string, payload?: object) => p.app.inject({ method, url, payload, headers: bearer(token) });
    const one = <T>(sql: string, params: unknown[] = []) => p.db.one<T & pg.QueryResultRow>(sql, params).then((r) => r!);
    const station = await one<{ id: string }>(`SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'ZJ001'`);
    const supplier = await one<{ id: string }>(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = 'WH-HD'`);
    const part = await one<{ id: string; price: string }>(
      `SELECT productid AS id, price::text AS price FROM product WHERE price > 0 ORDER BY price DESC, productid LIMIT 1`,
    );
    const user = await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'station2'`);

    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const created = await api('POST', '/api/crmdata/create/new_srv_partsapplies', {
        new_type: 1,
        new_warehouse_id: supplier.id,
        new_recipient: '刘洋',
        new_phonenumber: '0571-88231567',
      });
      const id = created.json().Data.id as string;
      expect((await api('POST', `/api/parts/applications/${id}/lines`, { productId: part.id, qty: 1 })).statusCode).toBe(200);
      ids.push(id);
    }
    // The station's quota set to exactly ten applications' worth, through the ledger.
    const price = toCents(part.price);
    const current = toCents(
      (await one<{ c: string }>(`SELECT new_currentamount::text AS c FROM new_srv_station WHERE new_srv_stationid = $1`, [station.id])).c,
    );
    await p.db.tx((sql) =>
      postQuota(sql, user.id, {
        stationId: station.id,
        change: formatCents(price * 10n - current),
        usage: 1,
        docType: 1,
        docId: station.id,
        docName: 'test',
        key: 'concurrency:set',
      }),
    );

    const flows = (await api('GET', `/api/CrmFlow/GetFlowList?entityName=new_srv_partsapply&entityId=${ids[0]}`)).json().Data as {
      new_flowid: string;
    }[];
    const steps = (
      await api('GET', `/api/CrmFlow/GetFlowStepList?flowId=${flows[0].new_flowid}&entityName=new_srv_partsapply&entityId=${ids[0]}`)
    ).json().Data as { new_flowstepsid: string; new_stepusers: { systemuserid: string }[] }[];
    const input = {
      flowId: flows[0].new_flowid,
      approvers: steps.map((s) => ({ StepId: s.new_flowstepsid, ApproveUserId: s.new_stepusers[0].systemuserid })),
    };
    const d = flowDocument('new_srv_partsapply')!;

    const results = await Promise.all(
      ids.map((id) =>
        wide
          .tx((sql) => submit(sql, d, id, user.id, input))
          .then(
            () => true,
            (e) => {
              if (e instanceof Refusal && e.key === 'quota.insufficient') return false;
              throw e;
            },
          ),
      ),
    );
    expect(results.filter(Boolean).length).toBe(10);
    const after = await one<{ c: string; n: number; sum: string }>(
      `SELECT s.new_currentamount::text AS c, (SELECT count(*)::int FROM new_srv_partsapply WHERE new_srv_partsapplyid = ANY($2::uuid[]) AND new_approvalstatus = 2) AS n,
              (SELECT sum(new_changeamount)::text FROM new_srv_amountchangelog WHERE new_station_id = s.new_srv_stationid) AS sum
         FROM new_srv_station s WHERE s.new_srv_stationid = $1`,
      [station.id, ids],
    );
    expect(after.c).toBe('0.00');
    expect(after.n).toBe(10);
    expect(toCents(after.sum)).toBe(0n);
  });
});
