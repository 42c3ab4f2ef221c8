/**
 * Account statements at size (issue 28).
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/statements.ts    # PostgreSQL 15
 *   node --import tsx bench/statements.ts                                   # embedded PGlite
 *
 * Env: BENCH_DEALERS (5000), BENCH_MOVES (1,000,000 ledger lines over them), BENCH_MONTHS (12: the
 * lines are spread over that many months before the generated one's end), BENCH_HISTORY (36 months
 * of one large dealer), BENCH_HISTORY_MOVES (36,000), BENCH_RUNS (7).
 *
 * 1. Generation: every dealer's statement of the last month, all or nothing, from BENCH_MOVES lines.
 *    None of them has a statement yet, so each opening sums the dealer's whole history before the
 *    month: the heaviest case. Then the same month again (regeneration) and the month after it (the
 *    usual run: openings from the previous statements). Target ≤ 30 s.
 * 2. A statement's first page (the detail route's header and first 50 lines, through app.inject as
 *    the page calls them) of a dealer with three years of history (statements generated for every
 *    month). Target ≤ 100 ms.
 * 3. Finance search for that dealer (credit, rebate, funds, ageing of its invoices, the balance
 *    against its latest statement), through app.inject. Target ≤ 50 ms.
 * Setup (set-based SQL straight into the ledger, with consecutive sequences and balances after) is
 * not timed.
 */
import { accountMoveKind, businessUnitType, invoiceState } from '@portal/model';
import { generateMonth } from '../packages/server/src/domain/account-statement/generate.ts';
import { addMonths, chinaMonth } from '../packages/server/src/domain/account-statement/period.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { median, t } from './compare.ts';

const DEALERS = Number(process.env.BENCH_DEALERS ?? 5000);
const MOVES = Number(process.env.BENCH_MOVES ?? 1_000_000);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 12);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 36);
const HISTORY_MOVES = Number(process.env.BENCH_HISTORY_MOVES ?? 36_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));

