import { assigneeReach, partyFields, type AssigneeReach, type EntityDef, type PublishedScope } from '@portal/model';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Sql } from '../db/db.ts';
import { q } from './sql.ts';

/**
 * The caller's business-unit subtree: their own unit and every unit below it. Head office sees
 * the whole tree, a branch its stations, a station user only the station's own unit.
 */
export async function businessUnitSubtree(sql: Sql, rootId: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `WITH RECURSIVE t AS (
       SELECT businessunitid AS id FROM businessunit WHERE businessunitid = $1
       UNION ALL
       SELECT b.businessunitid FROM businessunit b JOIN t ON b.parentbusinessunitid = t.id
     ) SELECT id FROM t`,
    [rootId],
  );
  return rows.map((r) => r.id);
}

const subtreeCache = new WeakMap<FastifyRequest, Promise<string[]>>();

/** The subtree of the request's principal (loaded with the principal), else computed once per request. */
export function requestSubtree(sql: Sql, req: FastifyRequest): Promise<string[]> {
  if (req.principal?.subtree?.length) return Promise.resolve(req.principal.subtree);
  let p = subtreeCache.get(req);
  if (!p) {
    p = businessUnitSubtree(sql, req.principal!.businessUnitId);
    subtreeCache.set(req, p);
  }
  return p;
}

/**
 * The row filter of an entity's scope for a caller, as SQL with positional parameters starting at
 * `$<firstParam>`; `alias` qualifies the columns. Identifiers come from the model only.
 * station / businessUnit rows: owningbusinessunit in the caller's subtree; user rows: owned by the
 * caller; global rows: everyone. A `system` entity is never readable through here. An assignee
 * scope narrows the station rows for callers without its wide privilege (see `assigneeReach`).
 */
export function scopePredicate(
  e: EntityDef,
  caller: { userId: string; subtree: string[]; privileges?: ReadonlySet<string> },
  firstParam: number,
  alias = 't',
  mode: ScopeMode = 'write',
): { sql: string; params: unknown[] } {
  const own = ownPredicate(e, caller, firstParam, alias);
  // A station scope's `published` widening (model define.ts): for reading only, rows in the
  // published state are everyone's; writes, attachments and commands keep the station's reach.
  const pub = e.scope.kind === 'station' ? e.scope.published : undefined;
  if (mode !== 'read' || !pub) return own;
  const n = firstParam + own.params.length;
  return { sql: `(${own.sql}) OR ${alias}.${q(pub.field)} = $${n}::int`, params: [...own.params, pub.value] };
}

/** 'read': lists, record reads and read-only checks (widened by a `published` scope); 'write': everything else. */
export type ScopeMode = 'read' | 'write';

function ownPredicate(
  e: EntityDef,
  caller: { userId: string; subtree: string[]; privileges?: ReadonlySet<string> },
  firstParam: number,
  alias: string,
): { sql: string; params: unknown[] } {
  // The engineer's reach (station scope with `assignee`, caller without its wide privilege): of the
  // rows the station owns, only those assigned to the caller's own worker record or hanging off
  // such rows (assigneeReach). Party units keep their reach: the narrowing is the station's own.
  const reach = assigneeReach(e, (priv) => !!caller.privileges?.has(priv));
  if (!reach) return unitPredicate(e, caller, firstParam, alias);
  const owner = unitPredicate(e, caller, firstParam, alias, 'owner');
  const n = firstParam + owner.params.length;
  const mine = `SELECT scope_u.new_worker_id FROM systemuser scope_u WHERE scope_u.systemuserid = $${n}::uuid`;
  const narrowed = `(${owner.sql} AND ${reachTest(e, reach, alias, { mine, me: `$${n}::uuid` }, 1)})`;
  if (!partyFields(e).length) return { sql: narrowed, params: [...owner.params, caller.userId] };
  // The party test binds the same subtree parameter as the owner test.
  const parties = unitPredicate(e, caller, firstParam, alias, 'parties');
  return { sql: `(${narrowed} OR ${parties.sql})`, params: [...owner.params, caller.userId] };
}

