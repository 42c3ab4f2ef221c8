import { msg, type EntityDef } from '@portal/model';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { once } from '../domain/idempotency.ts';
import { act, type FlowAction, requireDocument, revoke, submit } from '../flow/engine.ts';
import { flowBad } from '../flow/errors.ts';
import { forbidden } from '../http/errors.ts';
import { assertCanSeeRecord, assertMayCreate, assertPrivilege, recordNotFound, servedEntity } from '../records/access.ts';
import { LIMITS } from '../records/query/ast.ts';
import { fieldName } from '../records/query/odata.ts';
import { compileContext, odataParts, retrieveFetchXml, retrieveOne, runQuery } from '../records/service.ts';
import { Params, q } from '../records/sql.ts';
import { normGuid, validateValues } from '../records/validate.ts';
import { deleteRecord, insertRecords, updateRecord, ValidationFailed } from '../records/write.ts';
import { ACTION_RESULT, findAction } from './actions.ts';
import { apiError, errorResponse } from './errors.ts';
import { NAMESPACE, WEB_API_PREFIX } from './names.ts';
import {
  etagMatches,
  one,
  type ApiEnv,
  type ApiRequest,
  type ApiResponse,
  parsePrefer,
  type Prefer,
  readSkipToken,
  skipToken,
} from './request.ts';
import { dataverseRecord, recordBody } from './shape.ts';

/*
 * The Web API's operations on top of the record service, the document kernel and the approval
 * engine (README.md): every read and write takes the caller's privileges and scope from there.
 */

export const JSON_TYPE = 'application/json; odata.metadata=minimal; charset=utf-8';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse => ({ status, headers, body });

/** `(guid)`, `('guid')`, `({guid})`. */
function keyOf(raw: string): string {
  const id = normGuid(raw.trim().replace(/^'|'$/g, ''));
  if (!id) throw recordNotFound();
  return id;
}

type Target =
  | { k: 'whoami' }
  | { k: 'set'; e: EntityDef }
  | { k: 'count'; e: EntityDef }
  | { k: 'row'; e: EntityDef; id: string }
  | { k: 'action'; e: EntityDef; id: string; name: string }
  | { k: 'property'; e: EntityDef; id: string; field: string };

/** The resource a path names; 404 for anything else. */
export function parsePath(path: string): Target {
  if (path === 'WhoAmI' || path === 'WhoAmI()' || path === `${NAMESPACE}.WhoAmI` || path === `${NAMESPACE}.WhoAmI()`)
    return { k: 'whoami' };
  const m = /^([A-Za-z_][A-Za-z0-9_]{0,99})(?:\(([^()/]{1,60})\))?(?:\/([A-Za-z_$][A-Za-z0-9_.]{0,150}))?$/.exec(path);
  if (!m) throw apiError(404, 'webapi.notFound', { path: path.slice(0, 100) });
  const e = servedEntity(m[1], 'set');
  const [, , key, sub] = m;
  if (key === undefined) {
    if (sub === undefined) return { k: 'set', e };
    if (sub === '$count') return { k: 'count', e };
    throw apiError(404, 'webapi.notFound', { path: path.slice(0, 100) });
  }
  const id = keyOf(key);
  if (sub === undefined) return { k: 'row', e, id };
  if (sub.startsWith(`${NAMESPACE}.`)) return { k: 'action', e, id, name: sub.slice(NAMESPACE.length + 1) };
  const field = fieldName(sub);
  if (Object.hasOwn(e.allFields, field) && !e.allFields[field].secret) return { k: 'property', e, id, field };
  return { k: 'action', e, id, name: sub };
}

/** Runs one request; a refusal becomes its OData error answer (a 500 is logged). */
export async function dispatch(env: ApiEnv, req: ApiRequest, log: FastifyBaseLogger): Promise<ApiResponse> {
  try {
    return await handle(env, req);
  } catch (err) {
    const res = errorResponse(err, env.lang);
    if (res.unexpected) log.error({ err }, 'web api: unhandled error');
    return { status: res.status, headers: res.headers, body: res.body };
  }
}

const notAllowed = (req: ApiRequest) => apiError(405, 'webapi.method', { path: req.path.slice(0, 100), method: req.method.slice(0, 10) });

