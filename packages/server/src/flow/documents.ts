import { APPROVAL_TERM_DOCUMENTS, approvalTerms, getEntity, type EntityDef } from '@portal/model';

/**
 * Documents that go through approval flows: the model's approval terms (`approvalTerms`) of
 * entities carrying the approval fields (`approvalFields()`). `amountField` is compared with a
 * flow's amount condition, `commitField` (if any) is set while the document is submitted.
 */
export interface FlowDocument {
  entity: EntityDef;
  amountField?: string;
  commitField?: string;
}

export function flowDocument(logicalName: string): FlowDocument | undefined {
  const terms = approvalTerms(logicalName);
  const entity = terms ? getEntity(logicalName) : undefined;
  if (!terms || !entity || !entity.allFields.new_approvalstatus) return undefined;
  return { entity, amountField: terms.amount, commitField: terms.commit };
}

export function flowDocuments(): FlowDocument[] {
  return APPROVAL_TERM_DOCUMENTS.map((n) => flowDocument(n)).filter((d): d is FlowDocument => !!d);
}
