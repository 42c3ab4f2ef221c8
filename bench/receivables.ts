/**
 * Order to cash at size (issue 27): allocating one receipt over 1,000 open invoices of its payer.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/receivables.ts    # PostgreSQL 15
 *   node --import tsx bench/receivables.ts                                   # embedded PGlite
 *
 * Env: BENCH_INVOICES (default 1000), BENCH_RUNS (default 5). Target: ≤ 1 s per allocation.
 *
 * Two ways in, each in one transaction as its route runs it, each run on a payer of its own with
 * BENCH_INVOICES open invoices (set-based SQL) and a receipt of exactly their sum:
 * - `allocate`: finance's command through the document kernel (lock, state, oldest first);
 * - confirmation: the final approval through the approval engine (its `approved` moment allocates).
 * Both lock the receipt and the 1,000 invoices (in id order), update the invoices in one statement,
 * and write the 1,000 allocation lines in one statement.
 */
import { approvalStatus, businessUnitType, invoiceState } from '@portal/model';
import type { Db } from '../packages/server/src/db/db.ts';
import { runCommand } from '../packages/server/src/documents/kernel.ts';
import { receiptController } from '../packages/server/src/domain/sales-finance/receipt.controller.ts';
import { flowDocument } from '../packages/server/src/flow/documents.ts';
import { act, submit } from '../packages/server/src/flow/engine.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { benchCaller, median, t } from './compare.ts';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

const p = await testPortal();
const db = p.db;
console.log(`database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);

/** A dealer of its own with INVOICES open invoices (¥100.00 … in invoice-date order) and a receipt of their sum in `status`. */
async function payer(db: Db, run: string, status: number) {
  const hq = (await db.one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE parentbusinessunitid IS NULL'))!.id;
  const unit = (await db.one<{ id: string }>(
    `INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid) VALUES ($1, $2, $3, $4) RETURNING businessunitid AS id`,
    [`压测经销商${run}`, `DL-B${run}`, businessUnitType.dealer, hq],
  ))!.id;
  await db.query(
    `INSERT INTO invoice (name, new_state, new_invoicedate, new_duedate, totalamount, new_totalqty, new_paidamount, new_taxedamount, owningbusinessunit)
     SELECT 'FPB' || $1 || '-' || lpad(g::text, 5, '0'), $2, current_date - ($4::int - g) / 10, current_date + 30, 100 + g % 50 + 0.37, 1, 0, 0, $3
       FROM generate_series(1, $4::int) g`,
    [run, invoiceState.unpaid, unit, INVOICES],
  );
  const receipt = (await db.one<{ id: string }>(
    `INSERT INTO new_receipt (new_name, new_payer_id, new_paydate, new_method, new_amount, new_serialno, new_allocatedamount, new_approvalstatus, owningbusinessunit)
     SELECT 'HKB' || $1, $2, current_date, 1, sum(totalamount), 'BENCH-' || $1, 0, $3, $2 FROM invoice WHERE owningbusinessunit = $2
     RETURNING new_receiptid AS id`,
    [run, unit, status],
  ))!.id;
  return { unit, receipt };
}

async function check(unit: string, receipt: string) {
  const r = await db.one<{ open: number; left: string; lines: number }>(
    `SELECT (SELECT count(*)::int FROM invoice WHERE owningbusinessunit = $1 AND new_state <> $3) AS open,
            (SELECT (new_amount - new_allocatedamount)::text FROM new_receipt WHERE new_receiptid = $2) AS left,
            (SELECT count(*)::int FROM new_receiptallocation WHERE new_receipt_id = $2 AND new_posted) AS lines`,
    [unit, receipt, invoiceState.paid],
  );
  if (r!.open !== 0 || r!.left !== '0.00' || r!.lines !== INVOICES) throw new Error(`allocation incomplete: ${JSON.stringify(r)}`);
}

try {
  const fin = await benchCaller(db, 'hqfinance');
  const command: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { unit, receipt } = await payer(db, `C${run}`, approvalStatus.approved);
    const caller = await benchCaller(db, 'hqfinance');
    const t0 = t();
    await db.tx((sql) => runCommand(sql, caller, receiptController, 'allocate', receipt, {}, 'zh-CN'));
    command.push(t() - t0);
    await check(unit, receipt);
  }
  console.log(
    `allocate one receipt over ${INVOICES} open invoices (kernel command, oldest first): median ${median(command).toFixed(0)} ms of ${RUNS} (${command
      .map((x) => x.toFixed(0))
      .join(', ')}); target ≤ 1000 ms → ${(median(command) / 1000).toFixed(2)}× the target`,
  );

  // The confirmation: submitted into a one-step flow approved by hqfinance, then the final approval timed.
  const doc = flowDocument('new_receipt')!;
  const flow = (await db.one<{ flow: string; step: string }>(
    `SELECT f.new_flowid AS flow, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid WHERE f.new_entityname = 'new_receipt'`,
  ))!;
  const approve: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { unit, receipt } = await payer(db, `A${run}`, approvalStatus.draft);
    const dealer = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'dealer1fin'"))!.id;
    await db.query(
      `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key) VALUES ('new_receipt', $1, 'slip.png', 1, 'image/png', 'bench')`,
      [receipt],
    );
    await db.tx((sql) =>
      submit(sql, doc, receipt, dealer, { flowId: flow.flow, approvers: [{ StepId: flow.step, ApproveUserId: fin.principal.userId }] }),
    );
    const t0 = t();
    await db.tx((sql) => act(sql, doc, receipt, fin.principal.userId, 'approve', 'bench'));
    approve.push(t() - t0);
    await check(unit, receipt);
  }
  console.log(
    `confirm (final approval allocating over ${INVOICES} open invoices): median ${median(approve).toFixed(0)} ms of ${RUNS} (${approve
      .map((x) => x.toFixed(0))
      .join(', ')}); target ≤ 1000 ms → ${(median(approve) / 1000).toFixed(2)}× the target`,
  );
} finally {
  await p.close();
}
