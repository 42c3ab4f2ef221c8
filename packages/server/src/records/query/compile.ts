import { getEntity, type EntityDef, type FieldDef, type Lang } from '@portal/model';
import { badRequest, forbidden } from '../../http/errors.ts';
import { isServed } from '../access.ts';
import type { Caller } from '../scope.ts';
import { CAST, escapeLike, kindOf, Params, q, readableField, type Kind } from '../sql.ts';
import { normGuid, parseDate, parseDateTime, parseNumeric } from '../validate.ts';
import { formatValue, FV, outputValue } from '../format.ts';
import { LIMITS, type Expr, type FieldRef, type Lit, type OrderItem } from './ast.ts';
import { derivedMatch, fieldSql } from './derived.ts';
import { gramIndexed, gramPrefilter } from './grams.ts';
import type { FetchLink } from './fetchxml.ts';
import type { ExpandItem } from './odata.ts';

/**
 * AST → parameterised SQL. Every field name is checked against the model (declared, not
 * secret) and every literal against the field's type before it becomes a bound parameter; the
 * caller's scope predicate is added for the queried entity and for every linked or expanded one.
 * Identifiers in the SQL text come from the model only.
 */

export interface QuerySpec {
  entity: EntityDef;
  /** Named fields; 'all' = every readable field; 'default' = every readable field but images. */
  select: string[] | 'all' | 'default';
  /** All must hold (view filter, $filter, condition, quick search, id…). */
  filters: Expr[];
  orderBy: OrderItem[];
  top: number;
  skip: number;
  count: boolean;
  distinct?: boolean;
  expand?: ExpandItem[];
  links?: FetchLink[];
  formatted: boolean;
  /** Fetch one row more than `top` to tell whether more records exist. */
  probeMore?: boolean;
  /** Add each row's version (PostgreSQL's xmin: changes with every write) as `@odata.etag` `W/"…"` (the Web API's ETags; not with distinct). */
  rowVersion?: boolean;
}

export interface CompileContext {
  caller: Caller;
  lang: Lang;
  /** Whether the caller may read a linked or expanded entity (privilege). */
  mayRead(e: EntityDef): boolean;
}

export interface Compiled {
  sql: string;
  params: unknown[];
  countSql: string | null;
  countParams: unknown[];
  shape(rows: Record<string, unknown>[]): Record<string, unknown>[];
}

interface Source {
  e: EntityDef;
  alias: string;
}

const unknownField = (e: EntityDef, name: string) =>
  badRequest('records.q.unknownField', { entity: e.logicalName, field: name.slice(0, 64) });
const badValue = (field: string, lit: Lit) =>
  badRequest('records.q.badValue', { field, value: lit.t === 'null' ? 'null' : String(lit.v).slice(0, 40) });
const badOp = (field: string, op: string) => badRequest('records.q.badOperator', { field, op });

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;

/**
 * Text made only of characters that have no case and that no lower-casing (libc or ICU, any
 * locale) produces from another character: ASCII digits, punctuation and space, Han, kana, Hangul,
 * CJK and full-width punctuation and digits. `%text%`, `text%` and `%text` over such text match
 * exactly the same values with LIKE as with ILIKE (which compares lower(value) with lower(pattern)).
 * User LIKE patterns (`_` counts characters, which full case mapping may change) are left alone.
 */
const CASELESS =
  /^[\x20-\x40\x5b-\x60\x7b-\x7e\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff20\uff3b-\uff40\uff5b-\uff65]+$/u;

