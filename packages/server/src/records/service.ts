/**
 * The record service's reads. Every call takes the caller (`Caller`: principal with privileges, and
 * the business-unit subtree of its scope), never a Fastify request, so commands, jobs and a Web API
 * call it as the routes do: `retrieveOne(sql, caller, e, id, {}, { lang })`. The route layer makes
 * the caller with `requestCaller(sql, req)` and passes the query string and `Prefer` as they came.
 */
import type { EntityDef, Lang } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { mayRead } from './access.ts';
import type { Caller } from './scope.ts';
import { LIMITS, type Expr, type Lit, type OrderItem } from './query/ast.ts';
import { checkRange, compileQuery, type CompileContext, type QuerySpec } from './query/compile.ts';
import { parseFetchXml } from './query/fetchxml.ts';
import { parseExpand, parseFilter, parseOrderBy, parseSelect } from './query/odata.ts';
import { readableField } from './sql.ts';

/** One query-string parameter as a single string; a repeated parameter is refused. */
export function param(query: unknown, name: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest('records.q.badParam', { name });
  return v;
}

export function intParam(query: unknown, name: string, def: number, min: number, max: number): number {
  const v = param(query, name);
  if (v === undefined || v === '') return def;
  if (!/^\d{1,9}$/.test(v.trim())) throw badRequest('records.q.badParam', { name });
  return checkRange(name, Number(v), min, max);
}

/** How an answer is worded: labels in `lang`; `formatted` adds the display texts beside raw values. */
export interface ReadOptions {
  lang: Lang;
  formatted?: boolean;
  /** Each record's row version as `@odata.etag` (the Web API's reads). */
  rowVersion?: boolean;
}

export function compileContext(caller: Caller, lang: Lang): CompileContext {
  return { caller, lang, mayRead: (e) => mayRead(caller, e) };
}

/** A view's fixed filter (field = value pairs) as AST. */
export function viewFilter(filter: Record<string, string | number | boolean | null | readonly number[]> | undefined): Expr[] {
  if (!filter) return [];
  return Object.entries(filter).map(([name, v]): Expr => {
    const field = { alias: null, name };
    if (v === null) return { k: 'null', field, not: false };
    if (typeof v === 'object') return { k: 'in', field, values: v.map((n: number): Lit => ({ t: 'number', v: String(n) })), not: false };
    const value: Lit = typeof v === 'boolean' ? { t: 'bool', v } : typeof v === 'number' ? { t: 'number', v: String(v) } : { t: 'raw', v };
    return { k: 'cmp', field, op: 'eq', value };
  });
}

/** Quick search: `text` contained in any of `fields` (text fields only). */
export function quickSearch(e: EntityDef, fields: string[], text: string): Expr {
  for (const f of fields) {
    const def = readableField(e, f);
    if (!def || (def.type !== 'text' && def.type !== 'memo') || f === e.primaryKey)
      throw badRequest('records.q.textOnly', { field: f.slice(0, 64) });
  }
  return {
    k: 'or',
    items: fields.map((f) => ({
      k: 'like',
      field: { alias: null, name: f },
      mode: 'contains',
      value: { t: 'string', v: text },
      not: false,
    })),
  };
}

/** Fields quick search looks in when the caller names none: the searchable text fields, else the primary name. */
export function searchFields(e: EntityDef): string[] {
  const s = Object.entries(e.allFields)
    .filter(([, f]) => f.searchable && !f.secret && (f.type === 'text' || f.type === 'memo'))
    .map(([n]) => n);
  return s.length ? s : [e.primaryName];
}

export interface ODataParts {
  select?: string[];
  filter?: Expr;
  orderBy?: OrderItem[];
  expand?: ReturnType<typeof parseExpand>;
  top: number;
  skip: number;
  count: boolean;
}

/** The OData system query options of a request (parsed, not yet checked against the model). */
export function odataParts(query: unknown, topDefault = 50, topMax: number = LIMITS.top): ODataParts {
  const select = param(query, '$select');
  const filter = param(query, '$filter');
  const orderby = param(query, '$orderby');
  const expand = param(query, '$expand');
  const count = param(query, '$count');
  if (count !== undefined && count !== 'true' && count !== 'false') throw badRequest('records.q.badParam', { name: '$count' });
  return {
    select: select ? parseSelect(select) : undefined,
    filter: filter?.trim() ? parseFilter(filter) : undefined,
    orderBy: orderby?.trim() ? parseOrderBy(orderby) : undefined,
    expand: expand?.trim() ? parseExpand(expand) : undefined,
    top: intParam(query, '$top', topDefault, 0, topMax),
    skip: intParam(query, '$skip', 0, 0, LIMITS.skip),
    count: count === 'true',
  };
}

