/**
 * The stock ledger at size: a 1,000-line delivery posted (ship and receipt), a 5,000-line stock
 * count confirmed, and the stock and transaction lists (page 1 with count, as the web app asks)
 * against the same SQL over 1,000,000 moves.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/stock.ts    # PostgreSQL 15
 *   node --import tsx bench/stock.ts                                   # embedded PGlite
 *
 * Env: BENCH_MOVES (default 1000000), BENCH_RUNS (list medians, default 40), BENCH_POSTINGS (runs
 * of each posting, default 5), BENCH_ONLY=postings|lists.
 *
 * Postings go through the commands themselves (domain functions in one transaction each, as the
 * routes run them); times are medians. Targets (issue 9): 1,000-line delivery ≤ 1 s, 5,000-line
 * count confirm ≤ 2 s, list page 1 ≤ 1.3× its SQL.
 */
import { getEntity, stockCheckState } from '@portal/model';
import type { Db } from '../packages/server/src/db/db.ts';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { runCommand } from '../packages/server/src/documents/kernel.ts';
import { createDelivery } from '../packages/server/src/domain/parts/delivery.ts';
import { deliveryController } from '../packages/server/src/domain/parts/delivery.controller.ts';
import { confirmCount, createCount, setCounts, submitCount } from '../packages/server/src/domain/stock/counts.ts';
import { postMoves } from '../packages/server/src/domain/stock/ledger.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy, parseSelect } from '../packages/server/src/records/query/odata.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import type { Caller } from '../packages/server/src/records/scope.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { buildFilter, buildOrderBy } from '../packages/web/src/entity-ui/odata.ts';
import { benchCaller, createBenchStationUser, createBenchStations, median, t, timeBoth } from './compare.ts';

const MOVES = Number(process.env.BENCH_MOVES ?? 1_000_000);
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 40));
const POSTINGS = Math.max(3, Number(process.env.BENCH_POSTINGS ?? 5));
const ONLY = process.env.BENCH_ONLY;
const FORMATTED_PREFER = 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"';
const secs = (t0: number) => `${((t() - t0) / 1000).toFixed(1)} s`;

const p = await testPortal();
const db = p.db;
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);

const callerOf = (login: string) => benchCaller(db, login);

/** `n` bench parts BP00001… (set-based). */
async function benchParts(d: Db, n: number, prefix: string): Promise<string[]> {
  const admin = (await d.one<{ id: string; bu: string }>(
    "SELECT systemuserid AS id, businessunitid AS bu FROM systemuser WHERE domainname = 'admin'",
  ))!;
  const { rows } = await d.query<{ id: string }>(
    `INSERT INTO product (name, productnumber, new_uom, price, new_state, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT '压测配件' || g, $1 || lpad(g::text, 5, '0'), '个', 10 + g % 90, 0, $2, $3, $2, $2 FROM generate_series(1, $4::int) g
     RETURNING productid AS id`,
    [prefix, admin.id, admin.bu, n],
  );
  return rows.map((r) => r.id);
}

const wh = async (code: string) =>
  (await db.one<{ id: string }>('SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = $1', [code]))!.id;

