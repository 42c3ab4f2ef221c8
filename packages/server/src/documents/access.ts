import type { EntityDef, Privilege } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { forbidden, Refusal } from '../http/errors.ts';
import { recordNotFound } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import { Params, q } from '../records/sql.ts';
import { normGuid } from '../records/validate.ts';

/** Who may act on a document: the caller's privilege, the party it acts for, the document locked in the caller's reach. */

/** 403 unless the caller holds the privilege (the routes check it too; other callers rely on this). */
export function assertMay(caller: Caller, privilege: Privilege): void {
  if (!caller.principal.privileges.has(privilege)) throw forbidden();
}

/** 403 unless the caller holds one of the privileges (a command granted to several). */
export function assertMayAny(caller: Caller, privileges: readonly Privilege[]): void {
  if (!privileges.some((p) => caller.principal.privileges.has(p))) throw forbidden();
}

/** 403 with the specification's text unless the unit is in the caller's reach (the caller acts for that side). */
export function assertParty(caller: Caller, unit: string | null | undefined): void {
  if (!unit || !caller.subtree.includes(unit)) throw new Refusal('parts.notYourDocument', undefined, undefined, 403);
}

/**
 * Locks a document inside the caller's scope (owner or party) and reads the named columns;
 * 404 when it does not exist or is out of reach. Documents are always locked before stock rows.
 * `lock: false` only reads (a download).
 */
export async function lockDocument<T extends Record<string, unknown>>(
  sql: Sql,
  caller: Caller,
  e: EntityDef,
  rawId: string,
  columns: string,
  opts: { lock?: boolean } = {},
): Promise<T & { id: string }> {
  const id = normGuid(rawId);
  if (!id) throw recordNotFound();
  const p = new Params();
  const { rows } = await sql.query<T & { id: string }>(
    `SELECT t.${q(e.primaryKey)} AS id, ${columns} FROM ${q(e.logicalName)} t
      WHERE t.${q(e.primaryKey)} = ${p.add(id, 'uuid')} AND ${p.scope(e, caller, 't')}${opts.lock === false ? '' : ' FOR UPDATE OF t'}`,
    p.values,
  );
  if (!rows[0]) throw recordNotFound();
  return rows[0];
}
