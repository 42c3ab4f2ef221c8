/** Helpers shared by the benchmarks that set a generic call against the SQL it runs. */
import { getEntity } from '@portal/model';
import type { Principal } from '../packages/server/src/auth/principal.ts';
import type { Db } from '../packages/server/src/db/db.ts';
import { entityDdl } from '../packages/server/src/db/schema.ts';
import { businessUnitSubtree, type Caller } from '../packages/server/src/records/scope.ts';

export const t = () => performance.now();

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export interface Outcome {
  rows: number;
  n: unknown;
}

/**
 * Checks that `api` and `direct` answer the same, warms both up, then times `runs` of each:
 * interleaved (both see the same cache state), or in two blocks with `blocks`. Times in ms.
 */
export async function timeBoth(
  api: () => Promise<Outcome>,
  direct: () => Promise<Outcome>,
  o: { runs: number; warmups: number; blocks?: boolean },
) {
  const a = await api();
  const d = await direct();
  if (a.rows !== d.rows || a.n !== d.n) throw new Error(`results differ: api ${JSON.stringify(a)} direct ${JSON.stringify(d)}`);
  for (let i = 0; i < o.warmups; i++) {
    await api();
    await direct();
  }
  const ta: number[] = [];
  const td: number[] = [];
  const once = async (f: () => Promise<Outcome>, into: number[]) => {
    const s = t();
    await f();
    into.push(t() - s);
  };
  if (o.blocks) {
    for (let i = 0; i < o.runs; i++) await once(direct, td);
    for (let i = 0; i < o.runs; i++) await once(api, ta);
  } else {
    for (let i = 0; i < o.runs; i++) {
      await once(direct, td);
      await once(api, ta);
    }
  }
  return { a, ta, td };
}

/** `count` stations `BS001`… with a business unit each under the East China branch, set-based. */
export async function createBenchStations(db: Db, count: number): Promise<void> {
  await db.query(`INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid)
    SELECT '压测服务站' || g, 'BS' || lpad(g::text, 3, '0'), 3, (SELECT businessunitid FROM businessunit WHERE new_code = 'BR-HD')
      FROM generate_series(1, ${Number(count)}) g`);
  await db.query(`INSERT INTO new_srv_station (new_name, new_code, new_type, new_level, new_region, new_businessunit_id, owningbusinessunit)
    SELECT b.name, substr(b.new_code, 1, 40), 1, 1, 2, b.businessunitid, b.businessunitid FROM businessunit b WHERE b.new_code LIKE 'BS%'`);
}

/** A demo user as the domain commands see them (privileges from their roles, scope subtree), signed in or not. */
export async function benchCaller(db: Db, login: string): Promise<Caller> {
  const u = (await db.one<{ id: string; bu: string; st: string | null; privs: string[] }>(
    `SELECT u.systemuserid AS id, u.businessunitid AS bu, u.new_station_id AS st,
            ARRAY(SELECT rp.new_name FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid WHERE ur.systemuserid = u.systemuserid) AS privs
       FROM systemuser u WHERE u.domainname = $1`,
    [login],
  ))!;
  const subtree = await businessUnitSubtree(db, u.bu);
  return {
    principal: { userId: u.id, businessUnitId: u.bu, stationId: u.st, privileges: new Set(u.privs), subtree } as unknown as Principal,
    subtree,
  };
}

/**
 * `benchstation`, a station principal of station BS150 (station1's role and password): the station
 * user of the benches over `createBenchStations`'s 300 stations. Answers the station.
 */
export async function createBenchStationUser(db: Db): Promise<{ id: string; bu: string; name: string }> {
  const station = (await db.one<{ id: string; bu: string; name: string }>(
    "SELECT new_srv_stationid AS id, new_businessunit_id AS bu, new_name AS name FROM new_srv_station WHERE new_code = 'BS150'",
  ))!;
  await db.query(
    `INSERT INTO systemuser (fullname, domainname, businessunitid, owningbusinessunit, new_station_id, new_password, isdisabled, new_usertype)
    SELECT '压测站长', 'benchstation', $1, $1, $2, new_password, false, 3 FROM systemuser WHERE domainname = 'station1'`,
    [station.bu, station.id],
  );
  await db.query(`INSERT INTO systemuserroles (systemuserid, roleid)
    SELECT u.systemuserid, r.roleid FROM systemuser u, role r WHERE u.domainname = 'benchstation' AND r.new_code = 'R04-STATION'`);
  return station;
}

/**
 * `rows` service personnel over the `stations` BS stations, set-based: the table's secondary
 * indexes dropped, the rows loaded with generate_series, the indexes rebuilt from the model, analysed.
 */
export async function createBenchWorkers(db: Db, rows: number, stations: number): Promise<void> {
  let t0 = t();
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
      FROM generate_series(1, ${Number(rows)}) g CROSS JOIN sur CROSS JOIN giv JOIN s ON s.n = g % ${Number(stations)}`,
    [admin],
  );
  console.log(`generated ${rows.toLocaleString('en-US')} rows in ${((t() - t0) / 1000).toFixed(1)} s`);
  t0 = t();
  for (const stmt of entityDdl(getEntity('new_srv_worker')!)) if (/^CREATE (UNIQUE )?INDEX/.test(stmt)) await db.query(stmt);
  await db.query('VACUUM ANALYZE new_srv_worker');
  await db.query('ANALYZE new_srv_station');
  await db.query('ANALYZE businessunit');
  console.log(`indexes rebuilt and analysed in ${((t() - t0) / 1000).toFixed(1)} s`);
}
