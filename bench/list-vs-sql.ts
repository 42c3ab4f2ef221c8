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
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { businessUnitSubtree } from '../packages/server/src/records/scope.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy } from '../packages/server/src/records/query/odata.ts';
import { quickSearch } from '../packages/server/src/records/service.ts';
import type { Principal } from '../packages/server/src/auth/principal.ts';
import { createBenchStationUser, createBenchStations, createBenchWorkers, median, t, timeBoth } from './compare.ts';

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
  await createBenchStations(db, STATIONS);

  // Personnel: 1,000,000 rows loaded set-based, indexes rebuilt from the model.
  await createBenchWorkers(db, ROWS, STATIONS);
  const worker = getEntity('new_srv_worker')!;
  // A station principal of one of the 300 stations (same role and password as station1).
  const station = await createBenchStationUser(db);
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
