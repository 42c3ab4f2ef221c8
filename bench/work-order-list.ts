/**
 * The work-order list page as the web app calls it vs the same SQL run directly, on 1,000,000
 * work orders over 300 stations and 3,000 engineers (two years of orders, generated set-based).
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/work-order-list.ts    # PostgreSQL
 *   BENCH_ROWS=200000 node --import tsx bench/work-order-list.ts                 # embedded PGlite
 *
 * Env: BENCH_ROWS (default 1000000), BENCH_RUNS (default 40, at least 30), BENCH_EXPLAIN=1 (plans of
 * the page and count statements), BENCH_ONLY=<substring of a case name>, BENCH_HOLD=<seconds> (keep the
 * loaded database that long before measuring, to look at it with psql), BENCH_PROFILE=1 (parts of the
 * call's fixed cost), BENCH_COMPARE_STATS=1 (first measure without the scope statistics schema.ts
 * derives — the state before they existed — then with them, on the same data).
 *
 * Each case is the call EntityListPage makes for the `all` view of new_srv_workorder: the view's
 * columns as $select (primary key and name first), its order as $orderby, $top=20, $skip, $count=true,
 * the quick search as `(contains(f,'…') or …)` over the model's searchable fields and the "more
 * filters" station lookup as `new_station_id eq <id>` — built by the web app's own buildFilter —
 * with the formatted-values Prefer header. "Direct" is what the record service compiles for that
 * caller (same scope predicate, same lookup-name joins), page and count side by side on the pool as
 * runQuery does them. Medians of interleaved runs.
 */
import { getEntity } from '@portal/model';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { businessUnitSubtree } from '../packages/server/src/records/scope.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy, parseSelect } from '../packages/server/src/records/query/odata.ts';
import type { Principal } from '../packages/server/src/auth/principal.ts';
import { createBenchStationUser, createBenchStations, median, t, timeBoth } from './compare.ts';
import { buildFilter, buildOrderBy } from '../packages/web/src/entity-ui/odata.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Math.max(30, Number(process.env.BENCH_RUNS ?? 40));
const STATIONS = 300;
const ENGINEERS_PER_STATION = 10;
const PAGE = 20;
const FORMATTED_PREFER = 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"';

const secs = (t0: number) => `${((t() - t0) / 1000).toFixed(1)} s`;

