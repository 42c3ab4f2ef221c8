import { badRequest } from '../../http/errors.ts';
import { LIMITS, NAME, syntaxError, tooComplex, type CmpOp, type Expr, type FieldRef, type Lit, type OrderItem } from './ast.ts';

/** OData query options ($filter, $select, $orderby, $expand) → AST. Only the subset in records/README.md. */

type Tok = { t: '(' | ')' | ',' | 'eof'; pos: number } | { t: 'name'; v: string; pos: number } | { t: 'lit'; v: Lit; pos: number };

const GUID_AT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])/;
const DATETIME_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?(?![\w:.+-])/i;
const DATE_AT = /^\d{4}-\d{2}-\d{2}(?![\w:.-])/;
const NUMBER_AT = /^-?\d+(?:\.\d+)?(?![\w.])/;
const NAME_AT = /^[A-Za-z_][A-Za-z0-9_]*/;

function lex(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      out.push({ t: c, pos: i });
      i++;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= text.length) throw syntaxError(i, text);
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            s += "'";
            j += 2;
            continue;
          }
          break;
        }
        s += text[j++];
      }
      out.push({ t: 'lit', v: { t: 'string', v: s }, pos: i });
      i = j + 1;
      continue;
    }
    const rest = text.slice(i, i + 64);
    let m: RegExpExecArray | null;
    if ((m = GUID_AT.exec(rest))) out.push({ t: 'lit', v: { t: 'guid', v: m[0] }, pos: i });
    else if ((m = DATETIME_AT.exec(rest))) out.push({ t: 'lit', v: { t: 'datetime', v: m[0] }, pos: i });
    else if ((m = DATE_AT.exec(rest))) out.push({ t: 'lit', v: { t: 'date', v: m[0] }, pos: i });
    else if ((m = NUMBER_AT.exec(rest))) out.push({ t: 'lit', v: { t: 'number', v: m[0] }, pos: i });
    else if ((m = NAME_AT.exec(text.slice(i, i + 200)))) {
      if (m[0].length > 63) throw syntaxError(i, text);
      const w = m[0];
      if (w === 'true' || w === 'false') out.push({ t: 'lit', v: { t: 'bool', v: w === 'true' }, pos: i });
      else if (w === 'null') out.push({ t: 'lit', v: { t: 'null' }, pos: i });
      else out.push({ t: 'name', v: w, pos: i });
    } else throw syntaxError(i, text);
    i += m[0].length;
  }
  out.push({ t: 'eof', pos: text.length });
  return out;
}

const CMP = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const FUNCS = new Set(['contains', 'startswith', 'endswith']);

/** Dataverse spells a lookup's value `_field_value`; both spellings name the same field. */
export function fieldName(n: string): string {
  const m = /^_(.+)_value$/.exec(n);
  return m ? m[1] : n;
}

