import { msg, type EntityDef } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { answers, BEARER, documented, fileOf, returns, XLSX } from '../http/openapi.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { requestLang } from '../http/request-context.ts';
import { assertMayCreate, assertPrivilege, isServed, lookupReach, recordNotFound, requestCaller, servedEntity } from '../records/access.ts';
import { exportXlsx } from '../records/export.ts';
import { boolLabel, wantsFormatted } from '../records/format.ts';
import type { Expr } from '../records/query/ast.ts';
import { parseCondition } from '../records/query/condition.ts';
import { activeStationsOnly } from '../domain/station-active.ts';
import { parseOrderBy, parseSelect } from '../records/query/odata.ts';
import {
  compileContext,
  intParam,
  param,
  quickSearch,
  retrieveFetchXml,
  retrieveMultiple,
  retrieveOne,
  runQuery,
  searchFields,
  type ReadOptions,
} from '../records/service.ts';
import { normGuid, validateValues } from '../records/validate.ts';
import { deleteRecord, insertRecords, updateRecord, ValidationFailed } from '../records/write.ts';
import { deleteQuietly } from '../files/attachments.ts';
import { LIMITS } from '../records/query/ast.ts';
import { getEntity } from '@portal/model';
import type { Services } from '../services.ts';

// The document's view of the record calls. Queries and bodies are read by the record service
// itself (OData-style parameters, entity-defined fields), so these describe and do not validate.
const TARGET = z.object({ target: z.string().describe('`{entitySet}` or `{entitySet}({id})`, e.g. `new_srv_workorders(…guid…)`') });
const SET = z.object({ set: z.string().describe('Entity set name, e.g. `new_srv_workorders`') });
const opt = (d: string) => z.string().optional().describe(d);
const ODATA = documented(
  z.object({
    $select: opt('Comma-separated fields'),
    $filter: opt('OData filter (eq, ne, gt, ge, lt, le, and, or, not, contains, startswith, endswith)'),
    $orderby: opt('e.g. `createdon desc`'),
    $expand: opt('Lookups to expand'),
    $top: opt('Page size'),
    $skip: opt('Rows to skip'),
    $count: opt('`true`: add the total count'),
    fetchXml: opt('A FetchXML query instead of the OData parameters (entity set or logical name)'),
  }),
);
const EXPORT = documented(
  ODATA.extend({ view: opt('Saved view whose columns to export'), columns: opt('Comma-separated fields to export') }),
);
const LOOKUP = documented(
  z.object({
    entityName: z.string().describe('Entity (logical or set name)'),
    page: opt('1-based page'),
    count: opt('Rows per page (10–50)'),
    select: opt('Comma-separated fields'),
    orderby: opt('e.g. `createdon desc`'),
    condition: opt('Extra condition (JSON)'),
    filterValue: opt('Quick-search text'),
    filter: opt('Comma-separated fields the quick search looks in'),
  }),
);
const FIELDS = documented(
  z
    .record(z.string(), z.unknown())
    .describe(
      "The record's fields by logical name (entity-defined); lookups as `field@odata.bind`. Field errors answer 400 with `Data: { errors: [{ field, message }] }`.",
    ),
);
const VALUE = documented(z.object({ value: z.unknown().describe("The field's new value") }));
const TAGS = ['CRM data'];
const doc = (summary: string, parts: object = {}, answer: object = answers('envelope')) => ({
  summary,
  tags: TAGS,
  security: BEARER,
  ...parts,
  ...answer,
});
// What the reads answer (documentation): records are entity-defined.
const RECORD = z
  .record(z.string(), z.unknown())
  .describe(
    'A record\'s fields by logical name (lookups as GUIDs); with `Prefer: odata.include-annotations="OData.Community.Display.V1.FormattedValue"` also `{field}@OData.Community.Display.V1.FormattedValue` display texts; `$expand`ed lookups as `{field}_ref`',
  );
const RECORDS = z.object({
  value: z.array(RECORD),
  '@odata.count': z.number().int().optional().describe('With `$count=true` (or fetchXml returntotalrecordcount)'),
  page: z.number().int().optional(),
  count: z.number().int().optional(),
  moreRecords: z.boolean().optional().describe('fetchXml paging'),
});
const LOOKUP_ANSWER = z.object({ ErrorCode: z.literal(0), Message: z.string(), Data: z.array(RECORD), TotalRecordCount: z.number().int() });
const OPTIONS = z.array(z.object({ Value: z.number().int(), Text: z.string().describe("In the caller's language"), IconSrc: z.string() }));

/** `{entitySet}` or `{entitySet}({id})` of a CRM data path. */
function target(raw: string): { name: string; id?: string } {
  const m = /^([A-Za-z_][A-Za-z0-9_]{0,62})(?:\(([^()]*)\))?$/.exec(raw);
  if (!m) throw badRequest('records.q.badParam', { name: 'entitySet' });
  if (m[2] === undefined) return { name: m[1] };
  const id = normGuid(m[2].replace(/^'|'$/g, ''));
  if (!id) throw recordNotFound();
  return { name: m[1], id };
}

