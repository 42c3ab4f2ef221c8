/**
 * Monthly expense settlement at size: one generation (`generateSettlements`, one transaction, as
 * the route runs it) for every station, 1,000 stations with their business units and 100,000
 * audited, not yet settled work orders of one month plus approved claim fines. Target (issue 11):
 * ≤ 30 s on PostgreSQL, ≤ 60 s on PGlite, all-or-nothing.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/expense-generate.ts    # PostgreSQL 15
 *   node --import tsx bench/expense-generate.ts                                   # embedded PGlite
 *
 * Env: BENCH_STATIONS (default 1000), BENCH_ORDERS (default 100000), BENCH_EXPLAIN=1 (plans of the
 * generation's statements: an EXPLAIN ANALYZE run of the same SQL, rolled back).
 *
 * Order of events: set-up (set-based SQL); a generation that fails on one station's statement
 * (a trigger refuses its insert) → nothing generated, every order and fine as it was; the timed
 * generation; checks by SQL (a statement per station, Σ statement totals = Σ of the orders' and
 * fines' totals, every order at 14 and linked, one line and one history entry each); generating
 * again → refused, nothing new.
 */
import { loadavg } from 'node:os';
import { approvalStatus, expenseSection, msg, settleWay, workOrderStatus } from '@portal/model';
import { CHINA_OFFSET_MS, chinaDate } from '../packages/server/src/domain/china-time.ts';
import { generateSettlements } from '../packages/server/src/domain/expense/generate.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { benchCaller, t } from './compare.ts';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 1000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const pg = !!process.env.DATABASE_URL;
const TARGET_MS = pg ? 30_000 : 60_000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fail = (what: string) => {
  throw new Error(`check failed: ${what}`);
};

const p = await testPortal();
const db = p.db;
console.log(
  `database: ${pg ? 'PostgreSQL' : 'PGlite (embedded)'}; ${STATIONS.toLocaleString('en-US')} stations, ${ORDERS.toLocaleString('en-US')} orders; load average ${load()}`,
);

const callerOf = (login: string) => benchCaller(db, login);

// The period: last month's second half (China time); the orders are audited over the whole month,
// so the one generation takes the month (orders audited before the period's end belong to it).
const today = chinaDate();
const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
const year = tm === 1 ? ty - 1 : ty;
const month = tm === 1 ? 12 : tm - 1;
const PERIOD = { year, month, section: expenseSection.secondHalf, settleWay: settleWay.transfer };
const monthStart = new Date(Date.UTC(year, month - 1, 1) - CHINA_OFFSET_MS);
const monthEnd = new Date(Date.UTC(year, month, 1) - CHINA_OFFSET_MS);

// Statements of the period and what they hold, and the state of every order and fine they can take.
// (The demo may hold statements of the period already: those are left out of every check.)
let demoClaims: string[] = [];
const claimsOfPeriod = async () =>
  (await db.one<{ n: number; total: string | null }>(
    `SELECT count(*)::int AS n, COALESCE(sum(new_totalamount), 0)::text AS total FROM new_srv_expense_claim
    WHERE new_year = $1 AND new_month = $2 AND new_section = $3 AND new_srv_expense_claimid <> ALL($4::uuid[])`,
    [PERIOD.year, PERIOD.month, PERIOD.section, demoClaims],
  ))!;
const fingerprint = async () =>
  (await db.one<{ f: string }>(
    `SELECT (SELECT count(*) || ':' || sum(new_status) || ':' || count(new_expenseclaim_id) || ':' || coalesce(sum(hashtext(new_srv_workorderid::text || new_status)), 0) FROM new_srv_workorder)
       || '|' || (SELECT count(*) || ':' || count(new_expenseclaim_id) FROM new_srv_claimfine)
       || '|' || (SELECT count(*) FROM new_srv_expense_claim) || '|' || (SELECT count(*) FROM new_srv_expense_claimline)
       || '|' || (SELECT count(*) FROM new_srv_workorderlog) AS f`,
  ))!.f;

