import { getEntity, isClientField } from '@portal/model';
import { useParams } from 'react-router';
import { DocumentPage } from '../../entity-ui/document/DocumentPage.tsx';
import { SALES_DOC } from './request-documents.ts';
import { useRequestLines } from './request-page.tsx';

const ORDER = getEntity(SALES_DOC.entity)!;
/** A new sale shows only what a user enters (number, station, warehouse and totals are the server's). */
const HIDDEN_ON_CREATE = Object.keys(ORDER.allFields).filter((n) => !isClientField(ORDER, n));

/**
 * /newOrder/edit (create) and /newOrder/edit/:id: a station's parts sale to an end customer, on the
 * generic document page (its declaration: number, status, lines, confirm). While to be submitted
 * (draft) the header, its lines and delete are open to parts.write and 确认销售 sells it (the server
 * takes the lines out of the station's stock; a refusal names the part and what is available); a
 * sold order is read-only. Hooks: `xs-form`, `xs-state`, `xs-confirm`, `xs-refusal`, `xs-readonly`, `xs-tab-lines`.
 */
export default function SalesOrderPage() {
  const { id } = useParams();
  const requestLines = useRequestLines(SALES_DOC, id);
  return (
    <DocumentPage
      entity={ORDER}
      testIdPrefix="xs"
      backTo={SALES_DOC.listPath}
      editPath={SALES_DOC.editPath}
      hiddenFields={id ? undefined : HIDDEN_ON_CREATE}
      readOnlyText="sales.readOnly"
      {...requestLines}
    />
  );
}
