import type { EntityDef } from '../define.ts';
import type { Privilege } from './privileges.ts';
import { getEntity } from '../registry.ts';

/**
 * How a caller reaches an entity with an assignee scope when they do not hold its root's wide
 * privilege, as the chain of declared hops down to the row that carries the worker lookup:
 * - `worker`: the row's own worker lookup is the caller's worker record;
 * - `owner`: the row's own user lookup is the caller (a salesman's leads);
 * - `via`: the row's lookup `via` names a `parent` row in `reach`;
 * - `referencedBy`: a row of that entity in `reach` names this row by its lookup `field`.
 * Null: the plain scope applies. The server builds its row filter from this and the web app its
 * views, so both agree.
 */
export type AssigneeReach =
  | { worker: string }
  | { owner: string }
  | { via: string; parent: EntityDef; reach: AssigneeReach }
  | { referencedBy: EntityDef; field: string; reach: AssigneeReach };

/** The declared chain of an entity (null: no assignee scope) and the privilege that lifts it. */
function chain(e: EntityDef, seen: readonly string[] = []): { reach: AssigneeReach; wide: Privilege } | null {
  const a = e.scope.kind === 'station' || e.scope.kind === 'businessUnit' ? e.scope.assignee : undefined;
  if (!a) return null;
  const bad = (why: string) => new Error(`${e.logicalName}: assignee ${why}`);
  if (seen.includes(e.logicalName)) throw bad(`chain loops (${[...seen, e.logicalName].join(' → ')})`);
  if ('worker' in a) {
    const f = e.allFields[a.worker];
    if (f?.type !== 'lookup' || f.target !== 'new_srv_worker') throw bad(`worker ${a.worker} is not a lookup to new_srv_worker`);
    return { reach: { worker: a.worker }, wide: a.wide };
  }
  if ('owner' in a) {
    const f = e.allFields[a.owner];
    if (f?.type !== 'lookup' || f.target !== 'systemuser') throw bad(`owner ${a.owner} is not a lookup to systemuser`);
    return { reach: { owner: a.owner }, wide: a.wide };
  }
  const path = [...seen, e.logicalName];
  if ('via' in a) {
    const f = e.allFields[a.via];
    const parent = f?.type === 'lookup' ? getEntity(f.target) : undefined;
    const up = parent && chain(parent, path);
    if (!parent || !up) throw bad(`via ${a.via} needs a lookup to an entity with an assignee scope`);
    return { reach: { via: a.via, parent, reach: up.reach }, wide: up.wide };
  }
  const { entity, field } = a.referencedBy;
  const from = getEntity(entity);
  const f = from?.allFields[field];
  if (!from || f?.type !== 'lookup' || f.target !== e.logicalName)
    throw bad(`referencedBy ${entity}.${field} is not a lookup to ${e.logicalName}`);
  const up = chain(from, path);
  if (!up) throw bad(`referencedBy ${entity} needs an assignee scope`);
  return { reach: { referencedBy: from, field, reach: up.reach }, wide: up.wide };
}

export function assigneeReach(e: EntityDef, has: (privilege: string) => boolean): AssigneeReach | null {
  const c = chain(e);
  return !c || has(c.wide) ? null : c.reach;
}

/** The views of an entity a caller is offered: `assignee` views only to callers reached that way. */
export function viewsFor(e: EntityDef, has: (privilege: string) => boolean, names: string[] = Object.keys(e.views)): string[] {
  const narrow = assigneeReach(e, has) !== null;
  return names.filter((v) => e.views[v] && (e.views[v].audience !== 'assignee' || narrow));
}
