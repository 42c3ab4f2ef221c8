import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';

/**
 * /amountAdjust/edit/:id: the quota adjustment through the approval engine (its declaration: number,
 * approval). The quota before and after are filled when the final approval posts it to the ledger.
 */
export default function AmountAdjustFormPage() {
  return <DocumentPage entity="new_srv_amountadjustment" testIdPrefix="amountadjust" backTo="/amountAdjust/list" />;
}
