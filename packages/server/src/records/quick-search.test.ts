import { getEntity } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import type { Principal } from '../auth/principal.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { compileQuery } from './query/compile.ts';
import { gramsIndex } from './query/grams.ts';
import { parseFilter } from './query/odata.ts';
import { businessUnitSubtree } from './scope.ts';
import { quickSearch, searchFields } from './service.ts';

/*
 * Quick search of 1, 2 and 3+ characters (issue 27): the grams prefilter (query/grams.ts) must not
 * change a single answer. Every search is compared with the bare ILIKE over the same fields, through
 * the two ways screens search (the list's `contains(...) or …` $filter, the lookup's filterValue),
 * with rows whose searchable text changed after insert, and in a station's scope. On PostgreSQL the
 * two-character search's plan is checked to read the grams index.
 */

const worker = getEntity('new_srv_worker')!;
const FIELDS = searchFields(worker); // new_name, new_code, new_phone
const enc = encodeURIComponent;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const odataText = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** The web list's quick search (entity-ui/odata.ts buildFilter). */
const listSearch = (text: string) => `(${FIELDS.map((f) => `contains(${f},${odataText(text)})`).join(' or ')})`;

const NAMES = [
  '王建国',
  '王建',
  '李王建',
  '王 建',
  '建王',
  '王',
  '汪建',
  '王𠀀明', // a character outside the BMP: one character to PostgreSQL, two UTF-16 units
  'Abc Corp',
  'xABCx',
  'abd',
  'Straße',
  'STRASSE',
  'a_b',
  'a%b',
  'İzmir',
  'Kelvin K',
];
/** Searches of 1, 2 and 3+ characters, CJK and Latin, cased and not, wildcards literal. */
const SEARCHES = [
  '王',
  '建',
  '𠀀',
  '王建',
  '建国',
  '王𠀀',
  '王建国',
  '王建华',
  'a',
  'A',
  'ab',
  'AB',
  'abc',
  'ß',
  'ss',
  'SS',
  '_',
  '%',
  'a_',
  'k',
  'i',
  'QK',
  '13',
  '8000',
  'zz',
];

