import { getEntity, type EntityDef } from '@portal/model';

/**
 * Documents that go through approval flows. Each carries the approval fields (`approvalFields()`
 * of the model); `amountField` is compared with a flow's amount condition, `commitField` (if any)
 * is set while the document is submitted.
 */
export interface FlowDocument {
  entity: EntityDef;
  amountField?: string;
  commitField?: string;
}

const DOCUMENTS: Record<string, { amountField?: string; commitField?: string }> = {
  new_srv_claimfine: { amountField: 'new_amount', commitField: 'new_iscommit' },
  new_srv_partsapply: { amountField: 'new_totalamount', commitField: 'new_iscommit' },
  new_srv_parttransorder: { amountField: 'new_totalamount' },
  new_srv_amountadjustment: { amountField: 'new_amount', commitField: 'new_iscommit' },
  new_srv_delayproduct: { commitField: 'new_iscommit' },
  new_srv_delaycancel: { commitField: 'new_iscommit' },
  new_srv_productreturn: { commitField: 'new_iscommit' },
  new_srv_stationapply: { commitField: 'new_iscommit' },
  new_srv_excellentcase: { commitField: 'new_iscommit' },
  new_srv_accountapply: { commitField: 'new_iscommit' },
};

export function flowDocument(logicalName: string): FlowDocument | undefined {
  const cfg = Object.hasOwn(DOCUMENTS, logicalName) ? DOCUMENTS[logicalName] : undefined;
  const entity = cfg ? getEntity(logicalName) : undefined;
  if (!cfg || !entity || !entity.allFields.new_approvalstatus) return undefined;
  return { entity, ...cfg };
}

export function flowDocuments(): FlowDocument[] {
  return Object.keys(DOCUMENTS).map((n) => flowDocument(n)).filter((d): d is FlowDocument => !!d);
}