async function handle(env: ApiEnv, req: ApiRequest): Promise<ApiResponse> {
  const t = parsePath(req.path);
  const prefer = parsePrefer(req.headers.prefer);
  switch (t.k) {
    case 'whoami':
      if (req.method !== 'GET') throw notAllowed(req);
      return whoAmI(env);
    case 'set':
      if (req.method === 'GET') return list(env, t.e, req, prefer);
      if (req.method === 'POST') return create(env, t.e, req, prefer);
      throw notAllowed(req);
    case 'count':
      if (req.method !== 'GET') throw notAllowed(req);
      return count(env, t.e, req);
    case 'row':
      if (req.method === 'GET') return retrieve(env, t.e, t.id, req, prefer);
      if (req.method === 'PATCH') return patch(env, t.e, t.id, req, prefer);
      if (req.method === 'DELETE') return remove(env, t.e, t.id, req);
      throw notAllowed(req);
    case 'action':
      if (req.method !== 'POST') throw notAllowed(req);
      return action(env, t.e, t.id, t.name, req);
    case 'property':
      if (req.method === 'GET') return property(env, t.e, t.id, t.field);
      if (req.method === 'PUT' || req.method === 'DELETE') return putProperty(env, t.e, t.id, t.field, req);
      throw notAllowed(req);
  }
}

async function whoAmI(env: ApiEnv): Promise<ApiResponse> {
  const p = env.caller.principal;
  // One organisation per installation: the root of the business-unit tree stands for it.
  const { rows } = await env.read.query<{ id: string }>(
    'SELECT businessunitid AS id FROM businessunit WHERE parentbusinessunitid IS NULL ORDER BY createdon, businessunitid LIMIT 1',
  );
  return json(200, {
    '@odata.context': `${env.base}/$metadata#${NAMESPACE}.WhoAmIResponse`,
    BusinessUnitId: p.businessUnitId,
    UserId: p.userId,
    OrganizationId: rows[0]?.id ?? p.businessUnitId,
  });
}

const shapeAll = (e: EntityDef, rows: Record<string, unknown>[], prefer: Prefer) =>
  rows.map((r) => dataverseRecord(e, r, prefer.lookupNames));

function preferenceApplied(prefer: Prefer, paged: boolean): Record<string, string> {
  const applied: string[] = [];
  if (prefer.formatted || prefer.lookupNames) applied.push('odata.include-annotations="*"');
  if (paged && prefer.maxPageSize) applied.push(`odata.maxpagesize=${prefer.maxPageSize}`);
  return applied.length ? { 'preference-applied': applied.join(',') } : {};
}

/** The same query with the next page's `$skiptoken`. */
function nextLink(env: ApiEnv, e: EntityDef, query: ApiRequest['query'], skip: number): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (k === '$skiptoken' || typeof v !== 'string') continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  }
  parts.push(`$skiptoken=${skipToken(skip)}`);
  return `${env.base}/${e.entitySet}?${parts.join('&')}`;
}

/** GET {set}: the OData list (or fetchXml), paged by `Prefer: odata.maxpagesize` with `@odata.nextLink`. */
async function list(env: ApiEnv, e: EntityDef, req: ApiRequest, prefer: Prefer): Promise<ApiResponse> {
  assertPrivilege(env.caller, e, 'read');
  const xml = one(req.query, 'fetchXml');
  if (xml !== undefined) return fetchXml(env, e, xml, prefer);
  const o = odataParts(req.query);
  const topGiven = (one(req.query, '$top') ?? '') !== '';
  const token = one(req.query, '$skiptoken');
  // Dataverse: $top caps the answer and no page follows; otherwise pages of maxpagesize (default and at most 5,000).
  const size = topGiven ? o.top : Math.max(1, Math.min(prefer.maxPageSize ?? LIMITS.top, LIMITS.top));
  const skip = token !== undefined ? readSkipToken(token, LIMITS.skip) : o.skip;
  const r = await runQuery(
    env.read,
    {
      entity: e,
      select: o.select ?? 'default',
      filters: o.filter ? [o.filter] : [],
      orderBy: o.orderBy ?? [],
      top: size,
      skip,
      count: o.count,
      expand: o.expand,
      formatted: prefer.formatted,
      probeMore: !topGiven,
      rowVersion: true,
    },
    compileContext(env.caller, env.lang),
  );
  const body: Record<string, unknown> = { '@odata.context': `${env.base}/$metadata#${e.entitySet}` };
  if (o.count) body['@odata.count'] = r.count;
  body.value = shapeAll(e, r.value, prefer);
  // Bounded: no page past the record service's offset limit.
  if (r.more && skip + size <= LIMITS.skip) body['@odata.nextLink'] = nextLink(env, e, req.query, skip + size);
  return json(200, body, preferenceApplied(prefer, !topGiven));
}

