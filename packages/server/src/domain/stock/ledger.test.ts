import { getEntity, msg, stockDocumentType, stockUsage } from '@portal/model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { Refusal } from '../../http/errors.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { postMoves, type StockMove } from './ledger.ts';
import { ledgerFixture, type LedgerFixture } from './testing.ts';

let p: Portal;
let f: LedgerFixture;

beforeAll(async () => {
  p = await testPortal();
  f = await ledgerFixture(p.db, 'L1', 3);
});
afterAll(() => p?.close());

let n = 0;
const move = (part: number, d: { qty?: number; frozen?: number; transit?: number }, wh = 0): StockMove => ({
  warehouseId: f.warehouses[wh],
  productId: f.parts[part],
  ...d,
  usage: stockUsage.adjustment,
  docType: stockDocumentType.count,
  docId: 'test',
  docName: 'T-1',
  key: `t:${++n}`,
});
const post = (moves: StockMove[]) => p.db.tx((sql) => postMoves(sql, f.userId, moves));

describe('the seeded demo', () => {
  it("reads as a ledger in the transaction list's order: per warehouse and part each balance after is ≥ 0 and the previous one plus the move, the last one the stock row's", async () => {
    const TX = getEntity('new_srv_stocktransaction')!;
    // The list shows the newest first (ties by id, in the last column's direction): read it backwards.
    const order = [...TX.views.all.orderBy, [TX.primaryKey, TX.views.all.orderBy.at(-1)![1]] as const]
      .map(([c, d]) => `x.${c} ${d === 'desc' ? 'ASC' : 'DESC'}`)
      .join(', ');
    const { rows } = await p.db.query<{
      w: string;
      pr: string;
      wh: string;
      code: string;
      doc: string;
      q: number;
      f: number;
      t: number;
      bq: number;
      bf: number;
      bt: number;
    }>(
      `SELECT x.new_warehouse_id AS w, x.new_product_id AS pr, wh.new_name AS wh, x.new_code AS code, x.new_name AS doc, x.new_quantity AS q, x.new_frozen AS f,
              x.new_intransit AS t, x.new_balance AS bq, x.new_frozenbalance AS bf, x.new_transitbalance AS bt
         FROM new_srv_stocktransaction x JOIN new_srv_warehouse wh ON wh.new_srv_warehouseid = x.new_warehouse_id ORDER BY ${order}`,
    );
    expect(rows.length).toBeGreaterThan(100);
    const last = new Map<string, { q: number; f: number; t: number }>();
    const broken: string[] = [];
    for (const r of rows) {
      const before = last.get(`${r.w}|${r.pr}`) ?? { q: 0, f: 0, t: 0 };
      const after = { q: before.q + r.q, f: before.f + r.f, t: before.t + r.t };
      const shown = { q: r.bq, f: r.bf, t: r.bt };
      if (
        shown.q !== after.q ||
        shown.f !== after.f ||
        shown.t !== after.t ||
        shown.q < 0 ||
        shown.f < 0 ||
        shown.f > shown.q ||
        shown.t < 0
      ) {
        broken.push(
          `${r.wh} ${r.code} ${r.doc}: ${JSON.stringify(before)} + ${JSON.stringify({ q: r.q, f: r.f, t: r.t })} → ${JSON.stringify(shown)}`,
        );
      }
      last.set(`${r.w}|${r.pr}`, shown);
    }
    expect(broken).toEqual([]);
    const { rows: stock } = await p.db.query<{ w: string; pr: string; q: number; f: number; t: number }>(
      'SELECT new_warehouse_id AS w, new_product_id AS pr, new_quantity AS q, new_frozen AS f, new_intransit AS t FROM new_srv_siteinv',
    );
    const held = new Map(stock.map((s) => [`${s.w}|${s.pr}`, { q: s.q, f: s.f, t: s.t }]));
    const none = { q: 0, f: 0, t: 0 };
    for (const key of new Set([...held.keys(), ...last.keys()])) expect(held.get(key) ?? none, key).toEqual(last.get(key) ?? none);
  });
});

