import { approvalStatus, businessUnitType, invoiceState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Db } from '../../db/db.ts';
import { callerOf } from '../../demo/parts.ts';
import { runCommand } from '../../documents/kernel.ts';
import { Refusal } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { widePortal } from '../../testing/wide-pool.ts';
import { fenOf } from './money.ts';
import { receiptController } from './receipt.controller.ts';

// Fifty allocations of one receipt at once, on fifty connections: only PostgreSQL has them (PGlite
// is one session), so this suite runs in the PostgreSQL pass of `npm test` (*.pg.test.ts).
let p: Portal;
let wide: Db;
let close: (() => Promise<void>) | undefined;
let fin: Caller;

beforeAll(async () => {
  ({ p, wide, close } = await widePortal('allocation-wide'));
});
afterAll(() => close?.());

let n = 0;
/** A dealer of its own (so nothing of the demo's is open for it), `invoices` open invoices of `each` yuan, and confirmed receipts. */
async function fixture(invoices: number, each: string, receipts: string[]) {
  const tag = `CC${++n}`;
  const hq = (await p.db.one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE parentbusinessunitid IS NULL'))!.id;
  const unit = (await p.db.one<{ id: string }>(
    `INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid) VALUES ($1, $2, $3, $4) RETURNING businessunitid AS id`,
    [`并发测试经销商${tag}`, `DL-${tag}`, businessUnitType.dealer, hq],
  ))!.id;
  const { rows: inv } = await p.db.query<{ id: string }>(
    `INSERT INTO invoice (name, new_state, new_invoicedate, new_duedate, totalamount, new_totalqty, new_paidamount, new_taxedamount, owningbusinessunit, createdon)
     SELECT $1 || '-' || lpad(g::text, 4, '0'), $2, current_date, current_date + 30, $3::numeric, 1, 0, 0, $4, now() + g * interval '1 millisecond'
       FROM generate_series(1, $5::int) g RETURNING invoiceid AS id`,
    [`FP${tag}`, invoiceState.unpaid, each, unit, invoices],
  );
  const { rows: rec } = await p.db.query<{ id: string }>(
    `INSERT INTO new_receipt (new_name, new_payer_id, new_paydate, new_method, new_amount, new_serialno, new_allocatedamount, new_approvalstatus, owningbusinessunit)
     SELECT $1 || '-' || i, $2, current_date, 1, a::numeric, $1 || '-' || i, 0, $3, $2 FROM unnest($4::text[]) WITH ORDINALITY u(a, i) RETURNING new_receiptid AS id`,
    [`HK${tag}`, unit, approvalStatus.approved, receipts],
  );
  // Finance's reach now holds the new dealer.
  fin = await callerOf(p.db, 'hqfinance');
  return { unit, invoices: inv.map((r) => r.id), receipts: rec.map((r) => r.id) };
}

/** One allocation on one of the 50 connections: a refusal is an answer, anything else (a deadlock, a CHECK) is not. */
const attempt = (receipt: string, body: Record<string, unknown>) =>
  wide
    .tx((sql) => runCommand(sql, fin, receiptController, 'allocate', receipt, body, 'zh-CN'))
    .then(
      () => true,
      (e) => {
        if (e instanceof Refusal) return false;
        throw e;
      },
    );

/** Every receipt's allocated amount = Σ of its posted allocations ≤ its amount; every invoice's paid = Σ ≤ total, its state following. */
async function mismatches(unit: string) {
  return (await p.db.one<{ n: number }>(
    `SELECT (SELECT count(*) FROM new_receipt r WHERE r.new_payer_id = $1 AND (r.new_allocatedamount > r.new_amount OR r.new_allocatedamount <>
               COALESCE((SELECT sum(a.new_amount) FROM new_receiptallocation a WHERE a.new_receipt_id = r.new_receiptid AND a.new_posted), 0)))
          + (SELECT count(*) FROM invoice i WHERE i.owningbusinessunit = $1 AND (i.new_paidamount > i.totalamount OR i.new_paidamount <>
               COALESCE((SELECT sum(a.new_amount) FROM new_receiptallocation a WHERE a.new_invoice_id = i.invoiceid AND a.new_posted), 0)
               OR i.new_state <> CASE WHEN i.new_paidamount = 0 THEN 1 WHEN i.new_paidamount < i.totalamount THEN 2 ELSE 3 END))::int AS n`,
    [unit],
  ))!.n;
}

const allocated = async (id: string) =>
  fenOf((await p.db.one<{ a: string }>('SELECT new_allocatedamount::text AS a FROM new_receipt WHERE new_receiptid = $1', [id]))!.a)!;

describe('receipt allocation under concurrency (PostgreSQL, 50 connections)', () => {
  it('50 concurrent allocations of one receipt of ¥1,000 to 50 invoices, ¥30 each: exactly 33 succeed, never more than the receipt', async () => {
    const f = await fixture(50, '100.00', ['1000.00']);
    const results = await Promise.all(f.invoices.map((inv) => attempt(f.receipts[0], { invoiceId: inv, amount: '30.00' })));
    expect(results.filter(Boolean).length).toBe(33);
    expect(await allocated(f.receipts[0])).toBe(99_000);
    expect(await mismatches(f.unit)).toBe(0);
  });

  it('50 concurrent oldest-first allocations of ¥25 over 20 invoices of ¥60: exactly 40 succeed, the receipt allocated in full, no invoice above its total', async () => {
    const f = await fixture(20, '60.00', ['1000.00']);
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt(f.receipts[0], { amount: '25.00' })));
    expect(results.filter(Boolean).length).toBe(40);
    expect(await allocated(f.receipts[0])).toBe(100_000);
    const paid = await p.db.one<{ full: number; part: number }>(
      `SELECT count(*) FILTER (WHERE new_state = 3)::int AS full, count(*) FILTER (WHERE new_state = 2)::int AS part FROM invoice WHERE owningbusinessunit = $1`,
      [f.unit],
    );
    // ¥1,000 over ¥60 invoices oldest first: 16 paid, the 17th part paid (¥40).
    expect(paid).toEqual({ full: 16, part: 1 });
    expect(await mismatches(f.unit)).toBe(0);
  });

  it('two receipts allocating over the same invoices at once (each invoice chosen by both): no deadlock, no invoice above its total', async () => {
    const f = await fixture(25, '50.00', ['1000.00', '1000.00']);
    // Each request names an invoice and ¥30: two of them on one invoice cannot both pass (¥60 > ¥50).
    const results = await Promise.all(f.invoices.flatMap((inv) => f.receipts.map((r) => attempt(r, { invoiceId: inv, amount: '30.00' }))));
    expect(results.filter(Boolean).length).toBe(25);
    expect((await allocated(f.receipts[0])) + (await allocated(f.receipts[1]))).toBe(25 * 3000);
    expect(await mismatches(f.unit)).toBe(0);
  });
});
