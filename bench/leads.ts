/**
 * Leads and opportunities at size (issue 29): the lead list and the opportunity list over 1,000,000
 * rows each, as a salesman reads them (his own, within his unit: the owner narrowing of the scope)
 * and as his unit's manager reads them (the unit's), with the state tab and a search, against the
 * same SQL run directly.
 *
 *   node scripts/with-postgres.mjs node --import tsx bench/leads.ts    # PostgreSQL 15
 *   node --import tsx bench/leads.ts                                   # embedded PGlite
 *
 * Env: BENCH_ROWS (default 1000000 of each), BENCH_RUNS (medians, default 40), BENCH_SALESMEN
 * (owners the rows are spread over, default 500), BENCH_ONLY=lead|opportunity. Target: page 1 with its
 * count ≤ 1.3× its SQL.
 */
import { getEntity, leadState, opportunityState } from '@portal/model';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { compileQuery, type QuerySpec } from '../packages/server/src/records/query/compile.ts';
import { parseFilter, parseOrderBy } from '../packages/server/src/records/query/odata.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';
import { benchCaller, median, t, timeBoth } from './compare.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 40));
const SALESMEN = Math.max(2, Number(process.env.BENCH_SALESMEN ?? 500));
const ONLY = process.env.BENCH_ONLY;
const SUR = "(ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周'])";
const GIV = "(ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','建'])";
const CITY = "(ARRAY['广州','深圳','佛山','东莞','珠海','中山','江门','惠州','汕头','湛江'])";
const TRADE = "(ARRAY['注塑','五金','电器','机械','液压','模具','纺织','食品','包装','汽配'])";
const NEED = "(ARRAY['空压站节能改造','液压系统更新','电控柜升级','减速机更换','伺服改造','发电机组采购','产线自动化','备件年度采购'])";

