import { dateTime, int, label, lookup, optionSet, text, type EditRule, type FieldDef } from './define.ts';
import { APPROVAL_EDITABLE, approvalStatus } from './option-sets/approval.ts';

/**
 * The approval fields every document under an approval flow carries (spec 001 §3). All are set
 * by the flow engine only (readOnly): the generic record service never accepts them.
 */
export function approvalFields(): Record<string, FieldDef> {
  return {
    new_approvalstatus: optionSet(approvalStatus, undefined, { readOnly: true, indexed: true }),
    new_flow_id: lookup('new_flow', label('审批流程', 'Approval flow'), { readOnly: true }),
    new_currentstep_id: lookup('new_flowsteps', label('当前步骤', 'Current step'), { readOnly: true }),
    new_laststep_id: lookup('new_flowsteps', label('上一步骤', 'Last step'), { readOnly: true }),
    new_stepname: text(label('当前步骤名称', 'Step name'), { readOnly: true, maxLength: 100 }),
    new_stepuser_id: lookup('systemuser', label('当前审批人', 'Current approver'), { readOnly: true, indexed: true }),
    new_stepsequence: int(label('步骤序号', 'Step sequence'), { readOnly: true }),
    new_submitter_id: lookup('systemuser', label('提交人', 'Submitted by'), { readOnly: true }),
    new_submittime: dateTime(label('提交时间', 'Submitted on'), { readOnly: true }),
    new_approvedtime: dateTime(label('审批通过时间', 'Approved on'), { readOnly: true }),
  };
}

/** Names of the approval fields (for forms and views). */
export const APPROVAL_FIELD_NAMES = Object.keys(approvalFields());

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
