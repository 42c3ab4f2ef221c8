import { msg, quotaDocumentType, quotaUsage } from '@portal/model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { Refusal } from '../../http/errors.ts';
import { runDataSteps } from '../../db/data-steps.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { postQuota } from './ledger.ts';
import { formatCents, toCents } from '../money.ts';

let p: Portal;
let userId: string;
let unit: string;

beforeAll(async () => {
  p = await testPortal();
  const r = (await p.db.one<{ u: string; b: string }>(
    `SELECT systemuserid AS u, businessunitid AS b FROM systemuser WHERE domainname = 'admin'`,
  ))!;
  userId = r.u;
  unit = r.b;
});
afterAll(() => p?.close());

let stations = 0;
async function station(limited: boolean): Promise<string> {
  const n = ++stations;
  const r = await p.db.one<{ id: string }>(
    `INSERT INTO new_srv_station (new_name, new_code, new_limitamount, new_currentamount, owningbusinessunit) VALUES ($1, $2, $3, 0, $4::uuid) RETURNING new_srv_stationid AS id`,
    [`额度测试站 ${n}`, `QT${n}`, limited, unit],
  );
  return r!.id;
}

let keys = 0;
const post = (stationId: string, change: string, key = `t:${++keys}`) =>
  p.db.tx((sql) =>
    postQuota(sql, userId, {
      stationId,
      change,
      usage: quotaUsage.opening,
      docType: quotaDocumentType.station,
      docId: stationId,
      docName: 'T',
      key,
    }),
  );

async function state(stationId: string) {
  const s = (await p.db.one<{ cur: string }>(
    `SELECT new_currentamount::text AS cur FROM new_srv_station WHERE new_srv_stationid = $1::uuid`,
    [stationId],
  ))!;
  const { rows } = await p.db.pool.query<{ b: string; c: string; a: string; seq: number }>(
    `SELECT new_beforeamount::text AS b, new_changeamount::text AS c, new_afteramount::text AS a, new_seq AS seq FROM new_srv_amountchangelog WHERE new_station_id = $1::uuid ORDER BY new_seq`,
    [stationId],
  );
  return { balance: toCents(s.cur), moves: rows };
}

describe('station quota ledger', () => {
  it('appends each move with the quota before and after it and keeps the balance', async () => {
    const st = await station(true);
    await post(st, '1000.00');
    await post(st, '-234.56');
    const s = await state(st);
    expect(formatCents(s.balance)).toBe('765.44');
    expect(s.moves.map((m) => [m.b, m.c, m.a, m.seq])).toEqual([
      ['0.00', '1000.00', '1000.00', 1],
      ['1000.00', '-234.56', '765.44', 2],
    ]);
  });

  it('refuses to take a limited station below zero with the shortfall in both languages, and changes nothing', async () => {
    const st = await station(true);
    await post(st, '100.00');
    const err = await post(st, '-1334.00').catch((e) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(msg(err.key, 'zh-CN', err.params)).toBe('站点额度不足，还差 ¥1,234.00');
    expect(msg(err.key, 'en-US', err.params)).toBe('Station quota insufficient: ¥1,234.00 short');
    const s = await state(st);
    expect(formatCents(s.balance)).toBe('100.00');
    expect(s.moves).toHaveLength(1);
  });

  it('lets a station without a limit go below zero', async () => {
    const st = await station(false);
    await post(st, '-50.00');
    expect(formatCents((await state(st)).balance)).toBe('-50.00');
  });

  it('counts a key once', async () => {
    const st = await station(true);
    expect((await post(st, '10.00', 'once')).posted).toBe(true);
    expect((await post(st, '10.00', 'once')).posted).toBe(false);
    expect(formatCents((await state(st)).balance)).toBe('10.00');
  });

  it('property: Σ moves = balance, each move chains on the last, never negative for a limited station', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(fc.integer({ min: -500_000, max: 500_000 }), { minLength: 1, maxLength: 12 }),
        async (limited, changes) => {
          const st = await station(limited);
          let expected = 0n;
          for (const c of changes) {
            const cents = BigInt(c);
            const ok = await post(st, formatCents(cents)).then(
              () => true,
              (e) => {
                if (e instanceof Refusal && e.key === 'quota.insufficient') return false;
                throw e;
              },
            );
            expect(ok).toBe(!limited || expected + cents >= 0n);
            if (ok) expected += cents;
          }
          const s = await state(st);
          expect(s.balance).toBe(expected);
          expect(s.moves.reduce((sum, m) => sum + toCents(m.c), 0n)).toBe(s.balance);
          let prev = 0n;
          for (const m of s.moves) {
            expect(toCents(m.b)).toBe(prev);
            expect(toCents(m.b) + toCents(m.c)).toBe(toCents(m.a));
            if (limited) expect(toCents(m.a) >= 0n).toBe(true);
            prev = toCents(m.a);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('seeds the demo through the ledger: every station’s balance is the sum of its moves', async () => {
    const { rows } = await p.db.pool.query<{ code: string; cur: string; sum: string; limited: boolean }>(
      `SELECT s.new_code AS code, s.new_currentamount::text AS cur, COALESCE(sum(l.new_changeamount), 0)::text AS sum, s.new_limitamount AS limited
         FROM new_srv_station s LEFT JOIN new_srv_amountchangelog l ON l.new_station_id = s.new_srv_stationid
        WHERE s.new_code IN ('SH001', 'ZJ001', 'GD001') GROUP BY s.new_srv_stationid ORDER BY s.new_code`,
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(toCents(r.cur)).toBe(toCents(r.sum));
    const { rows: usages } = await p.db.pool.query<{ u: number }>(`SELECT DISTINCT new_usage AS u FROM new_srv_amountchangelog ORDER BY 1`);
    // Opening, an approved increase and decrease, and parts applications that drew quota.
    expect(usages.map((u) => u.u)).toEqual(
      expect.arrayContaining([quotaUsage.opening, quotaUsage.increase, quotaUsage.decrease, quotaUsage.partsDraw]),
    );
    // Each application's moves carry the number the application has (the demo renumbers them by date).
    const { rows: misnamed } = await p.db.pool.query(
      `SELECT l.new_name FROM new_srv_amountchangelog l JOIN new_srv_partsapply a ON l.new_docid = a.new_srv_partsapplyid::text WHERE l.new_name <> a.new_name`,
    );
    expect(misnamed).toEqual([]);
  });

  it('has the database refuse a negative balance of a limited station (CHECK backstop)', async () => {
    const st = await station(true);
    await expect(
      p.db.tx((sql) => sql.query(`UPDATE new_srv_station SET new_currentamount = -0.01 WHERE new_srv_stationid = $1::uuid`, [st])),
    ).rejects.toThrow(/check constraint/);
    expect(formatCents((await state(st)).balance)).toBe('0.00');
  });

  it('carries a station quota from before the ledger over as its first move, once (data step)', async () => {
    const st = await station(true);
    await p.db.query(`UPDATE new_srv_station SET new_currentamount = 4321.09 WHERE new_srv_stationid = $1::uuid`, [st]);
    await p.db.query(`DELETE FROM portal_data_step WHERE name = '2026-11-station-quota-ledger'`);
    expect(await runDataSteps(p.db)).toEqual(['2026-11-station-quota-ledger']);
    const s = await state(st);
    expect(s.moves.map((m) => [m.b, m.c, m.a, m.seq])).toEqual([['0.00', '4321.09', '4321.09', 1]]);
    expect(await runDataSteps(p.db)).toEqual([]);
    await post(st, '-21.09');
    expect(formatCents((await state(st)).balance)).toBe('4300.00');
  });
});
