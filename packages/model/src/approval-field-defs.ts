import { dateTime, int, label, lookup, optionSet, text, type FieldDef } from './define-fields.ts';
import { approvalStatus } from './option-sets/approval.ts';

/*
 * define.ts imports this module (an approval document brings these fields); this module imports only
 * define-fields.ts and the approval option set, which import no entity machinery (no import circle).
 */

// approvalFields() must build exactly these (the compiler checks).
const NAMES = [
  'new_approvalstatus',
  'new_flow_id',
  'new_currentstep_id',
  'new_laststep_id',
  'new_stepname',
  'new_stepuser_id',
  'new_stepsequence',
  'new_submitter_id',
  'new_submittime',
  'new_approvedtime',
] as const;

/** Names of the approval fields (for forms and views). */
export const APPROVAL_FIELD_NAMES: string[] = [...NAMES];

/**
 * The approval fields every document under an approval flow carries (spec 001 §3), brought by
 * declaring `document.approval` (defineEntity). All are set by the flow engine only (readOnly): the
 * generic record service never accepts them.
 */
export function approvalFields(): Record<(typeof NAMES)[number], FieldDef> {
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
