import { ApprovalDocumentPage } from '../../widgets/approval/ApprovalDocumentPage.tsx';

const CLAIMFINE = 'new_srv_claimfine';

/** /claimFine/create and /claimFine/detail/:id (create is not in the spec's table). */
export default function ClaimFineFormPage() {
  return (
    <ApprovalDocumentPage
      entity={CLAIMFINE}
      testIdPrefix="claimfine"
      writePrivilege="expense.write"
      backTo="/claimFine/list"
      editPath={(newId) => `/claimFine/detail/${encodeURIComponent(newId)}`}
    />
  );
}