const p = await testPortal();
const db = p.db;
console.log(`database: ${db.kind}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
try {
  await salesmen();
  if (ONLY !== 'opportunity') await bench('lead');
  if (ONLY !== 'lead') await bench('opportunity');
} finally {
  await p.close();
}

/** `SALESMEN` salesmen of 华南分公司 (salesman1's role and password): `benchsales1` … */
async function salesmen() {
  await db.query(
    `INSERT INTO systemuser (fullname, domainname, businessunitid, owningbusinessunit, new_password, isdisabled, new_usertype)
     SELECT '压测业务员' || g, 'benchsales' || g, s.businessunitid, s.businessunitid, s.new_password, false, 2
       FROM generate_series(1, ${SALESMEN}) g, (SELECT u.businessunitid, u.new_password FROM systemuser u WHERE u.domainname = 'salesman1') s`,
  );
  await db.query(`INSERT INTO systemuserroles (systemuserid, roleid)
    SELECT u.systemuserid, r.roleid FROM systemuser u, role r WHERE u.domainname LIKE 'benchsales%' AND r.new_code = 'R18-SALESMAN'`);
}

/** 1,000,000 rows of `kind` over the bench salesmen (one in `SALESMEN` each), then the list calls timed. */
async function bench(kind: 'lead' | 'opportunity') {
  const e = getEntity(kind)!;
  let t0 = t();
  const { rows: idx } = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = '${kind}' AND indexname NOT LIKE '%_pkey'`,
  );
  for (const i of idx) await db.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
  const owners = `WITH o AS (SELECT row_number() OVER (ORDER BY domainname) - 1 AS n, systemuserid AS id, businessunitid AS bu
                               FROM systemuser WHERE domainname LIKE 'benchsales%')`;
  const company = `${CITY}[1 + g % 10] || '市' || ${TRADE}[1 + (g / 10) % 10] || '制造有限公司' || (g % 997)`;
  if (kind === 'lead')
    await db.query(
      `${owners}
       INSERT INTO lead (subject, fullname, mobilephone, companyname, leadsourcecode, new_leadstate, new_city,
                         ownerid, owningbusinessunit, createdby, modifiedby, createdon, modifiedon)
       SELECT ${CITY}[1 + g % 10] || ${TRADE}[1 + (g / 10) % 10] || '厂' || ${NEED}[1 + (g / 100) % 8] || ' ' || g,
              ${SUR}[1 + g % 10] || ${GIV}[1 + (g / 10) % 10], '139' || lpad((g % 100000000)::text, 8, '0'), ${company},
              1 + g % 7, 1 + (g / 7) % 3, ${CITY}[1 + g % 10],
              o.id, o.bu, o.id, o.id, now() - make_interval(secs => g), now() - make_interval(secs => g)
         FROM generate_series(1, ${ROWS}) g JOIN o ON o.n = g % ${SALESMEN}`,
    );
  else {
    const customer = (await db.one<{ id: string }>(
      "SELECT new_endcustomerid AS id FROM new_endcustomer WHERE new_name = '东莞市长安镇恒丰注塑厂'",
    ))!.id;
    await db.query(
      `${owners}
       INSERT INTO opportunity (name, new_customer_id, new_stage, estimatedvalue, estimatedclosedate, closeprobability, new_opportunitystate,
                                ownerid, owningbusinessunit, createdby, modifiedby, createdon, modifiedon)
       SELECT ${CITY}[1 + g % 10] || ${TRADE}[1 + (g / 10) % 10] || '厂' || ${NEED}[1 + (g / 100) % 8] || ' ' || g, $1,
              1 + g % 4, (g % 500000) * 10, current_date + (g % 180), 10 * (g % 10), 1 + (g / 4) % 3,
              o.id, o.bu, o.id, o.id, now() - make_interval(secs => g), now() - make_interval(secs => g)
         FROM generate_series(1, ${ROWS}) g JOIN o ON o.n = g % ${SALESMEN}`,
      [customer],
    );
  }
  console.log(`${kind}: generated ${ROWS.toLocaleString('en-US')} rows in ${((t() - t0) / 1000).toFixed(1)} s`);
  t0 = t();
  for (const stmt of entityDdl(e)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await db.query(stmt);
  await db.query(`VACUUM ANALYZE ${kind}`);
  console.log(`${kind}: indexes rebuilt and analysed in ${((t() - t0) / 1000).toFixed(1)} s`);

  const state = kind === 'lead' ? 'new_leadstate' : 'new_opportunitystate';
  const open = kind === 'lead' ? leadState.open : opportunityState.open;
  const name = e.primaryName;
  const SELECT =
    kind === 'lead'
      ? ['subject', 'fullname', 'mobilephone', 'companyname', 'leadsourcecode', 'new_leadstate', 'ownerid', 'createdon']
      : [
          'name',
          'new_customer_id',
          'new_stage',
          'estimatedvalue',
          'closeprobability',
          'estimatedclosedate',
          'new_opportunitystate',
          'ownerid',
          'createdon',
        ];
  const cases: { who: string; name: string; filter?: string }[] = [
    { who: 'benchsales250', name: 'salesman: his own, newest first' },
    { who: 'benchsales250', name: `salesman: the open tab (${state} eq ${open})`, filter: `${state} eq ${open}` },
    { who: 'benchsales250', name: `salesman: search contains(${name},'节能')`, filter: `contains(${name},'节能')` },
    { who: 'hqsales', name: `manager: the unit's open tab`, filter: `${state} eq ${open}` },
    { who: 'hqsales', name: `manager: search contains(${name},'佛山注塑')`, filter: `contains(${name},'佛山注塑')` },
  ];
  for (const c of cases) {
    const token = (await signIn(p.app, c.who)).access_token;
    const caller = await benchCaller(db, c.who);
    const url = `/api/crmdata/Retrieve/${e.entitySet}?$select=${SELECT.join(',')}${c.filter ? `&$filter=${encodeURIComponent(c.filter)}` : ''}&$orderby=createdon desc&$top=20&$count=true`;
    const spec: QuerySpec = {
      entity: e,
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
        const res = await p.app.inject({ method: 'GET', url, headers: bearer(token) });
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
      `${kind} · ${c.name} (${r.a.n} rows): api ${api.toFixed(1)} ms, sql ${sql.toFixed(1)} ms → ${(api / sql).toFixed(2)}× (target ≤ 1.30×)`,
    );
  }
}
