import { approvalStatus, type EntityDef } from '@portal/model';
import type { RecordRow } from '../api/records.ts';

/*
 * A record whose state makes it read-only for everyone, as the record service decides (records/
 * write.ts refuses to change a document under review, approved or vetoed): lists offer 查看 (view)
 * for such rows instead of 编辑 (edit).
 */

/** Approval states in which a document is not changed any more. */
export const LOCKED_APPROVAL: readonly number[] = [approvalStatus.underReview, approvalStatus.approved, approvalStatus.vetoed];

/** The fields `lockedByState` reads (fetched with the list's columns). */
export function stateFields(e: EntityDef): string[] {
  const out: string[] = [];
  if (e.allFields.new_approvalstatus?.type === 'optionset') out.push('new_approvalstatus');
  if (e.allFields.new_isclose?.type === 'bool') out.push('new_isclose');
  return out;
}

/** Submitted (under review), approved, vetoed, or closed. */
export function lockedByState(e: EntityDef, row: RecordRow): boolean {
  if (e.allFields.new_approvalstatus?.type === 'optionset' && typeof row.new_approvalstatus === 'number' && LOCKED_APPROVAL.includes(row.new_approvalstatus)) return true;
  return e.allFields.new_isclose?.type === 'bool' && row.new_isclose === true;
}