/** A literal as a bound parameter of the field's SQL type, or a 400 when it does not fit. */
export function literal(kind: Kind, field: string, lit: Lit, p: Params): string {
  const text = lit.t === 'string' || lit.t === 'raw' ? lit.v : null;
  switch (kind) {
    case 'text':
    case 'memo':
      if (text === null || NUL.test(text) || text.length > 4000) throw badValue(field, lit);
      return p.add(text, 'text');
    case 'int':
    case 'optionset': {
      const s = lit.t === 'number' ? lit.v : lit.t === 'raw' ? lit.v.trim() : null;
      if (s === null || !/^-?\d{1,10}$/.test(s)) throw badValue(field, lit);
      const n = Number(s);
      if (n < -2147483648 || n > 2147483647) throw badValue(field, lit);
      return p.add(n, 'int');
    }
    case 'decimal':
    case 'money': {
      const num = lit.t === 'number' || lit.t === 'raw' ? parseNumeric(lit.v) : null;
      if (!num || num.intDigits > 20) throw badValue(field, lit);
      return p.add(num.text, 'numeric');
    }
    case 'bool': {
      if (lit.t === 'bool') return p.add(lit.v, 'boolean');
      const s = text?.trim().toLowerCase();
      if (s === 'true' || s === '1') return p.add(true, 'boolean');
      if (s === 'false' || s === '0') return p.add(false, 'boolean');
      throw badValue(field, lit);
    }
    case 'datetime': {
      const v = lit.t === 'datetime' || lit.t === 'date' || lit.t === 'string' || lit.t === 'raw' ? parseDateTime(lit.v) : null;
      if (!v) throw badValue(field, lit);
      return p.add(v, 'timestamptz');
    }
    case 'date': {
      const v = lit.t === 'date' || lit.t === 'string' || lit.t === 'raw' ? parseDate(lit.v) : null;
      if (!v) throw badValue(field, lit);
      return p.add(v, 'date');
    }
    case 'lookup':
    case 'guid': {
      const v = lit.t === 'guid' || lit.t === 'string' || lit.t === 'raw' ? normGuid(lit.v) : null;
      if (!v) throw badValue(field, lit);
      return p.add(v, 'uuid');
    }
    case 'image':
      throw badValue(field, lit);
  }
}

/** The same for a list of literals, as one array parameter. */
function literalArray(kind: Kind, field: string, lits: Lit[], p: Params): string {
  const tmp = new Params();
  for (const l of lits) literal(kind, field, l, tmp);
  return p.add(tmp.values, `${CAST[kind]}[]`);
}

const SQL_OP = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

class Resolver {
  readonly sources = new Map<string | null, Source>();
  constructor(base: EntityDef) {
    this.sources.set(null, { e: base, alias: 't' });
  }
  resolve(ref: FieldRef, within?: Source): { src: Source; name: string; f: FieldDef; kind: Kind; col: string } {
    const src = within ?? this.sources.get(ref.alias);
    if (!src) throw badRequest('records.q.unknownField', { entity: ref.alias ?? '', field: ref.name.slice(0, 64) });
    const f = readableField(src.e, ref.name);
    if (!f) throw unknownField(src.e, ref.name);
    return { src, name: ref.name, f, kind: kindOf(src.e, ref.name), col: fieldSql(src.e.logicalName, src.alias, ref.name) };
  }
}

/** A contains/startswith/endswith on a stored searchable text column: the entity's grams index may narrow it (grams.ts). */
function gramField(x: Expr & { k: 'like' }, f: FieldDef, col: string, src: Source): boolean {
  return x.mode !== 'pattern' && !x.not && gramIndexed(f) && col === `${src.alias}.${q(x.field.name)}`;
}

/**
 * One filter expression → SQL (boolean), literals bound in `p`. `grams`: a search of one or two
 * characters in searchable fields may add the grams prefilter (grams.ts) — never under NOT, where
 * `NOT (like AND pre)` would keep a row whose field is NULL and whose other fields lack the text.
 */
