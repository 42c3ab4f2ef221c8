import { stockDocumentType, stockUsage } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Db } from '../../db/db.ts';
import { Refusal } from '../../http/errors.ts';
import { widePortal } from '../../testing/wide-pool.ts';
import { postMoves, type StockMove } from './ledger.ts';
import { ledgerFixture, type LedgerFixture } from './testing.ts';

// Many connections posting at once: only PostgreSQL has them (PGlite is one session), so this
// suite runs in the PostgreSQL pass of `npm test` (vitest.config.ts includes *.pg.test.ts there).
let p: Portal;
let wide: Db;
let close: (() => Promise<void>) | undefined;
let f: LedgerFixture;

beforeAll(async () => {
  ({ p, wide, close } = await widePortal('ledger-wide'));
  f = await ledgerFixture(p.db, 'C', 5);
});
afterAll(() => close?.());

let n = 0;
const move = (wh: number, part: number, d: Pick<StockMove, 'qty' | 'frozen' | 'transit'>, key = `c:${++n}`): StockMove => ({
  warehouseId: f.warehouses[wh],
  productId: f.parts[part],
  ...d,
  usage: stockUsage.adjustment,
  docType: stockDocumentType.count,
  docId: 'c',
  docName: 'C',
  key,
});
/** A posting on one of the 50 connections; refusals are an answer, anything else (a deadlock) is not. */
const attempt = (moves: StockMove[]) =>
  wide
    .tx((sql) => postMoves(sql, f.userId, moves))
    .then(
      () => true,
      (e) => {
        if (e instanceof Refusal) return false;
        throw e;
      },
    );

describe('stock ledger under concurrency (PostgreSQL, 50 connections)', () => {
  it('500 mixed concurrent postings: nothing negative, every balance equals the sum of its moves, no deadlock', async () => {
    const opening: StockMove[] = [];
    for (const wh of [0, 1]) for (let part = 0; part < 5; part++) opening.push(move(wh, part, { qty: 40 }));
    await attempt(opening);
    let seed = 7;
    const rnd = (k: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % k;
    const postings = Array.from({ length: 500 }, () => {
      // Multi-line postings in random order over both warehouses: the ledger locks in a fixed order.
      return Array.from({ length: 1 + rnd(4) }, () => {
        const q = 1 + rnd(6);
        switch (rnd(5)) {
          case 0:
            return move(rnd(2), rnd(5), { qty: -q });
          case 1:
            return move(rnd(2), rnd(5), { qty: q });
          case 2:
            return move(rnd(2), rnd(5), { frozen: q });
          case 3:
            return move(rnd(2), rnd(5), { qty: -q, frozen: -q });
          default:
            return move(rnd(2), rnd(5), { transit: q });
        }
      });
    });
    const results = await Promise.all(postings.map(attempt));
    const succeeded = results.filter(Boolean).length;
    expect(succeeded).toBeGreaterThan(100);
    expect(succeeded).toBeLessThan(500);
    expect(await f.mismatches()).toBe(0);
  });

  it('50 concurrent reservations of one unit competing for 10 available: exactly 10 succeed', async () => {
    const g = await ledgerFixture(p.db, 'R', 1);
    await p.db.tx((sql) => postMoves(sql, g.userId, [{ ...move(0, 0, { qty: 10 }), warehouseId: g.warehouses[0], productId: g.parts[0] }]));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        wide
          .tx((sql) => postMoves(sql, g.userId, [{ ...move(0, 0, { frozen: 1 }), warehouseId: g.warehouses[0], productId: g.parts[0] }]))
          .then(
            () => true,
            (e) => {
              if (e instanceof Refusal) return false;
              throw e;
            },
          ),
      ),
    );
    expect(results.filter(Boolean).length).toBe(10);
    expect(await g.balance(0)).toMatchObject({ quantity: 10, frozen: 10, available: 0 });
    expect(await g.mismatches()).toBe(0);
  });

  it('the same posting sent twice at once (same keys) is counted once', async () => {
    const before = (await f.balance(4, 1))!;
    const same = [move(1, 4, { qty: 3 }, 'dup:1'), move(1, 4, { frozen: 1 }, 'dup:2')];
    const results = await Promise.all([wide.tx((sql) => postMoves(sql, f.userId, same)), wide.tx((sql) => postMoves(sql, f.userId, same))]);
    expect(results.map((r) => r.posted).sort()).toEqual([0, 2]);
    expect(await f.balance(4, 1)).toMatchObject({ quantity: before.quantity + 3, frozen: before.frozen + 1 });
    expect(await f.mismatches()).toBe(0);
  });
});
