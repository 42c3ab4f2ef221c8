import type { EditRule } from './define.ts';
import { APPROVAL_EDITABLE, approvalStatus } from './option-sets/approval.ts';

export { APPROVAL_FIELD_NAMES, approvalFields } from './approval-field-defs.ts';

/**
 * The edit rule of documents under an approval flow (issue 23; model edit-rules.ts): draft or
 * rejected may be changed through the record service, only a draft deleted; an approvable entity
 * without a rule of its own gets this one.
 */
export const APPROVAL_EDIT = {
  field: 'new_approvalstatus',
  initial: approvalStatus.draft,
  states: APPROVAL_EDITABLE,
  deleteStates: [approvalStatus.draft],
  locked: 'flow.locked',
  deleteLocked: 'parts.onlyDraftDelete',
} as const satisfies EditRule;
