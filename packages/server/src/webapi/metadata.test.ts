import { gunzipSync } from 'node:zlib';
import { Edm } from '@odata/metadata';
import { ENTITIES, msg, OAUTH2_TOKEN_PATH, SERVICE_ACCOUNT_API, type EntityDef, type FieldDef } from '@portal/model';
import { parse } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { isServed } from '../records/access.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { ACTION_RESULT, boundActions } from './actions.ts';
import { apiFields } from './metadata-csdl.ts';
import { NAMESPACE, webApiNames } from './names.ts';

// $metadata read back through @odata/metadata (its Edm model is built from the document's JSON form:
// elements and attributes in lower camel case, repeated elements as arrays) and checked against the
// model entity by entity, field by field.

let p: Portal;
const tok: Record<string, string> = {};
const privileges: Record<string, Set<string>> = {};
const USERS = ['admin', 'station1'] as const;
const get = (url: string, headers: Record<string, string> = {}) => p.app.inject({ method: 'GET', url, headers });
const METADATA = '/api/data/v9.2/$metadata';

beforeAll(async () => {
  p = await testPortal();
  for (const u of USERS) {
    tok[u] = (await signIn(p.app, u)).access_token;
    privileges[u] = new Set((await get('/api/portaluser/me', bearer(tok[u]))).json().Data.privilege as string[]);
  }
});
afterAll(() => p?.close());

type Node = { [k: string]: string | Node[] };
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
/** The CSDL element as @odata/metadata reads it: attributes and child elements in lower camel case. */
function edmJson(node: Node): Node {
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$') for (const [a, av] of Object.entries(v as unknown as Record<string, string>)) out[lowerFirst(a)] = av;
    else if (Array.isArray(v)) out[lowerFirst(k)] = v.map((c) => (typeof c === 'object' ? edmJson(c) : c));
  }
  return out;
}
/** XML → the JSON form (single elements unwrapped where @odata/metadata wants an object) → Edm.Edmx. */
function readMetadata(xml: string) {
  const raw = parse(xml, {
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attrNodeName: '$',
    arrayMode: true,
    ignoreNameSpace: true,
    parseAttributeValue: false,
  });
  const json = edmJson((raw.Edmx as Node[])[0]) as Node & { dataServices: Node[] };
  const ds = json.dataServices[0] as Node & { schema: (Node & { action?: Node[] })[] };
  for (const op of [...(ds.schema[0].action ?? []), ...((ds.schema[0].function as Node[]) ?? [])])
    op.returnType = (op.returnType as Node[])[0] as never;
  const edmx = new Edm.Edmx({ ...json, dataServices: ds });
  return { edmx, schema: edmx.dataServices.schemas[0], raw: ds.schema[0] };
}

/** What the caller may read, as the record service decides it (the entity's read privilege or one of readAlso). */
const readable = (who: string) =>
  ENTITIES.filter(isServed).filter((e) => privileges[who].has(e.access.read) || !!e.access.readAlso?.some((x) => privileges[who].has(x)));

/** The type a field of the model must have in the document (option sets: a type definition over Edm.Int32). */
function expectedType(f: FieldDef): string {
  const t: Record<FieldDef['type'], string> = {
    text: 'Edm.String',
    memo: 'Edm.String',
    int: 'Edm.Int32',
    decimal: 'Edm.Decimal',
    money: 'Edm.Decimal',
    bool: 'Edm.Boolean',
    datetime: 'Edm.DateTimeOffset',
    date: 'Edm.Date',
    optionset: 'Edm.Int32',
    lookup: 'Edm.Guid',
    image: 'Edm.String',
  };
  return t[f.type];
}

