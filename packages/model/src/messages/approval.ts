import { label } from '../define.ts';

/**
 * Texts of the approval flow engine (CrmFlow calls). Refusals are sent with the prefix
 * `WorkflowException: ` (as the CRM's plugins answered); the web app trims it (spec 000 §8).
 */
export const approvalMessages = {
  'flow.notDraft': label('只有草稿或已驳回的单据可以提交', 'Only draft or rejected documents can be submitted'),
  'flow.notUnderReview': label('单据不在审批中', 'The document is not under review'),
  'flow.notCurrentApprover': label('只有当前步骤的审批人可以审批', 'Only the approver of the current step can act'),
  'flow.approverRequired': label('请为每个审批步骤选择审批人', 'Choose one approver for every approval step'),
  'flow.approverOutOfScope': label('审批人不在单据的服务范围内', 'The approver does not cover this document'),
  'flow.approverNotCandidate': label('所选审批人不是该步骤的审批人', 'The chosen user is not an approver of this step'),
  'flow.selfApprove': label('不能审批自己提交的单据', 'You cannot approve a document you submitted'),
  'flow.conflict': label('单据已被处理，请刷新后重试', 'The document has already been processed; refresh and try again'),
  'flow.flowNotFound': label('审批流程不存在或不适用于该单据', 'The approval flow does not exist or does not apply to this document'),
  'flow.noSteps': label('审批流程没有审批步骤', 'The approval flow has no steps'),
  'flow.notSubmitter': label('只有提交人可以撤回', 'Only the submitter can revoke'),
  'flow.memoTooLong': label('审批意见不能超过 500 个字', 'The memo must be at most 500 characters'),
  'flow.notApprovable': label('该类单据不支持审批', 'This kind of document has no approval flow'),
  'flow.locked': label('已提交的单据不允许修改', 'Modification is not allowed for submitted documents'),
  'flow.action.submit': label('提交', 'Submit'),
  'flow.action.approve': label('审批通过', 'Approve'),
  'flow.action.reject': label('驳回', 'Reject'),
  'flow.action.veto': label('否决', 'Veto'),
  'flow.action.revoke': label('撤回', 'Revoke'),
  'flow.done': label('操作成功', 'Done'),
};