/** GET {set}?fetchXml=…: Dataverse's answer, `morerecords` and a paging cookie naming the page (the page number is what pages). */
async function fetchXml(env: ApiEnv, e: EntityDef, xml: string, prefer: Prefer): Promise<ApiResponse> {
  const r = await retrieveFetchXml(env.read, env.caller, e, xml, { lang: env.lang, formatted: prefer.formatted, rowVersion: true });
  const body: Record<string, unknown> = { '@odata.context': `${env.base}/$metadata#${e.entitySet}` };
  if (r['@odata.count'] !== undefined) body['@odata.count'] = r['@odata.count'];
  body.value = shapeAll(e, r.value as Record<string, unknown>[], prefer);
  if (r.moreRecords !== undefined) {
    body[`@${NAMESPACE}.morerecords`] = r.moreRecords;
    if (r.moreRecords) {
      const page = Number(r.page);
      const cookie = encodeURIComponent(encodeURIComponent(`<cookie page="${page}"><page>${page}</page></cookie>`));
      body[`@${NAMESPACE}.fetchxmlpagingcookie`] = `<cookie pagenumber="${page + 1}" pagingcookie="${cookie}" istracking="False" />`;
    }
  }
  return json(200, body, preferenceApplied(prefer, false));
}

/** GET {set}/$count: the number as text ($filter honoured). */
async function count(env: ApiEnv, e: EntityDef, req: ApiRequest): Promise<ApiResponse> {
  assertPrivilege(env.caller, e, 'read');
  const o = odataParts(req.query);
  const r = await runQuery(
    env.read,
    { entity: e, select: [e.primaryKey], filters: o.filter ? [o.filter] : [], orderBy: [], top: 0, skip: 0, count: true, formatted: false },
    compileContext(env.caller, env.lang),
  );
  return { status: 200, headers: {}, body: String(r.count ?? 0) };
}

async function readRow(sql: Sql, env: ApiEnv, e: EntityDef, id: string, query: ApiRequest['query'], prefer: Prefer) {
  const rec = await retrieveOne(sql, env.caller, e, id, query, { lang: env.lang, formatted: prefer.formatted, rowVersion: true });
  return rec ? dataverseRecord(e, rec, prefer.lookupNames) : undefined;
}

const entityId = (env: ApiEnv, e: EntityDef, id: string) => ({ 'odata-entityid': `${env.base}/${e.entitySet}(${id})` });

/** GET {set}({id}): the record (404 when missing or outside the caller's scope); `If-None-Match` → 304. */
async function retrieve(env: ApiEnv, e: EntityDef, id: string, req: ApiRequest, prefer: Prefer): Promise<ApiResponse> {
  assertPrivilege(env.caller, e, 'read');
  const rec = await readRow(env.read, env, e, id, req.query, prefer);
  if (!rec) throw recordNotFound();
  const etag = String(rec['@odata.etag']);
  const none = req.headers['if-none-match'];
  if (none && etagMatches(none, etag.slice(3, -1))) return { status: 304, headers: { etag } };
  return json(
    200,
    { '@odata.context': `${env.base}/$metadata#${e.entitySet}/$entity`, ...rec },
    { etag, ...preferenceApplied(prefer, false) },
  );
}

/** The answer of a write: 204 with OData-EntityId, or the record with `Prefer: return=representation`. */
async function written(sql: Sql, env: ApiEnv, e: EntityDef, id: string, req: ApiRequest, prefer: Prefer, created: boolean) {
  if (!prefer.representation) return { status: 204, headers: entityId(env, e, id) };
  const rec = await readRow(sql, env, e, id, req.query, prefer);
  return json(
    created ? 201 : 200,
    { '@odata.context': `${env.base}/$metadata#${e.entitySet}/$entity`, ...rec },
    { ...entityId(env, e, id), etag: String(rec?.['@odata.etag']), 'preference-applied': 'return=representation' },
  );
}

