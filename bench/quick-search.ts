/**
 * Quick search of 1, 2 and 3 characters over 1,000,000 rows, head office (all units), before and
 * after the grams prefilter (issue 27, docs/decisions.md "Two-character quick search (issue 27)"):
 * the work-order list (new_srv_workorder) and the sales order list (salesorder).
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/quick-search.ts    # PostgreSQL 15
 *   BENCH_ROWS=100000 node --import tsx bench/quick-search.ts                 # embedded PGlite
 *
 * Env: BENCH_ROWS (default 1000000, per list), BENCH_RUNS (default 30, at least 15), BENCH_ONLY=<substring
 * of a case name>, BENCH_LISTS=workorder,salesorder, BENCH_EXPLAIN=1 (plans of page and count, after).
 *
 * Each case is the call the list screen makes for its `all` view (EntityListPage: the view's
 * columns, its order, $top=20, $count=true, the quick search as `(contains(f,'…') or …)` over the
 * model's searchable fields built by the web app's own buildFilter, formatted values), signed in as
 * admin (head office: every unit). "before" compiles the same call without the grams prefilter
 * (grams.ts `gramSearch.enabled = false`: the SQL as it was), "after" with it; each side is timed
 * through the API (app.inject) and as bare SQL (page and count side by side on the pool, as
 * runQuery does), interleaved, medians.
 *
 * Work orders are generated as bench/work-order-list.ts generates them (its searchable fields —
 * number, customer, contact, phone, serial number — by the same formulas; other columns left out);
 * sales orders as a dealer's store would place them over two years (numbers SO<day><seq>, consignee
 * names and phones as the work orders' contacts).
 */
import { getEntity, type EntityDef } from '@portal/model';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { gramSearch } from '../packages/server/src/records/query/grams.ts';
import { parseFilter, parseOrderBy, parseSelect } from '../packages/server/src/records/query/odata.ts';
import { benchCaller, createBenchStations, median, t, timeBoth } from './compare.ts';
import { buildFilter, buildOrderBy } from '../packages/web/src/entity-ui/odata.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Math.max(15, Number(process.env.BENCH_RUNS ?? 30));
const LISTS = (process.env.BENCH_LISTS ?? 'workorder,salesorder').split(',');
const STATIONS = 300;
const PAGE = 20;
const TARGET_MS = 50;
const FORMATTED_PREFER = 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"';
const secs = (t0: number) => `${((t() - t0) / 1000).toFixed(1)} s`;

const NAMES = `ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗','郑','梁','谢','宋','唐','许','韩','冯','邓','曹'] AS sur,
  ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀','霞','平','刚','桂','英','华','建','国','文','辉','鹏','飞'] AS giv`;
const HASHES = `SELECT g, (g::bigint * 2654435761 % 4294967296) / 4294967296.0 AS r1, (g::bigint * 69069 % 1000003) / 1000003.0 AS r3,
  (g::bigint * 2246822519 % 4294967291) AS h, (${ROWS} - g)::float8 / ${ROWS} AS age FROM generate_series(1, ${ROWS}) g`;

const p = await testPortal();
const db = p.db;
const pgServer = !!process.env.DATABASE_URL;
console.log(`database: ${pgServer ? 'PostgreSQL' : 'PGlite (embedded)'}; rows per list: ${ROWS.toLocaleString('en-US')}; runs: ${RUNS}`);

/** Drops the table's secondary indexes, loads it with `insert`, rebuilds the model's indexes and analyses. */
async function load(e: EntityDef, insert: string, params: unknown[]) {
  let t0 = t();
  const { rows: idx } = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = '${e.logicalName}' AND indexname NOT LIKE '%_pkey'`,
  );
  for (const i of idx) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
  await db.query(insert, params);
  console.log(`${e.logicalName}: generated ${ROWS.toLocaleString('en-US')} rows in ${secs(t0)}`);
  t0 = t();
  const c = await db.pool.connect();
  try {
    await c.query("SET maintenance_work_mem = '1GB'").catch(() => undefined);
    for (const stmt of entityDdl(e)) {
      if (!/^CREATE (UNIQUE )?INDEX/.test(stmt)) continue;
      const s = t();
      await c.query(stmt);
      if (/portal_grams|gin_trgm_ops/.test(stmt)) console.log(`  ${stmt.match(/"(ix[gt]_[^"]+)"/)?.[1]}: ${secs(s)}`);
    }
    await c.query(`VACUUM ANALYZE ${e.logicalName}`);
  } finally {
    c.release();
  }
  const size = await db.one<{ t: string; g: string; tr: string }>(
    `SELECT pg_size_pretty(pg_table_size('${e.logicalName}')) AS t,
            pg_size_pretty(sum(pg_relation_size(indexrelid)) FILTER (WHERE c.relname LIKE 'ixg\\_%')) AS g,
            pg_size_pretty(sum(pg_relation_size(indexrelid)) FILTER (WHERE c.relname LIKE 'ixt\\_%')) AS tr
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = '${e.logicalName}'::regclass`,
  );
  console.log(`  indexes built and analysed in ${secs(t0)}; table ${size?.t}, grams indexes ${size?.g}, trigram indexes ${size?.tr}`);
}

