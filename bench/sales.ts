/**
 * The sales side at size (issue 27): signing for a 500-line shipment, and a store's order list over
 * 1,000,000 orders (its scope and a search) against the same SQL.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/sales.ts    # PostgreSQL 15
 *   node --import tsx bench/sales.ts                                   # embedded PGlite
 *
 * Env: BENCH_ORDERS (default 1000000), BENCH_LINES (default 500), BENCH_RUNS (list medians, default
 * 40), BENCH_POSTINGS (signings, default 5), BENCH_ONLY=sign|list. Targets: signing a 500-line
 * shipment ≤ 1 s; the list's page 1 with its count ≤ 1.3× its SQL.
 *
 * Signing runs the shipment's `sign` command through the document kernel (lock, state, per-line
 * checks, one ledger posting for every line, the order's roll-up) in one transaction, as the route does.
 */
import { getEntity, productState, stockDocumentType, stockUsage } from '@portal/model';
import { postMoves } from '../packages/server/src/domain/stock/ledger.ts';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { runCommand } from '../packages/server/src/documents/kernel.ts';
import { orderController } from '../packages/server/src/domain/sales/order.controller.ts';
import { shipmentController } from '../packages/server/src/domain/sales/shipment.controller.ts';
import { flowDocument } from '../packages/server/src/flow/documents.ts';
import { act } from '../packages/server/src/flow/engine.ts';
import { submitOrderAuto } from '../packages/server/src/domain/sales/order-submit.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy } from '../packages/server/src/records/query/odata.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { benchCaller, median, t, timeBoth } from './compare.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LINES = Number(process.env.BENCH_LINES ?? 500);
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 40));
const POSTINGS = Math.max(1, Number(process.env.BENCH_POSTINGS ?? 5));
const ONLY = process.env.BENCH_ONLY;
const STORES = 300;
const STORE = { host: 'store.test:8080' };

