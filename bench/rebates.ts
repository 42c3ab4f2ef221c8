/**
 * The monthly rebate run at size (issue 28): one policy's accrual over 1,000,000 order lines signed
 * for in a month, then the same run again.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/rebates.ts    # PostgreSQL 15
 *   node --import tsx bench/rebates.ts                                   # embedded PGlite
 *
 * Env: BENCH_LINES (default 1000000), BENCH_DEALERS (default 2000). Targets: the run ≤ 60 s, a
 * re-run ≤ 10 s and it changes nothing.
 *
 * Data (set-based, secondary indexes dropped while loading and rebuilt from the model): BENCH_DEALERS
 * dealers under head office, 5-line orders of theirs over 100 products of one product line, each
 * order shipped and signed for last month (one shipment line per order line, one in ten signed
 * short). The run is finance's `accrue` command through the document kernel, one transaction as its
 * route runs it: the candidate lines (signed quantity × locked price per line, those already accrued
 * left out), the dealers' accounts opened and locked, one move per dealer with its balance after, the
 * 1,000,000 lines recorded once each (rebate_accrual), the balances set.
 */
import { businessUnitType, getEntity, productState, rebatePolicyState, salesOrderStatus, shipmentState } from '@portal/model';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { runCommand } from '../packages/server/src/documents/kernel.ts';
import { lastMonths } from '../packages/server/src/domain/china-time.ts';
import { policyController } from '../packages/server/src/domain/rebates/policy.controller.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { benchCaller, t } from './compare.ts';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const DEALERS = Number(process.env.BENCH_DEALERS ?? 2000);
const ORDERS = Math.ceil(LINES / 5);
const TABLES = ['salesorder', 'salesorderdetail', 'new_shipment', 'new_shipmentdetail'];