try {
  await createBenchStations(db, STATIONS);
  const admin = (await db.one<{ id: string; bu: string }>(
    "SELECT systemuserid AS id, businessunitid AS bu FROM systemuser WHERE domainname = 'admin'",
  ))!;
  const stations = `SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_stationid AS id, new_businessunit_id AS bu
                      FROM new_srv_station WHERE new_code LIKE 'BS%'`;

  const lists: { e: EntityDef; texts: string[] }[] = [];
  if (LISTS.includes('workorder')) {
    const wo = getEntity('new_srv_workorder')!;
    // The searchable columns by work-order-list.ts's formulas (60 % companies, 40 % private persons).
    await load(
      wo,
      `WITH s AS (${stations}),
            arr AS (SELECT ${NAMES},
              ARRAY['恒达','华通','宏远','金鼎','盛世','永兴','鑫源','天成','瑞丰','中联','新华','东方','长江','海洋','光明','振华','联创','博远','嘉禾','汇丰'] AS brand,
              ARRAY['机械','设备','建材','物流','食品','化工','纺织','电子','工程','汽车'] AS trade,
              ARRAY['上海','苏州','杭州','南京','无锡','宁波','合肥','常州','南通','嘉兴','绍兴','温州'] AS city,
              ARRAY['138','139','135','136','150','151','186','187','188','189','177','133','153','180','181'] AS mob),
            x AS (SELECT g.*, now() - make_interval(secs => age * 63072000 + r3 * 50) AS created FROM (${HASHES}) g)
       INSERT INTO new_srv_workorder (new_name, new_status, new_customer, new_contact, new_phone, new_serialnumber, new_station_id,
                                      owningbusinessunit, ownerid, createdby, modifiedby, createdon, modifiedon)
       SELECT 'SV' || to_char(x.created AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(x.g::text, 7, '0'), 16,
              CASE WHEN x.r3 < 0.6
                   THEN arr.city[1 + x.h % 12] || arr.brand[1 + (x.h / 12) % 20] || arr.trade[1 + (x.h / 240) % 10] || '有限公司'
                   ELSE arr.sur[1 + (x.h / 7) % 30] || arr.giv[1 + (x.h / 210) % 30] || CASE WHEN x.h % 3 = 0 THEN '' ELSE arr.giv[1 + (x.h / 6300) % 30] END END,
              arr.sur[1 + (x.h / 11) % 30] || arr.giv[1 + (x.h / 330) % 30] || CASE WHEN x.h % 3 = 1 THEN '' ELSE arr.giv[1 + (x.h / 9900) % 30] END,
              arr.mob[1 + (x.h / 13) % 15] || lpad((x.h % 100000000)::text, 8, '0'),
              'SN' || (2022 + x.h % 4) || lpad((x.h / 7 % 100000000)::text, 8, '0'),
              s.id, s.bu, $1, $1, $1, x.created, x.created
         FROM x CROSS JOIN arr JOIN s ON s.n = x.g % ${STATIONS}`,
      [admin.id],
    );
    lists.push({ e: wo, texts: ['王建', '王', '王建国'] });
  }
  if (LISTS.includes('salesorder')) {
    const so = getEntity('salesorder')!;
    // Orders of 300 buyers (the bench units) to head office, numbered per China day.
    await load(
      so,
      `WITH s AS (${stations}),
            arr AS (SELECT ${NAMES}),
            x AS (SELECT g.*, now() - make_interval(secs => age * 63072000 + r3 * 50) AS created FROM (${HASHES}) g)
       INSERT INTO salesorder (name, new_status, new_supplier_id, totalamount, new_totalqty, new_shippedqty, new_signedqty,
                               new_contact, new_phone, new_address, owningbusinessunit, ownerid, createdby, modifiedby, createdon, modifiedon)
       SELECT 'SO' || to_char(x.created AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(x.g::text, 7, '0'), 1 + x.h % 7, $2,
              round((100 + x.r1 * 50000)::numeric, 2), 1 + x.h % 50, 0, 0,
              arr.sur[1 + (x.h / 11) % 30] || arr.giv[1 + (x.h / 330) % 30] || CASE WHEN x.h % 3 = 1 THEN '' ELSE arr.giv[1 + (x.h / 9900) % 30] END,
              '139' || lpad((x.h % 100000000)::text, 8, '0'), '工业园区' || (1 + x.h % 200) || '号', s.bu, $1, $1, $1, x.created, x.created
         FROM x CROSS JOIN arr JOIN s ON s.n = x.g % ${STATIONS}`,
      [admin.id, admin.bu],
    );
    lists.push({ e: so, texts: ['王建', '王', '王建国', '07'] });
  }
  for (const tb of ['new_srv_station', 'businessunit', 'systemuser']) await db.query(`ANALYZE ${tb}`);

  const token = (await signIn(p.app, 'admin')).access_token;
  const caller = await benchCaller(db, 'admin');
  const summary: string[] = [];
  for (const { e, texts } of lists) {
    const view = e.views.all;
    const select = [...new Set([e.primaryKey, e.primaryName, ...view.columns])];
    for (const text of texts) {
      const name = `${e.logicalName}: head office, quick search '${text}' (${[...text].length} char${[...text].length > 1 ? 's' : ''})`;
      if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
      const filter = buildFilter(e, view, text, {});
      const orderby = buildOrderBy(view, null);
      const qs = new URLSearchParams({ $select: select.join(','), $filter: filter, $orderby: orderby, $top: String(PAGE), $count: 'true' });
      const url = `/api/crmdata/Retrieve/${e.entitySet}?${qs}`;
      const spec: QuerySpec = {
        entity: e,
        select: parseSelect(select.join(',')),
        filters: [parseFilter(filter)],
        orderBy: parseOrderBy(orderby),
        top: PAGE,
        skip: 0,
        count: true,
        formatted: true,
      };
      const figures: Record<string, { api: number; sql: number; n: unknown }> = {};
      for (const phase of ['before', 'after'] as const) {
        gramSearch.enabled = phase === 'after';
        const q = compileQuery(spec, { caller, lang: 'zh-CN', mayRead: () => true });
        if (process.env.BENCH_EXPLAIN && phase === 'after') {
          console.log(`\n-- ${name}\n${q.sql}`);
          for (const [sql, params] of [
            [q.sql, q.params],
            [q.countSql, q.countParams],
          ] as const) {
            const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
            console.log(plan.rows.map((r) => String(r['QUERY PLAN']).slice(0, 220)).join('\n'));
          }
        }
        const direct = async () => {
          const [r, n] = await Promise.all([db.query(q.sql, q.params), db.query<{ n: number }>(q.countSql!, q.countParams)]);
          return { rows: r.rows.length, n: n.rows[0].n };
        };
        const api = async () => {
          const r = await p.app.inject({
            method: 'GET',
            url,
            headers: { ...bearer(token), prefer: FORMATTED_PREFER, 'accept-language': 'zh-CN' },
          });
          if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
          const j = r.json();
          return { rows: j.Data.value.length as number, n: j.Data['@odata.count'] as number };
        };
        const { a, ta, td } = await timeBoth(api, direct, { runs: RUNS, warmups: 3 });
        figures[phase] = { api: median(ta), sql: median(td), n: a.n };
      }
      gramSearch.enabled = true;
      const { before: b, after: f } = figures;
      if (b.n !== f.n) throw new Error(`${name}: before counts ${b.n}, after ${f.n}`);
      const verdict = f.api <= TARGET_MS ? 'met' : 'MISSED';
      console.log(
        `\n${name}\n  count ${f.n}\n  before: call ${b.api.toFixed(1)} ms, SQL ${b.sql.toFixed(1)} ms` +
          `\n  after:  call ${f.api.toFixed(1)} ms, SQL ${f.sql.toFixed(1)} ms` +
          `\n  after/before: call ${(f.api / b.api).toFixed(3)}×, SQL ${(f.sql / b.sql).toFixed(3)}×; call/SQL after ${(f.api / f.sql).toFixed(2)}×  (target call ≤ ${TARGET_MS} ms: ${verdict})`,
      );
      summary.push(
        `| ${name} | ${f.n} | ${b.api.toFixed(1)} | ${b.sql.toFixed(1)} | ${f.api.toFixed(1)} | ${f.sql.toFixed(1)} | ${(b.api / f.api).toFixed(1)}× | ${(f.api / f.sql).toFixed(2)}× |`,
      );
    }
  }
  console.log(
    '\n| case | count | before call ms | before SQL ms | after call ms | after SQL ms | speed-up (call) | call/SQL after |\n|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  console.log(summary.join('\n'));
} finally {
  await p.close();
}