/**
 * "This row is in the caller's assignee reach", one nested IN (SELECT …) per declared hop down to
 * the worker lookup (`mine.mine` selects the caller's worker record) or the owner lookup (`mine.me`: the caller). Aliases scope_1, scope_2 … by depth.
 */
function reachTest(e: EntityDef, reach: AssigneeReach, alias: string, mine: { mine: string; me: string }, depth: number): string {
  if ('worker' in reach) return `${alias}.${q(reach.worker)} IN (${mine.mine})`;
  if ('owner' in reach) return `${alias}.${q(reach.owner)} = ${mine.me}`;
  const a = `scope_${depth}`;
  if ('via' in reach) {
    const up = reach.parent;
    return `${alias}.${q(reach.via)} IN (SELECT ${a}.${q(up.primaryKey)} FROM ${q(up.logicalName)} ${a} WHERE ${reachTest(up, reach.reach, a, mine, depth + 1)})`;
  }
  const from = reach.referencedBy;
  return `${alias}.${q(e.primaryKey)} IN (SELECT ${a}.${q(reach.field)} FROM ${q(from.logicalName)} ${a} WHERE ${reachTest(from, reach.reach, a, mine, depth + 1)})`;
}

/** `columns`: the owning unit and the party units (default), or one of the two (station and unit scopes). */
function unitPredicate(
  e: EntityDef,
  caller: { userId: string; subtree: string[]; privileges?: ReadonlySet<string> },
  firstParam: number,
  alias: string,
  columns: 'all' | 'owner' | 'parties' = 'all',
): { sql: string; params: unknown[] } {
  switch (e.scope.kind) {
    case 'global':
      return publishedPredicate(e.scope.published, caller, firstParam, alias);
    case 'station':
    case 'businessUnit': {
      // businessunit rows are themselves units: their own id is what belongs to the subtree.
      const owner = e.logicalName === 'businessunit' ? 'businessunitid' : 'owningbusinessunit';
      const cols = columns === 'owner' ? [owner] : columns === 'parties' ? partyFields(e) : [owner, ...partyFields(e)];
      // A one-unit subtree (a station user) is a plain equality, so the planner can walk the
      // (owningbusinessunit, createdon) index in order and stop at the page's last row.
      const test = caller.subtree.length === 1 ? `= $${firstParam}::uuid` : `= ANY($${firstParam}::uuid[])`;
      const sql = cols.map((c) => `${alias}."${c}" ${test}`).join(' OR ');
      return { sql: cols.length > 1 ? `(${sql})` : sql, params: [caller.subtree.length === 1 ? caller.subtree[0] : caller.subtree] };
    }
    case 'user':
      return { sql: `${alias}."ownerid" = $${firstParam}::uuid`, params: [caller.userId] };
    case 'system':
      return { sql: 'FALSE', params: [] };
  }
}

/**
 * Global rows behind a publication state (model `PublishedScope`): everything for holders of its
 * wide privilege, else the published rows of an audience the caller's privileges grant.
 */
function publishedPredicate(
  pub: PublishedScope | undefined,
  caller: { privileges?: ReadonlySet<string> },
  firstParam: number,
  alias: string,
): { sql: string; params: unknown[] } {
  if (!pub || caller.privileges?.has(pub.wide)) return { sql: 'TRUE', params: [] };
  const state = `${alias}.${q(pub.field)} = $${firstParam}::int`;
  if (!pub.audience) return { sql: state, params: [pub.value] };
  const a = pub.audience;
  const granted = [
    a.all,
    ...Object.entries(a.grants)
      .filter(([p]) => caller.privileges?.has(p))
      .map(([, v]) => v as number),
  ];
  return { sql: `${state} AND ${alias}.${q(a.field)} = ANY($${firstParam + 1}::int[])`, params: [pub.value, granted] };
}

export interface Caller {
  principal: Principal;
  subtree: string[];
}
