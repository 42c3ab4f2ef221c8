import { transferDocState, transferStatus } from '@portal/model';
import { useParams } from 'react-router';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { useSession } from '../../session/store.ts';
import { TRANSFER_DOC } from './request-documents.ts';
import { closeSlot, requestMayRun, useRequestLines } from './request-page.tsx';

const DIALOGS = { close: closeSlot(TRANSFER_DOC) };

/**
 * /partsTransfer/edit/:id: a transfer between two warehouses on the generic document page (its
 * declaration: number, approval under its own labels, lines, 关闭 while not fully shipped; privilege
 * transfer.write). Header tags: document state and logistics status.
 */
export default function PartsTransferFormPage() {
  const { id } = useParams();
  const userId = useSession((s) => s.user.userId);
  const { lines, lineDialog } = useRequestLines(TRANSFER_DOC, id);
  return (
    <DocumentPage
      entity={TRANSFER_DOC.entity}
      testIdPrefix="pt"
      backTo={TRANSFER_DOC.listPath}
      editPath={TRANSFER_DOC.editPath}
      allowDelete
      mayRun={requestMayRun(TRANSFER_DOC, userId)}
      commandDialogs={DIALOGS}
      lines={lines}
      lineDialog={lineDialog}
      extraTags={(r) => (
        <>
          <OptionTag set={transferDocState} value={r.new_docstate} testId="pt-docstate" />
          <OptionTag set={transferStatus} value={r.statuscode} testId="pt-statuscode" />
        </>
      )}
    />
  );
}
