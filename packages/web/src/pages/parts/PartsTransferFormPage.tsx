import { transferDocState, transferStatus } from '@portal/model';
import { useParams } from 'react-router';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { TRANSFER_DOC } from './request-documents.ts';
import { RequestDocumentPage } from './RequestDocumentPage.tsx';

/**
 * /partsTransfer/edit/:id: a transfer between two warehouses, with the application's lines,
 * submit, revoke, progress and close (privilege transfer.write). Header tags: document state and
 * logistics status.
 */
export default function PartsTransferFormPage() {
  const { id } = useParams();
  return (
    <RequestDocumentPage
      doc={TRANSFER_DOC}
      id={id}
      tags={(row) => (
        <>
          <OptionTag set={transferDocState} value={row.new_docstate} testId="pt-docstate" />
          <OptionTag set={transferStatus} value={row.statuscode} testId="pt-statuscode" />
        </>
      )}
    />
  );
}
