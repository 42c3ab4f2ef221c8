import { q } from '../sql.ts';

/*
 * Fields read as of now rather than as stored (issue 25: an active contract past its end date is
 * expired today, untouched or not). The owning module registers an SQL expression over the row's
 * alias; every query of the record service (lists, filters, orders, counts, exports, one record,
 * expands) reads the field through it, so no screen can disagree with another and no nightly job
 * has to catch up first. Expressions come from code, never from a request.
 */
export const derivedFields = new Map<string, Map<string, (alias: string) => string>>();

/**
 * Equality filters (`eq`, `in`) on a derived option-set field written over the stored columns, so an
 * index serves them where the expression would hide the columns (a payment plan's overdue state):
 * `(alias, values) => SQL`, values whole numbers already checked. Code only, like the expressions.
 */
export const derivedMatches = new Map<string, Map<string, (alias: string, values: readonly number[]) => string>>();

/** Registers `field` of `entity` as read through `expr(alias)` (and, optionally, matched through `match`). */
export function deriveField(
  entity: string,
  field: string,
  expr: (alias: string) => string,
  match?: (alias: string, values: readonly number[]) => string,
): void {
  if (!derivedFields.has(entity)) derivedFields.set(entity, new Map());
  derivedFields.get(entity)!.set(field, expr);
  if (match) {
    if (!derivedMatches.has(entity)) derivedMatches.set(entity, new Map());
    derivedMatches.get(entity)!.set(field, match);
  }
}

/** The registered equality match of a derived field, if any. */
export const derivedMatch = (entity: string, field: string) => derivedMatches.get(entity)?.get(field);

/** The SQL a query reads a field of `entity` (aliased `alias`) through: the derived expression or the column. */
export function fieldSql(entity: string, alias: string, field: string): string {
  const d = derivedFields.get(entity)?.get(field);
  return d ? `(${d(alias)})` : `${alias}.${q(field)}`;
}
