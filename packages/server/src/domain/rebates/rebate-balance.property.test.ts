import { rebateMoveKind, salesOrderStatus } from '@portal/model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { AppError } from '../../http/errors.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { formatCents, toCents } from '../money.ts';
import { postRebateMove } from './ledger.ts';
import { drawOrderRebate, releaseOrderRebate } from './order-rebate.ts';

/*
 * Issue 28's property: for any sequence of accruals (some retried with the same key), orders
 * using rebate at submit (some asking more than the balance) and those orders cancelled, a dealer's
 * rebate balance is the sum of its moves and the last move's balance after, no balance (after any
 * move) is below zero, a refused use changes nothing, and what each order holds is what it drew
 * less what it gave back (never below zero, never above what it asked).
 */

let p: Portal;
let dealer = '';
let user = '';
const orders: string[] = [];

type Op =
  | { kind: 'accrue'; cents: number; retry: boolean }
  | { kind: 'use'; order: number; cents: number }
  | { kind: 'cancel'; order: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('accrue' as const), cents: fc.integer({ min: 1, max: 50_000 }), retry: fc.boolean() }),
  fc.record({ kind: fc.constant('use' as const), order: fc.nat({ max: 5 }), cents: fc.integer({ min: 0, max: 80_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat({ max: 5 }) }),
);

const state = async () => {
  const a = (await p.db.one<{ balance: string; sum: string; last: string | null; neg: number }>(
    `SELECT a.new_balance::text AS balance, (SELECT COALESCE(sum(new_amount), 0)::text FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid) AS sum,
            (SELECT new_balanceafter::text FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid ORDER BY new_seq DESC LIMIT 1) AS last,
            (SELECT count(*)::int FROM new_rebatemove m WHERE m.new_account_id = a.new_rebateaccountid AND m.new_balanceafter < 0) AS neg
       FROM new_rebateaccount a WHERE a.new_unit_id = $1`,
    [dealer],
  ))!;
  const { rows: held } = await p.db.query<{ id: string; held: string }>(
    'SELECT o.salesorderid AS id, COALESCE(-sum(m.new_amount), 0)::text AS held FROM salesorder o LEFT JOIN new_rebatemove m ON m.new_order_id = o.salesorderid WHERE o.salesorderid = ANY($1::uuid[]) GROUP BY o.salesorderid',
    [orders],
  );
  return { ...a, held: new Map(held.map((h) => [h.id, toCents(h.held)])) };
};

beforeAll(async () => {
  p = await testPortal();
  const u = (await p.db.one<{ unit: string; user: string }>(
    `SELECT b.businessunitid AS unit, u.systemuserid AS user FROM businessunit b JOIN systemuser u ON u.domainname = 'dealer2' WHERE b.new_code = 'DL-SZ001'`,
  ))!;
  dealer = u.unit;
  user = u.user;
  // Six orders of the dealer's to use rebate on, ¥600.00 each (their lines do not matter to the ledger).
  for (let i = 0; i < 6; i++) {
    const o = (await p.db.one<{ id: string }>(
      `INSERT INTO salesorder (name, new_status, totalamount, new_contact, new_phone, new_address, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, 600, '顾振华', '13600136031', '木渎镇金枫南路 1258 号', $3, $4, $3, $3) RETURNING salesorderid AS id`,
      [`PROP-${i}`, salesOrderStatus.submitted, user, dealer],
    ))!;
    orders.push(o.id);
  }
});
afterAll(() => p?.close());

describe('rebate ledger (property)', () => {
  it('balance = Σ moves = the last balance after, never below zero; refused uses change nothing; each order holds what it drew less what it gave back', async () => {
    let key = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        for (const o of ops) {
          const before = await state();
          if (o.kind === 'accrue') {
            const k = `prop:acc:${o.retry && key ? key : ++key}`;
            const fresh = !(await p.db.one('SELECT 1 AS x FROM new_rebatemove WHERE new_key = $1', [k]));
            await p.db.tx((sql) =>
              postRebateMove(sql, user, {
                holderId: dealer,
                kind: rebateMoveKind.accrual,
                amount: BigInt(o.cents),
                docName: 'PROP',
                remark: '',
                key: k,
              }),
            );
            const after = await state();
            expect(toCents(after.balance) - toCents(before.balance)).toBe(fresh ? BigInt(o.cents) : 0n);
          } else if (o.kind === 'use') {
            const id = orders[o.order];
            const held = before.held.get(id) ?? 0n;
            const want = BigInt(o.cents);
            try {
              await p.db.tx(async (sql) => {
                await sql.query('UPDATE salesorder SET new_rebateamount = $2::numeric WHERE salesorderid = $1::uuid', [
                  id,
                  formatCents(want),
                ]);
                await drawOrderRebate(sql, id, user);
              });
              const after = await state();
              expect(after.held.get(id)).toBe(want);
              expect(toCents(after.balance)).toBe(toCents(before.balance) + held - want);
            } catch (e) {
              // Refused only when it cannot be carried (over the order's total, or the balance with what the order holds).
              expect(e instanceof AppError && ['rebate.insufficient', 'rebate.overTotal'].includes(e.key), String(e)).toBe(true);
              expect(want > 60_000n || want > toCents(before.balance) + held).toBe(true);
              expect((await state()).balance).toBe(before.balance);
            }
          } else {
            const id = orders[o.order];
            await p.db.tx((sql) => releaseOrderRebate(sql, id, user));
            const after = await state();
            expect(after.held.get(id)).toBe(0n);
            expect(toCents(after.balance)).toBe(toCents(before.balance) + (before.held.get(id) ?? 0n));
          }
          const now = await state();
          expect(now.balance).toBe(now.sum);
          expect(now.last ?? '0.00').toBe(now.balance);
          expect(now.neg).toBe(0);
          expect(toCents(now.balance) >= 0n).toBe(true);
          for (const h of now.held.values()) expect(h >= 0n && h <= 60_000n).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });
});
