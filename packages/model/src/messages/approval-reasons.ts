import { label } from '../define.ts';

/**
 * Rejecting and vetoing need a reason (issue 24): the approver is asked for it and to confirm, the
 * server refuses an empty one, and the submitter's message carries it. Also the approval screen's
 * view of what is approved (amount with its meaning, the document's fields, its lines).
 */
export const approvalReasonMessages = {
  'flow.rejectReasonRequired': label('请填写驳回原因', 'Give the reason for the rejection'),
  'flow.vetoReasonRequired': label('请填写否决原因', 'Give the reason for the veto'),
  'message.text.rejectedBecause': label('您提交的{entity} {name} 被驳回：{reason}', 'Your {entity} {name} was rejected: {reason}'),
  'message.text.vetoedBecause': label('您提交的{entity} {name} 被否决：{reason}', 'Your {entity} {name} was vetoed: {reason}'),
  'approval.rejectTitle': label('驳回单据', 'Reject the document'),
  'approval.rejectConfirm': label(
    '确定驳回 {name}？单据退回提交人修改后可重新提交。',
    'Reject {name}? It goes back to the submitter, who may correct and resubmit it.',
  ),
  'approval.vetoTitle': label('否决单据', 'Veto the document'),
  'approval.vetoConfirmName': label(
    '确定否决 {name}？否决后流程结束，不能再提交。',
    'Veto {name}? The flow ends; it cannot be submitted again.',
  ),
  'approval.rejectReason': label('驳回原因', 'Reason for the rejection'),
  'approval.vetoReason': label('否决原因', 'Reason for the veto'),
  'approval.reasonHint': label('提交人将在消息中看到该原因', 'The submitter sees this reason in their message'),
  'approval.amountOf': label('{meaning}金额', '{meaning} amount'),
  'approval.content': label('单据内容', 'Document'),
  'approval.lines': label('单据明细', 'Lines'),
} as const;