function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw badRequest('records.bodyObject');
  return b as Record<string, unknown>;
}

/** The wording a read asks for: the caller's language and the `Prefer` header's formatted values. */
function readOptions(req: FastifyRequest): ReadOptions {
  return { lang: requestLang(req), formatted: wantsFormatted(req.headers.prefer) };
}

function withId(raw: string): { e: EntityDef; id: string } {
  const t = target(raw);
  const e = servedEntity(t.name, 'set');
  if (!t.id) throw badRequest('records.q.badParam', { name: 'id' });
  return { e, id: t.id };
}

/**
 * The generic record service (spec 000 §7 CRM data helpers, lookups and picklists). Every read
 * and write runs with the caller's privileges and scope; see records/README.md.
 */
export function recordRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  app.register(async (r) => {
    // Field errors answer Data: { errors: [{ field, message }] }; everything else goes to the app's handler.
    r.setErrorHandler((err, req, reply) => {
      if (err instanceof ValidationFailed) {
        return reply.code(400).send({ ErrorCode: 400, Message: msg(err.key, requestLang(req), err.params), Data: { errors: err.errors } });
      }
      throw err;
    });
    const auth = { preHandler: requireAuth(s.authenticate) };

    r.get<{ Params: { target: string } }>(
      '/api/crmdata/Retrieve/:target',
      {
        ...auth,
        schema: doc(
          'Retrieve one record or a page of records (OData-style query or FetchXML)',
          { params: TARGET, querystring: ODATA },
          returns(z.union([RECORD, RECORDS]).describe('`{entitySet}({id})`: the record; `{entitySet}`: a page')),
        ),
      },
      async (req) => {
        const t = target(req.params.target);
        const xml = param(req.query, 'fetchXml');
        const e = servedEntity(t.name, xml !== undefined && !t.id ? 'either' : 'set');
        const caller = await requestCaller(db, req);
        assertPrivilege(caller, e, 'read');
        const read = readOptions(req);
        if (t.id) {
          const rec = await retrieveOne(db, caller, e, t.id, req.query, read);
          if (!rec) throw recordNotFound();
          return ok(rec);
        }
        if (xml !== undefined) return ok(await retrieveFetchXml(db, caller, e, xml, read));
        return ok(await retrieveMultiple(db, caller, e, req.query, read));
      },
    );

    r.post<{ Params: { set: string } }>(
      '/api/crmdata/create/:set',
      { ...auth, schema: doc('Create a record: answers `{ id }`', { params: SET, body: FIELDS }) },
      async (req) => {
        const e = servedEntity(req.params.set, 'set');
        const caller = await requestCaller(db, req);
        assertMayCreate(caller, e);
        const lang = requestLang(req);
        const v = validateValues(e, body(req), 'create', lang);
        if (v.errors.length) throw new ValidationFailed(v.errors, lang);
        const [id] = await db.tx((sql) => insertRecords(sql, e, caller, [v.values], lang));
        return ok({ id });
      },
    );

    const update = async (req: FastifyRequest, raw: string, input: Record<string, unknown>) => {
      const { e, id } = withId(raw);
      const caller = await requestCaller(db, req);
      assertPrivilege(caller, e, 'write');
      const lang = requestLang(req);
      const v = validateValues(e, input, 'update', lang);
      if (v.errors.length) throw new ValidationFailed(v.errors, lang);
      return ok({ id: await db.tx((sql) => updateRecord(sql, e, caller, id, v.values, lang)) });
    };
    r.post<{ Params: { target: string } }>(
      '/api/crmdata/Update/:target',
      { ...auth, schema: doc("Update a record's fields", { params: TARGET, body: FIELDS }) },
      (req) => update(req, req.params.target, body(req)),
    );
    r.post<{ Params: { target: string; field: string } }>(
      '/api/crmdata/Update/:target/:field',
      {
        ...auth,
        schema: doc('Update one field of a record', {
          params: TARGET.extend({ field: z.string().describe('Field logical name') }),
          body: VALUE,
        }),
      },
      (req) => {
        const b = body(req);
        if (!Object.hasOwn(b, 'value')) throw badRequest('records.q.badParam', { name: 'value' });
        return update(req, req.params.target, { [req.params.field]: b.value });
      },
    );

    r.post<{ Params: { target: string } }>(
      '/api/crmdata/delete/:target',
      { ...auth, schema: doc('Delete a record (and its attachments)', { params: TARGET }) },
      async (req) => {
        const { e, id } = withId(req.params.target);
        const caller = await requestCaller(db, req);
        assertPrivilege(caller, e, 'write');
        // The record's attachments go with it: rows in the same transaction, files after the commit.
        const keys = await db.tx((sql) => deleteRecord(sql, e, caller, id, requestLang(req)));
        await deleteQuietly(s.storage, keys);
        return ok(null);
      },
    );

    r.get<{ Params: { set: string } }>(
      '/api/crmdata/Export/:set',
      { ...auth, schema: doc("Export the query's records as an Excel file", { params: SET, querystring: EXPORT }, fileOf(XLSX)) },
      async (req, reply) => {
        const e = servedEntity(req.params.set, 'set');
        const caller = await requestCaller(db, req);
        assertPrivilege(caller, e, 'read');
        const file = await exportXlsx(db, caller, e, req.query, requestLang(req));
        reply
          .header('content-type', XLSX)
          .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .header('cache-control', 'no-store')
          .header('x-export-rows', String(file.rows));
        if (file.capped) reply.header('x-export-capped', String(file.rows));
        return reply.send(file.stream);
      },
    );

    // spec 000 §7: lookup dialogs. Top-level TotalRecordCount beside the envelope.
    r.get(
      '/api/crmlookupview/data',
      {
        ...auth,
        schema: doc(
          'Rows of a lookup dialog (TotalRecordCount beside the envelope)',
          { querystring: LOOKUP },
          answers('json', { data: LOOKUP_ANSWER }),
        ),
      },
      async (req) => {
        const q = req.query;
        const name = param(q, 'entityName');
        if (!name) throw badRequest('records.q.badParam', { name: 'entityName' });
        const e = servedEntity(name, 'either');
        const caller = await requestCaller(db, req);
        const reach = lookupReach(caller, e);
        const page = intParam(q, 'page', 1, 1, LIMITS.skip + 1);
        const count = intParam(q, 'count', 20, 10, 50);
        if ((page - 1) * count > LIMITS.skip)
          throw badRequest('records.q.range', { name: 'page', min: 1, max: Math.floor(LIMITS.skip / count) + 1 });
        const select = param(q, 'select');
        const fields = select?.trim() ? parseSelect(select, 'select') : [e.primaryName, 'createdon'];
        const orderby = param(q, 'orderby');
        const filters: Expr[] = reach ? [reach] : [];
        const condition = param(q, 'condition');
        const c = condition?.trim() ? parseCondition(condition) : null;
        if (c) filters.push(c);
        const active = activeStationsOnly(e.logicalName, c);
        if (active) filters.push(active);
        const filterValue = param(q, 'filterValue')?.trim();
        const filter = param(q, 'filter');
        if (filterValue) filters.push(quickSearch(e, filter?.trim() ? parseSelect(filter, 'filter') : searchFields(e), filterValue));
        const res = await runQuery(
          db,
          {
            entity: e,
            select: fields,
            filters,
            orderBy: parseOrderBy(orderby?.trim() || 'createdon desc', 'orderby'),
            top: count,
            skip: (page - 1) * count,
            count: true,
            formatted: wantsFormatted(req.headers.prefer),
          },
          compileContext(caller, requestLang(req)),
        );
        return { ErrorCode: 0, Message: '', Data: res.value, TotalRecordCount: res.count ?? 0 };
      },
    );

    // spec 000 §7: options of an option-set or bool field, in the caller's language.
    r.get<{ Params: { entity: string; attribute: string } }>(
      '/api/crmpicklist/options/:entity/:attribute',
      {
        ...auth,
        schema: doc(
          "Options of an option-set or yes/no field, in the caller's language",
          { params: z.object({ entity: z.string(), attribute: z.string() }) },
          returns(OPTIONS),
        ),
      },
      async (req) => {
        const { entity, attribute } = req.params;
        const e = getEntity(entity);
        if (!isServed(e)) throw new AppError(404, 'records.entityNotFound', { entity: entity.slice(0, 64) });
        const f = Object.hasOwn(e.allFields, attribute) ? e.allFields[attribute] : undefined;
        const lang = requestLang(req);
        if (f && !f.secret && f.type === 'optionset') {
          return ok(f.optionSet.options.map((o) => ({ Value: o.value, Text: o.label[lang], IconSrc: iconOf(o) })));
        }
        if (f && !f.secret && f.type === 'bool') {
          return ok([
            { Value: 1, Text: boolLabel(f, true, lang), IconSrc: '' },
            { Value: 0, Text: boolLabel(f, false, lang), IconSrc: '' },
          ]);
        }
        throw new AppError(404, 'records.attributeNotFound', { entity: e.logicalName, field: attribute.slice(0, 64) });
      },
    );
  });
}

function iconOf(o: object): string {
  const icon = (o as { iconSrc?: unknown; icon?: unknown }).iconSrc ?? (o as { icon?: unknown }).icon;
  return typeof icon === 'string' ? icon : '';
}