const p = await testPortal();
const db = p.db;
const pgServer = !!process.env.DATABASE_URL;
console.log(`database: ${pgServer ? 'PostgreSQL' : 'PGlite (embedded)'}; work orders: ${ROWS.toLocaleString('en-US')}; runs: ${RUNS}`);
try {
  // 300 station business units under the East China branch, their stations, 10 engineers each.
  let t0 = t();
  await createBenchStations(db, STATIONS);
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
  await db.query(
    `
    WITH s AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_stationid AS id, new_businessunit_id AS bu
                 FROM new_srv_station WHERE new_code LIKE 'BS%'),
         sur AS (SELECT ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗'] AS a),
         giv AS (SELECT ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀','霞','平'] AS a)
    INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_sex, new_job, new_region, new_station_id,
                                owningbusinessunit, ownerid, createdby, modifiedby)
    SELECT sur.a[1 + g % 20] || giv.a[1 + (g / 20) % 20] || giv.a[1 + (g / 7) % 20], 'BE' || lpad(g::text, 5, '0'),
           '137' || lpad((g * 7919 % 100000000)::text, 8, '0'), 1 + g % 2, 1 + g % 3, 2, s.id, s.bu, $1, $1, $1
      FROM generate_series(0, ${STATIONS * ENGINEERS_PER_STATION - 1}) g CROSS JOIN sur CROSS JOIN giv
      JOIN s ON s.n = g / ${ENGINEERS_PER_STATION}`,
    [admin],
  );

  // Work orders: drop the secondary indexes, load set-based, rebuild them from the model.
  const wo = getEntity('new_srv_workorder')!;
  const { rows: idx } = await db.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE tablename = 'new_srv_workorder' AND indexname NOT LIKE '%_pkey'",
  );
  for (const i of idx) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
  // Per row g (1 = oldest, ROWS = newest): pseudo-random numbers r1..r4 in [0,1) from multiplicative
  // hashes; age in [0,1) (0 = now); station g % 300 (orders of all stations arrive interleaved, as in
  // production); statuses by age: recent orders are open, old ones audited / settled / closed, 6 %
  // cancelled; 60 % of customers are companies (…有限公司), 40 % private persons.
  await db.query(
    `
    WITH s AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_stationid AS id, new_businessunit_id AS bu
                 FROM new_srv_station WHERE new_code LIKE 'BS%'),
         w AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_workerid AS id FROM new_srv_worker WHERE new_code LIKE 'BE%'),
         pl AS (SELECT array_agg(new_productlineid ORDER BY new_name) AS a FROM new_productline),
         pr AS (SELECT array_agg(productid ORDER BY name) AS a FROM product),
         arr AS (SELECT
           ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗','郑','梁','谢','宋','唐','许','韩','冯','邓','曹'] AS sur,
           ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀','霞','平','刚','桂','英','华','建','国','文','辉','鹏','飞'] AS giv,
           ARRAY['恒达','华通','宏远','金鼎','盛世','永兴','鑫源','天成','瑞丰','中联','新华','东方','长江','海洋','光明','振华','联创','博远','嘉禾','汇丰'] AS brand,
           ARRAY['机械','设备','建材','物流','食品','化工','纺织','电子','工程','汽车'] AS trade,
           ARRAY['上海','苏州','杭州','南京','无锡','宁波','合肥','常州','南通','嘉兴','绍兴','温州'] AS city,
           ARRAY['上海市','江苏省','浙江省','江苏省','江苏省','浙江省','安徽省','江苏省','江苏省','浙江省','浙江省','浙江省'] AS prov,
           ARRAY['浦东新区','工业园区','西湖区','江宁区','滨湖区','鄞州区','蜀山区','武进区','崇川区','南湖区','越城区','鹿城区'] AS county,
           ARRAY['发动机无法启动','液压系统漏油','运行时异响','显示屏报故障码','制冷效果差','电机过热停机','控制面板无响应','传动皮带磨损','定期保养','新机安装调试'] AS fault,
           ARRAY['138','139','135','136','150','151','186','187','188','189','177','133','153','180','181'] AS mob
         ),
         g AS (SELECT g, (g::bigint * 2654435761 % 4294967296) / 4294967296.0 AS r1, (g::bigint * 40503 % 65537) / 65537.0 AS r2,
                      (g::bigint * 69069 % 1000003) / 1000003.0 AS r3, (g::bigint * 2246822519 % 4294967291) AS h,
                      (${ROWS} - g)::float8 / ${ROWS} AS age
                 FROM generate_series(1, ${ROWS}) g),
         x AS (SELECT g.*, now() - make_interval(secs => age * 63072000 + r3 * 50) AS created,
                      CASE WHEN r2 < 0.06 THEN 9
                           WHEN age < 0.004 THEN (ARRAY[1,2,3,4,5,7])[1 + floor(r1 * 6)::int]
                           WHEN age < 0.03 THEN (ARRAY[7,7,10,10,11,12,1,2])[1 + floor(r1 * 8)::int]
                           WHEN age < 0.12 THEN (ARRAY[10,11,12,13,14,15,7])[1 + floor(r1 * 7)::int]
                           ELSE (ARRAY[16,16,16,16,16,15,15,14,13,11])[1 + floor(r1 * 10)::int] END AS st
                 FROM g)
    INSERT INTO new_srv_workorder (new_name, new_type, new_fixtype, new_warranty, new_dealstatus, new_status, new_appointmenttime,
        new_appointmentbegin, new_appointmentend, new_dispatchtime, new_completiontime, new_customer, new_contact, new_phone,
        new_province, new_city, new_county, new_address, new_longitude, new_latitude, new_station_id, new_worker_id,
        new_product_id, new_productline_id, new_model, new_serialnumber, new_faultdesc, new_servicemode, new_isabnormal,
        owningbusinessunit, ownerid, createdby, modifiedby, createdon, modifiedon)
    SELECT 'SV' || to_char(x.created AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(x.g::text, 7, '0'),
           1 + (x.h % 10 > 6)::int + (x.h % 10 > 8)::int, 1 + x.h % 3, 1 + (x.r3 > 0.7)::int,
           CASE WHEN x.st <= 5 THEN x.st WHEN x.st = 9 THEN 1 ELSE 7 + (x.h % 2) END, x.st,
           (x.created + make_interval(days => 1 + (x.h % 3)::int))::date, 800 + (x.h % 9) * 100, 1000 + (x.h % 9) * 100,
           CASE WHEN x.st NOT IN (1, 9) THEN x.created + interval '25 minutes' END,
           CASE WHEN x.st >= 7 AND x.st <> 9 THEN x.created + make_interval(hours => 20 + (x.h % 50)::int) END,
           CASE WHEN x.r3 < 0.6
                THEN arr.city[1 + x.h % 12] || arr.brand[1 + (x.h / 12) % 20] || arr.trade[1 + (x.h / 240) % 10] || '有限公司'
                ELSE arr.sur[1 + (x.h / 7) % 30] || arr.giv[1 + (x.h / 210) % 30] || CASE WHEN x.h % 3 = 0 THEN '' ELSE arr.giv[1 + (x.h / 6300) % 30] END END,
           arr.sur[1 + (x.h / 11) % 30] || arr.giv[1 + (x.h / 330) % 30] || CASE WHEN x.h % 3 = 1 THEN '' ELSE arr.giv[1 + (x.h / 9900) % 30] END,
           arr.mob[1 + (x.h / 13) % 15] || lpad((x.h % 100000000)::text, 8, '0'),
           arr.prov[1 + x.h % 12], arr.city[1 + x.h % 12] || '市', arr.county[1 + x.h % 12],
           arr.county[1 + x.h % 12] || (1 + x.h % 200) || '号' || (1 + x.h % 30) || '栋',
           round((118 + x.r1 * 4)::numeric, 6), round((29 + x.r3 * 4)::numeric, 6),
           s.id, CASE WHEN x.st IN (1, 9) THEN NULL ELSE w.id END,
           pr.a[1 + x.h % greatest(cardinality(pr.a), 1)], pl.a[1 + x.h % greatest(cardinality(pl.a), 1)],
           'XG-' || (100 + x.h % 40), 'SN' || (2022 + x.h % 4) || lpad((x.h / 7 % 100000000)::text, 8, '0'),
           arr.fault[1 + (x.h / 3) % 10], 1 + x.h % 2, x.r2 > 0.97,
           s.bu, $1, $1, $1, x.created, x.created
      FROM x CROSS JOIN arr CROSS JOIN pl CROSS JOIN pr JOIN s ON s.n = x.g % ${STATIONS}
      JOIN w ON w.n = (x.g % ${STATIONS}) * ${ENGINEERS_PER_STATION} + (x.h / 17) % ${ENGINEERS_PER_STATION}`,
    [admin],
  );
  console.log(`generated ${ROWS.toLocaleString('en-US')} work orders in ${secs(t0)}`);
  t0 = t();
  {
    const c = await db.pool.connect();
    try {
      await c.query("SET maintenance_work_mem = '1GB'").catch(() => undefined);
      for (const stmt of entityDdl(wo)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await c.query(stmt);
      await c.query('VACUUM ANALYZE new_srv_workorder');
      for (const tb of ['new_srv_worker', 'new_srv_station', 'businessunit', 'systemuser']) await c.query(`ANALYZE ${tb}`);
    } finally {
      c.release();
    }
  }
  console.log(`indexes built from the model and analysed in ${secs(t0)}`);
  const size = await db.one<{ t: string; i: string }>(
    "SELECT pg_size_pretty(pg_table_size('new_srv_workorder')) AS t, pg_size_pretty(pg_indexes_size('new_srv_workorder')) AS i",
  );
  console.log(`table ${size?.t}, indexes ${size?.i}`);

  // A station principal of one of the 300 stations (same role and password as station1).
  const station = await createBenchStationUser(db);
  const tokens = { station: (await signIn(p.app, 'benchstation')).access_token, admin: (await signIn(p.app, 'admin')).access_token };
  const caller = async (user: string) => {
    const u = (await db.one<{ id: string; bu: string; st: string | null }>(
      'SELECT systemuserid AS id, businessunitid AS bu, new_station_id AS st FROM systemuser WHERE domainname = $1',
      [user],
    ))!;
    // workorder.all: the station principal's and admin's reach (without it, only their assigned orders).
    return {
      principal: {
        userId: u.id,
        businessUnitId: u.bu,
        stationId: u.st,
        privileges: new Set<string>(['workorder.all']),
      } as unknown as Principal,
      subtree: await businessUnitSubtree(db, u.bu),
    };
  };
  const stationRows = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_srv_workorder WHERE new_station_id = $1', [
    station.id,
  ]))!.n;
  console.log(`station BS150: ${stationRows.toLocaleString('en-US')} work orders`);
  if (process.env.BENCH_HOLD) {
    // Keeps the loaded database for a while, to look at it with psql.
    const cs = (db.pool as unknown as { options: { connectionString?: string } }).options.connectionString;
    console.log(`holding ${process.env.BENCH_HOLD} s: ${cs ?? '(embedded)'}; station ${station.id}, unit ${station.bu}`);
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_HOLD) * 1000));
  }

  // The list page's call, built as EntityListPage builds it (view `all`).
  const view = wo.views.all;
  const select = [...new Set([wo.primaryKey, wo.primaryName, ...view.columns])];
  const listUrl = (q: string, filters: Record<string, string>, page: number) => {
    const qs = new URLSearchParams();
    const filter = buildFilter(wo, view, q, filters);
    const params: Record<string, string | number | undefined> = {
      $select: select.join(','),
      $filter: filter || undefined,
      $orderby: buildOrderBy(view, null) || undefined,
      $top: PAGE,
      $skip: (page - 1) * PAGE || undefined,
      $count: 'true',
    };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.append(k, String(v));
    return { url: `/api/crmdata/Retrieve/${wo.entitySet}?${qs}`, filter, orderby: params.$orderby as string, skip: (page - 1) * PAGE };
  };
  const stationFilter = { new_station_id: `${station.id}|${station.name}` };
  const BROAD = '有限公司'; // in ~60 % of customer names: enough matches in one station for page 50
  const NAME = '王建国'; // a person's full name (contact or private customer): a few dozen in a million
  const SHORT = '王建'; // two characters: too short for trigrams
  const cases: { name: string; who: 'station' | 'admin'; q: string; filters: Record<string, string>; page: number; target?: number }[] = [
    {
      name: `station user: station filter + quick search '${BROAD}', page 1`,
      who: 'station',
      q: BROAD,
      filters: stationFilter,
      page: 1,
      target: 1.3,
    },
    {
      name: `station user: station filter + quick search '${BROAD}', page 50 ($skip=980)`,
      who: 'station',
      q: BROAD,
      filters: stationFilter,
      page: 50,
      target: 1.3,
    },
    {
      name: `station user: station filter + quick search '${SHORT}', page 1`,
      who: 'station',
      q: SHORT,
      filters: stationFilter,
      page: 1,
      target: 1.3,
    },
    { name: `head office, all stations: quick search '${NAME}', page 1`, who: 'admin', q: NAME, filters: {}, page: 1 },
    {
      name: `head office, all stations: quick search '${SHORT}' (2 chars, no trigrams), page 1`,
      who: 'admin',
      q: SHORT,
      filters: {},
      page: 1,
    },
    { name: 'station user: no filter, newest first, page 1', who: 'station', q: '', filters: {}, page: 1 },
  ];

  const stats = entityDdl(wo).find((x) => x.startsWith('CREATE STATISTICS'));
  const phases = process.env.BENCH_COMPARE_STATS && stats ? ['without scope statistics', 'with scope statistics (schema.ts)'] : [''];
  for (const phase of phases) {
    if (phase) {
      t0 = t();
      await db.query('DROP STATISTICS IF EXISTS sts_new_srv_workorder');
      if (phase.startsWith('with ')) await db.query(stats!);
      await db.query('ANALYZE new_srv_workorder');
      console.log(`\n=== ${phase} (analysed in ${secs(t0)})`);
    }
    const summary: string[] = [];
    for (const c of cases) {
      if (process.env.BENCH_ONLY && !c.name.includes(process.env.BENCH_ONLY)) continue;
      const who = await caller(c.who === 'station' ? 'benchstation' : 'admin');
      const u = listUrl(c.q, c.filters, c.page);
      const spec: QuerySpec = {
        entity: wo,
        select: parseSelect(select.join(',')),
        filters: u.filter ? [parseFilter(u.filter)] : [],
        orderBy: parseOrderBy(u.orderby),
        top: PAGE,
        skip: u.skip,
        count: true,
        formatted: true,
      };
      const q = compileQuery(spec, { caller: who, lang: 'zh-CN', mayRead: () => true });
      if (process.env.BENCH_EXPLAIN) {
        console.log(`\n-- ${c.name}\n${q.sql}\n${q.countSql}`);
        for (const [sql, params] of [
          [q.sql, q.params],
          [q.countSql, q.countParams],
        ] as const) {
          if (!sql) continue;
          const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
          console.log(plan.rows.map((r) => String(r['QUERY PLAN']).slice(0, 200)).join('\n'));
        }
      }
      const direct = async () => {
        const [r, n] = await Promise.all([
          db.query(q.sql, q.params),
          q.countSql ? db.query<{ n: number }>(q.countSql, q.countParams) : undefined,
        ]);
        return { rows: r.rows.length, n: n?.rows[0].n };
      };
      const api = async () => {
        const r = await p.app.inject({
          method: 'GET',
          url: u.url,
          headers: { ...bearer(tokens[c.who]), prefer: FORMATTED_PREFER, 'accept-language': 'zh-CN' },
        });
        if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
        const j = r.json();
        return { rows: j.Data.value.length as number, n: j.Data['@odata.count'] as number };
      };
      const { a, ta, td } = await timeBoth(api, direct, { runs: RUNS, warmups: 5 });
      const ma = median(ta);
      const md = median(td);
      const ratio = ma / md;
      const verdict = c.target ? (ratio <= c.target ? `  (target ≤ ${c.target}×: met)` : `  (target ≤ ${c.target}×: MISSED)`) : '';
      console.log(
        `\n${c.name}\n  rows ${a.rows}, count ${a.n}\n  list call (app.inject): median ${ma.toFixed(2)} ms\n  same SQL via pg:        median ${md.toFixed(2)} ms\n  ratio ${ratio.toFixed(2)}×  (fixed cost of the call: ${(ma - md).toFixed(2)} ms)${verdict}`,
      );
      if (process.env.BENCH_PROFILE) {
        // Parts of the call's fixed cost: an authenticated call that reads no records (sign-in check
        // and envelope), and the record service's own runQuery (compile, page + count, shaping).
        const { runQuery } = await import('../packages/server/src/records/service.ts');
        const tp: number[] = [];
        const trq: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          let s = t();
          await p.app.inject({
            method: 'GET',
            url: '/api/crmpicklist/options/new_srv_workorder/new_status',
            headers: bearer(tokens[c.who]),
          });
          tp.push(t() - s);
          s = t();
          await runQuery(db, spec, { caller: who, lang: 'zh-CN', mayRead: () => true });
          trq.push(t() - s);
        }
        console.log(
          `  (authenticated call without data: ${median(tp).toFixed(2)} ms; runQuery incl. compile and shaping: ${median(trq).toFixed(2)} ms)`,
        );
      }
      summary.push(`| ${c.name} | ${a.n} | ${ma.toFixed(1)} | ${md.toFixed(1)} | ${ratio.toFixed(2)}× |`);
    }
    console.log(`\n${phase ? `${phase}:\n` : ''}| case | count | call ms | SQL ms | ratio |\n|---|---:|---:|---:|---:|`);
    console.log(summary.join('\n'));
  }
} finally {
  await p.close();
}