const p = await testPortal();
const db = p.db;
console.log(`database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
const [month] = lastMonths(new Date(), 2);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  let t0 = t();
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
  const hq = (await db.one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE parentbusinessunitid IS NULL'))!.id;
  const line = (await db.one<{ id: string }>(
    `INSERT INTO new_productline (new_name, new_code) VALUES ('压测产品线', 'PL-BENCH') RETURNING new_productlineid AS id`,
  ))!.id;
  await db.query(
    `INSERT INTO product (name, productnumber, new_state, price, new_productline_id, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT '压测产品' || g, 'RB-' || lpad(g::text, 3, '0'), $1, 20 + g * 3.7, $2, $3, $3, $3, $4 FROM generate_series(1, 100) g`,
    [productState.active, line, admin, hq],
  );
  await db.query(
    `INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid)
     SELECT '压测经销商' || g, 'DL-RB' || lpad(g::text, 5, '0'), $1, $2 FROM generate_series(1, $3::int) g`,
    [businessUnitType.dealer, hq, DEALERS],
  );
  for (const table of TABLES) {
    const { rows } = await db.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexname NOT LIKE '%_pkey'`,
      [table],
    );
    for (const i of rows) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
  }
  // Orders (5 lines each) of the bench dealers, shipped and signed for in the month (signedon spread over its days).
  await db.query(
    `WITH d AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, businessunitid AS bu FROM businessunit WHERE new_code LIKE 'DL-RB%')
     INSERT INTO salesorder (salesorderid, name, new_status, new_supplier_id, new_contact, new_phone, new_address, totalamount, new_totalqty,
                             new_shippedqty, new_signedqty, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT md5('o' || g)::uuid, 'SORB' || lpad(g::text, 7, '0'), $1, $2, '压测', '13800000000', '压测地址', 0, 0, 0, 0, $3, d.bu, $3, $3
       FROM generate_series(1, $4::int) g JOIN d ON d.n = g % $5`,
    [salesOrderStatus.signed, hq, admin, ORDERS, DEALERS],
  );
  await db.query(
    `WITH pr AS (SELECT row_number() OVER (ORDER BY productnumber) - 1 AS n, productid, price FROM product WHERE productnumber LIKE 'RB-%')
     INSERT INTO salesorderdetail (salesorderdetailid, new_name, salesorderid, productid, quantity, priceperunit, extendedamount, new_shippedqty,
                                   new_signedqty, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT md5('l' || g)::uuid, '压测产品', md5('o' || (1 + (g - 1) / 5))::uuid, pr.productid, 1 + g % 20, pr.price, round(pr.price * (1 + g % 20), 2),
            1 + g % 20, 1 + g % 20 - CASE WHEN g % 10 = 0 THEN 1 ELSE 0 END, $1, $2, $1, $1
       FROM generate_series(1, $3::int) g JOIN pr ON pr.n = g % 100`,
    [admin, hq, LINES],
  );
  await db.query(
    `INSERT INTO new_shipment (new_shipmentid, new_name, new_order_id, new_state, new_signedon, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT md5('s' || g)::uuid, 'XFRB' || lpad(g::text, 7, '0'), md5('o' || g)::uuid, $1,
            $2::timestamptz + make_interval(secs => (g * 7919) % (86400 * 27)), $3, $4, $3, $3
       FROM generate_series(1, $5::int) g`,
    [shipmentState.allSigned, month.start, admin, hq, ORDERS],
  );
  await db.query(
    `INSERT INTO new_shipmentdetail (new_name, new_shipment_id, new_orderline_id, new_qty, new_shippedqty, new_signedqty, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT '压测产品', md5('s' || (1 + (g - 1) / 5))::uuid, md5('l' || g)::uuid, 1 + g % 20, 1 + g % 20, 1 + g % 20 - CASE WHEN g % 10 = 0 THEN 1 ELSE 0 END,
            $1, $2, $1, $1
       FROM generate_series(1, $3::int) g`,
    [admin, hq, LINES],
  );
  console.log(
    `generated ${LINES.toLocaleString('en-US')} signed order lines (${ORDERS.toLocaleString('en-US')} orders, ${DEALERS} dealers) in ${secs(t() - t0)}`,
  );
  t0 = t();
  for (const table of TABLES) {
    for (const stmt of entityDdl(getEntity(table)!)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await db.query(stmt);
    await db.query(`VACUUM ANALYZE ${table}`);
  }
  await db.query('ANALYZE product');
  console.log(`indexes rebuilt and analysed in ${secs(t() - t0)}`);

  const policy = (await db.one<{ id: string }>(
    `INSERT INTO new_rebatepolicy (new_name, new_state, new_productline_id, new_rate, new_validfrom, new_accruedamount, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ('压测返利政策', $1, $2, 1.25, '2020-01-01', 0, $3, $4, $3, $3) RETURNING new_rebatepolicyid AS id`,
    [rebatePolicyState.active, line, admin, hq],
  ))!.id;
  const fin = await benchCaller(db, 'hqfinance');
  const state = async () =>
    (await db.one<{ lines: number; moves: number; sum: string; accrued: string; balances: string; accounts: number; bad: number }>(
      `SELECT (SELECT count(*)::int FROM rebate_accrual WHERE policy_id = $1) AS lines,
              (SELECT count(*)::int FROM new_rebatemove WHERE new_policy_id = $1) AS moves,
              (SELECT COALESCE(sum(new_amount), 0)::text FROM new_rebatemove WHERE new_policy_id = $1) AS sum,
              (SELECT COALESCE(sum(amount), 0)::text FROM rebate_accrual WHERE policy_id = $1) AS accrued,
              (SELECT COALESCE(sum(new_balance), 0)::text FROM new_rebateaccount a JOIN businessunit b ON b.businessunitid = a.new_unit_id WHERE b.new_code LIKE 'DL-RB%') AS balances,
              (SELECT count(*)::int FROM new_rebateaccount a JOIN businessunit b ON b.businessunitid = a.new_unit_id WHERE b.new_code LIKE 'DL-RB%') AS accounts,
              (SELECT count(*)::int FROM new_rebateaccount a WHERE a.new_balance <> (SELECT new_balanceafter FROM new_rebatemove m WHERE m.new_unit_id = a.new_unit_id ORDER BY new_seq DESC LIMIT 1)) AS bad`,
      [policy],
    ))!;
  const run = async () => {
    const s = t();
    const r = await db.tx((sql) => runCommand(sql, fin, policyController, 'accrue', policy, { new_runmonth: month.to }, 'zh-CN'));
    return { ms: t() - s, message: r.message };
  };

  // Every line signed for (a line signed 0 of 1 accrues nothing) accrues once.
  const signed = (await db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM new_shipmentdetail WHERE new_signedqty > 0 AND new_name = $1',
    ['压测产品'],
  ))!.n;
  const first = await run();
  const after = await state();
  if (
    after.lines !== signed ||
    after.moves !== DEALERS ||
    after.sum !== after.balances ||
    after.sum !== after.accrued ||
    after.accounts !== DEALERS ||
    after.bad
  )
    throw new Error(`the run is not what was signed: ${JSON.stringify(after)}`);
  console.log(
    `accrue ${month.month} over ${LINES.toLocaleString('en-US')} signed lines: ${secs(first.ms)} — ${first.message}; target ≤ 60 s → ${(first.ms / 60_000).toFixed(2)}× the target`,
  );
  const second = await run();
  const again = await state();
  if (JSON.stringify(again) !== JSON.stringify(after)) throw new Error(`the re-run changed something: ${JSON.stringify(again)}`);
  console.log(
    `re-run ${month.month}: ${secs(second.ms)} — ${second.message}; lines ${again.lines.toLocaleString('en-US')} in ${again.moves.toLocaleString('en-US')} moves, Σ ¥${again.sum} = Σ balances, unchanged; target ≤ 10 s → ${(second.ms / 10_000).toFixed(2)}× the target`,
  );
} finally {
  await p.close();
}