function validated(e: EntityDef, input: Record<string, unknown>, mode: 'create' | 'update', env: ApiEnv) {
  const v = validateValues(e, input, mode, env.lang);
  if (v.errors.length) throw new ValidationFailed(v.errors, env.lang);
  return v.values;
}

/** POST {set}: create. */
async function create(env: ApiEnv, e: EntityDef, req: ApiRequest, prefer: Prefer): Promise<ApiResponse> {
  assertMayCreate(env.caller, e);
  const values = validated(e, recordBody(req.body, env.resolveRef), 'create', env);
  return env.tx(async (sql) => {
    const [id] = await insertRecords(sql, e, env.caller, [values], env.lang);
    return written(sql, env, e, id, req, prefer, true);
  });
}

/** The row's version, locked for the write inside the caller's scope (the write's own lock then finds it held); null when not visible. */
async function lockVersion(sql: Sql, env: ApiEnv, e: EntityDef, id: string): Promise<string | null> {
  const p = new Params();
  const { rows } = await sql.query<{ v: string }>(
    `SELECT t.xmin::text AS v FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = ${p.add(id, 'uuid')} AND ${p.scope(e, env.caller, 't')} FOR UPDATE OF t`,
    p.values,
  );
  return rows[0]?.v ?? null;
}

/**
 * PATCH {set}({id}): update, or upsert as Dataverse — a missing id is created under that id when
 * the caller may create (`If-Match` of any kind prevents the create: 404); `If-Match` with a
 * stale version → 412; `If-None-Match: *` prevents the update (412 when the row exists).
 */
async function patch(env: ApiEnv, e: EntityDef, id: string, req: ApiRequest, prefer: Prefer): Promise<ApiResponse> {
  assertPrivilege(env.caller, e, 'write');
  const ifMatch = req.headers['if-match'];
  const ifNone = req.headers['if-none-match'];
  const input = recordBody(req.body, env.resolveRef);
  return env.tx(async (sql) => {
    const version = await lockVersion(sql, env, e, id);
    if (version !== null) {
      if (ifNone !== undefined && etagMatches(ifNone, version)) throw apiError(412, 'webapi.exists');
      if (ifMatch !== undefined && !etagMatches(ifMatch, version)) throw apiError(412, 'webapi.stale');
      await updateRecord(sql, e, env.caller, id, validated(e, input, 'update', env), env.lang);
      return written(sql, env, e, id, req, prefer, false);
    }
    if (ifMatch !== undefined) throw recordNotFound();
    // A row of this id outside the caller's scope is not theirs to create (nor to learn about).
    const { rowCount } = await sql.query(`SELECT 1 FROM ${q(e.logicalName)} WHERE ${q(e.primaryKey)} = $1::uuid`, [id]);
    if (rowCount) throw recordNotFound();
    assertMayCreate(env.caller, e);
    await insertRecords(sql, e, env.caller, [validated(e, input, 'create', env)], env.lang, { ids: [id] });
    return written(sql, env, e, id, req, prefer, true);
  });
}

/** GET {set}({id})/{field}: `{ value }` (a lookup's value by `_x_value` or `x`). */
async function property(env: ApiEnv, e: EntityDef, id: string, field: string): Promise<ApiResponse> {
  assertPrivilege(env.caller, e, 'read');
  const rec = await retrieveOne(env.read, env.caller, e, id, { $select: field }, { lang: env.lang });
  if (!rec) throw recordNotFound();
  return json(200, { '@odata.context': `${env.base}/$metadata#${e.entitySet}(${id})/${field}`, value: rec[field] ?? null });
}

/** PUT {set}({id})/{field} with `{ value }` (DELETE: null), as an update of that field alone (If-Match honoured). */
async function putProperty(env: ApiEnv, e: EntityDef, id: string, field: string, req: ApiRequest): Promise<ApiResponse> {
  const body = req.method === 'DELETE' ? { value: null } : req.body;
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, 'value')) throw apiError(400, 'records.q.badParam', { name: 'value' });
  return patch(
    env,
    e,
    id,
    {
      ...req,
      headers: { ...req.headers, 'if-match': req.headers['if-match'] ?? '*' },
      body: { [field]: (body as { value: unknown }).value },
    },
    parsePrefer(undefined),
  );
}