const p = await testPortal();
const db = p.db;
console.log(`database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
const ms = (x: number) => `${x.toFixed(0)} ms`;

/**
 * `count` moves of the dealers whose code starts with `prefix`, dated over `months` months ending
 * with `last`: invoices (+) and, every third, receipts (−); per dealer consecutive sequences from 1
 * in (date, id) order with the balance after each, and the account's balance and last sequence.
 */
async function ledger(prefix: string, count: number, months: number, last: string) {
  const first = `${addMonths(last, 1 - months)}-01`;
  const end = `${addMonths(last, 1)}-01`;
  await db.query(
    `INSERT INTO new_dealeraccount (new_name, new_unit_id, new_creditlimit, new_balance, new_seq, owningbusinessunit)
     SELECT b.name, b.businessunitid, 1000000, 0, 0, b.businessunitid FROM businessunit b WHERE b.new_code LIKE $1 || '%'
     ON CONFLICT (new_unit_id) DO NOTHING`,
    [prefix],
  );
  await db.query(
    `WITH a AS (SELECT new_dealeraccountid AS account, new_unit_id AS unit, row_number() OVER (ORDER BY new_unit_id) - 1 AS i, count(*) OVER () AS n
                  FROM new_dealeraccount a JOIN businessunit b ON b.businessunitid = a.new_unit_id WHERE b.new_code LIKE $1 || '%'),
     g AS (SELECT g, a.account, a.unit, $3::date + ((g::bigint * 7919) % ($4::date - $3::date))::int AS day,
                  CASE WHEN g % 3 = 0 THEN -(200 + g % 97) ELSE 300 + g % 113 END::numeric(18,2) AS amount
             FROM generate_series(1, $2::int) g JOIN a ON a.i = g % a.n),
     s AS (SELECT g.*, row_number() OVER w AS seq, sum(amount) OVER w AS after FROM g WINDOW w AS (PARTITION BY account ORDER BY day, g))
     INSERT INTO new_accountmove (new_name, new_account_id, new_unit_id, new_kind, new_date, new_amount, new_balanceafter, new_docentity, new_docid,
                                  new_seq, new_key, owningbusinessunit)
     SELECT CASE WHEN amount > 0 THEN 'FPB' ELSE 'HKB' END || g, account, unit, CASE WHEN amount > 0 THEN $5::int ELSE $6::int END, day, amount, after,
            'bench', g::text, seq, $1 || ':' || g, unit
       FROM s`,
    [prefix, count, first, end, accountMoveKind.invoice, accountMoveKind.receipt],
  );
  await db.query(
    `UPDATE new_dealeraccount a SET new_balance = m.b, new_seq = m.n
       FROM (SELECT new_account_id, sum(new_amount) AS b, count(*)::int AS n FROM new_accountmove GROUP BY new_account_id) m
      WHERE m.new_account_id = a.new_dealeraccountid AND a.new_unit_id IN (SELECT businessunitid FROM businessunit WHERE new_code LIKE $1 || '%')`,
    [prefix],
  );
}

try {
  const hq = (await db.one<{ id: string }>('SELECT businessunitid AS id FROM businessunit WHERE parentbusinessunitid IS NULL'))!.id;
  const fin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'hqfinance'"))!.id;
  // The generated month ends before the demo's months (which are generated already): months go in order
  // per account, and these accounts have none; the later months stay free for the demo's own.
  const last = addMonths(chinaMonth(), -(HISTORY + 6));

  // 1. Generation over DEALERS accounts and MOVES lines.
  let t0 = t();
  await db.query(
    `INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid)
     SELECT '压测经销商' || g, 'DL-BS' || lpad(g::text, 5, '0'), $1, $2 FROM generate_series(1, $3::int) g`,
    [businessUnitType.dealer, hq, DEALERS],
  );
  await ledger('DL-BS', MOVES, MONTHS, last);
  await db.query('ANALYZE new_accountmove');
  await db.query('ANALYZE new_dealeraccount');
  console.log(`setup: ${DEALERS} dealers, ${MOVES} ledger lines over ${MONTHS} months to ${last} in ${((t() - t0) / 1000).toFixed(1)} s`);
  const dealers = (await db.query<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code LIKE 'DL-BS%'`)).rows.map(
    (r) => r.id,
  );
  const inMonth = (await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_accountmove WHERE new_docentity = 'bench' AND new_date >= $1::date AND new_date < $2::date`,
    [`${last}-01`, `${addMonths(last, 1)}-01`],
  ))!.n;
  const gen = async (month: string) => {
    const s = t();
    const g = await db.tx((sql) => generateMonth(sql, fin, month, new Date(), dealers));
    return { ms: t() - s, count: g.count };
  };
  const firstRun = await gen(last);
  console.log(
    `generate ${last} (first statements: openings from all history, ${inMonth} lines in the month): ${firstRun.count} statements in ${ms(firstRun.ms)}; target ≤ 30,000 ms → ${(firstRun.ms / 30000).toFixed(2)}× the target`,
  );
  const again = await gen(last);
  console.log(`generate ${last} again (regeneration, all or nothing): ${again.count} statements in ${ms(again.ms)}`);
  // The usual run: the next month's lines posted, openings from the previous statements.
  t0 = t();
  await db.query(
    `WITH a AS (SELECT new_dealeraccountid AS account, new_unit_id AS unit, new_seq AS seq, new_balance AS bal, row_number() OVER (ORDER BY new_unit_id) AS i
                  FROM new_dealeraccount WHERE new_unit_id = ANY($1::uuid[])),
     g AS (SELECT a.*, k FROM a CROSS JOIN generate_series(1, $2::int) k)
     INSERT INTO new_accountmove (new_name, new_account_id, new_unit_id, new_kind, new_date, new_amount, new_balanceafter, new_docentity, new_docid, new_seq, new_key, owningbusinessunit)
     SELECT 'FPN' || i || '-' || k, account, unit, $3, $4::date + (k % 28), 100, bal + 100 * k, 'bench', k::text, seq + k, 'next:' || i || ':' || k, unit FROM g`,
    [dealers, Math.max(1, Math.round(MOVES / MONTHS / DEALERS)), accountMoveKind.invoice, `${addMonths(last, 1)}-01`],
  );
  await db.query(
    `UPDATE new_dealeraccount a SET new_balance = m.b, new_seq = m.n
       FROM (SELECT new_account_id, sum(new_amount) AS b, max(new_seq) AS n FROM new_accountmove GROUP BY new_account_id) m
      WHERE m.new_account_id = a.new_dealeraccountid AND a.new_unit_id = ANY($1::uuid[])`,
    [dealers],
  );
  console.log(`setup: the next month's lines in ${((t() - t0) / 1000).toFixed(1)} s`);
  const next = await gen(addMonths(last, 1));
  console.log(`generate ${addMonths(last, 1)} (openings from the previous statements): ${next.count} statements in ${ms(next.ms)}`);

  // 2. One dealer with HISTORY months of history and a statement for each of them.
  await db.query(`INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid) VALUES ('压测大经销商', 'DL-BIG', $1, $2)`, [
    businessUnitType.dealer,
    hq,
  ]);
  await ledger('DL-BIG', HISTORY_MOVES, HISTORY, last);
  const big = (await db.one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-BIG'`))!.id;
  // Its invoices: one per day-ish over the history, all paid but the last 90 days' (open, for the ageing).
  await db.query(
    `INSERT INTO invoice (name, new_state, new_invoicedate, new_duedate, totalamount, new_totalqty, new_paidamount, new_taxedamount, owningbusinessunit)
     SELECT 'FPBIG-' || g, CASE WHEN d > $3::date - 90 THEN $4::int ELSE $5::int END, d, d + 30, 500, 1, CASE WHEN d > $3::date - 90 THEN 0 ELSE 500 END, 0, $1
       FROM generate_series(1, $2::int) g, LATERAL (SELECT $3::date - g AS d) x`,
    [big, HISTORY * 30, `${addMonths(last, 1)}-01`, invoiceState.unpaid, invoiceState.paid],
  );
  await db.query('ANALYZE new_accountmove');
  t0 = t();
  for (let i = HISTORY - 1; i >= 0; i--) await db.tx((sql) => generateMonth(sql, fin, addMonths(last, -i), new Date(), [big]));
  console.log(
    `setup: ${HISTORY_MOVES} lines of one dealer over ${HISTORY} months, ${HISTORY} statements in ${((t() - t0) / 1000).toFixed(1)} s`,
  );

  const { access_token } = await signIn(p.app, 'hqfinance');
  const get = async (url: string) => {
    const s = t();
    const res = await p.app.inject({ method: 'GET', url, headers: bearer(access_token) });
    const took = t() - s;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { took, body: res.json().Data };
  };
  const page: number[] = [];
  const header: number[] = [];
  let shown = 0;
  for (let run = 0; run < RUNS + 1; run++) {
    const h = await get(`/api/account-statements/${big}/${last}`);
    const l = await get(`/api/account-statements/${big}/${last}/lines`);
    shown = (l.body as { lines: unknown[] }).lines.length;
    if (run === 0) continue; // warm-up
    header.push(h.took);
    page.push(h.took + l.took);
  }
  const lineCount = (await get(`/api/account-statements/${big}/${last}`)).body as { lineCount: number };
  console.log(
    `statement detail, first page (header + ${shown} of ${lineCount.lineCount} lines) over ${HISTORY} months of one dealer's history: median ${ms(median(page))} (header alone ${ms(median(header))}) of ${RUNS}; target ≤ 100 ms → ${(median(page) / 100).toFixed(2)}× the target`,
  );

  // 3. Finance search for that dealer.
  const search: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const r = await get(`/api/finance/search?dealer=${big}`);
    if (run > 0) search.push(r.took);
  }
  console.log(
    `finance search for one dealer (${HISTORY * 30} invoices, ${HISTORY_MOVES} ledger lines, ${HISTORY} statements): median ${ms(median(search))} of ${RUNS}; target ≤ 50 ms → ${(median(search) / 50).toFixed(2)}× the target`,
  );
} finally {
  await p.close();
}
