import { stockDocumentType } from '@portal/model';
import { screenPath } from '../../app/screen-path.ts';

/** The entity of the document behind a stock move, by its document type (opening stock has none). */
export const DOCUMENT_ENTITY: Record<number, string> = {
  [stockDocumentType.application]: 'new_srv_partsapply',
  [stockDocumentType.delivery]: 'new_stockoutorder',
  [stockDocumentType.transfer]: 'new_srv_parttransorder',
  [stockDocumentType.count]: 'new_srv_stockcheck',
  [stockDocumentType.workOrder]: 'new_srv_workorder',
  [stockDocumentType.sale]: 'new_order',
  [stockDocumentType.siteReturn]: 'new_srv_sitereturn',
};

/**
 * Where a move's document opens: the edit screen the app declares for that entity, or undefined
 * (no document, or no screen for it yet: the number is then shown as text).
 */
export function documentPath(docType: unknown, docId: unknown, find: typeof screenPath = screenPath): string | undefined {
  const entity = DOCUMENT_ENTITY[Number(docType)];
  if (!entity || typeof docId !== 'string' || !docId) return undefined;
  return find(entity, 'edit', docId);
}