export function compileExpr(x: Expr, r: Resolver, p: Params, within?: Source, grams = true): string {
  switch (x.k) {
    case 'and':
    case 'or': {
      if (!x.items.length) return x.k === 'and' ? 'TRUE' : 'FALSE';
      // Quick search: the same text in several searchable fields of one entity → one prefilter.
      const shared = grams && x.k === 'or' ? sharedGramSearch(x.items, r, within) : null;
      const items = x.items.map((i) => compileExpr(i, r, p, within, grams && !shared)).join(x.k === 'and' ? ' AND ' : ' OR ');
      const pre = shared && gramPrefilter(shared.src.e, shared.src.alias, shared.text, (t) => p.add(t, 'text'));
      return pre ? `((${items}) AND ${pre})` : `(${items})`;
    }
    case 'not':
      return `(NOT ${compileExpr(x.item, r, p, within, false)})`;
    case 'null': {
      const { col } = r.resolve(x.field, within);
      return `(${col} IS ${x.not ? 'NOT ' : ''}NULL)`;
    }
    case 'cmp': {
      const { col, kind, name } = r.resolve(x.field, within);
      if (kind === 'image' || ((kind === 'bool' || kind === 'lookup' || kind === 'guid') && x.op !== 'eq' && x.op !== 'ne'))
        throw badOp(name, x.op);
      if (x.value.t === 'null') {
        if (x.op !== 'eq' && x.op !== 'ne') throw badOp(name, x.op);
        return `(${col} IS ${x.op === 'ne' ? 'NOT ' : ''}NULL)`;
      }
      const m = (x.op === 'eq' || x.op === 'ne') && matchOf(r.resolve(x.field, within).src, name, kind, [x.value]);
      if (m) return x.op === 'ne' ? `(NOT ${m})` : m;
      return `(${col} ${SQL_OP[x.op]} ${literal(kind, name, x.value, p)})`;
    }
    case 'like': {
      const { col, kind, name, f, src } = r.resolve(x.field, within);
      if (kind !== 'text' && kind !== 'memo') throw badOp(name, x.mode);
      const v = x.value.t === 'string' || x.value.t === 'raw' ? x.value.v : null;
      if (v === null || NUL.test(v) || v.length > 4000) throw badValue(name, x.value);
      const pattern =
        x.mode === 'pattern'
          ? v
          : x.mode === 'contains'
            ? `%${escapeLike(v)}%`
            : x.mode === 'startswith'
              ? `${escapeLike(v)}%`
              : `%${escapeLike(v)}`;
      // Text without any cased character matches the same rows with LIKE as with ILIKE, and LIKE
      // does not lower-case every value it reads (4× faster on a scan; trigram indexes serve both).
      const op = x.mode !== 'pattern' && CASELESS.test(v) ? 'LIKE' : 'ILIKE';
      const like = `(${col} ${x.not ? 'NOT ' : ''}${op} ${p.add(pattern, 'text')})`;
      const pre = grams && gramField(x, f, col, src) ? gramPrefilter(src.e, src.alias, v, (t) => p.add(t, 'text')) : null;
      return pre ? `(${like} AND ${pre})` : like;
    }
    case 'in': {
      const { col, kind, name } = r.resolve(x.field, within);
      if (kind === 'image') throw badOp(name, 'in');
      if (!x.values.length) throw badValue(name, { t: 'null' });
      const m = matchOf(r.resolve(x.field, within).src, name, kind, x.values);
      if (m) return x.not ? `(NOT ${m})` : m;
      return `(${x.not ? 'NOT ' : ''}${col} = ANY(${literalArray(kind, name, x.values, p)}))`;
    }
    case 'between': {
      const { col, kind, name } = r.resolve(x.field, within);
      if (kind === 'image' || kind === 'bool' || kind === 'lookup' || kind === 'guid') throw badOp(name, 'between');
      return `(${col} ${x.not ? 'NOT ' : ''}BETWEEN ${literal(kind, name, x.low, p)} AND ${literal(kind, name, x.high, p)})`;
    }
  }
}

/** A derived field's own equality match over whole-number literals (checked as the field's kind), or null. */
function matchOf(src: Source, name: string, kind: Kind, lits: Lit[]): string | null {
  const match = derivedMatch(src.e.logicalName, name);
  if (!match) return null;
  const tmp = new Params();
  for (const l of lits) literal(kind, name, l, tmp);
  const values = tmp.values.map(Number);
  return values.every(Number.isInteger) ? match(src.alias, values) : null;
}

