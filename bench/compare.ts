/** Helpers shared by the benchmarks that set a generic call against the SQL it runs. */
import type { Principal } from '../packages/server/src/auth/principal.ts';
import type { Db } from '../packages/server/src/db/db.ts';
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