try {
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;

  // ---- set-up, set-based
  let s = t();
  // Stations BS0001… with a business unit each under the East China branch (compare.ts's helper
  // numbers with 3 digits: 999 at most).
  await db.query(
    `INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid)
    SELECT '压测服务站' || g, 'BS' || lpad(g::text, 4, '0'), 3, (SELECT businessunitid FROM businessunit WHERE new_code = 'BR-HD')
      FROM generate_series(1, $1::int) g`,
    [STATIONS],
  );
  await db.query(`INSERT INTO new_srv_station (new_name, new_code, new_type, new_level, new_region, new_businessunit_id, owningbusinessunit)
    SELECT b.name, b.new_code, 1, 1, 2, b.businessunitid, b.businessunitid FROM businessunit b WHERE b.new_code LIKE 'BS%'`);
  // Engineers: 3 per station (the orders' worker; the history entries carry it).
  await db.query(
    `INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit, ownerid, createdby, modifiedby)
    SELECT s.new_name || '工程师' || k, s.new_code || '-E' || k, '1390000' || lpad((row_number() OVER ())::text, 4, '0'), s.new_srv_stationid, s.new_businessunit_id, $1, $1, $1
      FROM new_srv_station s, generate_series(1, 3) k WHERE s.new_code LIKE 'BS%'`,
    [admin],
  );
  // Orders: ORDERS audited (10, a tenth revisited 11) over the month, labour/parts/outside-trip
  // amounts on all, other costs, special fees and a signed fine on some; plus a fifth as many
  // orders that must not be taken (completed 7, or audited after the period, or already settled 12).
  const mk = (n: number, offset: number, kind: 'due' | 'noise') =>
    db.query(
      `
    WITH st AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_stationid AS id, new_businessunit_id AS bu FROM new_srv_station WHERE new_code LIKE 'BS%'),
         wk AS (SELECT w.new_srv_workerid AS id, w.new_station_id AS station, row_number() OVER (PARTITION BY w.new_station_id ORDER BY w.new_code) - 1 AS k FROM new_srv_worker w JOIN st ON st.id = w.new_station_id),
         g AS (SELECT g, (g::bigint * 2654435761 % 4294967296) AS h FROM generate_series($2::int + 1, $2::int + $3::int) g)
    INSERT INTO new_srv_workorder (new_name, new_type, new_fixtype, new_status, new_station_id, new_worker_id, new_customer, new_phone,
           new_servicecharge, new_partcost, new_outsidecost, new_othercost, new_specialfee, new_fineamount, new_completiontime, new_audittime,
           new_expenseclaimno, owningbusinessunit, ownerid, createdby, modifiedby, createdon, modifiedon)
    SELECT 'SVB' || lpad(g.g::text, 7, '0'), 1, 1,
           ${
             kind === 'due'
               ? `CASE WHEN g.h % 10 = 0 THEN ${workOrderStatus.revisited} ELSE ${workOrderStatus.audited} END`
               : `CASE g.h % 3 WHEN 0 THEN ${workOrderStatus.audited} WHEN 1 THEN ${workOrderStatus.completed} ELSE ${workOrderStatus.settlementConfirmed} END`
           },
           st.id, wk.id, '压测客户' || g.g, '1380000' || lpad((g.g % 10000)::text, 4, '0'),
           round((50 + g.h % 150)::numeric, 2), round(((g.h / 7) % 400 + (g.h % 100) / 100.0)::numeric, 2),
           CASE WHEN g.h % 4 = 0 THEN 30 + (g.h / 11) % 70 ELSE 0 END, CASE WHEN g.h % 9 = 0 THEN 15.5 END,
           CASE WHEN g.h % 13 = 0 THEN 20 END, CASE WHEN g.h % 17 = 0 THEN -50 WHEN g.h % 19 = 0 THEN 30 END,
           a.at - interval '2 days',
           ${kind === 'due' ? 'a.at' : `CASE g.h % 3 WHEN 0 THEN $5::timestamptz + interval '1 day' WHEN 1 THEN NULL ELSE a.at END`},
           ${kind === 'due' ? 'NULL' : `CASE WHEN g.h % 3 = 2 THEN 'FY-OLD-0001' END`},
           st.bu, $1, $1, $1, a.at - interval '3 days', a.at
      FROM g JOIN st ON st.n = g.g % ${STATIONS} JOIN wk ON wk.station = st.id AND wk.k = (g.h / 5) % 3
      CROSS JOIN LATERAL (SELECT $4::timestamptz + ((g.h % 1000000) / 1000000.0) * ($5::timestamptz - $4::timestamptz) AS at) a`,
      [admin, offset, n, monthStart, monthEnd],
    );
  await mk(ORDERS, 0, 'due');
  await mk(Math.round(ORDERS / 5), ORDERS, 'noise');
  // Claim fines: 2 approved per station for the month (a reward and a penalty), and some that are
  // not approved or of a later month (not taken).
  await db.query(
    `INSERT INTO new_srv_claimfine (new_name, new_station_id, new_finetype, new_amount, new_checkmonth, new_year, new_checkitem, new_approvalstatus, new_iscommit, owningbusinessunit)
    SELECT 'JCB-' || s.new_code || '-' || k, s.new_srv_stationid, 1 + k % 2, 20 + (k * 37 + length(s.new_code)) % 300,
           CASE WHEN k = 4 THEN ${month === 12 ? 12 : month + 1} ELSE $1 END, CASE WHEN k = 4 AND ${month} = 12 THEN $2 + 1 ELSE $2 END,
           '压测考核', CASE WHEN k = 3 THEN ${approvalStatus.draft} ELSE ${approvalStatus.approved} END, k <> 3, s.new_businessunit_id
      FROM new_srv_station s, generate_series(1, 4) k WHERE s.new_code LIKE 'BS%'`,
    [PERIOD.month, PERIOD.year],
  );
  await db.query('ANALYZE new_srv_workorder');
  await db.query('ANALYZE new_srv_claimfine');
  await db.query('ANALYZE new_srv_station');
  const setupMs = t() - s;
  // After the set-up: the caller's reach (business-unit subtree) includes the new stations' units.
  const hq = await callerOf('hq');

  // What the generation must produce, by SQL, before it runs: every station in hq's reach without
  // a statement of the period (the demo's stations too), its due orders and fines.
  const expected = (await db.one<{ stations: number; bench: number; orders: number; fines: number; total: string }>(
    `WITH fresh AS (SELECT s.new_srv_stationid AS id, s.new_code AS code FROM new_srv_station s
                     WHERE NOT EXISTS (SELECT 1 FROM new_srv_expense_claim c WHERE c.new_station_id = s.new_srv_stationid AND c.new_year = $1 AND c.new_month = $2 AND c.new_section = $3)),
          o AS (SELECT o.new_station_id AS station, COALESCE(o.new_servicecharge, 0) + COALESCE(o.new_partcost, 0) + COALESCE(o.new_outsidecost, 0)
                       + COALESCE(o.new_othercost, 0) + COALESCE(o.new_specialfee, 0) + COALESCE(o.new_fineamount, 0) AS amount
                  FROM new_srv_workorder o JOIN fresh ON fresh.id = o.new_station_id
                 WHERE o.new_status = ANY($4::int[]) AND o.new_expenseclaim_id IS NULL AND o.new_audittime < $5),
          f AS (SELECT f.new_station_id AS station, CASE WHEN f.new_finetype = 1 THEN 1 ELSE -1 END * COALESCE(f.new_amount, 0) AS amount
                  FROM new_srv_claimfine f JOIN fresh ON fresh.id = f.new_station_id
                 WHERE f.new_approvalstatus = $6 AND f.new_expenseclaim_id IS NULL AND f.new_year * 100 + f.new_checkmonth <= $7),
          due AS (SELECT station FROM o UNION SELECT station FROM f)
     SELECT (SELECT count(*) FROM due)::int AS stations,
            (SELECT count(*) FROM due JOIN fresh ON fresh.id = due.station WHERE fresh.code LIKE 'BS%')::int AS bench,
            (SELECT count(*) FROM o)::int AS orders, (SELECT count(*) FROM f)::int AS fines,
            ((SELECT COALESCE(sum(amount), 0) FROM o) + (SELECT COALESCE(sum(amount), 0) FROM f))::text AS total`,
    [
      PERIOD.year,
      PERIOD.month,
      PERIOD.section,
      [workOrderStatus.audited, workOrderStatus.revisited],
      monthEnd,
      approvalStatus.approved,
      PERIOD.year * 100 + PERIOD.month,
    ],
  ))!;
  console.log(`\nset-up: ${secs(setupMs)} (load ${load()})`);
  console.log(
    `  due: ${expected.stations} stations (${expected.bench} bench, ${expected.stations - expected.bench} demo), ${expected.orders.toLocaleString('en-US')} orders, ${expected.fines} claim fines, Σ ¥${expected.total}`,
  );
  if (expected.bench !== STATIONS) fail(`every bench station is due (${expected.bench})`);

  if (EXPLAIN) {
    // The generation's writing statements run as EXPLAIN ANALYZE (which executes them) by wrapping Sql.query, then all is rolled back.
    await db
      .tx(async (sql) => {
        const wrapped = {
          ...sql,
          query: async (text: string, values?: unknown[]) => {
            if (/^\s*(WITH|INSERT|UPDATE)/.test(text)) {
              const st = t();
              const { rows } = await sql.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
              console.log(
                `\n--- ${(t() - st).toFixed(0)} ms: ${text.trim().split('\n')[0].slice(0, 80)}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`,
              );
              // EXPLAIN ANALYZE has run the statement; the generation only reads these statements' row counts.
              return { rows: [], rowCount: 0 };
            }
            return sql.query(text, values as never);
          },
        };
        await generateSettlements(wrapped as never, hq, PERIOD, 'zh-CN');
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  }

  demoClaims = (
    await db.query<{ id: string }>(
      'SELECT new_srv_expense_claimid AS id FROM new_srv_expense_claim WHERE new_year = $1 AND new_month = $2 AND new_section = $3',
      [PERIOD.year, PERIOD.month, PERIOD.section],
    )
  ).rows.map((r) => r.id);
  // ---- all-or-nothing: one station's statement refused by a trigger → nothing at all changes
  const before = await fingerprint();
  const victim = (await db.one<{ id: string }>(
    `SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_code = 'BS' || lpad($1::text, 4, '0')`,
    [Math.ceil(STATIONS / 2)],
  ))!.id;
  await db.query(`CREATE FUNCTION bench_refuse_claim() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.new_station_id = '${victim}'::uuid THEN RAISE EXCEPTION 'bench: statement of one station refused'; END IF; RETURN NEW; END $$`);
  await db.query(
    'CREATE TRIGGER bench_refuse_claim BEFORE INSERT ON new_srv_expense_claim FOR EACH ROW EXECUTE FUNCTION bench_refuse_claim()',
  );
  s = t();
  const failed = await db
    .tx((sql) => generateSettlements(sql, hq, PERIOD, 'zh-CN'))
    .then(
      () => null,
      (e: Error) => e,
    );
  const failedMs = t() - s;
  await db.query('DROP TRIGGER bench_refuse_claim ON new_srv_expense_claim');
  await db.query('DROP FUNCTION bench_refuse_claim()');
  if (!failed || !/refused/.test(failed.message)) fail(`the refused station fails the generation (${failed?.message})`);
  const afterFail = await fingerprint();
  if (afterFail !== before) fail(`nothing changed after the failed generation: ${before} → ${afterFail}`);
  if ((await claimsOfPeriod()).n !== 0) fail('no statement of the period after the failed generation');
  console.log(
    `\nall-or-nothing: one station's statement refused (trigger) → failed after ${secs(failedMs)}, orders, fines, statements, lines, history unchanged (load ${load()})`,
  );

  // ---- the timed generation
  s = t();
  const res = await db.tx((sql) => generateSettlements(sql, hq, PERIOD, 'zh-CN'));
  const genMs = t() - s;
  const loadAfter = load();

  // ---- checks by SQL
  const got = await claimsOfPeriod();
  if (res.created !== expected.stations || got.n !== expected.stations)
    fail(`statements: result ${res.created}, table ${got.n}, expected ${expected.stations}`);
  if (res.workOrders !== expected.orders || res.claimFines !== expected.fines)
    fail(`orders ${res.workOrders}/${expected.orders}, fines ${res.claimFines}/${expected.fines}`);
  if (Number(got.total) !== Number(expected.total)) fail(`Σ statement totals ${got.total} = Σ orders' and fines' totals ${expected.total}`);
  const bench = (await db.one<{ n: number; total: string }>(
    `SELECT count(*)::int AS n, sum(c.new_totalamount)::text AS total FROM new_srv_expense_claim c JOIN new_srv_station s ON s.new_srv_stationid = c.new_station_id
      WHERE s.new_code LIKE 'BS%' AND c.new_year = $1 AND c.new_month = $2 AND c.new_section = $3`,
    [PERIOD.year, PERIOD.month, PERIOD.section],
  ))!;
  if (bench.n !== STATIONS) fail(`one statement per bench station (${bench.n})`);
  const orders = (await db.one<{ due: number; settled: number; linked: number; lines: number; logs: number; mismatched: number }>(
    `WITH c AS (SELECT new_srv_expense_claimid AS id, new_name AS no, new_station_id AS station FROM new_srv_expense_claim
                 WHERE new_year = $1 AND new_month = $2 AND new_section = $3 AND new_srv_expense_claimid <> ALL($7::uuid[]))
     SELECT (SELECT count(*) FROM new_srv_workorder o WHERE o.new_status = ANY($4::int[]) AND o.new_expenseclaim_id IS NULL AND o.new_audittime < $5
               AND EXISTS (SELECT 1 FROM c WHERE c.station = o.new_station_id))::int AS due,
            (SELECT count(*) FROM new_srv_workorder o JOIN c ON c.id = o.new_expenseclaim_id WHERE o.new_status = $6)::int AS settled,
            (SELECT count(*) FROM new_srv_workorder o JOIN c ON c.id = o.new_expenseclaim_id AND c.no = o.new_expenseclaimno AND c.station = o.new_station_id)::int AS linked,
            (SELECT count(*) FROM new_srv_expense_claimline l JOIN c ON c.id = l.new_expenseclaim_id WHERE l.new_workorder_id IS NOT NULL)::int AS lines,
            (SELECT count(*) FROM new_srv_workorderlog g JOIN new_srv_workorder o ON o.new_srv_workorderid = g.new_workorder_id JOIN c ON c.id = o.new_expenseclaim_id
              WHERE g.new_tostatus = $6 AND g.new_memo = c.no)::int AS logs,
            (SELECT count(*) FROM c JOIN new_srv_expense_claim x ON x.new_srv_expense_claimid = c.id
              WHERE x.new_totalamount <> (SELECT sum(l.new_workhouramount + l.new_partsamount + l.new_outsideamount + l.new_otheramount + l.new_grantsamount + l.new_rewardamount - l.new_fineamount)
                                             FROM new_srv_expense_claimline l WHERE l.new_expenseclaim_id = c.id))::int AS mismatched`,
    [
      PERIOD.year,
      PERIOD.month,
      PERIOD.section,
      [workOrderStatus.audited, workOrderStatus.revisited],
      monthEnd,
      workOrderStatus.inSettlement,
      demoClaims,
    ],
  ))!;
  if (orders.due !== 0) fail(`no due order left unsettled (${orders.due})`);
  for (const k of ['settled', 'linked', 'lines', 'logs'] as const)
    if (orders[k] !== expected.orders) fail(`${k}: ${orders[k]} of ${expected.orders}`);
  if (orders.mismatched !== 0) fail(`every statement's total = Σ its lines (${orders.mismatched} differ)`);
  const noise = (await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_name LIKE 'SVB%' AND new_srv_workorderid IS NOT NULL
    AND new_expenseclaim_id IS NOT NULL AND (new_audittime IS NULL OR new_audittime >= $1 OR new_expenseclaimno = 'FY-OLD-0001')`,
    [monthEnd],
  ))!.n;
  if (noise !== 0) fail(`orders not due stay out (${noise} taken)`);

  // ---- again: nothing new
  const beforeAgain = await fingerprint();
  s = t();
  const again = await db
    .tx((sql) => generateSettlements(sql, hq, PERIOD, 'zh-CN'))
    .then(
      () => null,
      (e: Error & { message: string }) => e,
    );
  const againMs = t() - s;
  // A Refusal carries its message key; the route answers it in the caller's language.
  if (again?.message !== 'expense.onlyModify') fail(`generating again is refused: expense.onlyModify (${again?.message})`);
  if ((await fingerprint()) !== beforeAgain) fail('generating again changed nothing');

  console.log(`  (the demo already held ${demoClaims.length} statements of the period: left as they are)`);
  const rows = expected.orders * 3 + expected.fines * 2 + expected.stations; // orders updated + lines + history; fines linked + lines; statements
  console.log(
    `\ngeneration (${PERIOD.year}-${String(PERIOD.month).padStart(2, '0')}, all stations, one transaction): ${secs(genMs)} (load after ${loadAfter})`,
  );
  console.log(
    `  ${res.created.toLocaleString('en-US')} statements (${bench.n} bench), ${res.workOrders.toLocaleString('en-US')} orders → 14 and linked, ${res.claimFines} claim fines; Σ totals ¥${got.total} = Σ by SQL ¥${expected.total}`,
  );
  console.log(
    `  ${Math.round(res.workOrders / (genMs / 1000)).toLocaleString('en-US')} orders/s; ${Math.round(rows / (genMs / 1000)).toLocaleString('en-US')} rows written/s (${rows.toLocaleString('en-US')} rows: orders, lines, history, fines, statements)`,
  );
  console.log(
    `  target ≤ ${TARGET_MS / 1000} s: ${(genMs / TARGET_MS).toFixed(2)} of the target (${genMs <= TARGET_MS ? 'met' : 'MISSED'})`,
  );
  console.log(`generating again: refused "${msg('expense.onlyModify', 'zh-CN')}" in ${againMs.toFixed(0)} ms, nothing changed`);
  console.log(
    `checks: every due order at 14, linked, one line and one history entry; every statement's total = Σ its lines; orders not due untouched`,
  );
} finally {
  await p.close();
}
