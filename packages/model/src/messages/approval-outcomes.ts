import { label } from '../define.ts';

/**
 * What an approval action did, said after it succeeded (issue 12: 操作成功 said nothing), and the
 * flow editor's picker of approvable documents. Used by the server's CrmFlow answers and the web's toasts.
 */
export const approvalOutcomeMessages = {
  'approval.outcome.submit': label('已提交', 'Submitted'),
  'approval.outcome.approve': label('已同意', 'Approved'),
  'approval.outcome.reject': label('已驳回', 'Rejected'),
  'approval.outcome.veto': label('已否决', 'Vetoed'),
  'approval.outcome.revoke': label('已撤回', 'Revoked'),
  'approval.flowEditor.entityPlaceholder': label('请选择单据类型', 'Choose a document type'),
  'flow.entityNotApprovable': label(
    '“{value}”不是可审批的单据，请选择：{choices}',
    '"{value}" is not a document that goes through approval; choose one of: {choices}',
  ),
} as const;
