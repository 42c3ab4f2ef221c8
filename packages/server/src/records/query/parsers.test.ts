import { getEntity, type EntityDef } from '@portal/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Expr } from './ast.ts';
import { compileQuery, type CompileContext, type QuerySpec } from './compile.ts';
import { parseCondition } from './condition.ts';
import { parseFetchXml, parseXml } from './fetchxml.ts';
import { parseExpand, parseFilter, parseOrderBy, parseSelect } from './odata.ts';

const worker = getEntity('new_srv_worker')!;
const SUBTREE = ['11111111-1111-4111-8111-111111111111', '33333333-3333-4333-8333-333333333333'];
const ctx: CompileContext = {
  caller: {
    principal: {
      userId: '22222222-2222-4222-8222-222222222222',
      businessUnitId: SUBTREE[0],
      stationId: null,
      privileges: new Set(),
    } as unknown as Principal,
    subtree: SUBTREE,
  },
  lang: 'zh-CN',
  mayRead: () => true,
};
const spec = (e: EntityDef, filters: Expr[], extra: Partial<QuerySpec> = {}): QuerySpec => ({
  entity: e,
  select: 'default',
  filters,
  orderBy: [],
  top: 50,
  skip: 0,
  count: true,
  formatted: true,
  ...extra,
});

/** Only a result or a 400 AppError: never another kind of throw. */
function only400(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
  }
}

const status = (fn: () => unknown) => {
  try {
    fn();
    return 0;
  } catch (e) {
    return e instanceof AppError ? e.status : -1;
  }
};

describe('OData $filter', () => {
  it('parses comparisons, logic, functions, null and every literal kind', () => {
    const e = parseFilter("new_name eq 'O''Brien' and (new_workyear ge 3 or not contains(new_skill,'PLC')) and new_image eq null");
    expect(e).toEqual({
      k: 'and',
      items: [
        { k: 'cmp', field: { alias: null, name: 'new_name' }, op: 'eq', value: { t: 'string', v: "O'Brien" } },
        {
          k: 'or',
          items: [
            { k: 'cmp', field: { alias: null, name: 'new_workyear' }, op: 'ge', value: { t: 'number', v: '3' } },
            {
              k: 'not',
              item: {
                k: 'like',
                field: { alias: null, name: 'new_skill' },
                mode: 'contains',
                value: { t: 'string', v: 'PLC' },
                not: false,
              },
            },
          ],
        },
        { k: 'null', field: { alias: null, name: 'new_image' }, not: false },
      ],
    });
    expect(parseFilter('createdon gt 2026-01-01T08:00:00Z')).toMatchObject({ value: { t: 'datetime', v: '2026-01-01T08:00:00Z' } });
    expect(parseFilter('createdon lt 2026-01-31')).toMatchObject({ value: { t: 'date', v: '2026-01-31' } });
    expect(parseFilter('new_station_id eq 4efcd39c-2364-4641-8d9d-d27c8b67ba42')).toMatchObject({ value: { t: 'guid' } });
    expect(parseFilter('_new_station_id_value ne null')).toEqual({ k: 'null', field: { alias: null, name: 'new_station_id' }, not: true });
    expect(parseFilter('new_job in (1,2)')).toMatchObject({
      k: 'in',
      values: [
        { t: 'number', v: '1' },
        { t: 'number', v: '2' },
      ],
    });
    expect(parseFilter('price le -1.5')).toMatchObject({ value: { t: 'number', v: '-1.5' } });
    expect(parseFilter('isdisabled eq false')).toMatchObject({ value: { t: 'bool', v: false } });
  });

  it('refuses what is outside the subset with a 400', () => {
    for (const bad of [
      '',
      'new_name',
      "new_name eq 'x",
      'new_name eq',
      'new_name like 1',
      "substringof('a',new_name)",
      'a eq 1)',
      '(a eq 1',
      'new_workyear gt null',
      'contains(new_name,1)',
      "new_name eq 'x'; DROP TABLE x",
      'a eq 1 and',
      "x eq '\u0000'" + ')',
    ]) {
      expect(
        status(() => parseFilter(bad)),
        bad,
      ).toBe(400);
    }
    expect(status(() => parseFilter(`${'('.repeat(100)}a eq 1${')'.repeat(100)}`))).toBe(400);
    expect(status(() => parseFilter(Array.from({ length: 2000 }, () => 'a eq 1').join(' and ')))).toBe(400);
  });

  it('parses $select, $orderby and $expand', () => {
    expect(parseSelect('new_name, new_code')).toEqual(['new_name', 'new_code']);
    expect(parseOrderBy('createdon desc, new_name')).toEqual([
      { field: { alias: null, name: 'createdon' }, desc: true },
      { field: { alias: null, name: 'new_name' }, desc: false },
    ]);
    expect(parseExpand('new_station_id($select=new_name,new_code),createdby')).toEqual([
      { field: 'new_station_id', select: ['new_name', 'new_code'] },
      { field: 'createdby', select: null },
    ]);
    for (const bad of ['a;b', 'a b c', "new_name'"]) expect(status(() => parseSelect(bad))).toBe(400);
    for (const bad of ['createdon sideways', 'a,,b']) expect(status(() => parseOrderBy(bad))).toBe(400);
    for (const bad of ['x($filter=a eq 1)', 'x(', 'x(($select=a))', ',']) expect(status(() => parseExpand(bad))).toBe(400);
  });
});

