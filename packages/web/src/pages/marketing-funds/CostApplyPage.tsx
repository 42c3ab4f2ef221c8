import { useParams } from 'react-router';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { useSession } from '../../session/store.ts';
import { approverCuts, hiddenOnCreate } from './fund-page.ts';

const ENTITY = 'new_costapply';
const HIDDEN = hiddenOnCreate(ENTITY);

/**
 * /costapply/create, /costapply/view/:id — a dealer's cost application (费用申请) on the document
 * page: type, purpose, period and amount while a draft, submitted through the approval engine; the
 * current approver's 核定金额 (cut) before approving; then approved, written off and remaining.
 * Hooks: the document page's `costapply-*`.
 */
export default function CostApplyPage() {
  const { id } = useParams();
  const userId = useSession((s) => s.user.userId);
  return (
    <DocumentPage
      entity={ENTITY}
      testIdPrefix="costapply"
      backTo="/costapply/list"
      editPath={(x) => `/costapply/view/${encodeURIComponent(x)}`}
      hiddenFields={id ? undefined : HIDDEN}
      mayRun={approverCuts(userId)}
    />
  );
}
