/**
 * Where a small list call's fixed cost goes (issue 25 item 12), on the demo database: for the
 * stock and transaction lists of a station user (page 1 of 20 with count, formatted values, as the
 * web app asks), medians of BENCH_RUNS (default 200) interleaved runs of
 *   - the whole call (app.inject: routing, token check, scope, compile, SQL, shaping, envelope, JSON);
 *   - the floor: the same call refused right after authentication ($count=maybe → 400, no SQL);
 *   - the page and count SQL alone (as stock.ts's "SQL" column);
 *   - compile + shape + JSON.stringify of the rows in process (no I/O).
 *   node scripts/with-postgres.mjs node --import tsx bench/list-overhead.ts
 */
import { getEntity } from '@portal/model';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy, parseSelect } from '../packages/server/src/records/query/odata.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { buildFilter, buildOrderBy } from '../packages/web/src/entity-ui/odata.ts';
import { benchCaller, median, t } from './compare.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PREFER = 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"';
const p = await testPortal();
try {
  const token = (await signIn(p.app, 'station1')).access_token;
  const caller = await benchCaller(p.db, 'station1');
  for (const name of ['new_srv_stocktransaction', 'new_srv_siteinv']) {
    const e = getEntity(name)!;
    const view = e.views.all;
    const select = [...new Set([e.primaryKey, e.primaryName, ...view.columns])];
    const filter = buildFilter(e, view, '', {});
    const orderby = buildOrderBy(view, null);
    const qs = new URLSearchParams({
      $select: select.join(','),
      $orderby: orderby,
      $top: '20',
      $count: 'true',
      ...(filter ? { $filter: filter } : {}),
    });
    const spec: QuerySpec = {
      entity: e,
      select: parseSelect(select.join(',')),
      filters: filter ? [parseFilter(filter)] : [],
      orderBy: parseOrderBy(orderby),
      top: 20,
      skip: 0,
      count: true,
      formatted: true,
    };
    const headers = { ...bearer(token), prefer: PREFER, 'accept-language': 'zh-CN' };
    const q = compileQuery(spec, { caller, lang: 'zh-CN', mayRead: () => true });
    let rows: Record<string, unknown>[] = [];
    const cases: Record<string, () => Promise<unknown>> = {
      call: () => p.app.inject({ method: 'GET', url: `/api/crmdata/Retrieve/${e.entitySet}?${qs}`, headers }),
      floor: () => p.app.inject({ method: 'GET', url: `/api/crmdata/Retrieve/${e.entitySet}?$count=maybe`, headers }),
      sql: async () => {
        const [r] = await Promise.all([p.db.query(q.sql, q.params), p.db.query(q.countSql!, q.countParams)]);
        rows = r.rows;
      },
      cpu: async () => {
        const c = compileQuery(spec, { caller, lang: 'zh-CN', mayRead: () => true });
        JSON.stringify({ ErrorCode: 0, Data: { value: c.shape(rows), '@odata.count': rows.length } });
      },
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (let i = 0; i < RUNS + 10; i++) {
      for (const [k, run] of Object.entries(cases)) {
        const s = t();
        await run();
        if (i >= 10) times[k].push(t() - s);
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    console.log(
      `${name} (station1, ${rows.length} rows): call ${m.call.toFixed(2)} ms = floor ${m.floor.toFixed(2)} + SQL ${m.sql.toFixed(2)} + compile/shape/JSON ${m.cpu.toFixed(2)} + rest ${(m.call - m.floor - m.sql - m.cpu).toFixed(2)}; ratio ${(m.call / m.sql).toFixed(2)}×`,
    );
  }
} finally {
  await p.close();
}
