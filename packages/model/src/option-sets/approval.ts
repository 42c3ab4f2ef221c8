import { defineNamedOptionSet, defineOptionSet, label } from '../define-fields.ts';

/** spec 001 §4: approval status of a document. */
export const approvalStatus = defineNamedOptionSet('new_approvalstatus', label('审批状态', 'Approval status'), {
  draft: { value: 1, label: label('待提交', 'To be submitted') },
  underReview: { value: 2, label: label('审批中', 'Under review') },
  approved: { value: 3, label: label('已审批', 'Approved') },
  rejected: { value: 4, label: label('已驳回', 'Rejected') },
  vetoed: { value: 5, label: label('已否决', 'Vetoed') },
});

/**
 * The approval states in which a document may still be changed and (re)submitted: a draft, or a
 * rejected document sent back to its submitter. Approved and vetoed documents are final.
 */
export const APPROVAL_EDITABLE: readonly number[] = [approvalStatus.draft, approvalStatus.rejected];
/** May a document in this approval state be changed or (re)submitted? No state yet reads as a draft. */
export const isApprovalEditable = (status: unknown): boolean =>
  APPROVAL_EDITABLE.includes(status === null || status === undefined || status === '' ? approvalStatus.draft : Number(status));
/** Not yet decided for good (neither approved nor vetoed): an application still on its way. */
export const APPROVAL_PENDING: readonly number[] = [approvalStatus.draft, approvalStatus.underReview, approvalStatus.rejected];
/** A round that ended without approval (the document's own hooks undo what the submission reserved). */
export const APPROVAL_DECLINED: readonly number[] = [approvalStatus.rejected, approvalStatus.vetoed];

/** Status of one step of an approval round (progress list). */
export const approvalStepStatus = defineNamedOptionSet('new_approvalstepstatus', label('步骤状态', 'Step status'), {
  /** Submitted with the round, waiting for the steps before it. */
  submitted: { value: 0, label: label('已提交', 'Submitted') },
  approving: { value: 1, label: label('审批中', 'Approving') },
  approved: { value: 2, label: label('已审批', 'Approved') },
  rejected: { value: 3, label: label('已驳回', 'Rejected') },
  vetoed: { value: 4, label: label('已否决', 'Vetoed') },
});

/** Steps of a round not yet acted on: the current one and those after it. */
export const STEP_OPEN: readonly number[] = [approvalStepStatus.submitted, approvalStepStatus.approving];

/** Who approves a flow step: named users, or the members of a flow role. */
export const flowApproverType = defineNamedOptionSet('new_approvertype', label('审批人类型', 'Approver type'), {
  users: { value: 1, label: label('指定用户', 'Users') },
  role: { value: 2, label: label('审批角色', 'Flow role') },
});

/** Claim fine type: reward or punishment. */
export const fineType = defineOptionSet('new_finetype', label('奖惩类型', 'Type'), [
  { value: 1, label: label('奖励', 'Reward') },
  { value: 2, label: label('处罚', 'Punishment') },
] as const);
