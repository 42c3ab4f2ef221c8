import { badRequest } from '../../http/errors.ts';
import { LIMITS, NAME, tooComplex, type CmpOp, type Expr, type FieldRef, type Lit } from './ast.ts';

/**
 * fetchXml → AST, with a small XML tokenizer of our own: no DTD, no entity expansion (a DOCTYPE
 * or ENTITY declaration is refused outright), only the five predefined entities and character
 * references, bounded size and depth.
 */

export interface XmlNode {
  name: string;
  attrs: Map<string, string>;
  children: XmlNode[];
  text: string;
  pos: number;
}

const WS = /\s*/y;
const ATTR = /([A-Za-z_][\w.:-]{0,63})\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const xmlError = (pos: number) => badRequest('records.xml.syntax', { pos: pos + 1 });
const MAX_XML_DEPTH = 32;
const MAX_ELEMENTS = 3_000;

function decode(s: string, pos: number): string {
  return s.replace(/&([^;&<>\s]{0,10});?/g, (m, ref: string) => {
    if (!m.endsWith(';')) throw xmlError(pos);
    switch (ref) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const num = /^#(?:x([0-9a-fA-F]{1,6})|(\d{1,7}))$/.exec(ref);
    if (!num) throw xmlError(pos);
    const cp = num[1] ? parseInt(num[1], 16) : Number(num[2]);
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw xmlError(pos);
    return String.fromCodePoint(cp);
  });
}

/** Parses one XML document into element nodes. */
export function parseXml(text: string): XmlNode {
  if (Buffer.byteLength(text, 'utf8') > LIMITS.fetchXmlBytes) throw badRequest('records.xml.tooLarge', { kb: LIMITS.fetchXmlBytes / 1024 });
  if (/<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i.test(text)) throw badRequest('records.xml.forbidden');
  let i = 0;
  let elements = 0;
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? n : lt);
    if (chunk.length) {
      const top = stack[stack.length - 1];
      if (top) top.text += decode(chunk, i);
      else if (chunk.trim()) throw xmlError(i);
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) throw xmlError(i);
      i = end + 3;
      continue;
    }
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0 || root || stack.length || !/^<\?xml[\s?]/.test(text.slice(i, i + 6))) throw xmlError(i);
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!', i)) throw xmlError(i);
    if (text.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.:-]{0,63})\s*>/.exec(text.slice(i, i + 80));
      const top = stack.pop();
      if (!m || !top || top.name !== m[1]) throw xmlError(i);
      i += m[0].length;
      continue;
    }
    const m = /^<([A-Za-z_][\w.:-]{0,63})/.exec(text.slice(i, i + 70));
    if (!m || (root && !stack.length)) throw xmlError(i);
    const node: XmlNode = { name: m[1], attrs: new Map(), children: [], text: '', pos: i };
    if (++elements > MAX_ELEMENTS) throw tooComplex('fetchXml', MAX_ELEMENTS);
    i += m[0].length;
    let selfClosing = false;
    for (;;) {
      WS.lastIndex = i;
      const ws = WS.exec(text)![0].length;
      i += ws;
      if (text.startsWith('/>', i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (text[i] === '>') {
        i++;
        break;
      }
      if (!ws) throw xmlError(i);
      ATTR.lastIndex = i;
      const am = ATTR.exec(text);
      if (!am || node.attrs.has(am[1])) throw xmlError(i);
      node.attrs.set(am[1], decode(am[3] ?? am[4], i));
      i += am[0].length;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
    if (!selfClosing) {
      stack.push(node);
      if (stack.length > MAX_XML_DEPTH) throw tooComplex('fetchXml', MAX_XML_DEPTH);
    }
  }
  if (stack.length || !root) throw xmlError(n);
  return root;
}

export interface FetchEntity {
  name: string;
  /** Named attributes, 'all' for <all-attributes/>, null when none is named. */
  attributes: string[] | 'all' | null;
  orders: { attr: string; desc: boolean }[];
  filter?: Expr;
  links: FetchLink[];
}

export interface FetchLink extends FetchEntity {
  from: string;
  to: string;
  alias: string | null;
  outer: boolean;
}

export interface FetchSpec {
  entity: FetchEntity;
  top?: number;
  count?: number;
  page?: number;
  distinct: boolean;
  totalCount: boolean;
}

const FETCH_ATTRS = new Set([
  'top',
  'count',
  'page',
  'distinct',
  'returntotalrecordcount',
  'no-lock',
  'mapping',
  'version',
  'output-format',
  'paging-cookie',
  'aggregate',
  'latematerialize',
  'useraworderby',
]);
const ENTITY_ATTRS = new Set(['name', 'enableprefiltering']);
const LINK_ATTRS = new Set(['name', 'from', 'to', 'alias', 'link-type', 'visible', 'intersect']);
const CONDITION_ATTRS = new Set(['attribute', 'operator', 'value', 'entityname', 'uiname', 'uitype', 'uihidden']);

function checkAttrs(node: XmlNode, allowed: Set<string>) {
  for (const a of node.attrs.keys())
    if (!allowed.has(a)) throw badRequest('records.xml.attribute', { element: node.name, name: a.slice(0, 64) });
}

function need(node: XmlNode, attr: string): string {
  const v = node.attrs.get(attr);
  if (v === undefined || v === '') throw badRequest('records.xml.missing', { element: node.name, name: attr });
  return v;
}

function name(node: XmlNode, attr: string): string {
  const v = need(node, attr);
  if (!NAME.test(v)) throw badRequest('records.xml.attribute', { element: node.name, name: attr });
  return v;
}

function bool(node: XmlNode, attr: string): boolean {
  const v = node.attrs.get(attr);
  if (v === undefined) return false;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest('records.xml.attribute', { element: node.name, name: attr });
}

function int(node: XmlNode, attr: string, min: number, max: number): number | undefined {
  const v = node.attrs.get(attr);
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v)) throw badRequest('records.q.badParam', { name: attr });
  const n = Number(v);
  if (n < min || n > max) throw badRequest('records.q.range', { name: attr, min, max });
  return n;
}