describe('fetchXml', () => {
  it('parses the subset', () => {
    const f =
      parseFetchXml(`<?xml version="1.0"?><!-- list --><fetch count="10" page="2" returntotalrecordcount="true" distinct="false" mapping="logical">
      <entity name="new_srv_worker">
        <attribute name="new_name"/><attribute name="new_code"/>
        <order attribute="new_code" descending="true"/>
        <filter type="or">
          <condition attribute="new_name" operator="like" value="%赵%"/>
          <filter><condition attribute="new_job" operator="in"><value>2</value><value>3</value></condition>
            <condition attribute="new_workyear" operator="between"><value>1</value><value>10</value></condition>
            <condition attribute="new_wechat" operator="not-null"/>
            <condition attribute="new_code" entityname="st" operator="begins-with" value="SH&amp;&#x41;"/></filter>
        </filter>
        <link-entity name="new_srv_station" from="new_srv_stationid" to="new_station_id" alias="st" link-type="outer">
          <attribute name="new_code"/>
          <filter><condition attribute="new_level" operator="eq" value="1"/></filter>
        </link-entity>
      </entity></fetch>`);
    expect(f).toMatchObject({ count: 10, page: 2, totalCount: true, distinct: false });
    expect(f.entity.attributes).toEqual(['new_name', 'new_code']);
    expect(f.entity.links[0]).toMatchObject({ name: 'new_srv_station', alias: 'st', outer: true, attributes: ['new_code'] });
    const inner = (f.entity.filter as { items: Expr[] }).items[1] as { items: Expr[] };
    expect(inner.items[0]).toMatchObject({
      k: 'in',
      values: [
        { t: 'raw', v: '2' },
        { t: 'raw', v: '3' },
      ],
    });
    expect(inner.items[3]).toMatchObject({ k: 'like', mode: 'startswith', field: { alias: 'st' }, value: { v: 'SH&A' } });
  });

  it('refuses DOCTYPE, entity declarations, unknown entities and oversize documents', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE fetch [<!ENTITY x SYSTEM "file:///etc/passwd">]><fetch><entity name="a"><attribute name="&x;"/></entity></fetch>';
    expect(status(() => parseFetchXml(xxe))).toBe(400);
    expect(status(() => parseFetchXml('<!ENTITY a "b"><fetch/>'))).toBe(400);
    expect(status(() => parseFetchXml('<fetch><entity name="a"><attribute name="&lol;"/></entity></fetch>'))).toBe(400);
    expect(status(() => parseFetchXml(`<fetch><entity name="a">${'<attribute name="b"/>'.repeat(10_000)}</entity></fetch>`))).toBe(400);
    for (const bad of [
      '<fetch>',
      '<fetch><entity name="a"></fetch>',
      '<fetch aggregate="true"><entity name="a"/></fetch>',
      '<fetch><entity name="a"/><entity name="b"/></fetch>',
      '<fetch><entity name="a"><condition attribute="x" operator="eq" value="1"/></entity></fetch>',
      '<fetch><entity name="a"><filter><condition attribute="x" operator="eq-userid"/></filter></entity></fetch>',
      '<fetch><entity name="a" onload="x"/></fetch>',
      '<fetch top="6000"><entity name="a"/></fetch>',
      '<fetch><entity name="a"/></fetch>trailing',
      '<fetch><![CDATA[x]]><entity name="a"/></fetch>',
    ]) {
      expect(
        status(() => parseFetchXml(bad)),
        bad,
      ).toBe(400);
    }
    const deep = (n: number) =>
      `<fetch><entity name="a">${'<filter>'.repeat(n)}<condition attribute="b" operator="null"/>${'</filter>'.repeat(n)}</entity></fetch>`;
    expect(status(() => parseFetchXml(deep(5)))).toBe(0);
    expect(status(() => parseFetchXml(deep(6)))).toBe(400);
    const links = (n: number) =>
      `<fetch><entity name="a">${'<link-entity name="b" from="c" to="d">'.repeat(n)}${'</link-entity>'.repeat(n)}</entity></fetch>`;
    expect(status(() => parseFetchXml(links(5)))).toBe(0);
    expect(status(() => parseFetchXml(links(6)))).toBe(400);
  });

  it('decodes only the predefined entities and character references', () => {
    expect(parseXml('<a b="&lt;&gt;&amp;&quot;&apos;&#20013;&#x6587;"/>').attrs.get('b')).toBe('<>&"\'中文');
  });
});

