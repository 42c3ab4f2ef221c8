import type { MessageItem } from '@portal/model';
import { screenPath } from '../../app/screen-path.ts';
import { myApprovalEditPath } from '../approval/MyApprovalListPage.tsx';

/**
 * Where a message leads: a notice to its view for messages (back goes to the message centre), an approval waiting for the user to the approval
 * screen, anything else to its document's screen (the first the user may open, from the route table).
 */
export function messagePath(m: Pick<MessageItem, 'Target' | 'EntityName' | 'RecordId'>): string | undefined {
  if (!m.RecordId) return undefined;
  if (m.Target === 'notice') return `/dmsnotice/msgview/${encodeURIComponent(m.RecordId)}`;
  if (!m.EntityName) return undefined;
  if (m.Target === 'approval') return myApprovalEditPath({ EntityName: m.EntityName, EntityId: m.RecordId });
  // A document with a view screen only (an invoice, a statement's reconciliation) opens there.
  return screenPath(m.EntityName, 'edit', m.RecordId) ?? screenPath(m.EntityName, 'view', m.RecordId);
}