describe('$metadata', () => {
  let admin: ReturnType<typeof readMetadata>;
  let adminXml: string;
  beforeAll(async () => {
    const res = await get(METADATA, bearer(tok.admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['odata-version']).toBe('4.0');
    adminXml = res.body;
    admin = readMetadata(adminXml);
  });

  it('needs a signed-in caller; refusals in the OData error shape', async () => {
    for (const url of [METADATA, '/api/data/v9.2/']) {
      const res = await get(url, { 'accept-language': 'en-US' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.headers['odata-version']).toBe('4.0');
      expect(res.json()).toMatchObject({ error: { code: expect.stringMatching(/^0x/), message: expect.any(String) } });
    }
  });

  it("parses with @odata/metadata: one schema in Dataverse's namespace, an entity type and set for every entity the caller may read", () => {
    const { schema } = admin;
    expect(schema.namespace).toBe(NAMESPACE);
    expect(schema.alias).toBe('mscrm');
    const want = readable('admin');
    expect(want.length).toBeGreaterThan(50);
    expect(schema.entityTypes.map((t) => t.name).sort()).toEqual(want.map((e) => e.logicalName).sort());
    const container = schema.entityContainer[0];
    expect(container.name).toBe('System');
    expect(Object.fromEntries(container.entitySets.map((s) => [s.name, s.entityType]))).toEqual(
      Object.fromEntries(want.map((e) => [e.entitySet, `mscrm.${e.logicalName}`])),
    );
    expect(container.functionImports.map((f) => [f.name, f.function])).toEqual([['WhoAmI', 'mscrm.WhoAmI']]);
    const whoAmI = schema.functions.find((f) => f.name === 'WhoAmI');
    expect(whoAmI?.returnType.type).toBe('mscrm.WhoAmIResponse');
  });

  it('types every field as the model declares it: key, Edm type, length, scale, option values, server-owned; secret fields never appear', () => {
    const { schema } = admin;
    const typeDefs = new Map(schema.typeDefinitions.map((t) => [t.name, t]));
    const allowed = new Map(
      (admin.raw.typeDefinition as Node[]).map((t) => {
        const ann = (t.annotation as Node[]).find((a) => a.term === 'Validation.AllowedValues') as Node;
        const records = ((ann.collection as Node[])[0].record as Node[]).map((r) => Number(((r.propertyValue as Node[])[0] as Node).int));
        return [t.name as string, records];
      }),
    );
    let secrets = 0;
    let owned = 0;
    for (const e of readable('admin')) {
      const t = schema.entityTypes.find((x) => x.name === e.logicalName)!;
      expect(t.key.propertyRefs.map((r) => r.name)).toEqual([e.primaryKey]);
      const props = new Map(t.properties.map((x) => [x.name, x]));
      expect(props.get(e.primaryKey)).toMatchObject({ type: 'Edm.Guid', nullable: 'false' });
      for (const [name, f] of Object.entries(e.allFields)) {
        const prop = props.get(webApiNames(e, name, f).property);
        if (f.secret) {
          secrets++;
          expect(prop, `${e.logicalName}.${name} is secret`).toBeUndefined();
          continue;
        }
        if (name === e.primaryKey) continue;
        expect(prop, `${e.logicalName}.${name}`).toBeDefined();
        if (f.type === 'optionset') {
          const def = typeDefs.get(prop!.type.replace(/^mscrm\./, ''));
          expect(def?.underlyingType, `${e.logicalName}.${name}`).toBe('Edm.Int32');
          expect(allowed.get(def!.name)).toEqual(f.optionSet.options.map((o) => o.value));
        } else expect(prop!.type, `${e.logicalName}.${name}`).toBe(expectedType(f));
        if (f.type === 'text' || f.type === 'memo') expect(Number(prop!.maxLength)).toBe(f.maxLength);
        if (f.type === 'decimal') expect(Number(prop!.scale)).toBe(f.precision);
        if (f.type === 'money') expect(Number(prop!.scale)).toBe(2);
        // What a command or the server owns says so (Core.Computed); the Web API refuses writes to it.
        const computed = prop!.annotations.some((a) => a.term === 'Core.Computed');
        expect(computed, `${e.logicalName}.${name} computed`).toBe(!!(f.readOnly || f.computed));
        if (computed) owned++;
      }
      expect(t.properties.length).toBe(apiFields(e).length);
    }
    expect(secrets).toBeGreaterThan(0);
    expect(owned).toBeGreaterThan(100);
  });

  it('lookups: a Guid `_x_value` and a navigation property to the target type with its set bound, where the caller may read the target', async () => {
    expect(checkLookups(admin, 'admin')).toBe(0);
    // A station reads work orders but not every entity they name (their ids stay, the navigation goes).
    expect(checkLookups(readMetadata((await get(METADATA, bearer(tok.station1))).body), 'station1')).toBeGreaterThan(0);
  });

  function checkLookups({ schema, raw }: ReturnType<typeof readMetadata>, who: string): number {
    const sets = new Map(
      ((raw.entityContainer as Node[])[0].entitySet as Node[]).map((s) => [
        s.name as string,
        new Map(((s.navigationPropertyBinding as Node[] | undefined) ?? []).map((b) => [b.path as string, b.target as string])),
      ]),
    );
    const visible = new Map(readable(who).map((e) => [e.logicalName, e]));
    let withNav = 0;
    let withoutNav = 0;
    for (const e of visible.values()) {
      const t = schema.entityTypes.find((x) => x.name === e.logicalName)!;
      const navs = new Map(t.navigationProperties.map((n) => [n.name, n]));
      for (const [name, f] of apiFields(e)) {
        if (f.type !== 'lookup' || name === e.primaryKey) continue;
        const n = webApiNames(e, name, f);
        const target = visible.get(f.target);
        const nav = navs.get(n.navigation!);
        if (!target) {
          withoutNav++;
          expect(nav, `${e.logicalName}.${name} → ${f.target}`).toBeUndefined();
          continue;
        }
        withNav++;
        expect(nav?.type, `${e.logicalName}.${name}`).toBe(`mscrm.${target.logicalName}`);
        expect(nav?.referentialConstraints.map((c) => [c.property, c.referencedProperty])).toEqual([[n.property, target.primaryKey]]);
        expect(sets.get(e.entitySet)?.get(n.navigation!)).toBe(target.entitySet);
      }
      expect(navs.size).toBe(sets.get(e.entitySet)?.size ?? 0);
    }
    expect(withNav).toBeGreaterThan(20);
    return withoutNav;
  }

  it("bound actions: each entity's catalogue, bound to its type, with its parameters, answering the action result", () => {
    const { schema } = admin;
    let n = 0;
    for (const e of readable('admin')) {
      const declared = schema.actions.filter((a) => a.parameters[0].type === `${NAMESPACE}.${e.logicalName}`);
      const want = boundActions(e);
      expect(
        declared.map((a) => a.name),
        e.logicalName,
      ).toEqual(want.map((a) => a.name));
      for (const [i, a] of declared.entries()) {
        n++;
        expect(String(a.isBound)).toBe('true');
        expect(a.parameters.map((x) => x.name)).toEqual(['entity', ...want[i].parameters.map((x) => x.name)]);
        expect(a.returnType.type).toBe(`mscrm.${ACTION_RESULT.name}`);
      }
    }
    expect(schema.actions.length).toBe(n);
    expect(n).toBeGreaterThan(10);
    expect(schema.complexTypes.map((c) => c.name)).toContain(ACTION_RESULT.name);
  });

  it("a station user's document leaves out what the station may not read (and the portal's own API refuses it)", async () => {
    const res = await get(METADATA, bearer(tok.station1));
    expect(res.statusCode).toBe(200);
    const { schema } = readMetadata(res.body);
    const want = readable('station1');
    expect(schema.entityTypes.map((t) => t.name).sort()).toEqual(want.map((e) => e.logicalName).sort());
    const omitted = readable('admin').filter((e) => !want.includes(e));
    expect(omitted.length).toBeGreaterThan(0);
    const names = new Set(schema.entityContainer[0].entitySets.map((s) => s.name));
    for (const e of omitted) expect(names.has(e.entitySet)).toBe(false);
    // No navigation property leads to a type the document does not have.
    const types = new Set(schema.entityTypes.map((t) => `mscrm.${t.name}`));
    for (const t of schema.entityTypes) for (const nav of t.navigationProperties) expect(types.has(nav.type), nav.type).toBe(true);
    const listed = await get(`/api/crmdata/Retrieve/${omitted[0].entitySet}?$top=1`, bearer(tok.station1));
    expect(listed.statusCode).toBe(403);

    const doc = await get('/api/data/v9.2/', bearer(tok.station1));
    expect(doc.statusCode).toBe(200);
    expect((await get('/api/data/v9.2', bearer(tok.station1))).json()).toEqual(doc.json());
    expect(
      doc
        .json()
        .value.filter((v: { kind: string }) => v.kind === 'EntitySet')
        .map((v: { name: string }) => v.name),
    ).toEqual(want.map((e) => e.entitySet));
  });

  it("a service account's token gets the document of its roles: one with a station's roles and unit, the station's", async () => {
    const u = await p.db.one<{ id: string; unit: string }>(
      "SELECT systemuserid AS id, businessunitid AS unit FROM systemuser WHERE domainname = 'station1'",
    );
    const roles = (await p.db.query<{ id: string }>('SELECT roleid AS id FROM systemuserroles WHERE systemuserid = $1', [u!.id])).rows.map(
      (r) => r.id,
    );
    const made = await p.app.inject({
      method: 'POST',
      url: SERVICE_ACCOUNT_API,
      payload: { name: '$metadata 测试接口', roles, units: [u!.unit] },
      headers: bearer(tok.admin),
    });
    expect(made.statusCode, made.body).toBe(200);
    const { clientId, clientSecret } = made.json().Data as { clientId: string; clientSecret: string };
    const grant = await p.app.inject({
      method: 'POST',
      url: OAUTH2_TOKEN_PATH,
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const res = await get(METADATA, bearer(grant.json().access_token));
    expect(res.statusCode).toBe(200);
    const { schema } = readMetadata(res.body);
    expect(schema.entityTypes.map((t) => t.name).sort()).toEqual(
      readable('station1')
        .map((e) => e.logicalName)
        .sort(),
    );
  });

  it('labels follow Accept-Language; the document is cached per language and reach (ETag, 304)', async () => {
    const wo = readable('admin').find((e) => boundActions(e).length) as EntityDef;
    const en = await get(METADATA, { ...bearer(tok.admin), 'accept-language': 'en-US' });
    expect(en.body).toContain(`<Annotation Term="Core.Description" String="${wo.label['en-US']}"/>`);
    expect(adminXml).toContain(`<Annotation Term="Core.Description" String="${wo.label['zh-CN']}"/>`);
    expect(en.body).toContain(msg(boundActions(wo)[0].label, 'en-US'));
    const again = await get(METADATA, { ...bearer(tok.admin), 'accept-language': 'en-US' });
    expect(again.headers.etag).toBe(en.headers.etag);
    expect(again.headers.etag).not.toBe((await get(METADATA, bearer(tok.admin))).headers.etag);
    const notModified = await get(METADATA, { ...bearer(tok.admin), 'accept-language': 'en-US', 'if-none-match': String(en.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    const zipped = await get(METADATA, { ...bearer(tok.admin), 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(adminXml.length / 10);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(adminXml);
    if (process.env.SHOW_FIGURES) {
      const t0 = performance.now();
      const { buildCsdl } = await import('./metadata-csdl.ts');
      const xml = buildCsdl(readable('admin'), 'zh-CN');
      console.log(
        `$metadata: ${readable('admin').length} entity sets, ${Buffer.byteLength(xml)} bytes, built in ${(performance.now() - t0).toFixed(1)} ms; station1: ${readable('station1').length} sets`,
      );
    }
  });
});
