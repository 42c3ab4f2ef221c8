/**
 * The Web API's list call (GET /api/data/v9.2/{set}, issue 30) against the portal's own list call
 * (GET /api/crmdata/Retrieve/{set}) for the same query, both through `app.inject` with the sign-in
 * check, scope and formatting, on BENCH_ROWS `new_srv_worker` rows over 300 stations (compare.ts
 * createBenchWorkers, as list-vs-sql.ts). Medians of BENCH_RUNS interleaved runs; target ≤ 1.2×.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/webapi.ts    # PostgreSQL 15
 *   node --import tsx bench/webapi.ts                                   # embedded PGlite
 *
 * Env: BENCH_ROWS (default 1000000), BENCH_RUNS (default 40).
 */
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { createBenchStationUser, createBenchStations, createBenchWorkers, median, timeBoth } from './compare.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 40));
const STATIONS = 300;

const p = await testPortal();
const db = p.db;
console.log(
  `database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}; rows: ${ROWS.toLocaleString('en-US')}; runs: ${RUNS}`,
);
try {
  await createBenchStations(db, STATIONS);
  await createBenchWorkers(db, ROWS, STATIONS);
  await createBenchStationUser(db);
  const tokens: Record<string, string> = {
    station: (await signIn(p.app, 'benchstation')).access_token,
    admin: (await signIn(p.app, 'admin')).access_token,
  };

  const SELECT = 'new_name,new_code,new_phone,new_job,new_workyear,new_station_id,createdon';
  const FORMATTED = 'odata.include-annotations="*"';
  const cases: { who: string; name: string; query: string; prefer?: string }[] = [
    { who: 'station', name: 'station: page 1 of 50 with $count', query: `$select=${SELECT}&$orderby=createdon desc&$top=50&$count=true` },
    {
      who: 'station',
      name: 'station: filter new_job eq 3, formatted values',
      query: `$select=${SELECT}&$filter=${encodeURIComponent('new_job eq 3')}&$orderby=createdon desc&$top=50`,
      prefer: FORMATTED,
    },
    {
      who: 'admin',
      name: "head office: contains(new_name,'王伟') with $count",
      query: `$select=${SELECT}&$filter=${encodeURIComponent("contains(new_name,'王伟')")}&$orderby=createdon desc&$top=50&$count=true`,
    },
    {
      who: 'admin',
      name: 'head office: page 1 of 50, formatted values',
      query: `$select=${SELECT}&$orderby=createdon desc&$top=50`,
      prefer: FORMATTED,
    },
  ];
  for (const c of cases) {
    const headers = { ...bearer(tokens[c.who]), ...(c.prefer ? { prefer: c.prefer } : {}) };
    const call = async (url: string, pick: (j: Record<string, unknown>) => { value: unknown[]; '@odata.count'?: number }) => {
      const res = await p.app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const j = pick(res.json());
      return { rows: j.value.length, n: j['@odata.count'] };
    };
    const r = await timeBoth(
      () => call(`/api/data/v9.2/new_srv_workers?${c.query}`, (j) => j as { value: unknown[] }),
      () => call(`/api/crmdata/Retrieve/new_srv_workers?${c.query}`, (j) => j.Data as { value: unknown[] }),
      { runs: RUNS, warmups: 5 },
    );
    const api = median(r.ta);
    const own = median(r.td);
    console.log(
      `${c.name} (${r.a.rows} rows${r.a.n !== undefined ? ` of ${r.a.n}` : ''}): web api ${api.toFixed(1)} ms, /api/crmdata ${own.toFixed(1)} ms → ${(api / own).toFixed(2)}× (target ≤ 1.20×)`,
    );
  }
  // The Web API's own paging (Prefer: odata.maxpagesize, one row more read to tell whether a next page exists).
  const paged = await timeBoth(
    async () => {
      const res = await p.app.inject({
        method: 'GET',
        url: `/api/data/v9.2/new_srv_workers?$select=${SELECT}&$orderby=createdon desc`,
        headers: { ...bearer(tokens.station), prefer: 'odata.maxpagesize=50' },
      });
      const j = res.json() as { value: unknown[]; '@odata.nextLink'?: string };
      if (!j['@odata.nextLink']) throw new Error('no nextLink');
      return { rows: j.value.length, n: undefined };
    },
    async () => {
      const res = await p.app.inject({
        method: 'GET',
        url: `/api/crmdata/Retrieve/new_srv_workers?$select=${SELECT}&$orderby=createdon desc&$top=50`,
        headers: bearer(tokens.station),
      });
      return { rows: (res.json().Data as { value: unknown[] }).value.length, n: undefined };
    },
    { runs: RUNS, warmups: 5 },
  );
  console.log(
    `station: maxpagesize=50 with nextLink vs $top=50: web api ${median(paged.ta).toFixed(1)} ms, /api/crmdata ${median(paged.td).toFixed(1)} ms → ${(median(paged.ta) / median(paged.td)).toFixed(2)}×`,
  );
} finally {
  await p.close();
}