function noText(node: XmlNode) {
  if (node.text.trim()) throw xmlError(node.pos);
}

const CMP: Record<string, CmpOp> = { eq: 'eq', ne: 'ne', neq: 'ne', gt: 'gt', ge: 'ge', lt: 'lt', le: 'le' };

interface Budget {
  conditions: number;
  links: number;
}

function condition(node: XmlNode, budget: Budget, inLink: boolean): Expr {
  checkAttrs(node, CONDITION_ATTRS);
  if (++budget.conditions > LIMITS.conditions) throw tooComplex('condition', LIMITS.conditions);
  noText(node);
  const entityname = node.attrs.get('entityname');
  if (entityname !== undefined && (inLink || !NAME.test(entityname)))
    throw badRequest('records.xml.attribute', { element: 'condition', name: 'entityname' });
  const field: FieldRef = { alias: entityname ?? null, name: name(node, 'attribute') };
  const op = need(node, 'operator');
  const values: Lit[] = [];
  for (const c of node.children) {
    if (c.name !== 'value' || c.children.length || c.attrs.size) throw badRequest('records.xml.element', { name: c.name });
    values.push({ t: 'raw', v: c.text });
    if (values.length > LIMITS.inValues) throw tooComplex('in', LIMITS.inValues);
  }
  const attrValue = node.attrs.get('value');
  const one = (): Lit => {
    if (attrValue !== undefined && !values.length) return { t: 'raw', v: attrValue };
    if (attrValue === undefined && values.length === 1) return values[0];
    throw badRequest('records.xml.missing', { element: 'condition', name: 'value' });
  };
  const none = () => {
    if (attrValue !== undefined || values.length) throw badRequest('records.xml.attribute', { element: 'condition', name: 'value' });
  };
  if (op in CMP) return { k: 'cmp', field, op: CMP[op], value: one() };
  switch (op) {
    case 'like':
    case 'not-like':
      return { k: 'like', field, mode: 'pattern', value: one(), not: op === 'not-like' };
    case 'begins-with':
    case 'not-begin-with':
      return { k: 'like', field, mode: 'startswith', value: one(), not: op === 'not-begin-with' };
    case 'ends-with':
    case 'not-end-with':
      return { k: 'like', field, mode: 'endswith', value: one(), not: op === 'not-end-with' };
    case 'null':
    case 'not-null':
      none();
      return { k: 'null', field, not: op === 'not-null' };
    case 'in':
    case 'not-in': {
      if (attrValue !== undefined || !values.length) throw badRequest('records.xml.missing', { element: 'condition', name: 'value' });
      return { k: 'in', field, values, not: op === 'not-in' };
    }
    case 'between':
    case 'not-between':
      if (attrValue !== undefined || values.length !== 2) throw badRequest('records.xml.missing', { element: 'condition', name: 'value' });
      return { k: 'between', field, low: values[0], high: values[1], not: op === 'not-between' };
  }
  throw badRequest('records.q.unsupported', { what: `operator="${op.slice(0, 40)}"` });
}

