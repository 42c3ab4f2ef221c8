import { getEntity, getEntityBySet, type EntityDef } from '@portal/model';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/db.ts';
import { AppError, forbidden } from '../http/errors.ts';
import type { Expr } from './query/ast.ts';
import { requestSubtree, type Caller } from './scope.ts';
import { Params, q } from './sql.ts';
import { normGuid } from './validate.ts';

/** Served by the record service: declares `access` and is not a system entity. */
export function isServed(e: EntityDef | undefined): e is EntityDef & { access: NonNullable<EntityDef['access']> } {
  return !!e && !!e.access && e.scope.kind !== 'system';
}

export const entityNotFound = (name: string) => new AppError(404, 'records.entityNotFound', { entity: name.slice(0, 100) });
export const recordNotFound = () => new AppError(404, 'records.notFound');

/** An entity by logical name or entity set, if served; else 404. */
export function servedEntity(
  name: string,
  by: 'set' | 'name' | 'either' = 'either',
): EntityDef & { access: NonNullable<EntityDef['access']> } {
  const e = by === 'set' ? getEntityBySet(name) : by === 'name' ? getEntity(name) : (getEntityBySet(name) ?? getEntity(name));
  if (!isServed(e)) throw entityNotFound(name);
  return e;
}

/** The caller holds the entity's read privilege or one of its `readAlso`. */
function holdsRead(caller: Caller, e: EntityDef): boolean {
  const a = e.access;
  return !!a && (caller.principal.privileges.has(a.read) || !!a.readAlso?.some((p) => caller.principal.privileges.has(p)));
}

/** 403 unless the caller holds the entity's read (or write) privilege; no write privilege = read-only. */
export function assertPrivilege(caller: Caller, e: EntityDef, need: 'read' | 'write'): void {
  if (need === 'read') {
    if (!holdsRead(caller, e)) throw forbidden();
    return;
  }
  const priv = e.access?.write;
  if (!priv || !caller.principal.privileges.has(priv)) throw forbidden();
}

/**
 * 403 unless the caller may create rows of the entity here: its write privilege, and rows that are
 * not made elsewhere (`access.notCreatedHere`: that text for whoever may read the entity).
 */
export function assertMayCreate(caller: Caller, e: EntityDef): void {
  if (e.access?.notCreatedHere) {
    assertPrivilege(caller, e, 'read');
    throw forbidden(e.access.notCreatedHere);
  }
  assertPrivilege(caller, e, 'write');
}

/**
 * What a lookup dialog may offer the caller: everything in scope with the read privilege (null: no
 * narrowing), else — for holders of the entity's `access.lookup` privileges — only rows whose unit
 * lookup is in the caller's subtree; 403 for anyone else.
 */
export function lookupReach(caller: Caller, e: EntityDef): Expr | null {
  const l = e.access?.lookup;
  if (!l || mayRead(caller, e) || !l.privileges.some((p) => caller.principal.privileges.has(p))) {
    assertPrivilege(caller, e, 'read');
    return null;
  }
  return { k: 'in', field: { alias: null, name: l.unit }, values: caller.subtree.map((v) => ({ t: 'guid', v })), not: false };
}

export function mayRead(caller: Caller, e: EntityDef | undefined): boolean {
  return isServed(e) && holdsRead(caller, e);
}

/** The caller (principal and business-unit subtree) of an authenticated request: the route layer's one step from Fastify to the services. */
export async function requestCaller(sql: Sql, req: FastifyRequest): Promise<Caller> {
  return { principal: req.principal!, subtree: await requestSubtree(sql, req) };
}

/**
 * For code outside the record service (attachments): the entity must be served, the caller must
 * hold its read/write privilege (403) and the row must exist inside the caller's scope (404).
 * `attach` (adding or removing attachments) is allowed by the write privilege or by `access.attach`
 * (an engineer's site photos on the orders assigned to them).
 */
export async function assertCanSeeRecord(
  sql: Sql,
  caller: Caller,
  logicalName: string,
  id: string,
  need: 'read' | 'write' | 'attach',
): Promise<EntityDef> {
  const e = getEntity(logicalName);
  if (!isServed(e)) throw entityNotFound(logicalName);
  if (need !== 'attach') assertPrivilege(caller, e, need);
  else if (!(e.access.attach && caller.principal.privileges.has(e.access.attach))) assertPrivilege(caller, e, 'write');
  const gid = normGuid(id);
  if (!gid) throw recordNotFound();
  const p = new Params();
  const where = `t.${q(e.primaryKey)} = ${p.add(gid, 'uuid')} AND ${p.scope(e, caller, 't', need === 'read' ? 'read' : 'write')}`;
  const { rowCount } = await sql.query(`SELECT 1 FROM ${q(e.logicalName)} t WHERE ${where}`, p.values);
  if (!rowCount) throw recordNotFound();
  return e;
}
