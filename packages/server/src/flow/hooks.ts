import type { Sql } from '../db/db.ts';

/** What runs, inside the approving transaction, when a document of an entity is finally approved. */
export type ApprovedHook = (sql: Sql, id: string, approverId: string) => Promise<void>;

const noop: ApprovedHook = async () => undefined;

/**
 * Follow-up work per document type after the last approval step. The claim fine needs nothing
 * beyond its status; later documents (expense claims, quota adjustments) add theirs here.
 */
const HOOKS = new Map<string, ApprovedHook>([['new_srv_claimfine', noop]]);

export function onApproved(entity: string): ApprovedHook {
  return HOOKS.get(entity) ?? noop;
}

/**
 * What a document type checks (and prepares) inside the submitting transaction, before the round
 * starts: a parts application needs at least one line, and its lines' current stock is refreshed.
 */
export type SubmitHook = (sql: Sql, id: string, userId: string) => Promise<void>;
const SUBMIT_HOOKS = new Map<string, SubmitHook>();

export function onSubmit(entity: string): SubmitHook {
  return SUBMIT_HOOKS.get(entity) ?? (async () => undefined);
}

/**
 * What a document type undoes, inside the same transaction, when a round ends without approval:
 * rejected, vetoed or revoked by its submitter (a parts application gives its quota back).
 */
export type EndedHook = (sql: Sql, id: string, userId: string) => Promise<void>;
const ENDED_HOOKS = new Map<string, EndedHook>();

export function onEnded(entity: string): EndedHook {
  return ENDED_HOOKS.get(entity) ?? (async () => undefined);
}

/** Registers what a document type does on final approval and, optionally, on submit and on an unapproved end (its domain module, at start). */
export function registerFlowHooks(entity: string, hooks: { approved?: ApprovedHook; submit?: SubmitHook; ended?: EndedHook }): void {
  if (hooks.approved) HOOKS.set(entity, hooks.approved);
  if (hooks.submit) SUBMIT_HOOKS.set(entity, hooks.submit);
  if (hooks.ended) ENDED_HOOKS.set(entity, hooks.ended);
}