export interface ListResult {
  value: Record<string, unknown>[];
  count?: number;
  more?: boolean;
}

/** Compiles and runs a query: the page, and the count when asked (one more statement). */
export async function runQuery(sql: Sql, spec: QuerySpec, ctx: CompileContext): Promise<ListResult> {
  const c = compileQuery(spec, ctx);
  // Page and count are independent: on a pool they run side by side on two connections.
  const [{ rows }, counted] = await Promise.all([
    sql.query(c.sql, c.params),
    c.countSql ? sql.query<{ n: number }>(c.countSql, c.countParams) : undefined,
  ]);
  const more = spec.probeMore ? rows.length > spec.top : undefined;
  const value = c.shape(spec.probeMore ? rows.slice(0, spec.top) : rows);
  const out: ListResult = { value, more };
  if (counted) out.count = counted.rows[0].n;
  return out;
}

/** GET Retrieve/{set}?… : the OData list; `query` holds the OData options as query-string values. */
export async function retrieveMultiple(sql: Sql, caller: Caller, e: EntityDef, query: unknown, read: ReadOptions) {
  const o = odataParts(query);
  const spec: QuerySpec = {
    entity: e,
    select: o.select ?? 'default',
    filters: o.filter ? [o.filter] : [],
    orderBy: o.orderBy ?? [],
    top: o.top,
    skip: o.skip,
    count: o.count,
    expand: o.expand,
    formatted: !!read.formatted,
    rowVersion: read.rowVersion,
  };
  const r = await runQuery(sql, spec, compileContext(caller, read.lang));
  return o.count ? { value: r.value, '@odata.count': r.count } : { value: r.value };
}

/** GET Retrieve/{set}({id})?$select&$expand : one record, or undefined. */
export async function retrieveOne(sql: Sql, caller: Caller, e: EntityDef, id: string, query: unknown, read: ReadOptions) {
  const select = param(query, '$select');
  const expand = param(query, '$expand');
  const spec: QuerySpec = {
    entity: e,
    select: select ? parseSelect(select) : 'all',
    filters: [{ k: 'cmp', field: { alias: null, name: e.primaryKey }, op: 'eq', value: { t: 'guid', v: id } }],
    orderBy: [],
    top: 1,
    skip: 0,
    count: false,
    expand: expand?.trim() ? parseExpand(expand) : undefined,
    formatted: !!read.formatted,
    rowVersion: read.rowVersion,
  };
  return (await runQuery(sql, spec, compileContext(caller, read.lang))).value[0];
}

/** GET Retrieve/{set or name}?fetchXml=… */
export async function retrieveFetchXml(sql: Sql, caller: Caller, e: EntityDef, xml: string, read: ReadOptions) {
  const f = parseFetchXml(xml);
  if (f.entity.name !== e.logicalName) throw badRequest('records.xml.entity', { name: f.entity.name });
  const size = f.top ?? f.count ?? 50;
  const page = f.page ?? 1;
  const skip = f.top !== undefined ? 0 : (page - 1) * size;
  if (skip > LIMITS.skip) throw badRequest('records.q.range', { name: 'page', min: 1, max: Math.floor(LIMITS.skip / size) + 1 });
  const spec: QuerySpec = {
    entity: e,
    select: f.entity.attributes === 'all' || f.entity.attributes === null ? 'default' : f.entity.attributes,
    filters: f.entity.filter ? [f.entity.filter] : [],
    orderBy: f.entity.orders.map((o) => ({ field: { alias: null, name: o.attr }, desc: o.desc })),
    top: size,
    skip,
    count: f.totalCount,
    distinct: f.distinct,
    links: f.entity.links,
    formatted: !!read.formatted,
    rowVersion: read.rowVersion,
    probeMore: f.top === undefined,
  };
  const r = await runQuery(sql, spec, compileContext(caller, read.lang));
  const out: Record<string, unknown> = { value: r.value };
  if (f.totalCount) out['@odata.count'] = r.count;
  if (f.top === undefined) Object.assign(out, { page, count: size, moreRecords: r.more ?? false });
  return out;
}

export type { Lang };