describe('lookup condition', () => {
  it('parses structured conditions and refuses everything else', () => {
    expect(parseCondition('[{"field":"new_job","op":"in","value":[1,"2"]},{"field":"new_wechat","op":"notnull"}]')).toEqual({
      k: 'and',
      items: [
        {
          k: 'in',
          field: { alias: null, name: 'new_job' },
          values: [
            { t: 'number', v: '1' },
            { t: 'raw', v: '2' },
          ],
          not: false,
        },
        { k: 'null', field: { alias: null, name: 'new_wechat' }, not: true },
      ],
    });
    for (const bad of [
      '{}',
      '[1]',
      '[{"field":"a b","op":"eq","value":1}]',
      '[{"field":"a","op":"raw","value":"1=1"}]',
      'not json',
      '[{"field":"a","op":"in","value":[]}]',
      '[{"field":"a","op":"eq","value":{"x":1}}]',
    ]) {
      expect(
        status(() => parseCondition(bad)),
        bad,
      ).toBe(400);
    }
  });
});

describe('compiled SQL', () => {
  const c = (filter: string, e = worker) => compileQuery(spec(e, [parseFilter(filter)]), ctx);

  it('checks names and types against the model', () => {
    expect(status(() => c("nosuch eq 'x'"))).toBe(400);
    expect(status(() => c("new_apppassword eq 'x'"))).toBe(400); // secret
    expect(status(() => c("new_workyear eq 'x'"))).toBe(400);
    expect(status(() => c('new_name eq 1'))).toBe(400);
    expect(status(() => c("contains(new_workyear,'1')"))).toBe(400);
    expect(status(() => c('new_station_id gt 4efcd39c-2364-4641-8d9d-d27c8b67ba42'))).toBe(400);
    expect(status(() => c("new_station_id eq 'not-a-guid'"))).toBe(400);
    expect(status(() => c('new_workyear eq 99999999999'))).toBe(400);
    expect(status(() => c("createdon gt '2026-13-01'"))).toBe(400);
    expect(status(() => c("new_image eq 'x'"))).toBe(400);
    expect(status(() => c('new_workyear eq 3 and new_job in (1, 3) and createdon ge 2026-01-01'))).toBe(0);
  });

  it('binds every value and always adds the scope predicate', () => {
    const q = c("new_name eq 'Robert''); DROP TABLE new_srv_worker; --' and new_workyear gt 5");
    expect(q.sql).not.toContain('DROP');
    expect(q.params).toContain("Robert'); DROP TABLE new_srv_worker; --");
    expect(q.sql).toContain('t."owningbusinessunit" = ANY($1::uuid[])');
    expect(q.params[0]).toEqual(SUBTREE);
    expect(q.countSql).toContain('t."owningbusinessunit" = ANY($1::uuid[])');
    // a one-unit subtree (station user) is a plain equality, still a parameter
    const one = compileQuery(spec(worker, [parseFilter("new_name eq 'x'")]), { ...ctx, caller: { ...ctx.caller, subtree: [SUBTREE[0]] } });
    expect(one.sql).toContain('(t."owningbusinessunit" = $1::uuid)');
    expect(one.params[0]).toBe(SUBTREE[0]);
  });

  it('gives every link-entity its own scope predicate and checks it is readable', () => {
    const f = parseFetchXml(`<fetch><entity name="new_srv_worker"><attribute name="new_name"/>
      <link-entity name="new_srv_station" from="new_srv_stationid" to="new_station_id" alias="st"><attribute name="new_code"/></link-entity></entity></fetch>`);
    const q = compileQuery(spec(worker, [], { links: f.entity.links }), ctx);
    expect(q.sql).toMatch(
      /INNER JOIN "new_srv_station" l1 ON l1\."new_srv_stationid" = t\."new_station_id" AND \(l1\."owningbusinessunit" = ANY\(\$\d+::uuid\[\]\)\)/,
    );
    expect(() =>
      compileQuery(spec(worker, [], { links: f.entity.links }), { ...ctx, mayRead: (e) => e !== getEntity('new_srv_station') }),
    ).toThrow(AppError);
    expect(
      status(() =>
        compileQuery(spec(worker, [], { links: f.entity.links }), { ...ctx, mayRead: (e) => e !== getEntity('new_srv_station') }),
      ),
    ).toBe(403);
  });
});

