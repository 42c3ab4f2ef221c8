import { defineNamedOptionSet, defineOptionSet, label } from '../define.ts';

/** spec 001 §4: approval status of a document. */
export const approvalStatus = defineNamedOptionSet('new_approvalstatus', label('审批状态', 'Approval status'), {
  draft: { value: 1, label: label('待提交', 'To be submitted') },
  underReview: { value: 2, label: label('审批中', 'Under review') },
  approved: { value: 3, label: label('已审批', 'Approved') },
  rejected: { value: 4, label: label('已驳回', 'Rejected') },
  vetoed: { value: 5, label: label('已否决', 'Vetoed') },
});

/** Status of one step of an approval round (progress list). */
export const approvalStepStatus = defineOptionSet('new_approvalstepstatus', label('步骤状态', 'Step status'), [
  { value: 0, label: label('已提交', 'Submitted') },
  { value: 1, label: label('审批中', 'Approving') },
  { value: 2, label: label('已审批', 'Approved') },
  { value: 3, label: label('已驳回', 'Rejected') },
  { value: 4, label: label('已否决', 'Vetoed') },
] as const);

/** Who approves a flow step: named users, or the members of a flow role. */
export const flowApproverType = defineOptionSet('new_approvertype', label('审批人类型', 'Approver type'), [
  { value: 1, label: label('指定用户', 'Users') },
  { value: 2, label: label('审批角色', 'Flow role') },
] as const);

/** Claim fine type: reward or punishment. */
export const fineType = defineOptionSet('new_finetype', label('奖惩类型', 'Type'), [
  { value: 1, label: label('奖励', 'Reward') },
  { value: 2, label: label('处罚', 'Punishment') },
] as const);