let p: Portal;
const tok: Record<string, string> = {};
let sh: { id: string; unit: string };
let zj: { id: string; unit: string };

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['admin', 'station1']) tok[u] = (await signIn(p.app, u)).access_token;
  const st = async (code: string) =>
    (await p.db.one<{ id: string; unit: string }>(
      'SELECT new_srv_stationid AS id, new_businessunit_id AS unit FROM new_srv_station WHERE new_code = $1',
      [code],
    ))!;
  sh = await st('SH001');
  zj = await st('ZJ001');
  // Every name twice: once in station SH001 (station1's), once in ZJ001.
  await p.db.query(
    `INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit)
     SELECT n, 'QK' || i || s.tag, '138' || lpad((i * 7919 % 100000000)::text, 8, '0'), s.station, s.unit
       FROM unnest($1::text[]) WITH ORDINALITY AS x(n, i)
      CROSS JOIN (VALUES ('s', $2::uuid, $3::uuid), ('z', $4::uuid, $5::uuid)) AS s(tag, station, unit)`,
    [NAMES, sh.id, sh.unit, zj.id, zj.unit],
  );
  // Text changed after insert, through the record service: the index must follow the new value.
  const created = async (name: string, code: string) => {
    const r = await p.app.inject({
      method: 'POST',
      url: '/api/crmdata/create/new_srv_workers',
      headers: bearer(tok.admin),
      payload: { new_name: name, new_code: code, new_phone: '13800008000', new_station_id: sh.id, new_job: 1 },
    });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { Data: { id: string } }).Data.id;
  };
  const update = async (id: string, values: Record<string, unknown>) => {
    const r = await p.app.inject({
      method: 'POST',
      url: `/api/crmdata/Update/new_srv_workers(${id})`,
      headers: bearer(tok.admin),
      payload: values,
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  await update(await created('张三', 'QKU1'), { new_name: '王建华' }); // now found by 王建
  await update(await created('王建英', 'QKU2'), { new_name: '赵六' }); // no longer found by 王建
  await update(await created('钱七', 'QKU3'), { new_code: 'QKU3AB' }); // found by ab through its code
  // A searchable field left empty (NULL): NOT contains() must still leave the row out, as NOT ILIKE does.
  await p.db.query(
    "INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit) VALUES ('王建军', 'QKN1', NULL, $1, $2)",
    [sh.id, sh.unit],
  );
});
afterAll(() => p?.close());

/** The ids ILIKE alone finds among the test's rows (codes QK…), optionally in one business unit, ordered by code. */
async function ilike(text: string, unit?: string): Promise<string[]> {
  const pattern = `%${escapeLike(text)}%`;
  const { rows } = await p.db.query<{ id: string }>(
    `SELECT new_srv_workerid AS id FROM new_srv_worker
      WHERE new_code LIKE 'QK%' AND (${FIELDS.map((f) => `${f} ILIKE $1`).join(' OR ')})${unit ? ' AND owningbusinessunit = $2' : ''}
      ORDER BY new_code`,
    unit ? [pattern, unit] : [pattern],
  );
  return rows.map((r) => r.id);
}

async function list(who: string, filter: string) {
  const r = await p.app.inject({
    method: 'GET',
    url: `/api/crmdata/Retrieve/new_srv_workers?$select=new_name,new_code&$orderby=new_code&$top=5000&$count=true&$filter=${enc(filter)}`,
    headers: bearer(tok[who]),
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { Data: { value: { new_srv_workerid: string }[]; '@odata.count': number } }).Data;
}

describe('quick search of 1, 2 and 3+ characters', () => {
  it('the fixture has what the searches are about', async () => {
    expect(await ilike('王建')).toHaveLength(2 * 3 + 2); // 王建国, 王建, 李王建 in both stations, 王建华 (updated), 王建军
    expect((await ilike('ab')).length).toBeGreaterThan(4);
  });

  it("the list's search (contains … or …) answers exactly what ILIKE does, in order, for head office and a station", async () => {
    for (const text of SEARCHES) {
      const filter = `${listSearch(text)} and startswith(new_code,'QK')`;
      const all = await list('admin', filter);
      const want = await ilike(text);
      expect(
        all.value.map((r) => r.new_srv_workerid),
        text,
      ).toEqual(want);
      expect(all['@odata.count'], text).toBe(want.length);
      // station1 reads its own station's rows only: the scope still applies.
      const mine = await list('station1', filter);
      expect(
        mine.value.map((r) => r.new_srv_workerid),
        `${text} (station1)`,
      ).toEqual(await ilike(text, sh.unit));
    }
  });

  it('other $filter shapes over searchable fields answer as ILIKE does (NOT, AND, different texts, a NULL field)', async () => {
    const cases: [string, string][] = [
      ["not contains(new_phone,'王建')", "NOT (new_phone ILIKE '%王建%')"],
      ["contains(new_name,'王建') and not contains(new_name,'国')", "new_name ILIKE '%王建%' AND NOT (new_name ILIKE '%国%')"],
      ["contains(new_name,'王建') or contains(new_code,'U1')", "(new_name ILIKE '%王建%' OR new_code ILIKE '%U1%')"],
      ["startswith(new_name,'王') or endswith(new_phone,'00')", "(new_name ILIKE '王%' OR new_phone ILIKE '%00')"],
      ["not (contains(new_name,'王') or contains(new_phone,'王'))", "NOT (new_name ILIKE '%王%' OR new_phone ILIKE '%王%')"],
    ];
    for (const [filter, where] of cases) {
      const got = await list('admin', `(${filter}) and startswith(new_code,'QK')`);
      const { rows } = await p.db.query<{ id: string }>(
        `SELECT new_srv_workerid AS id FROM new_srv_worker WHERE new_code LIKE 'QK%' AND (${where}) ORDER BY new_code`,
      );
      expect(
        got.value.map((r) => r.new_srv_workerid),
        filter,
      ).toEqual(rows.map((r) => r.id));
    }
  });

  it("a lookup's quick search (filterValue) finds what ILIKE finds over the whole table", async () => {
    for (const text of ['王', '王建', '王建国', 'ab', 'ß', '_']) {
      const r = await p.app.inject({
        method: 'GET',
        url: `/api/crmlookupview/data?entityName=new_srv_worker&page=1&count=50&filterValue=${enc(text)}`,
        headers: bearer(tok.admin),
      });
      expect(r.statusCode, r.body).toBe(200);
      const pattern = `%${escapeLike(text)}%`;
      const n = await p.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM new_srv_worker WHERE ${FIELDS.map((f) => `${f} ILIKE $1`).join(' OR ')}`,
        [pattern],
      );
      expect((r.json() as { TotalRecordCount: number }).TotalRecordCount, text).toBe(n!.n);
    }
  });

  it('1 and 2 characters read through portal_grams, 3 and more, NOT and unsearchable fields as before', async () => {
    const caller = await headOffice();
    const sqlOf = (filter: ReturnType<typeof parseFilter>) =>
      compileQuery(
        { entity: worker, select: ['new_name'], filters: [filter], orderBy: [], top: 20, skip: 0, count: false, formatted: false },
        { caller, lang: 'zh-CN', mayRead: () => true },
      ).sql;
    // One prefilter for the whole OR, over the entity's grams index expression.
    expect(sqlOf(quickSearch(worker, FIELDS, '王建')).match(/portal_grams\(/g)).toHaveLength(1);
    expect(sqlOf(quickSearch(worker, FIELDS, '王'))).toContain(
      `portal_grams(coalesce(t."new_name", '') || ' ' || coalesce(t."new_code", '') || ' ' || coalesce(t."new_phone", '')) @> portal_search_grams(`,
    );
    expect(sqlOf(parseFilter("contains(new_name,'王建') or contains(new_code,'QK')")).match(/portal_grams\(/g)).toHaveLength(2);
    expect(sqlOf(parseFilter("not contains(new_name,'王建')"))).not.toContain('portal_grams(');
    expect(sqlOf(quickSearch(worker, FIELDS, '王𠀀'))).toContain('portal_grams(');
    expect(sqlOf(quickSearch(worker, FIELDS, '王建国'))).not.toContain('portal_grams(');
    // new_wechat is not searchable: no grams index, no prefilter.
    expect(sqlOf(parseFilter("contains(new_wechat,'ab')"))).not.toContain('portal_grams(');
  });

  it.runIf(!!process.env.DATABASE_URL)('on PostgreSQL the two-character search reads the grams index (EXPLAIN)', async () => {
    // Enough rows that a sequential scan is not the cheaper plan; the names of list-vs-sql.ts.
    await p.db.query(
      `
      WITH sur AS (SELECT ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗'] AS a),
           giv AS (SELECT ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀','霞','平','建','国'] AS a)
      INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, owningbusinessunit)
      SELECT sur.a[1 + g % 20] || giv.a[1 + (g / 20) % 22] || giv.a[1 + (g / 440) % 22], 'QX' || g,
             '139' || lpad((g * 7919 % 100000000)::text, 8, '0'), $1, $2
        FROM generate_series(1, 30000) g CROSS JOIN sur CROSS JOIN giv`,
      [zj.id, zj.unit],
    );
    try {
      // VACUUM empties the GIN indexes' pending lists (which every index scan reads) as autovacuum would.
      await p.db.query('VACUUM ANALYZE new_srv_worker');
      const c = compileQuery(
        {
          entity: worker,
          select: ['new_name', 'new_code'],
          filters: [parseFilter(listSearch('王建'))],
          orderBy: [],
          top: 20,
          skip: 0,
          count: true,
          formatted: false,
        },
        { caller: await headOffice(), lang: 'zh-CN', mayRead: () => true },
      );
      for (const [sql, params] of [
        [c.sql, c.params],
        [c.countSql!, c.countParams],
      ] as const) {
        const plan = (await p.db.query(`EXPLAIN ${sql}`, params)).rows.map((r) => String(r['QUERY PLAN'])).join('\n');
        expect(plan).toContain(`Bitmap Index Scan on ${gramsIndex(worker, (f) => `"${f}"`)!.name}`);
        expect(plan).not.toMatch(/Seq Scan on new_srv_worker/);
      }
      const n = (await p.db.query<{ n: number }>(c.countSql!, c.countParams)).rows[0].n;
      const pattern = '%王建%';
      const want = await p.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM new_srv_worker WHERE ${FIELDS.map((f) => `${f} LIKE $1`).join(' OR ')}`,
        [pattern],
      );
      expect(n).toBe(want!.n);
      expect(n).toBeGreaterThan(50);
    } finally {
      await p.db.query("DELETE FROM new_srv_worker WHERE new_code LIKE 'QX%'");
    }
  });
});

/** Head office as the record service's caller (the whole unit tree). */
async function headOffice() {
  const u = (await p.db.one<{ id: string; bu: string }>(
    "SELECT systemuserid AS id, businessunitid AS bu FROM systemuser WHERE domainname = 'admin'",
  ))!;
  return {
    principal: { userId: u.id, businessUnitId: u.bu, stationId: null, privileges: new Set<string>() } as unknown as Principal,
    subtree: await businessUnitSubtree(p.db, u.bu),
  };
}
