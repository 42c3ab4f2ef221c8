import { badRequest, type AppError } from '../../http/errors.ts';

/**
 * The one query language every client syntax (OData $filter, fetchXml, lookup conditions) is
 * parsed into. Names are still unchecked strings here: the compiler checks them against the
 * model's allow-list and the literals against the field types.
 */

/** A literal as written. `raw` is untyped text (fetchXml attributes, JSON strings): the field type decides. */
export type Lit =
  | { t: 'string'; v: string }
  | { t: 'number'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'guid'; v: string }
  | { t: 'date'; v: string }
  | { t: 'datetime'; v: string }
  | { t: 'null' }
  | { t: 'raw'; v: string };

/** A field of the queried entity (alias null) or of a fetchXml link-entity (its alias). */
export interface FieldRef {
  alias: string | null;
  name: string;
}

export type CmpOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type Expr =
  | { k: 'and' | 'or'; items: Expr[] }
  | { k: 'not'; item: Expr }
  | { k: 'cmp'; field: FieldRef; op: CmpOp; value: Lit }
  | { k: 'null'; field: FieldRef; not: boolean }
  /** contains/startswith/endswith match the text literally; `pattern` is a LIKE pattern (% and _). */
  | { k: 'like'; field: FieldRef; mode: 'contains' | 'startswith' | 'endswith' | 'pattern'; value: Lit; not: boolean }
  | { k: 'in'; field: FieldRef; values: Lit[]; not: boolean }
  | { k: 'between'; field: FieldRef; low: Lit; high: Lit; not: boolean };

export interface OrderItem {
  field: FieldRef;
  desc: boolean;
}

/** Limits shared by the parsers: a query that exceeds them is refused with a 400, never a crash. */
export const LIMITS = {
  filterLength: 20_000,
  depth: 32,
  nodes: 1_000,
  inValues: 1_000,
  orderBy: 10,
  select: 300,
  expand: 10,
  top: 5_000,
  skip: 100_000,
  fetchXmlBytes: 100 * 1024,
  filterDepth: 5,
  links: 5,
  conditions: 500,
} as const;

export const syntaxError = (pos: number, text: string): AppError =>
  badRequest('records.q.syntax', { pos: pos + 1, near: text.slice(pos, pos + 20) || 'EOF' });

export const tooComplex = (what: string, max: number): AppError => badRequest('records.q.tooComplex', { what, max });

/** Identifiers a client may name: the shape of model names (checked against the model later). */
export const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
