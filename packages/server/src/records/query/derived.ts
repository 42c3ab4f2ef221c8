import { q } from '../sql.ts';

/*
 * Fields read as of now rather than as stored (issue 25: an active contract past its end date is
 * expired today, untouched or not). The owning module registers an SQL expression over the row's
 * alias; every query of the record service (lists, filters, orders, counts, exports, one record,
 * expands) reads the field through it, so no screen can disagree with another and no nightly job
 * has to catch up first. Expressions come from code, never from a request.
 */
export const derivedFields = new Map<string, Map<string, (alias: string) => string>>();

/** Registers `field` of `entity` as read through `expr(alias)`. */
export function deriveField(entity: string, field: string, expr: (alias: string) => string): void {
  if (!derivedFields.has(entity)) derivedFields.set(entity, new Map());
  derivedFields.get(entity)!.set(field, expr);
}

/** The SQL a query reads a field of `entity` (aliased `alias`) through: the derived expression or the column. */
export function fieldSql(entity: string, alias: string, field: string): string {
  const d = derivedFields.get(entity)?.get(field);
  return d ? `(${d(alias)})` : `${alias}.${q(field)}`;
}
