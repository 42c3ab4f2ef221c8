/**
 * Generic list call vs the same SQL run directly, on 1,000,000 service personnel over 300 stations.
 *
 *   node --import tsx bench/list-vs-sql.ts                                   # embedded PGlite
 *   node scripts/with-postgres.mjs node --import tsx bench/list-vs-sql.ts    # PostgreSQL 15
 *
 * Env: BENCH_ROWS (default 1000000), BENCH_RUNS (default 40, at least 20). Prints medians and ratios.
 * BENCH_EXPLAIN=1 prints the plans; BENCH_PROFILE=1 times the parts of the fixed cost (sign-in check,
 * subtree query, the record service's own runQuery); BENCH_BLOCKS=1 runs each side in its own loop
 * instead of interleaving them.
 */
import { getEntity } from '@portal/model';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { businessUnitSubtree } from '../packages/server/src/records/scope.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy } from '../packages/server/src/records/query/odata.ts';
import { quickSearch } from '../packages/server/src/records/service.ts';
import type { Principal } from '../packages/server/src/auth/principal.ts';
import { createBenchStations, median, t, timeBoth } from './compare.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 40));
const STATIONS = 300;

const p = await testPortal();
const db = p.db;
console.log(
  `database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}; rows: ${ROWS.toLocaleString('en-US')}; runs: ${RUNS}`,
);
try {
  // 300 station business units under the East China branch, and their stations — set-based.
  let t0 = t();
  await createBenchStations(db, STATIONS);

  // Personnel: drop the table's secondary indexes, load with generate_series, rebuild them from the model.
  const worker = getEntity('new_srv_worker')!;
  const { rows: idx } = await db.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE tablename = 'new_srv_worker' AND indexname NOT LIKE '%_pkey'",
  );
  for (const i of idx) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
  await db.query(
    `
    WITH s AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_stationid AS id, new_businessunit_id AS bu
                 FROM new_srv_station WHERE new_code LIKE 'BS%'),
         sur AS (SELECT ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗','郑','梁','谢','宋','唐','许','韩','冯','邓','曹'] AS a),
         giv AS (SELECT ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀','霞','平','刚','桂','英','华','建','国','文','辉','鹏','飞'] AS a)
    INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_sex, new_job, new_educationlevel, new_workyear, new_region, new_station_id,
                                owningbusinessunit, ownerid, createdby, modifiedby, createdon, modifiedon)
    SELECT sur.a[1 + (g / 300) % 30] || giv.a[1 + (g / 9000) % 30] || giv.a[1 + (g / 2100) % 30], 'W' || g, '138' || lpad((g % 100000000)::text, 8, '0'),
           1 + g % 2, 1 + g % 3, 1 + g % 6, g % 40, 2, s.id, s.bu, $1, $1, $1,
           now() - make_interval(secs => g), now() - make_interval(secs => g)
      FROM generate_series(1, ${ROWS}) g CROSS JOIN sur CROSS JOIN giv JOIN s ON s.n = g % ${STATIONS}`,
    [admin],
  );
  console.log(`generated ${ROWS.toLocaleString('en-US')} rows in ${((t() - t0) / 1000).toFixed(1)} s`);
  t0 = t();
  for (const stmt of entityDdl(worker)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await db.query(stmt);
  await db.query('VACUUM ANALYZE new_srv_worker');
  await db.query('ANALYZE new_srv_station');
  await db.query('ANALYZE businessunit');
  console.log(`indexes rebuilt and analysed in ${((t() - t0) / 1000).toFixed(1)} s`);

  // A station principal of one of the 300 stations (same role and password as station1).
  const station = (await db.one<{ id: string; bu: string }>(
    "SELECT new_srv_stationid AS id, new_businessunit_id AS bu FROM new_srv_station WHERE new_code = 'BS150'",
  ))!;
  await db.query(
    `INSERT INTO systemuser (fullname, domainname, businessunitid, owningbusinessunit, new_station_id, new_password, isdisabled, new_usertype)
    SELECT '压测站长', 'benchstation', $1, $1, $2, new_password, false, 3 FROM systemuser WHERE domainname = 'station1'`,
    [station.bu, station.id],
  );
  await db.query(`INSERT INTO systemuserroles (systemuserid, roleid)
    SELECT u.systemuserid, r.roleid FROM systemuser u, role r WHERE u.domainname = 'benchstation' AND r.new_code = 'R04-STATION'`);
  const tokens = { station: (await signIn(p.app, 'benchstation')).access_token, admin: (await signIn(p.app, 'admin')).access_token };
  const caller = async (user: string) => {
    const u = (await db.one<{ id: string; bu: string; st: string | null }>(
      'SELECT systemuserid AS id, businessunitid AS bu, new_station_id AS st FROM systemuser WHERE domainname = $1',
      [user],
    ))!;
    return {
      principal: { userId: u.id, businessUnitId: u.bu, stationId: u.st, privileges: new Set<string>() } as unknown as Principal,
      subtree: await businessUnitSubtree(db, u.bu),
    };
  };

  const e = worker;
  const SELECT = ['new_name', 'new_code', 'new_phone', 'new_station_id', 'new_job', 'createdon'];
  const cases: { name: string; who: 'station' | 'admin'; url: string; spec: () => QuerySpec }[] = [
    {
      name: 'OData list, station user: station filter + contains(new_name), page 1 of 20, $count',
      who: 'station',
      url: `/api/crmdata/Retrieve/new_srv_workers?$select=${SELECT.join(',')}&$filter=${encodeURIComponent(`new_station_id eq ${station.id} and contains(new_name,'建')`)}&$orderby=createdon desc&$top=20&$count=true`,
      spec: () => ({
        entity: e,
        select: SELECT,
        filters: [parseFilter(`new_station_id eq ${station.id} and contains(new_name,'建')`)],
        orderBy: parseOrderBy('createdon desc'),
        top: 20,
        skip: 0,
        count: true,
        formatted: false,
      }),
    },
    {
      name: 'OData list, station user: no filter, newest first, page 1 of 20, $count',
      who: 'station',
      url: `/api/crmdata/Retrieve/new_srv_workers?$select=${SELECT.join(',')}&$top=20&$count=true`,
      spec: () => ({ entity: e, select: SELECT, filters: [], orderBy: [], top: 20, skip: 0, count: true, formatted: false }),
    },
    {
      name: 'lookup, station user: filterValue on new_name, page 1 of 20 (TotalRecordCount)',
      who: 'station',
      url: `/api/crmlookupview/data?entityName=new_srv_worker&page=1&count=20&filter=new_name&filterValue=${encodeURIComponent('王建')}`,
      spec: () => ({
        entity: e,
        select: [e.primaryName, 'createdon'],
        filters: [quickSearch(e, ['new_name'], '王建')],
        orderBy: parseOrderBy('createdon desc'),
        top: 20,
        skip: 0,
        count: true,
        formatted: false,
      }),
    },
    {
      name: "OData list, head office over all rows: contains(new_code,'12345') (trigram index), page 1 of 20, $count",
      who: 'admin',
      url: `/api/crmdata/Retrieve/new_srv_workers?$select=${SELECT.join(',')}&$filter=${encodeURIComponent("contains(new_code,'12345')")}&$orderby=createdon desc&$top=20&$count=true`,
      spec: () => ({
        entity: e,
        select: SELECT,
        filters: [parseFilter("contains(new_code,'12345')")],
        orderBy: parseOrderBy('createdon desc'),
        top: 20,
        skip: 0,
        count: true,
        formatted: false,
      }),
    },
  ];

  for (const c of cases) {
    const who = await caller(c.who === 'station' ? 'benchstation' : 'admin');
    const q = compileQuery(c.spec(), { caller: who, lang: 'zh-CN', mayRead: () => true });
    if (process.env.BENCH_EXPLAIN) {
      console.log(q.sql);
      for (const [sql, params] of [
        [q.sql, q.params],
        [q.countSql, q.countParams],
      ] as const) {
        if (!sql) continue;
        const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(plan.rows.map((r) => String(r['QUERY PLAN']).slice(0, 220)).join('\n'));
      }
    }
    const direct = async () => {
      // as the record service runs them: page and count side by side
      const [r, c] = await Promise.all([db.query(q.sql, q.params), q.countSql ? db.query(q.countSql, q.countParams) : undefined]);
      return { rows: r.rows.length, n: c?.rows[0].n };
    };
    const api = async () => {
      const r = await p.app.inject({ method: 'GET', url: c.url, headers: bearer(tokens[c.who]) });
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
      const j = r.json();
      return { rows: (j.Data.value ?? j.Data).length, n: j.Data['@odata.count'] ?? j.TotalRecordCount };
    };
    const { a, ta, td } = await timeBoth(api, direct, { runs: RUNS, warmups: 10, blocks: !!process.env.BENCH_BLOCKS });
    if (process.env.BENCH_PROFILE) {
      const tp: number[] = [];
      const tsub: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let s = t();
        await p.app.inject({ method: 'GET', url: '/api/crmpicklist/options/new_srv_worker/new_sex', headers: bearer(tokens[c.who]) });
        tp.push(t() - s);
        s = t();
        await businessUnitSubtree(db, who.principal.businessUnitId);
        tsub.push(t() - s);
      }
      const trq: number[] = [];
      const { runQuery } = await import('../packages/server/src/records/service.ts');
      for (let i = 0; i < RUNS; i++) {
        const s = t();
        await runQuery(db, c.spec(), { caller: who, lang: 'zh-CN', mayRead: () => true });
        trq.push(t() - s);
      }
      console.log(
        `  (authenticated call without data: ${median(tp).toFixed(2)} ms; subtree query: ${median(tsub).toFixed(2)} ms; runQuery: ${median(trq).toFixed(2)} ms)`,
      );
    }
    const ma = median(ta);
    const md = median(td);
    console.log(
      `\n${c.name}\n  rows ${a.rows}, count ${a.n}\n  generic call (app.inject): median ${ma.toFixed(2)} ms\n  same SQL via pg:           median ${md.toFixed(2)} ms\n  ratio ${(ma / md).toFixed(2)}×  (fixed cost of the call: ${(ma - md).toFixed(2)} ms)`,
    );
  }
} finally {
  await p.close();
}
