import type { Sql } from '../db/db.ts';

/** What runs, inside the approving transaction, when a document of an entity is finally approved. */
export type ApprovedHook = (sql: Sql, id: string) => Promise<void>;

const noop: ApprovedHook = async () => undefined;

/**
 * Follow-up work per document type after the last approval step. The claim fine needs nothing
 * beyond its status; later documents (expense claims, quota adjustments) add theirs here.
 */
const HOOKS = new Map<string, ApprovedHook>([['new_srv_claimfine', noop]]);

export function onApproved(entity: string): ApprovedHook {
  return HOOKS.get(entity) ?? noop;
}

/** Replaces the hook of an entity (tests); returns a function that puts the previous one back. */
export function setApprovedHook(entity: string, hook: ApprovedHook): () => void {
  const prev = HOOKS.get(entity);
  HOOKS.set(entity, hook);
  return () => {
    if (prev) HOOKS.set(entity, prev);
    else HOOKS.delete(entity);
  };
}
