import { FAVOURITE_MAX, getEntity, type EntityDef, type FavouriteItem } from '@portal/model';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { isServed, recordNotFound, requestCaller } from '../../records/access.ts';
import { Params, q } from '../../records/sql.ts';
import { normGuid } from '../../records/validate.ts';

/*
 * Favourites (收藏): a user's starred products and documents. Rows are the caller's own (user_id
 * = the caller, in every statement); a record can be starred only when the caller may read it
 * (its entity's read privilege and the row inside the caller's scope), else 404, as if it did not
 * exist. The list resolves names with one query per entity, under the same scope, and leaves out
 * what the caller may no longer read.
 */

/** An entity the caller may read, by logical name; else the record "does not exist" (404). */
function readableEntity(req: FastifyRequest, name: unknown): EntityDef {
  const e = typeof name === 'string' && name.length <= 64 ? getEntity(name) : undefined;
  if (!isServed(e) || !req.principal?.privileges.has(e.access.read)) throw recordNotFound();
  return e;
}

const nameColumn = (e: EntityDef) => (Object.hasOwn(e.allFields, e.primaryName) ? e.primaryName : e.primaryKey);

/** The record's id when the caller may read it; else 404. */
async function readableRecord(sql: Sql, req: FastifyRequest, e: EntityDef, id: unknown): Promise<string> {
  const gid = normGuid(id);
  if (!gid) throw recordNotFound();
  const caller = await requestCaller(sql, req);
  const p = new Params();
  const where = `t.${q(e.primaryKey)} = ${p.add(gid, 'uuid')} AND ${p.scope(e, caller, 't', 'read')}`;
  const { rowCount } = await sql.query(`SELECT 1 FROM ${q(e.logicalName)} t WHERE ${where}`, p.values);
  if (!rowCount) throw recordNotFound();
  return gid;
}

/**
 * Stars or unstars a record (`on` omitted: the other way round). Answers whether it is a
 * favourite now. One transaction; refused beyond FAVOURITE_MAX favourites.
 */
export async function toggleFavourite(
  sql: Sql,
  req: FastifyRequest,
  entity: unknown,
  id: unknown,
  on?: boolean,
): Promise<{ Entity: string; Id: string; Favourite: boolean }> {
  const e = readableEntity(req, entity);
  const rid = await readableRecord(sql, req, e, id);
  const user = req.principal!.userId;
  // One user's toggles one after the other, so the count below holds.
  await sql.query('SELECT pg_advisory_xact_lock(727014, hashtext($1))', [user]);
  const exists = !!(
    await sql.query('SELECT 1 FROM portal_favourite WHERE user_id = $1 AND entity = $2 AND record_id = $3', [user, e.logicalName, rid])
  ).rowCount;
  const want = on ?? !exists;
  if (want && !exists) {
    const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM portal_favourite WHERE user_id = $1', [user]);
    if (rows[0].n >= FAVOURITE_MAX) throw refuse('favourite.limit', { max: FAVOURITE_MAX });
    await sql.query('INSERT INTO portal_favourite (user_id, entity, record_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      user,
      e.logicalName,
      rid,
    ]);
  } else if (!want && exists) {
    await sql.query('DELETE FROM portal_favourite WHERE user_id = $1 AND entity = $2 AND record_id = $3', [user, e.logicalName, rid]);
  }
  return { Entity: e.logicalName, Id: rid, Favourite: want };
}

/** Which of these records of one entity the caller has starred (ids, at most 100 asked). */
export async function favouriteIds(sql: Sql, req: FastifyRequest, entity: unknown, ids: string[]): Promise<string[]> {
  const e = readableEntity(req, entity);
  const gids = ids.map(normGuid).filter((x): x is string => !!x);
  if (!gids.length) return [];
  const { rows } = await sql.query<{ id: string }>(
    'SELECT record_id AS id FROM portal_favourite WHERE user_id = $1 AND entity = $2 AND record_id = ANY($3::uuid[])',
    [req.principal!.userId, e.logicalName, gids],
  );
  return rows.map((r) => r.id);
}

/**
 * The caller's favourites, newest first, with each record's name: one query for the favourites,
 * then one per entity for the names (scope applied). Entities the caller may not read, and
 * records gone or out of scope, are left out.
 */
export async function listFavourites(sql: Sql, req: FastifyRequest): Promise<FavouriteItem[]> {
  const user = req.principal!.userId;
  const { rows } = await sql.query<{ entity: string; record_id: string; created_on: Date }>(
    'SELECT entity, record_id, created_on FROM portal_favourite WHERE user_id = $1 ORDER BY created_on DESC, record_id LIMIT $2',
    [user, FAVOURITE_MAX],
  );
  const byEntity = new Map<string, string[]>();
  for (const r of rows) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r.record_id]);
  const names = new Map<string, string>();
  const caller = byEntity.size ? await requestCaller(sql, req) : null;
  for (const [entity, ids] of byEntity) {
    const e = getEntity(entity);
    if (!isServed(e) || !req.principal!.privileges.has(e.access.read)) continue;
    const p = new Params();
    const where = `t.${q(e.primaryKey)} = ANY(${p.add(ids, 'uuid[]')}) AND ${p.scope(e, caller!, 't', 'read')}`;
    const found = await sql.query<{ id: string; name: unknown }>(
      `SELECT t.${q(e.primaryKey)} AS id, t.${q(nameColumn(e))} AS name FROM ${q(e.logicalName)} t WHERE ${where}`,
      p.values,
    );
    for (const f of found.rows) names.set(`${entity}:${f.id}`, f.name == null ? '' : String(f.name));
  }
  return rows
    .filter((r) => names.has(`${r.entity}:${r.record_id}`))
    .map((r) => ({
      Entity: r.entity,
      Id: r.record_id,
      Name: names.get(`${r.entity}:${r.record_id}`)!,
      CreatedOn: r.created_on.toISOString(),
    }));
}
