import type { EntityDef } from '../define.ts';
import { getEntity } from '../registry.ts';

/**
 * How a caller reaches an entity with an assignee scope when they do not hold its wide privilege:
 * the rows whose `worker` lookup is the caller's worker record, either on the row itself or on
 * the parent row named by `via` (an order's lines and history). Null: the plain scope applies.
 * The server builds its row filter from this and the web app its views, so both agree.
 */
export interface AssigneeReach {
  /** The lookup of the row to its parent (null: the row itself carries the worker). */
  via: { field: string; parent: EntityDef } | null;
  /** The worker lookup on the row (or on the parent). */
  worker: string;
}

export function assigneeReach(e: EntityDef, has: (privilege: string) => boolean): AssigneeReach | null {
  const a = e.scope.kind === 'station' ? e.scope.assignee : undefined;
  if (!a) return null;
  if ('worker' in a) return has(a.wide) ? null : { via: null, worker: a.worker };
  const f = e.allFields[a.via];
  const parent = f?.type === 'lookup' ? getEntity(f.target) : undefined;
  const up = parent && parent.scope.kind === 'station' ? parent.scope.assignee : undefined;
  if (!parent || !up || !('worker' in up)) throw new Error(`${e.logicalName}: assignee via ${a.via} needs a parent with an assignee worker`);
  return has(up.wide) ? null : { via: { field: a.via, parent }, worker: up.worker };
}

/** The views of an entity a caller is offered: `assignee` views only to callers reached that way. */
export function viewsFor(e: EntityDef, has: (privilege: string) => boolean, names: string[] = Object.keys(e.views)): string[] {
  const narrow = assigneeReach(e, has) !== null;
  return names.filter((v) => e.views[v] && (e.views[v].audience !== 'assignee' || narrow));
}