function filter(node: XmlNode, depth: number, budget: Budget, inLink: boolean): Expr {
  checkAttrs(node, new Set(['type', 'isquickfindfields']));
  if (depth > LIMITS.filterDepth) throw tooComplex('filter', LIMITS.filterDepth);
  noText(node);
  const type = node.attrs.get('type') ?? 'and';
  if (type !== 'and' && type !== 'or') throw badRequest('records.xml.attribute', { element: 'filter', name: 'type' });
  const items: Expr[] = [];
  for (const c of node.children) {
    if (c.name === 'condition') items.push(condition(c, budget, inLink));
    else if (c.name === 'filter') items.push(filter(c, depth + 1, budget, inLink));
    else throw badRequest('records.xml.element', { name: c.name });
  }
  return { k: type, items };
}

function entityBody(node: XmlNode, out: FetchEntity, budget: Budget, inLink: boolean) {
  noText(node);
  const filters: Expr[] = [];
  for (const c of node.children) {
    switch (c.name) {
      case 'attribute':
        checkAttrs(c, new Set(['name']));
        noText(c);
        if (out.attributes !== 'all') {
          const list: string[] = out.attributes ?? [];
          list.push(name(c, 'name'));
          out.attributes = list;
          if (list.length > LIMITS.select) throw tooComplex('attribute', LIMITS.select);
        }
        break;
      case 'all-attributes':
        checkAttrs(c, new Set());
        out.attributes = 'all';
        break;
      case 'order':
        checkAttrs(c, new Set(['attribute', 'descending']));
        noText(c);
        out.orders.push({ attr: name(c, 'attribute'), desc: bool(c, 'descending') });
        if (out.orders.length > LIMITS.orderBy) throw tooComplex('order', LIMITS.orderBy);
        break;
      case 'filter':
        filters.push(filter(c, 1, budget, inLink));
        break;
      case 'link-entity':
        out.links.push(link(c, budget));
        break;
      default:
        throw badRequest('records.xml.element', { name: c.name.slice(0, 64) });
    }
  }
  if (filters.length) out.filter = filters.length === 1 ? filters[0] : { k: 'and', items: filters };
}

function link(node: XmlNode, budget: Budget): FetchLink {
  checkAttrs(node, LINK_ATTRS);
  if (++budget.links > LIMITS.links) throw tooComplex('link-entity', LIMITS.links);
  const type = node.attrs.get('link-type') ?? 'inner';
  if (type !== 'inner' && type !== 'outer') throw badRequest('records.q.unsupported', { what: `link-type="${type.slice(0, 20)}"` });
  const alias = node.attrs.get('alias');
  if (alias !== undefined && !NAME.test(alias)) throw badRequest('records.xml.alias', { alias: alias.slice(0, 64) });
  const out: FetchLink = {
    name: name(node, 'name'),
    from: name(node, 'from'),
    to: name(node, 'to'),
    alias: alias ?? null,
    outer: type === 'outer',
    attributes: null,
    orders: [],
    links: [],
  };
  entityBody(node, out, budget, true);
  return out;
}

/** Parses a fetchXml document into a FetchSpec (still unchecked against the model). */
export function parseFetchXml(text: string): FetchSpec {
  const root = parseXml(text);
  if (root.name !== 'fetch') throw badRequest('records.xml.element', { name: root.name });
  checkAttrs(root, FETCH_ATTRS);
  noText(root);
  if (bool(root, 'aggregate')) throw badRequest('records.q.unsupported', { what: 'aggregate' });
  const entities = root.children.filter((c) => c.name === 'entity');
  const other = root.children.find((c) => c.name !== 'entity');
  if (other) throw badRequest('records.xml.element', { name: other.name });
  if (entities.length !== 1) throw badRequest('records.xml.missing', { element: 'fetch', name: '<entity>' });
  const e = entities[0];
  checkAttrs(e, ENTITY_ATTRS);
  const entity: FetchEntity = { name: name(e, 'name'), attributes: null, orders: [], links: [] };
  entityBody(e, entity, { conditions: 0, links: 0 }, false);
  const spec: FetchSpec = {
    entity,
    top: int(root, 'top', 0, LIMITS.top),
    count: int(root, 'count', 1, LIMITS.top),
    page: int(root, 'page', 1, LIMITS.skip + 1),
    distinct: bool(root, 'distinct'),
    totalCount: bool(root, 'returntotalrecordcount'),
  };
  if (spec.top !== undefined && (spec.count !== undefined || spec.page !== undefined))
    throw badRequest('records.q.unsupported', { what: 'top + count/page' });
  return spec;
}