/** Parses `$filter`. Refuses (400) anything outside the subset; never throws anything else. */
export function parseFilter(text: string): Expr {
  if (text.length > LIMITS.filterLength) throw tooComplex('$filter', LIMITS.filterLength);
  const toks = lex(text);
  let i = 0;
  let nodes = 0;
  const peek = () => toks[i];
  const fail = (tok = toks[i]): never => {
    throw syntaxError(tok.pos, text);
  };
  const expect = (t: Tok['t']) => {
    if (toks[i].t !== t) fail();
    return toks[i++];
  };
  const isWord = (w: string) => {
    const tk = toks[i];
    return tk.t === 'name' && tk.v === w;
  };
  const count = () => {
    if (++nodes > LIMITS.nodes) throw tooComplex('$filter', LIMITS.nodes);
  };
  const field = (): FieldRef => {
    const tk = toks[i];
    if (tk.t !== 'name') return fail();
    i++;
    return { alias: null, name: fieldName(tk.v) };
  };
  const literal = (): Lit => {
    const tk = toks[i];
    if (tk.t !== 'lit') return fail();
    i++;
    return tk.v;
  };

  function or(depth: number): Expr {
    if (depth > LIMITS.depth) throw tooComplex('$filter', LIMITS.depth);
    const items = [and(depth)];
    while (isWord('or')) {
      i++;
      items.push(and(depth));
    }
    return items.length === 1 ? items[0] : { k: 'or', items };
  }
  function and(depth: number): Expr {
    const items = [unary(depth)];
    while (isWord('and')) {
      i++;
      items.push(unary(depth));
    }
    return items.length === 1 ? items[0] : { k: 'and', items };
  }
  function unary(depth: number): Expr {
    count();
    if (isWord('not')) {
      i++;
      return { k: 'not', item: unary(depth + 1) };
    }
    return primary(depth);
  }
  function primary(depth: number): Expr {
    const tk = peek();
    if (tk.t === '(') {
      i++;
      const e = or(depth + 1);
      expect(')');
      return e;
    }
    if (tk.t !== 'name') return fail();
    if (FUNCS.has(tk.v) && toks[i + 1]?.t === '(') {
      i += 2;
      const f = field();
      expect(',');
      const v = literal();
      if (v.t !== 'string') fail(toks[i - 1]);
      expect(')');
      return { k: 'like', field: f, mode: tk.v as 'contains' | 'startswith' | 'endswith', value: v, not: false };
    }
    const f = field();
    const op = peek();
    if (op.t !== 'name') return fail();
    if (op.v === 'in') {
      i++;
      expect('(');
      const values: Lit[] = [literal()];
      while (peek().t === ',') {
        i++;
        values.push(literal());
        if (values.length > LIMITS.inValues) throw tooComplex('in', LIMITS.inValues);
      }
      expect(')');
      return { k: 'in', field: f, values, not: false };
    }
    if (!CMP.has(op.v)) return fail();
    i++;
    const v = literal();
    if (v.t === 'null') {
      if (op.v === 'eq' || op.v === 'ne') return { k: 'null', field: f, not: op.v === 'ne' };
      return fail(toks[i - 1]);
    }
    return { k: 'cmp', field: f, op: op.v as CmpOp, value: v };
  }

  if (toks[0].t === 'eof') fail();
  const e = or(0);
  if (peek().t !== 'eof') fail();
  return e;
}

/** `$select=a,b` → names. */
export function parseSelect(text: string, param = '$select'): string[] {
  const names = text.split(',').map((s) => s.trim());
  if (names.length > LIMITS.select) throw tooComplex(param, LIMITS.select);
  for (const n of names) if (!NAME.test(n)) throw badRequest('records.q.badParam', { name: param });
  return names.map(fieldName);
}

/** `$orderby=a desc,b` → items. */
export function parseOrderBy(text: string, param = '$orderby'): OrderItem[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > LIMITS.orderBy) throw tooComplex(param, LIMITS.orderBy);
  return parts.map((p) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]{0,62})(?:\s+(asc|desc))?$/i.exec(p);
    if (!m) throw badRequest('records.q.badParam', { name: param });
    return { field: { alias: null, name: fieldName(m[1]) }, desc: m[2]?.toLowerCase() === 'desc' };
  });
}

export interface ExpandItem {
  field: string;
  select: string[] | null;
}

/** `$expand=lookup($select=a,b),other` → items (one level; only $select inside). */
export function parseExpand(text: string): ExpandItem[] {
  const out: ExpandItem[] = [];
  let i = 0;
  const bad = () => badRequest('records.q.badParam', { name: '$expand' });
  while (i < text.length) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]{0,62})\s*/.exec(text.slice(i, i + 100));
    if (!m) throw bad();
    i += m[0].length;
    let select: string[] | null = null;
    if (text[i] === '(') {
      const close = text.indexOf(')', i);
      if (close < 0) throw bad();
      const inner = text.slice(i + 1, close).trim();
      const sm = /^\$select=([^;()]*)$/.exec(inner);
      if (!sm) throw badRequest('records.q.unsupported', { what: `$expand(${inner.slice(0, 40)})` });
      select = parseSelect(sm[1], '$expand');
      i = close + 1;
      while (text[i] === ' ') i++;
    }
    out.push({ field: fieldName(m[1]), select });
    if (out.length > LIMITS.expand) throw tooComplex('$expand', LIMITS.expand);
    if (i < text.length) {
      if (text[i] !== ',') throw bad();
      i++;
    }
  }
  if (!out.length) throw bad();
  return out;
}