// ---- property tests -------------------------------------------------------------------------

/** Literals no SQL text we generate could contain by chance (identifiers, aliases, casts, placeholders). */
const marker = fc.string({ minLength: 1, maxLength: 12 }).map((s) => `Ω${s}Ж`);
const bigInt = fc.integer({ min: 1_000_000, max: 2_000_000_000 });
const guid = fc.uuid();

const textFields = ['new_name', 'new_code', 'new_phone', 'new_wechat', 'new_skill'];
const intFields = ['new_workyear', 'new_load'];
const optionFields = ['new_sex', 'new_job', 'new_region'];
const lookupFields = ['new_station_id', 'createdby', 'ownerid'];
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** $filter text from the grammar, with the literals used. */
const filterArb: fc.Arbitrary<{ text: string; lits: string[] }> = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc
      .tuple(fc.constantFrom(...textFields), fc.constantFrom('eq', 'ne', 'gt', 'le'), marker)
      .map(([f, op, v]) => ({ text: `${f} ${op} ${quote(v)}`, lits: [v] })),
    fc
      .tuple(fc.constantFrom('contains', 'startswith', 'endswith'), fc.constantFrom(...textFields), marker)
      .map(([fn, f, v]) => ({ text: `${fn}(${f},${quote(v)})`, lits: [v] })),
    fc
      .tuple(fc.constantFrom(...intFields, ...optionFields), fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), bigInt)
      .map(([f, op, v]) => ({ text: `${f} ${op} ${v}`, lits: [String(v)] })),
    fc.tuple(fc.constantFrom(...lookupFields), guid).map(([f, v]) => ({ text: `${f} eq ${v}`, lits: [v] })),
    fc
      .tuple(fc.constantFrom(...intFields), fc.array(bigInt, { minLength: 1, maxLength: 4 }))
      .map(([f, vs]) => ({ text: `${f} in (${vs.join(',')})`, lits: vs.map(String) })),
    fc.constantFrom(...textFields, ...lookupFields).map((f) => ({ text: `${f} eq null`, lits: [] })),
  ),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.tuple(tie('node'), fc.constantFrom('and', 'or'), tie('node')).map(([a, op, b]) => {
      const x = a as { text: string; lits: string[] };
      const y = b as { text: string; lits: string[] };
      return { text: `(${x.text}) ${op} (${y.text})`, lits: [...x.lits, ...y.lits] };
    }),
    tie('node').map((a) => {
      const x = a as { text: string; lits: string[] };
      return { text: `not (${x.text})`, lits: x.lits };
    }),
  ),
})).node as fc.Arbitrary<{ text: string; lits: string[] }>;

