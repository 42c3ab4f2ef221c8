import { approvalStatus } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import { num } from '../../entity-ui/document/num.ts';
import type { RequestDocument } from './request-documents.ts';

/*
 * What an application's or a transfer's screen offers, mirroring the server's rules (the server
 * decides; these only hide what would be refused).
 */

export interface RequestState {
  status: number;
  closed: boolean;
  submitter: string;
  stepUser: string;
}

const sameUser = (a: string, b: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

export const requestState = (row: RecordRow | null): RequestState => ({
  status: num(row?.new_approvalstatus) ?? approvalStatus.draft,
  closed: row?.new_isclose === true,
  submitter: typeof row?.new_submitter_id === 'string' ? row.new_submitter_id : '',
  stepUser: typeof row?.new_stepuser_id === 'string' ? row.new_stepuser_id : '',
});

/** Draft or rejected and not closed: header and lines may change, and it may be submitted. */
export const isEditable = (s: RequestState) => !s.closed && (s.status === approvalStatus.draft || s.status === approvalStatus.rejected);

export type RequestAction = 'submit' | 'revoke' | 'progress' | 'approved' | 'close';

/**
 * The actions offered, in header order: 提交审批 (writers, editable), 撤回 (the submitter while
 * under review), 修改审批数量 (applications: the current step's approver while under review),
 * 关闭 (approved, not closed, still open for delivery, for a closer), 审批进度 (always).
 */
export function requestActions(doc: RequestDocument, row: RecordRow, can: (p: string) => boolean, userId: string): RequestAction[] {
  const s = requestState(row);
  const out: RequestAction[] = [];
  if (can(doc.write) && isEditable(s)) out.push('submit');
  if (s.status === approvalStatus.underReview && sameUser(s.submitter, userId)) out.push('revoke');
  if (doc.kind === 'applications' && s.status === approvalStatus.underReview && sameUser(s.stepUser, userId)) out.push('approved');
  if (s.status === approvalStatus.approved && !s.closed && doc.closable(row) && doc.closers.some((p) => can(p))) out.push('close');
  out.push('progress');
  return out;
}