/** The text and source when every item searches the same text in searchable fields of the same entity. */
function sharedGramSearch(items: Expr[], r: Resolver, within?: Source): { text: string; src: Source } | null {
  let out: { text: string; src: Source } | null = null;
  for (const i of items) {
    if (i.k !== 'like' || (i.value.t !== 'string' && i.value.t !== 'raw')) return null;
    const { f, col, src } = r.resolve(i.field, within);
    if (!gramField(i, f, col, src) || (out && (out.text !== i.value.v || out.src !== src))) return null;
    out = { text: i.value.v, src };
  }
  return out;
}

/** Fields of an entity a query returns when none are named. */
export function defaultFields(e: EntityDef, images: boolean): string[] {
  return Object.entries(e.allFields)
    .filter(([, f]) => !f.secret && (images || f.type !== 'image'))
    .map(([n]) => n);
}

interface OutCol {
  key: string;
  f: FieldDef;
  kind: Kind;
  idx: number;
  /** Alias of the lookup-name join when formatted values are wanted. */
  nameCol?: string;
}

interface ExpandOut {
  key: string;
  target: EntityDef;
  cols: { name: string; f: FieldDef; kind: Kind; col: string }[];
  pkCol: string;
}

/** Compiles a query for the caller. Throws 400 (unknown names, type mismatch) or 403 (unreadable link/expand). */
export function compileQuery(spec: QuerySpec, ctx: CompileContext): Compiled {
  const e = spec.entity;
  const r = new Resolver(e);
  const base = r.sources.get(null)!;
  const p = new Params();
  const joins: string[] = [];
  const linkOrders: OrderItem[] = [];
  const outCols: OutCol[] = [];
  const inner: string[] = [];
  const innerIdx = new Map<string, number>();
  const addInner = (expr: string) => {
    let i = innerIdx.get(expr);
    if (i === undefined) {
      i = inner.length;
      inner.push(expr);
      innerIdx.set(expr, i);
    }
    return i;
  };
  const addOut = (src: Source, name: string, key: string) => {
    const f = readableField(src.e, name);
    if (!f) throw unknownField(src.e, name);
    const kind = kindOf(src.e, name);
    const col = fieldSql(src.e.logicalName, src.alias, name);
    outCols.push({ key, f, kind, idx: addInner(kind === 'date' ? `${col}::text` : col) });
  };

  // link-entities (fetchXml): each one readable by the caller, joined with its own scope predicate.
  let linkNo = 0;
  const usedAliases = new Set<string>();
  const addLinks = (links: FetchLink[], parent: Source) => {
    for (const l of links) {
      const le = getEntity(l.name);
      if (!isServed(le)) throw badRequest('records.entityNotFound', { entity: l.name });
      if (!ctx.mayRead(le)) throw forbidden();
      linkNo++;
      const alias = l.alias ?? `${l.name}${linkNo}`;
      if (usedAliases.has(alias) || r.sources.has(alias)) throw badRequest('records.xml.alias', { alias });
      usedAliases.add(alias);
      const src: Source = { e: le, alias: `l${linkNo}` };
      const from = r.resolve({ alias: null, name: l.from }, src);
      const to = r.resolve({ alias: null, name: l.to }, parent);
      const uuidish = (k: Kind) => k === 'lookup' || k === 'guid';
      if (!(uuidish(from.kind) && uuidish(to.kind)) && from.kind !== to.kind) {
        throw badRequest('records.q.unsupported', { what: `link-entity ${l.name} from=${l.from} to=${l.to}` });
      }
      const on = [`${from.col} = ${to.col}`, p.scope(le, ctx.caller, src.alias, 'read')];
      if (l.filter) on.push(compileExpr(l.filter, r, p, src));
      joins.push(`${l.outer ? 'LEFT' : 'INNER'} JOIN ${q(le.logicalName)} ${src.alias} ON ${on.join(' AND ')}`);
      r.sources.set(alias, src);
      const attrs = l.attributes === 'all' ? defaultFields(le, false) : (l.attributes ?? []);
      for (const a of attrs) addOut(src, a, `${alias}.${a}`);
      for (const o of l.orders) linkOrders.push({ field: { alias, name: o.attr }, desc: o.desc });
      addLinks(l.links, src);
    }
  };
  addLinks(spec.links ?? [], base);

  // WHERE: the caller's scope first, then every filter.
  const where = [p.scope(e, ctx.caller, 't', 'read'), ...spec.filters.map((f) => compileExpr(f, r, p))];
  const fromWhere = `FROM ${q(e.logicalName)} t${joins.length ? ` ${joins.join(' ')}` : ''} WHERE ${where.join(' AND ')}`;
  const countParams = [...p.values];

  // Selected columns: the primary key always (unless distinct), then the named fields.
  const names = spec.select === 'all' ? defaultFields(e, true) : spec.select === 'default' ? defaultFields(e, false) : spec.select;
  const selected = new Set<string>();
  if (!spec.distinct) {
    addOut(base, e.primaryKey, e.primaryKey);
    selected.add(e.primaryKey);
  }
  for (const n of names) {
    if (selected.has(n)) continue;
    selected.add(n);
    addOut(base, n, n);
  }
  const versionIdx = spec.rowVersion && !spec.distinct ? addInner('t.xmin::text') : undefined;
  // Keep link columns after the base columns in the answer.
  outCols.sort((a, b) => Number(a.key.includes('.')) - Number(b.key.includes('.')));

  // ORDER BY: as asked, else newest first; the primary key breaks ties so pages are stable.
  const orders = [...spec.orderBy, ...linkOrders];
  if (!orders.length && !spec.distinct && e.allFields.createdon) orders.push({ field: { alias: null, name: 'createdon' }, desc: true });
  const orderCols: { expr: string; desc: boolean }[] = [];
  for (const o of orders) {
    const { col, kind, name } = r.resolve(o.field);
    if (kind === 'image') throw badOp(name, 'orderby');
    if (spec.distinct && !innerIdx.has(kind === 'date' ? `${col}::text` : col))
      throw badRequest('records.q.unsupported', { what: `distinct + order ${name}` });
    orderCols.push({ expr: col, desc: o.desc });
  }
  if (!spec.distinct && !orders.some((o) => o.field.alias === null && o.field.name === e.primaryKey)) {
    orderCols.push({ expr: `t.${q(e.primaryKey)}`, desc: orderCols.at(-1)?.desc ?? true });
  }
  const dir = (d: boolean) => (d ? ' DESC' : '');

  // Expanded lookups: readable targets only, joined with their own scope predicate.
  const post: string[] = [];
  const postCols: string[] = [];
  const expands: ExpandOut[] = [];
  const expandItems = spec.expand ?? [];
  const seenExpand = new Set<string>();
  for (const [n, x] of expandItems.entries()) {
    const lf = readableField(e, x.field);
    if (lf?.type !== 'lookup' || seenExpand.has(x.field))
      throw badRequest('records.q.unknownField', { entity: e.logicalName, field: x.field });
    seenExpand.add(x.field);
    const target = getEntity(lf.target);
    if (!isServed(target) || !ctx.mayRead(target)) throw forbidden();
    const idx = addInner(`t.${q(x.field)}`);
    const a = `x${n}`;
    const tsrc: Source = { e: target, alias: a };
    const cols = (x.select ?? defaultFields(target, false))
      .filter((c) => c !== target.primaryKey)
      .map((c) => {
        const { f, kind } = r.resolve({ alias: null, name: c }, tsrc);
        return { name: c, f, kind, col: `${a}_${c}` };
      });
    const pkCol = `${a}__pk`;
    post.push(
      `LEFT JOIN ${q(target.logicalName)} ${a} ON ${a}.${q(target.primaryKey)} = s.c${idx} AND ${p.scope(target, ctx.caller, a, 'read')}`,
    );
    postCols.push(`${a}.${q(target.primaryKey)} AS ${pkCol}`);
    for (const c of cols) postCols.push(`${fieldSql(target.logicalName, a, c.name)}${c.kind === 'date' ? '::text' : ''} AS ${c.col}`);
    expands.push({ key: `${x.field}_ref`, target, cols, pkCol });
  }

  // Formatted values of lookups: the target's primary name, joined once for the page's rows.
  if (spec.formatted) {
    outCols.forEach((c, n) => {
      if (c.kind !== 'lookup' || c.f.type !== 'lookup') return;
      const target = getEntity(c.f.target);
      if (!target) return;
      const a = `f${n}`;
      post.push(`LEFT JOIN ${q(target.logicalName)} ${a} ON ${a}.${q(target.primaryKey)} = s.c${c.idx}`);
      postCols.push(`${a}.${q(target.primaryName)}::text AS ${a}_name`);
      c.nameCol = `${a}_name`;
    });
  }

  const limit = spec.probeMore ? spec.top + 1 : spec.top;
  const innerSelect = [...inner.map((x, i) => `${x} AS c${i}`), ...orderCols.map((o, i) => `${o.expr} AS o${i}`)];
  const innerOrder = orderCols.length ? ` ORDER BY ${orderCols.map((o, i) => `o${i}${dir(o.desc)}`).join(', ')}` : '';
  const innerSql = `SELECT ${spec.distinct ? 'DISTINCT ' : ''}${innerSelect.join(', ')} ${fromWhere}${innerOrder} LIMIT ${p.add(limit, 'int')} OFFSET ${p.add(spec.skip, 'int')}`;
  const outerOrder = orderCols.length ? ` ORDER BY ${orderCols.map((o, i) => `s.o${i}${dir(o.desc)}`).join(', ')}` : '';
  const sql = post.length
    ? `SELECT s.*${postCols.length ? `, ${postCols.join(', ')}` : ''} FROM (${innerSql}) s ${post.join(' ')}${outerOrder}`
    : innerSql;

  const countSql = spec.count
    ? spec.distinct
      ? `SELECT count(*)::int AS n FROM (SELECT DISTINCT ${inner.join(', ')} ${fromWhere}) d`
      : `SELECT count(*)::int AS n ${fromWhere}`
    : null;

  const lang = ctx.lang;
  return {
    sql,
    params: p.values,
    countSql,
    countParams,
    shape(rows) {
      return rows.map((row) => {
        const rec: Record<string, unknown> = {};
        if (versionIdx !== undefined) rec['@odata.etag'] = `W/"${row[`c${versionIdx}`]}"`;
        for (const c of outCols) {
          const v = outputValue(c.kind, row[`c${c.idx}`]);
          rec[c.key] = v;
          if (spec.formatted && v !== null) {
            const fv = c.nameCol !== undefined ? row[c.nameCol] : formatValue(c.f, c.kind, v, lang);
            if (fv !== undefined && fv !== null) rec[`${c.key}${FV}`] = fv;
          }
        }
        for (const x of expands) {
          if (row[x.pkCol] == null) {
            rec[x.key] = null;
            continue;
          }
          const obj: Record<string, unknown> = { [x.target.primaryKey]: row[x.pkCol] };
          for (const c of x.cols) {
            const v = outputValue(c.kind, row[c.col]);
            obj[c.name] = v;
            if (spec.formatted && v !== null && c.kind !== 'lookup') {
              const fv = formatValue(c.f, c.kind, v, lang);
              if (fv !== undefined) obj[`${c.name}${FV}`] = fv;
            }
          }
          rec[x.key] = obj;
        }
        return rec;
      });
    },
  };
}

/** Bounds of $top / $skip and fetchXml paging. */
export function checkRange(name: string, v: number, min: number, max: number): number {
  if (!Number.isInteger(v) || v < min || v > max) throw badRequest('records.q.range', { name, min, max });
  return v;
}

export { LIMITS };
