import { ApprovalDocumentPage } from '../../widgets/approval/ApprovalDocumentPage.tsx';

const ADJUSTMENT = 'new_srv_amountadjustment';

/**
 * /amountAdjust/edit/:id: the quota adjustment through the approval engine (quota.adjust submits).
 * The quota before and after are filled when the final approval posts it to the station's ledger.
 */
export default function AmountAdjustFormPage() {
  return <ApprovalDocumentPage entity={ADJUSTMENT} testIdPrefix="amountadjust" writePrivilege="quota.adjust" backTo="/amountAdjust/list" />;
}
