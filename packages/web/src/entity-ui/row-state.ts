import { rowLock, stateRuleOf, type EntityDef } from '@portal/model';
import type { RecordRow } from '../api/records.ts';

/*
 * A record whose state the model's edit rule closes to the form (records/edit-guard.ts refuses the
 * same): lists offer 查看 (view) for such rows instead of 编辑 (edit), and no 删除 where the rule
 * keeps it. A line's rule is its document's, which its list does not load: the screen decides.
 */

const ownRule = (e: EntityDef) => {
  const s = stateRuleOf(e);
  return !!s && !s.via;
};

/** The row's state (under review, approved, audited, closed …) keeps it from being changed. */
export const lockedByState = (e: EntityDef, row: RecordRow): boolean => ownRule(e) && !!rowLock(e, row, 'update');

/** The row's state keeps it from being deleted. */
export const undeletableByState = (e: EntityDef, row: RecordRow): boolean => ownRule(e) && !!rowLock(e, row, 'delete');
