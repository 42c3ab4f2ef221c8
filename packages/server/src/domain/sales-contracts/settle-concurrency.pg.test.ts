import { approvalStatus, getEntity } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Db } from '../../db/db.ts';
import { callerOf } from '../../demo/parts.ts';
import { insertRecords } from '../../records/write.ts';
import { widePortal } from '../../testing/wide-pool.ts';
import { chinaDate } from '../china-time.ts';
import { settleContractPlans } from './settle.ts';

// Receipts of one contract confirmed at once, on many connections: the contract's row lock queues
// them, so the plans are settled oldest due date first exactly once — Σ received = Σ settled, never
// above a plan. Only PostgreSQL has concurrent sessions (PGlite is one): *.pg.test.ts.
let p: Portal;
let wide: Db;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ p, wide, close } = await widePortal('settle-wide'));
});
afterAll(() => close?.());

let n = 0;
/** An approved contract of 韩冬's for 东莞恒丰 (paid by 广州粤华) with plans of `plans` yuan due 10 days apart, and approved receipts naming it. */
async function fixture(plans: number[], receipts: number[]) {
  const s1 = await callerOf(p.db, 'salesman1');
  const customer = (await p.db.one<{ id: string }>(
    `SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'`,
  ))!.id;
  const product = (await p.db.one<{ id: string }>(`SELECT productid AS id FROM product WHERE productnumber = 'HC-SK-80'`))!.id;
  const total = plans.reduce((s, x) => s + x, 0);
  const id = await p.db.tx(async (sql) => {
    const [c] = await insertRecords(
      sql,
      getEntity('new_salescontract')!,
      s1,
      [{ new_title: `并发回款 ${++n}`, new_customer_id: customer, new_signdate: chinaDate() }],
      'zh-CN',
    );
    await insertRecords(
      sql,
      getEntity('new_salescontractline')!,
      s1,
      [{ new_salescontract_id: c, new_product_id: product, new_qty: 1, new_price: total.toFixed(2) }],
      'zh-CN',
    );
    // Periods in the reverse of their due dates: the order is the due date's, not the period's.
    await insertRecords(
      sql,
      getEntity('new_paymentplan')!,
      s1,
      plans.map((a, i) => ({
        new_salescontract_id: c,
        new_period: plans.length - i,
        new_duedate: chinaDate(new Date(), i * 10 - 15),
        new_amount: a.toFixed(2),
      })),
      'zh-CN',
    );
    return c;
  });
  await p.db.query('UPDATE new_salescontract SET new_approvalstatus = $2 WHERE new_salescontractid = $1', [id, approvalStatus.approved]);
  const payer = (await p.db.one<{ id: string }>('SELECT new_payer_id AS id FROM new_salescontract WHERE new_salescontractid = $1', [id]))!
    .id;
  const { rows } = await p.db.query<{ id: string }>(
    `INSERT INTO new_receipt (new_name, new_payer_id, new_paydate, new_method, new_amount, new_serialno, new_allocatedamount,
                              new_approvalstatus, new_salescontract_id, owningbusinessunit)
     SELECT $1 || '-' || i, $2, current_date, 1, a::numeric, $1 || '-' || i, 0, $3, $4, $2
       FROM unnest($5::text[]) WITH ORDINALITY u(a, i) RETURNING new_receiptid AS id`,
    [`HKSC${n}`, payer, approvalStatus.approved, id, receipts.map((r) => r.toFixed(2))],
  );
  return { id, receipts: rows.map((r) => r.id) };
}

const state = async (id: string) =>
  (
    await p.db.query<{ due: string; planned: string; received: string; settled: string }>(
      `SELECT pl.new_duedate::text AS due, pl.new_amount::text AS planned, pl.new_received::text AS received,
              COALESCE((SELECT sum(s.new_amount) FROM new_plansettlement s WHERE s.new_paymentplan_id = pl.new_paymentplanid), 0)::text AS settled
         FROM new_paymentplan pl WHERE pl.new_salescontract_id = $1 ORDER BY pl.new_duedate`,
      [id],
    )
  ).rows.map((r) => ({ planned: Number(r.planned), received: Number(r.received), settled: Number(r.settled) }));
const receiptsSettled = async (id: string) =>
  Number(
    (await p.db.one<{ s: string }>(
      'SELECT COALESCE(sum(new_contractsettled), 0)::text AS s FROM new_receipt WHERE new_salescontract_id = $1',
      [id],
    ))!.s,
  );

describe('receipts of one contract confirmed at once', () => {
  it('30 receipts above the plans: every plan paid exactly, the rest unsettled', async () => {
    const f = await fixture([1000, 2000, 1500, 500], Array(30).fill(300));
    const user = (await callerOf(p.db, 'hqfinance')).principal.userId;
    await Promise.all(f.receipts.map((r) => wide.tx((sql) => settleContractPlans(sql, r, user))));
    const plans = await state(f.id);
    for (const pl of plans) expect(pl).toEqual({ planned: pl.planned, received: pl.planned, settled: pl.planned });
    expect(await receiptsSettled(f.id)).toBe(5000);
  });

  it('receipts below the plans: oldest due date first, Σ received = Σ settled', async () => {
    const f = await fixture([1000, 2000, 1500, 500], Array(11).fill(250));
    const user = (await callerOf(p.db, 'hqfinance')).principal.userId;
    await Promise.all(f.receipts.map((r) => wide.tx((sql) => settleContractPlans(sql, r, user))));
    expect((await state(f.id)).map((pl) => pl.received)).toEqual([1000, 1750, 0, 0]);
    expect((await state(f.id)).every((pl) => pl.received === pl.settled)).toBe(true);
    expect(await receiptsSettled(f.id)).toBe(2750);
  });
});