try {
  const warehouse1 = await callerOf('warehouse1');
  const station1 = await callerOf('station1');
  const admin = await callerOf('admin');
  const hd = await wh('WH-HD');
  const sh = await wh('WH-SH001');

  if (ONLY !== 'lists') {
    // ---- a 1,000-line delivery: reserve (approval), create, ship, receive
    const parts = await benchParts(db, 1000, 'BD');
    await db.tx((sql) =>
      postMoves(
        sql,
        admin.principal.userId,
        parts.map((id, i) => ({
          warehouseId: hd,
          productId: id,
          qty: 100_000 - 1,
          usage: 4,
          docType: 6,
          docId: 'bench',
          docName: 'BENCH',
          key: `bench:open:${i}`,
        })),
      ),
    );
    const times: Record<string, number[]> = { reserve: [], create: [], ship: [], receive: [] };
    for (let run = 0; run < POSTINGS; run++) {
      // An approved application of station1 with 1,000 lines (set-based set-up, as if approved).
      const app = (await db.one<{ id: string }>(
        `INSERT INTO new_srv_partsapply (new_name, new_type, new_station_id, new_warehouse_id, new_towarehouse_id, new_supplyunit_id, new_recipient, new_phonenumber,
                                         new_approvalstatus, statuscode, new_isclose, ownerid, owningbusinessunit, createdby, modifiedby)
         SELECT 'PABENCH-' || $1, 1, $2::uuid, $3::uuid, $4::uuid, w.new_businessunit_id, '压测', '021-58956321', 3, 1, false, $5::uuid, $6::uuid, $5::uuid, $5::uuid
           FROM new_srv_warehouse w WHERE w.new_srv_warehouseid = $3::uuid RETURNING new_srv_partsapplyid AS id`,
        [run, station1.principal.stationId, hd, sh, station1.principal.userId, station1.principal.businessUnitId],
      ))!.id;
      await db.query(
        `INSERT INTO new_srv_partsapplydetil (new_name, new_partsapply_id, new_station_id, new_supplyunit_id, new_code, new_product_id, new_uom, new_price, new_qty,
                                              new_approvedqty, new_reservedqty, new_shippedqty, new_actualqty, new_pendingqty, new_amount, ownerid, owningbusinessunit, createdby, modifiedby)
         SELECT p.name, a.new_srv_partsapplyid, a.new_station_id, a.new_supplyunit_id, p.productnumber, p.productid, p.new_uom, p.price, 1 + ord % 5,
                1 + ord % 5, 1 + ord % 5, 0, 0, 1 + ord % 5, p.price * (1 + ord % 5), a.ownerid, a.owningbusinessunit, a.ownerid, a.ownerid
           FROM new_srv_partsapply a, unnest($2::uuid[]) WITH ORDINALITY AS u(id, ord) JOIN product p ON p.productid = u.id
          WHERE a.new_srv_partsapplyid = $1::uuid`,
        [app, parts],
      );
      let s = t();
      await db.tx(async (sql) => {
        const { rows } = await sql.query<{ id: string; product: string; qty: number }>(
          `SELECT new_srv_partsapplydetilid AS id, new_product_id AS product, new_approvedqty AS qty FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1`,
          [app],
        );
        await postMoves(
          sql,
          admin.principal.userId,
          rows.map((l) => ({
            warehouseId: hd,
            productId: l.product,
            frozen: l.qty,
            usage: 6,
            docType: 1,
            docId: app,
            docName: 'PABENCH',
            lineId: l.id,
            key: `pa:${app}:reserve:${l.id}`,
          })),
        );
      });
      times.reserve.push(t() - s);
      s = t();
      const d = await db.tx((sql) => createDelivery(sql, warehouse1, { outType: 1, warehouseId: hd, applicationIds: [app] }, 'zh-CN'));
      times.create.push(t() - s);
      for (const step of ['submit', 'pick', 'pack', 'out'] as const)
        await db.tx((sql) => runCommand(sql, warehouse1, deliveryController, step, d.id, {}, 'zh-CN'));
      s = t();
      await db.tx((sql) =>
        runCommand(sql, warehouse1, deliveryController, 'ship', d.id, { logisticsCorp: '顺丰速运', trackingNo: `SF${run}` }, 'zh-CN'),
      );
      times.ship.push(t() - s);
      const { rows: lines } = await db.query<{ id: string; qty: number }>(
        `SELECT new_stockoutorderdetailid AS id, new_qty AS qty FROM new_stockoutorderdetail WHERE new_stockoutorder_id = $1`,
        [d.id],
      );
      s = t();
      await db.tx((sql) =>
        runCommand(
          sql,
          station1,
          deliveryController,
          'receive',
          d.id,
          { lines: lines.map((l) => ({ lineId: l.id, qty: l.qty })) },
          'zh-CN',
        ),
      );
      times.receive.push(t() - s);
    }
    console.log(`\n1,000-line delivery, medians of ${POSTINGS} (target: posting ≤ 1 s):`);
    console.log(`  reserve on approval (1,000 moves):          ${median(times.reserve).toFixed(0)} ms`);
    console.log(`  create the delivery from the application:   ${median(times.create).toFixed(0)} ms`);
    console.log(`  ship (2,000 moves: out of stock, transit):  ${median(times.ship).toFixed(0)} ms`);
    console.log(`  receive all (1,000 moves):                  ${median(times.receive).toFixed(0)} ms`);

    // ---- a 5,000-line stock count: open, count, submit, confirm
    const countParts = await benchParts(db, 5000, 'BC');
    const counted = await (async () => {
      const id = (await db.one<{ id: string }>(
        `INSERT INTO new_srv_warehouse (new_name, new_code, new_type, new_businessunit_id, new_isactive, owningbusinessunit) SELECT '压测盘点库', 'WH-BENCH', 1, businessunitid, true, businessunitid FROM businessunit WHERE new_code = 'WH-HD' RETURNING new_srv_warehouseid AS id`,
      ))!.id;
      await db.tx((sql) =>
        postMoves(
          sql,
          admin.principal.userId,
          countParts.map((pid, i) => ({
            warehouseId: id,
            productId: pid,
            qty: 50 + (i % 50),
            usage: 11,
            docType: 6,
            docId: 'bench',
            docName: 'BENCH',
            key: `bench:count-open:${i}`,
          })),
        ),
      );
      return id;
    })();
    const ct: Record<string, number[]> = { open: [], count: [], confirm: [] };
    for (let run = 0; run < POSTINGS; run++) {
      let s = t();
      const sheet = await db.tx((sql) => createCount(sql, warehouse1, { warehouseId: counted, memo: `压测 ${run}` }, 'zh-CN'));
      ct.open.push(t() - s);
      const { rows } = await db.query<{ id: string; book: number }>(
        `SELECT new_srv_stockcheckdetailid AS id, new_bookqty AS book FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1`,
        [sheet.id],
      );
      s = t();
      // A tenth of the lines differ by one or two either way.
      await db.tx((sql) =>
        setCounts(
          sql,
          warehouse1,
          sheet.id,
          { lines: rows.map((r, i) => ({ lineId: r.id, countQty: i % 10 === 0 ? r.book + ((i % 4) - 2 || 1) : r.book })) },
          'zh-CN',
        ),
      );
      ct.count.push(t() - s);
      await db.tx((sql) => submitCount(sql, warehouse1, sheet.id, 'zh-CN'));
      s = t();
      await db.tx((sql) => confirmCount(sql, warehouse1, sheet.id, 'zh-CN'));
      ct.confirm.push(t() - s);
      const st = (await db.one<{ s: number; v: number }>(
        'SELECT new_state AS s, new_variancecount AS v FROM new_srv_stockcheck WHERE new_srv_stockcheckid = $1',
        [sheet.id],
      ))!;
      if (st.s !== stockCheckState.confirmed || st.v !== 500) throw new Error(`count not confirmed as expected: ${JSON.stringify(st)}`);
    }
    console.log(`\n5,000-line stock count, medians of ${POSTINGS} (target: confirm ≤ 2 s):`);
    console.log(`  open the sheet (5,000 lines):               ${median(ct.open).toFixed(0)} ms`);
    console.log(`  enter 5,000 counted quantities:             ${median(ct.count).toFixed(0)} ms`);
    console.log(`  confirm (500 variances posted):             ${median(ct.confirm).toFixed(0)} ms`);
  }

  if (ONLY !== 'postings') {
    // ---- 1,000,000 moves over 300 station warehouses and 华东中心库, then the lists
    let t0 = t();
    await createBenchStations(db, 300);
    await db.query(`INSERT INTO new_srv_warehouse (new_name, new_code, new_type, new_station_id, new_businessunit_id, new_isactive, owningbusinessunit)
      SELECT s.new_name || '库', 'WH-' || s.new_code, 2, s.new_srv_stationid, s.new_businessunit_id, true, s.new_businessunit_id FROM new_srv_station s WHERE s.new_code LIKE 'BS%'`);
    await benchParts(db, 500, 'BL');
    const tx = getEntity('new_srv_stocktransaction')!;
    const inv = getEntity('new_srv_siteinv')!;
    for (const e of [tx, inv]) {
      const { rows: idx } = await db.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE 'ux%'`,
        [e.logicalName],
      );
      for (const i of idx) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
    }
    // Each move: a warehouse (a tenth of them 华东中心库, the rest over the 300 stations), one of 500
    // parts, a receipt or an issue; two years of dates; balances after each kept by a window sum
    // (balances start at 100,000, an opening that is not written as a move).
    await db.query(`
      WITH w AS (SELECT array_agg(new_srv_warehouseid ORDER BY new_code) AS a, array_agg(new_businessunit_id ORDER BY new_code) AS u FROM new_srv_warehouse WHERE new_code LIKE 'WH-BS%'),
           hd AS (SELECT new_srv_warehouseid AS id, new_businessunit_id AS u FROM new_srv_warehouse WHERE new_code = 'WH-HD'),
           pr AS (SELECT array_agg(productid ORDER BY productnumber) AS a, array_agg(productnumber ORDER BY productnumber) AS c, array_agg(name ORDER BY productnumber) AS n FROM product WHERE productnumber LIKE 'BL%'),
           g AS (SELECT g, (g::bigint * 2654435761 % 4294967296) AS h FROM generate_series(1, ${MOVES}) g),
           x AS (SELECT g.g, CASE WHEN g.h % 10 = 0 THEN hd.id ELSE w.a[1 + (g.h / 10) % 300] END AS wh,
                        CASE WHEN g.h % 10 = 0 THEN hd.u ELSE w.u[1 + (g.h / 10) % 300] END AS unit,
                        1 + (g.h / 3000) % 500 AS pi, CASE WHEN g.h % 3 = 0 THEN -1 - (g.h % 3)::int ELSE 1 + (g.h % 5)::int END AS q,
                        now() - make_interval(secs => (${MOVES} - g.g)::float8 / ${MOVES} * 63072000) AS at
                   FROM g, w, hd)
      INSERT INTO new_srv_stocktransaction (new_name, new_code, new_partname, new_warehouse_id, new_product_id, new_usage, new_doctype, new_docid,
                                            new_quantity, new_frozen, new_intransit, new_balance, new_frozenbalance, new_transitbalance, new_key, new_seq,
                                            owningbusinessunit, createdon, modifiedon)
      SELECT 'FH' || to_char(x.at, 'YYYYMMDD') || '-' || lpad((x.g % 10000)::text, 4, '0'), pr.c[x.pi], pr.n[x.pi], x.wh, pr.a[x.pi],
             CASE WHEN x.q < 0 THEN 9 ELSE 2 END, 2, 'bench', x.q, 0, 0,
             sum(x.q) OVER (PARTITION BY x.wh, x.pi ORDER BY x.g) + 100000, 0, 0, 'bench:' || x.g, x.g, x.unit, x.at, x.at
        FROM x, pr`);
    await db.query(`INSERT INTO new_srv_siteinv (new_name, new_code, new_warehouse_id, new_product_id, new_station_id, new_quantity, new_frozen, new_intransit,
                                                 owningbusinessunit, new_lastmoveon, createdon)
      SELECT max(t.new_partname), max(t.new_code), t.new_warehouse_id, t.new_product_id, max(w.new_station_id::text)::uuid, sum(t.new_quantity) + 100000, 0, 0,
             max(t.owningbusinessunit::text)::uuid, max(t.createdon), min(t.createdon)
        FROM new_srv_stocktransaction t JOIN new_srv_warehouse w ON w.new_srv_warehouseid = t.new_warehouse_id
       WHERE t.new_docid = 'bench' AND t.new_key LIKE 'bench:%' AND t.new_code LIKE 'BL%'
       GROUP BY t.new_warehouse_id, t.new_product_id`);
    console.log(`\ngenerated ${MOVES.toLocaleString('en-US')} moves and their balances in ${secs(t0)}`);
    t0 = t();
    {
      const c = await db.pool.connect();
      try {
        await c.query("SET maintenance_work_mem = '1GB'").catch(() => undefined);
        for (const e of [tx, inv]) for (const stmt of entityDdl(e)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await c.query(stmt);
        await c.query('VACUUM ANALYZE new_srv_stocktransaction');
        await c.query('VACUUM ANALYZE new_srv_siteinv');
      } finally {
        c.release();
      }
    }
    const counts = (await db.one<{ m: number; b: number }>(
      `SELECT (SELECT count(*)::int FROM new_srv_stocktransaction) AS m, (SELECT count(*)::int FROM new_srv_siteinv) AS b`,
    ))!;
    console.log(
      `indexes built from the model and analysed in ${secs(t0)}; ${counts.m.toLocaleString('en-US')} moves, ${counts.b.toLocaleString('en-US')} stock rows`,
    );

    // A station principal of station BS150 (its warehouse holds ~1/300 of 90 % of the moves).
    await createBenchStationUser(db);
    const who: Record<string, { token: string; caller: Caller }> = {};
    for (const login of ['benchstation', 'warehouse1', 'admin'])
      who[login] = { token: (await signIn(p.app, login)).access_token, caller: await callerOf(login) };

    const summary: string[] = [];
    const cases = [
      { name: '/partStockTransaction/list page 1 (newest first), station user', e: tx, login: 'benchstation', q: '' },
      { name: '/partStockTransaction/list page 1, central warehouse user', e: tx, login: 'warehouse1', q: '' },
      { name: '/partStockTransaction/list page 1, head office (all 1M)', e: tx, login: 'admin', q: '' },
      { name: '/partStockTransaction/list quick search part number, warehouse user', e: tx, login: 'warehouse1', q: 'BL00042' },
      { name: '/siteInv/list page 1 (by part number), station user', e: inv, login: 'benchstation', q: '' },
      { name: '/siteInv/list page 1, head office', e: inv, login: 'admin', q: '' },
      { name: '/siteInv/list quick search, head office', e: inv, login: 'admin', q: 'BL0004' },
    ];
    for (const c of cases) {
      const view = c.e.views.all;
      const select = [...new Set([c.e.primaryKey, c.e.primaryName, ...view.columns])];
      const filter = buildFilter(c.e, view, c.q, {});
      const orderby = buildOrderBy(view, null);
      const qs = new URLSearchParams({
        $select: select.join(','),
        $orderby: orderby,
        $top: '20',
        $count: 'true',
        ...(filter ? { $filter: filter } : {}),
      });
      const spec: QuerySpec = {
        entity: c.e,
        select: parseSelect(select.join(',')),
        filters: filter ? [parseFilter(filter)] : [],
        orderBy: parseOrderBy(orderby),
        top: 20,
        skip: 0,
        count: true,
        formatted: true,
      };
      const q = compileQuery(spec, { caller: who[c.login].caller, lang: 'zh-CN', mayRead: () => true });
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
          url: `/api/crmdata/Retrieve/${c.e.entitySet}?${qs}`,
          headers: { ...bearer(who[c.login].token), prefer: FORMATTED_PREFER, 'accept-language': 'zh-CN' },
        });
        if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
        const j = r.json();
        return { rows: j.Data.value.length as number, n: j.Data['@odata.count'] as number };
      };
      const { a, ta, td } = await timeBoth(api, direct, { runs: RUNS, warmups: 5 });
      const ma = median(ta);
      const md = median(td);
      console.log(
        `\n${c.name}\n  rows ${a.rows}, count ${a.n}; call ${ma.toFixed(2)} ms, SQL ${md.toFixed(2)} ms, ratio ${(ma / md).toFixed(2)}× (target ≤ 1.3×: ${ma / md <= 1.3 ? 'met' : 'MISSED'})`,
      );
      summary.push(`| ${c.name} | ${a.n} | ${ma.toFixed(1)} | ${md.toFixed(1)} | ${(ma / md).toFixed(2)}× |`);
    }
    console.log(`\n| case | count | call ms | SQL ms | ratio |\n|---|---:|---:|---:|---:|\n${summary.join('\n')}`);
  }
} finally {
  await p.close();
}