describe('properties', () => {
  it('OData: arbitrary text gives a parse result or a 400, never another throw', () => {
    const soup = fc
      .array(
        fc.constantFrom(
          '(',
          ')',
          ',',
          'and',
          'or',
          'not',
          'eq',
          'ne',
          'gt',
          'in',
          'null',
          'true',
          "'x'",
          "'",
          '1',
          '-2.5',
          '2026-01-01',
          'contains(',
          'new_name',
          'new_workyear',
          'new_station_id',
          'new_image',
          'nosuch',
          '4efcd39c-2364-4641-8d9d-d27c8b67ba42',
          '\u0000',
          '中文',
        ),
        { maxLength: 30 },
      )
      .map((a) => a.join(' '));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 100 }), soup), (s) => {
        only400(() => compileQuery(spec(worker, [parseFilter(s)]), ctx));
      }),
      { numRuns: 3000 },
    );
  });

  it('OData: compiled SQL never contains a literal of the input, and always the scope predicate', () => {
    fc.assert(
      fc.property(filterArb, ({ text, lits }) => {
        const q = compileQuery(spec(worker, [parseFilter(text)]), ctx);
        for (const l of lits) expect(q.sql.includes(l), l).toBe(false);
        expect(q.sql).toContain('(t."owningbusinessunit" = ANY($1::uuid[]))');
        expect(q.params[0]).toEqual(SUBTREE);
      }),
      { numRuns: 1000 },
    );
  });

  it('fetchXml: arbitrary documents give a parse result or a 400', () => {
    const piece = fc.constantFrom(
      '<fetch>',
      '</fetch>',
      '<entity name="new_srv_worker">',
      '</entity>',
      '<filter type="or">',
      '</filter>',
      '<condition attribute="new_name" operator="like" value="%a%"/>',
      '<condition attribute="new_workyear" operator="in"><value>1</value></condition>',
      '<attribute name="new_name"/>',
      '<link-entity name="new_srv_station" from="new_srv_stationid" to="new_station_id" alias="s">',
      '</link-entity>',
      '<!DOCTYPE x>',
      '&amp;',
      '&bogus;',
      '<!-- c -->',
      '<?xml version="1.0"?>',
      '<order attribute="new_code"/>',
      '"',
      "'",
      '<',
      '>',
      '/>',
    );
    const doc = fc.array(piece, { maxLength: 25 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.oneof(doc, fc.string({ maxLength: 300 })), (s) => {
        only400(() => {
          const f = parseFetchXml(s);
          compileQuery(spec(worker, f.entity.filter ? [f.entity.filter] : [], { links: f.entity.links }), ctx);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('fetchXml: values never reach the SQL text; every entity keeps its scope predicate', () => {
    const xmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    const cond = fc.oneof(
      fc
        .tuple(fc.constantFrom(...textFields), fc.constantFrom('eq', 'ne', 'like', 'begins-with', 'ends-with', 'not-like'), marker)
        .map(([f, op, v]) => ({ x: `<condition attribute="${f}" operator="${op}" value="${xmlEsc(v)}"/>`, lits: [v] })),
      fc.tuple(fc.constantFrom(...intFields), fc.array(bigInt, { minLength: 1, maxLength: 3 })).map(([f, vs]) => ({
        x: `<condition attribute="${f}" operator="in">${vs.map((v) => `<value>${v}</value>`).join('')}</condition>`,
        lits: vs.map(String),
      })),
      fc.tuple(fc.constantFrom(...intFields), bigInt, bigInt).map(([f, a, b]) => ({
        x: `<condition attribute="${f}" operator="between"><value>${a}</value><value>${b}</value></condition>`,
        lits: [String(a), String(b)],
      })),
      fc
        .tuple(fc.constantFrom('new_code', 'new_name'), marker)
        .map(([f, v]) => ({ x: `<condition entityname="st" attribute="${f}" operator="eq" value="${xmlEsc(v)}"/>`, lits: [v] })),
    );
    fc.assert(
      fc.property(
        fc.array(cond, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('and', 'or'),
        marker,
        fc.boolean(),
        (cs, type, linkValue, outer) => {
          const xml = `<fetch count="20"><entity name="new_srv_worker"><attribute name="new_name"/><filter type="${type}">${cs.map((c) => c.x).join('')}</filter>
        <link-entity name="new_srv_station" from="new_srv_stationid" to="new_station_id" alias="st" link-type="${outer ? 'outer' : 'inner'}"><attribute name="new_code"/>
        <filter><condition attribute="new_name" operator="ne" value="${xmlEsc(linkValue)}"/></filter></link-entity></entity></fetch>`;
          const f = parseFetchXml(xml);
          const q = compileQuery(spec(worker, f.entity.filter ? [f.entity.filter] : [], { links: f.entity.links }), ctx);
          for (const l of [...cs.flatMap((c) => c.lits), linkValue]) expect(q.sql.includes(l)).toBe(false);
          expect(q.sql).toMatch(/\(t\."owningbusinessunit" = ANY\(\$\d+::uuid\[\]\)\)/);
          expect(q.sql).toMatch(/\(l1\."owningbusinessunit" = ANY\(\$\d+::uuid\[\]\)\)/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lookup condition: arbitrary JSON gives a result or a 400; values stay parameters', () => {
    const item = fc.record({
      field: fc.oneof(
        fc.constantFrom(...textFields, ...intFields, ...lookupFields, 'nosuch', 'new_apppassword'),
        fc.string({ maxLength: 10 }),
      ),
      op: fc.oneof(fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in', 'null', 'notnull'), fc.string({ maxLength: 6 })),
      value: fc.oneof(
        marker,
        bigInt,
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.oneof(marker, bigInt), { maxLength: 3 }),
        guid,
        fc.anything(),
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(item, { maxLength: 5 }).map((a) => JSON.stringify(a)),
          fc.json(),
          fc.string(),
        ),
        (text) => {
          let q;
          try {
            const cond = parseCondition(text);
            q = compileQuery(spec(worker, cond ? [cond] : []), ctx);
          } catch (e) {
            if (!(e instanceof AppError) || e.status !== 400) throw e;
            return;
          }
          expect(q.sql).toContain('(t."owningbusinessunit" = ANY($1::uuid[]))');
          const data = JSON.parse(text);
          if (Array.isArray(data)) {
            for (const c of data) {
              const vals = Array.isArray(c?.value) ? c.value : [c?.value];
              for (const v of vals) if (typeof v === 'string' && v.startsWith('Ω')) expect(q.sql.includes(v)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
