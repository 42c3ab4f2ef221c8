import { useLineDialog } from '../../entity-ui/document/use-line-dialog.tsx';
import { FundLineDialog, type FundLineKind } from './FundLineDialog.tsx';

/** The cost lines of a fund document (an activity's 费用明细, a claim's 实际费用) through the fund line dialog. */
export const useFundLines = (kind: FundLineKind, id: string | undefined) =>
  useLineDialog(kind.entity, id, (docId, state) => <FundLineDialog kind={kind} docId={docId} {...state} />);
