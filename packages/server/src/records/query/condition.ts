import { badRequest } from '../../http/errors.ts';
import { LIMITS, NAME, tooComplex, type CmpOp, type Expr, type Lit } from './ast.ts';

/**
 * The lookup call's `condition`: a JSON array of `{ field, op, value }`, all of which must hold.
 * ops: eq ne gt ge lt le like in null notnull. Strings are read by the field's type (a number
 * field takes "12"), so `value` may be a JSON string, number, boolean, or an array for `in`.
 * Structured data only — never SQL text.
 */
const CMP = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const MAX_ITEMS = 50;

function lit(v: unknown): Lit {
  if (typeof v === 'string') return { t: 'raw', v };
  if (typeof v === 'number' && Number.isFinite(v)) return { t: 'number', v: String(v) };
  if (typeof v === 'boolean') return { t: 'bool', v };
  if (v === null) return { t: 'null' };
  throw badRequest('records.q.badParam', { name: 'condition' });
}

export function parseCondition(text: string): Expr | null {
  if (text.length > LIMITS.filterLength) throw tooComplex('condition', LIMITS.filterLength);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('records.q.badParam', { name: 'condition' });
  }
  if (!Array.isArray(data)) throw badRequest('records.q.badParam', { name: 'condition' });
  if (data.length > MAX_ITEMS) throw tooComplex('condition', MAX_ITEMS);
  const items: Expr[] = data.map((c: unknown) => {
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw badRequest('records.q.badParam', { name: 'condition' });
    const { field, op, value } = c as Record<string, unknown>;
    if (typeof field !== 'string' || !NAME.test(field) || typeof op !== 'string')
      throw badRequest('records.q.badParam', { name: 'condition' });
    const ref = { alias: null, name: field };
    if (CMP.has(op)) {
      if (value === null || value === undefined) {
        if (op === 'eq' || op === 'ne') return { k: 'null', field: ref, not: op === 'ne' };
        throw badRequest('records.q.badParam', { name: 'condition' });
      }
      return { k: 'cmp', field: ref, op: op as CmpOp, value: lit(value) };
    }
    switch (op) {
      case 'like':
        if (typeof value !== 'string') throw badRequest('records.q.badParam', { name: 'condition' });
        return { k: 'like', field: ref, mode: 'pattern', value: { t: 'raw', v: value }, not: false };
      case 'in':
        if (!Array.isArray(value) || !value.length) throw badRequest('records.q.badParam', { name: 'condition' });
        if (value.length > LIMITS.inValues) throw tooComplex('in', LIMITS.inValues);
        return { k: 'in', field: ref, values: value.map(lit), not: false };
      case 'null':
      case 'notnull':
        return { k: 'null', field: ref, not: op === 'notnull' };
    }
    throw badRequest('records.q.badOperator', { field, op: op.slice(0, 20) });
  });
  return items.length ? { k: 'and', items } : null;
}