const p = await testPortal({ storeHosts: ['store.test'] });
const db = p.db;
console.log(`database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
try {
  if (ONLY !== 'list') await signing();
  if (ONLY !== 'sign') await list();
} finally {
  await p.close();
}

/** A 500-line order of store1 (500 bench products, stocked at head office), approved, shipped in full; then `sign` timed. */
async function signing() {
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
  await db.query(
    `INSERT INTO product (name, productnumber, new_state, price, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT '压测配件' || g, 'BENCH-' || lpad(g::text, 4, '0'), ${productState.active}, 10 + g % 90, $1, $1, $1, (SELECT businessunitid FROM businessunit WHERE new_code = 'HQ')
       FROM generate_series(1, ${LINES}) g`,
    [admin],
  );
  const hq = (await db.one<{ id: string }>("SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = 'WH-HQ'"))!.id;
  const parts = (await db.query<{ id: string }>("SELECT productid AS id FROM product WHERE productnumber LIKE 'BENCH-%'")).rows;
  await db.tx((sql) =>
    postMoves(
      sql,
      admin,
      parts.map((x) => ({
        warehouseId: hq,
        productId: x.id,
        qty: 1_000_000,
        usage: stockUsage.replenishment,
        docType: stockDocumentType.opening,
        docId: hq,
        docName: 'BENCH',
        key: `bench:opening:${x.id}`,
      })),
    ),
  );
  const store = await benchCaller(db, 'store1');
  const sales = await benchCaller(db, 'hqsales');
  // Submitting checks the dealer's credit (issue 28): store1's dealer gets room for every bench order.
  await db.query(
    `UPDATE new_dealeraccount SET new_creditlimit = 999999999 WHERE new_unit_id = (SELECT parentbusinessunitid FROM businessunit WHERE businessunitid = $1)`,
    [store.principal.businessUnitId],
  );
  const times: number[] = [];
  for (let run = 0; run < POSTINGS; run++) {
    const order = await db.tx(async (sql) => {
      const {
        rows: [o],
      } = await sql.query<{ id: string }>(
        `INSERT INTO salesorder (name, new_status, new_supplier_id, new_contact, new_phone, new_address, totalamount, new_totalqty, new_shippedqty, new_signedqty,
                                 ownerid, owningbusinessunit, createdby, modifiedby)
         VALUES ('BENCH-SO-' || $3, 1, (SELECT businessunitid FROM businessunit WHERE new_code = 'HQ'), '周婷', '18800188005', '深南大道 9688 号', 0, 0, 0, 0, $1, $2, $1, $1)
         RETURNING salesorderid AS id`,
        [store.principal.userId, store.principal.businessUnitId, run],
      );
      await sql.query(
        `INSERT INTO salesorderdetail (new_name, salesorderid, productid, quantity, priceperunit, extendedamount, new_supplier_id, new_shippedqty, new_signedqty,
                                       ownerid, owningbusinessunit, createdby, modifiedby)
         SELECT name, $1, productid, 3, price, price * 3, (SELECT businessunitid FROM businessunit WHERE new_code = 'HQ'), 0, 0, $2, $3, $2, $2
           FROM product WHERE productnumber LIKE 'BENCH-%'`,
        [o.id, store.principal.userId, store.principal.businessUnitId],
      );
      if (!(await submitOrderAuto(sql, o.id, store.principal.userId))) throw new Error('no order flow');
      await act(sql, flowDocument('salesorder')!, o.id, sales.principal.userId, 'approve', 'bench');
      return o.id;
    });
    const shipment = await db.tx(
      async (sql) => (await runCommand(sql, sales, orderController, 'createShipment', order, {}, 'zh-CN')).opens!.id,
    );
    await db.tx((sql) => runCommand(sql, sales, shipmentController, 'audit', shipment, {}, 'zh-CN'));
    await db.tx((sql) =>
      runCommand(
        sql,
        sales,
        shipmentController,
        'ship',
        shipment,
        { new_logisticscorp: '顺丰速运', new_trackingno: `SF${run}`, new_shipdate: '2026-11-29' },
        'zh-CN',
      ),
    );
    const lines = (
      await db.query<{ id: string; n: number }>(
        'SELECT new_shipmentdetailid AS id, new_shippedqty AS n FROM new_shipmentdetail WHERE new_shipment_id = $1',
        [shipment],
      )
    ).rows;
    // One line short, so the roll-up and the short-sign path run too.
    const body = { lines: lines.map((l, i) => ({ lineId: l.id, qty: i === 0 ? l.n - 1 : l.n })) };
    const t0 = t();
    await db.tx((sql) => runCommand(sql, store, shipmentController, 'sign', shipment, body, 'zh-CN'));
    times.push(t() - t0);
  }
  console.log(
    `sign a ${LINES}-line shipment (kernel + ledger + roll-up, one transaction): median ${median(times).toFixed(0)} ms of ${POSTINGS} (${times
      .map((x) => x.toFixed(0))
      .join(', ')}); target ≤ 1000 ms → ${(median(times) / 1000).toFixed(2)}× the target`,
  );
}

/** 1,000,000 orders over 300 stores of one bench dealer; a store's list page 1 (its scope, a search) vs the same SQL. */
async function list() {
  let t0 = t();
  await db.query(`INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid)
    SELECT '压测门店' || g, 'BSP' || lpad(g::text, 3, '0'), 4, (SELECT businessunitid FROM businessunit WHERE new_code = 'DL-GZ001')
      FROM generate_series(1, ${STORES}) g`);
  const order = getEntity('salesorder')!;
  const { rows: idx } = await db.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE tablename = 'salesorder' AND indexname NOT LIKE '%_pkey'",
  );
  for (const i of idx) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
  await db.query(
    `WITH s AS (SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, businessunitid AS bu FROM businessunit WHERE new_code LIKE 'BSP%'),
          sur AS (SELECT ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周'] AS a),
          giv AS (SELECT ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','建'] AS a)
     INSERT INTO salesorder (name, new_status, new_contact, new_phone, new_address, totalamount, new_totalqty, new_shippedqty, new_signedqty,
                             ownerid, owningbusinessunit, createdby, modifiedby, createdon, modifiedon)
     SELECT 'SO' || to_char(date '2025-01-01' + (g / 3000), 'YYYYMMDD') || '-' || lpad((g % 3000)::text, 4, '0'), 1 + g % 8,
            sur.a[1 + g % 10] || giv.a[1 + (g / 10) % 10], '138' || lpad((g % 100000000)::text, 8, '0'), '深南大道 ' || g % 9000 || ' 号',
            (g % 50000) / 10.0, 1 + g % 30, 0, 0, $1, s.bu, $1, $1, now() - make_interval(secs => g), now() - make_interval(secs => g)
       FROM generate_series(1, ${ORDERS}) g CROSS JOIN sur CROSS JOIN giv JOIN s ON s.n = g % ${STORES}`,
    [admin],
  );
  console.log(`generated ${ORDERS.toLocaleString('en-US')} orders in ${((t() - t0) / 1000).toFixed(1)} s`);
  t0 = t();
  for (const stmt of entityDdl(order)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await db.query(stmt);
  await db.query('VACUUM ANALYZE salesorder');
  await db.query('ANALYZE businessunit');
  console.log(`indexes rebuilt and analysed in ${((t() - t0) / 1000).toFixed(1)} s`);

  // A store user of one of the 300 bench stores (store1's role and password).
  const bu = (await db.one<{ id: string }>("SELECT businessunitid AS id FROM businessunit WHERE new_code = 'BSP150'"))!.id;
  await db.query(
    `INSERT INTO systemuser (fullname, domainname, businessunitid, owningbusinessunit, new_password, isdisabled, new_usertype)
     SELECT '压测店长', 'benchstore', $1, $1, new_password, false, 4 FROM systemuser WHERE domainname = 'store1'`,
    [bu],
  );
  await db.query(`INSERT INTO systemuserroles (systemuserid, roleid)
    SELECT u.systemuserid, r.roleid FROM systemuser u, role r WHERE u.domainname = 'benchstore' AND r.new_code = 'R07-STORE'`);
  const token = (await signIn(p.app, 'benchstore', STORE)).access_token;
  const caller = await benchCaller(db, 'benchstore');
  const SELECT = ['name', 'new_status', 'owningbusinessunit', 'totalamount', 'new_totalqty', 'createdon'];
  const cases: { name: string; filter?: string }[] = [
    { name: 'store user: all its orders, newest first, page 1 of 20, $count' },
    { name: "store user: contains(name,'0615'), page 1 of 20, $count", filter: "contains(name,'0615')" },
    { name: 'store user: 已提交 tab (new_status eq 2), page 1 of 20, $count', filter: 'new_status eq 2' },
  ];
  for (const c of cases) {
    const url = `/api/crmdata/Retrieve/salesorders?$select=${SELECT.join(',')}${c.filter ? `&$filter=${encodeURIComponent(c.filter)}` : ''}&$orderby=createdon desc&$top=20&$count=true`;
    const spec: QuerySpec = {
      entity: order,
      select: SELECT,
      filters: c.filter ? [parseFilter(c.filter)] : [],
      orderBy: parseOrderBy('createdon desc'),
      top: 20,
      skip: 0,
      count: true,
      formatted: false,
    };
    const compiled = compileQuery(spec, { caller, lang: 'zh-CN', mayRead: () => true });
    const r = await timeBoth(
      async () => {
        const res = await p.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...STORE } });
        const j = res.json().Data as { value: unknown[]; '@odata.count': number };
        return { rows: j.value.length, n: j['@odata.count'] };
      },
      async () => {
        const [page, n] = await Promise.all([
          db.query(compiled.sql, compiled.params),
          db.query<{ n: number }>(compiled.countSql!, compiled.countParams),
        ]);
        return { rows: page.rows.length, n: n.rows[0].n };
      },
      { runs: RUNS, warmups: 5 },
    );
    const api = median(r.ta);
    const sql = median(r.td);
    console.log(
      `${c.name} (${r.a.n} rows): api ${api.toFixed(1)} ms, sql ${sql.toFixed(1)} ms → ${(api / sql).toFixed(2)}× (target ≤ 1.30×)`,
    );
  }
}