describe('stock ledger', () => {
  it('creates the balance on first use and appends each move with the balances after it', async () => {
    await post([move(0, { qty: 10 }), move(0, { frozen: 4 }), move(0, { qty: -2, frozen: -2 }), move(0, { transit: 3 })]);
    expect(await f.balance(0)).toEqual({ quantity: 8, frozen: 2, available: 6, intransit: 3 });
    const moves = await f.moves(0);
    expect(
      moves.map((m) => [m.new_quantity, m.new_frozen, m.new_intransit, m.new_balance, m.new_frozenbalance, m.new_transitbalance]),
    ).toEqual([
      [10, 0, 0, 10, 0, 0],
      [0, 4, 0, 10, 4, 0],
      [-2, -2, 0, 8, 2, 0],
      [0, 0, 3, 8, 2, 3],
    ]);
    // Moves are in the order they changed the balance.
    expect(moves.map((m) => m.new_seq)).toEqual([...moves.map((m) => m.new_seq)].sort((a, b) => a - b));
  });

  it('refuses a posting that would take more than is available, naming part, warehouse and shortfall, and changes nothing', async () => {
    const before = { balance: await f.balance(0), moves: (await f.moves(0)).length };
    const err = await post([move(0, { qty: 1 }), move(0, { frozen: 8 })]).catch((e) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(msg(err.key, 'zh-CN', err.params)).toBe(`配件“${f.partNames[0]}”在${f.warehouseNames[0]}库存不足：可用 6，需要 7`);
    expect(await f.balance(0)).toEqual(before.balance);
    expect((await f.moves(0)).length).toBe(before.moves);
    // Frozen may never exceed the quantity, in transit never below zero.
    await expect(post([move(0, { qty: -7 })])).rejects.toBeInstanceOf(Refusal);
    await expect(post([move(0, { transit: -4 })])).rejects.toBeInstanceOf(Refusal);
  });

  it('counts a posting once: the same keys posted again change nothing', async () => {
    const moves = [move(1, { qty: 5 }), move(1, { frozen: 2 })];
    expect(await post(moves)).toEqual({ posted: 2, skipped: 0 });
    expect(await post(moves)).toEqual({ posted: 0, skipped: 2 });
    expect(await f.balance(1)).toMatchObject({ quantity: 5, frozen: 2 });
  });

  it('refuses an unknown part or warehouse', async () => {
    const bad = { ...move(0, { qty: 1 }), productId: '00000000-0000-0000-0000-000000000000' };
    await expect(post([bad])).rejects.toMatchObject({ key: 'parts.relatedNotFound' });
  });

  it('after any sequence of postings, each balance equals the sum of its moves and nothing is negative', async () => {
    const g = await ledgerFixture(p.db, 'L2', 3);
    const delta = fc.integer({ min: -6, max: 6 });
    const moveArb = fc.record({
      wh: fc.integer({ min: 0, max: 1 }),
      part: fc.integer({ min: 0, max: 2 }),
      qty: delta,
      frozen: delta,
      transit: delta,
    });
    const model = new Map<string, { q: number; f: number; t: number }>();
    let k = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(moveArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), async (postings) => {
        for (const ms of postings) {
          const moves: StockMove[] = ms.map((m) => ({
            warehouseId: g.warehouses[m.wh],
            productId: g.parts[m.part],
            qty: m.qty,
            frozen: m.frozen,
            transit: m.transit,
            usage: stockUsage.adjustment,
            docType: stockDocumentType.count,
            docId: 'prop',
            docName: 'P',
            key: `p:${++k}`,
          }));
          // Expected: all or nothing, valid when every touched balance stays valid.
          const next = new Map([...model].map(([key, v]) => [key, { ...v }]));
          for (const m of ms) {
            const key = `${m.wh}|${m.part}`;
            const b = next.get(key) ?? { q: 0, f: 0, t: 0 };
            next.set(key, { q: b.q + m.qty, f: b.f + m.frozen, t: b.t + m.transit });
          }
          const valid = ms.every((m) => {
            const b = next.get(`${m.wh}|${m.part}`)!;
            return b.q >= 0 && b.f >= 0 && b.f <= b.q && b.t >= 0;
          });
          const ok = await p.db
            .tx((sql) => postMoves(sql, g.userId, moves))
            .then(
              () => true,
              (e) => {
                if (!(e instanceof Refusal)) throw e;
                return false;
              },
            );
          expect(ok).toBe(valid);
          if (ok) for (const [key, v] of next) model.set(key, v);
        }
        for (const [key, v] of model) {
          const [wh, part] = key.split('|').map(Number);
          // Moves of nothing (all zero) leave no balance row: it reads as zero.
          const b = (await g.balance(part, wh)) ?? { quantity: 0, frozen: 0, intransit: 0, available: 0 };
          expect(b).toMatchObject({ quantity: v.q, frozen: v.f, intransit: v.t, available: v.q - v.f });
        }
        expect(await g.mismatches()).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
