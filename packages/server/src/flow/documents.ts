import { ENTITIES, getEntity, type EntityDef } from '@portal/model';

/**
 * Documents that go through approval flows: those declaring `document.approval` in the model
 * (docs/documents.md). `amountField` is compared with a flow's amount condition, `commitField`
 * (if any) is set while the document is submitted.
 */
export interface FlowDocument {
  entity: EntityDef;
  amountField?: string;
  commitField?: string;
}

export function flowDocument(logicalName: string): FlowDocument | undefined {
  const entity = getEntity(logicalName);
  const approval = entity?.document?.approval;
  return entity && approval ? { entity, amountField: approval.amount, commitField: approval.commit } : undefined;
}

export function flowDocuments(): FlowDocument[] {
  return ENTITIES.map((e) => flowDocument(e.logicalName)).filter((d): d is FlowDocument => !!d);
}