/** DELETE {set}({id}) (If-Match honoured); the record's attachments go with it (files after the commit). */
async function remove(env: ApiEnv, e: EntityDef, id: string, req: ApiRequest): Promise<ApiResponse> {
  assertPrivilege(env.caller, e, 'write');
  const ifMatch = req.headers['if-match'];
  const keys = await env.tx(async (sql) => {
    if (ifMatch !== undefined) {
      const version = await lockVersion(sql, env, e, id);
      if (version === null) throw recordNotFound();
      if (!etagMatches(ifMatch, version)) throw apiError(412, 'webapi.stale');
    }
    return deleteRecord(sql, e, env.caller, id, env.lang);
  });
  if (keys.length) env.afterCommit.push(() => env.deleteFiles(keys));
  return { status: 204, headers: {} };
}

function actionBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw apiError(400, 'records.bodyObject');
  return body as Record<string, unknown>;
}

/**
 * POST {set}({id})/Microsoft.Dynamics.CRM.<action>: a document command through the kernel
 * (runCommand, Idempotency-Key replays as /api/documents/… do), or an approval action through
 * the flow engine with the checks of /api/CrmFlow/*; one transaction. Answers new_ActionResult.
 */
async function action(env: ApiEnv, e: EntityDef, id: string, name: string, req: ApiRequest): Promise<ApiResponse> {
  const found = findAction(e, name);
  if (!found) throw apiError(404, 'webapi.actionNotFound', { entity: e.entitySet, action: name.slice(0, 100) });
  const body = actionBody(req.body);
  const { caller, lang } = env;
  const key = req.headers['idempotency-key'];
  let out: { id: string; message: string; state?: number | null; lineId?: string | null };
  if (found.action.kind === 'command' && found.ctrl) {
    const ctrl = found.ctrl;
    const command = found.action.command!;
    out = await env.tx((sql) =>
      once(sql, caller.principal.userId, `POST ${WEB_API_PREFIX}/${req.path}`, key, body, () =>
        runCommand(sql, caller, ctrl, command, id, body, lang),
      ),
    );
  } else {
    out = await flowAction(env, e, id, found.action.flow!, body);
  }
  return json(200, {
    '@odata.context': `${env.base}/$metadata#${NAMESPACE}.${ACTION_RESULT.name}`,
    id: out.id,
    message: out.message,
    state: out.state ?? null,
    lineId: out.lineId ?? null,
  });
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

async function flowAction(env: ApiEnv, e: EntityDef, id: string, flow: FlowAction, body: Record<string, unknown>) {
  const d = requireDocument(e.logicalName);
  const userId = env.caller.principal.userId;
  const done = (state?: number) => ({ id, message: msg(`approval.outcome.${flow}`, env.lang), state });
  if (flow === 'submit') {
    const flowId = normGuid(body.FlowId);
    if (!flowId) throw flowBad('flow.flowNotFound');
    const list = body.ApproveList ?? [];
    if (!Array.isArray(list) || list.length > 100) throw apiError(400, 'webapi.badParameter', { name: 'ApproveList' });
    const approvers = list.map((a) => {
      const o = (a && typeof a === 'object' ? a : {}) as Record<string, unknown>;
      return { StepId: normGuid(o.StepId) ?? '', ApproveUserId: normGuid(o.ApproveUserId) ?? '' };
    });
    await env.tx(async (sql) => {
      await assertCanSeeRecord(sql, env.caller, e.logicalName, id, 'write');
      await submit(sql, d, id, userId, { flowId, approvers });
    });
    return done();
  }
  if (flow === 'revoke') {
    await env.tx(async (sql) => {
      await assertCanSeeRecord(sql, env.caller, e.logicalName, id, 'write');
      await revoke(sql, d, id, userId);
    });
    return done();
  }
  // approve / reject / veto: the step's approver (the approval.act privilege), as /api/CrmFlow/approve.
  if (!env.caller.principal.privileges.has('approval.act')) throw forbidden();
  if (body.Memo !== undefined && body.Memo !== null && typeof body.Memo !== 'string')
    throw apiError(400, 'webapi.badParameter', { name: 'Memo' });
  const memo = str(body.Memo)?.trim() || null;
  if (memo && memo.length > 500) throw flowBad('flow.memoTooLong');
  if (!memo && flow === 'reject') throw flowBad('flow.rejectReasonRequired');
  if (!memo && flow === 'veto') throw flowBad('flow.vetoReasonRequired');
  const status = await env.tx((sql) => act(sql, d, id, userId, flow, memo));
  return done(status);
}
