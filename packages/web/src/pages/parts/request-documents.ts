import { partsApplyStatus, transferDocState, type Privilege } from '@portal/model';
import type { RecordRow } from '../../api/records.ts';
import type { RequestKind } from '../../api/parts.ts';
import { num } from '../../entity-ui/document/num.ts';

/**
 * The two documents whose lines are requested and then approved through a flow: parts applications
 * (a station orders from a central warehouse) and transfers (one warehouse to another). Both share
 * one screen, one lines table and one set of action rules; what differs is declared here.
 */
export interface RequestDocument {
  /** Header entity. */
  entity: string;
  /** Line entity and its lookup naming the header. */
  lineEntity: string;
  parentField: string;
  /** Segment of the line and close calls (`/api/parts/<kind>/{id}/…`). */
  kind: RequestKind;
  /** Who edits the header and lines and submits. */
  write: Privilege;
  /** Prefix of the screen's test hooks. */
  prefix: 'pa' | 'pt' | 'xs' | 'th';
  listPath: string;
  editPath: (id: string) => string;
  /** Still open for delivery, as the close command demands (besides approved and not closed). */
  closable: (row: RecordRow) => boolean;
}

export const APPLICATION_DOC: RequestDocument = {
  entity: 'new_srv_partsapply',
  lineEntity: 'new_srv_partsapplydetil',
  parentField: 'new_partsapply_id',
  kind: 'applications',
  write: 'parts.write',
  prefix: 'pa',
  listPath: '/partsApply/list',
  editPath: (id) => `/partsApply/edit/${encodeURIComponent(id)}`,
  closable: (row) => {
    const code = num(row.statuscode);
    return code === partsApplyStatus.toDeliver || code === partsApplyStatus.semiDelivered;
  },
};

export const TRANSFER_DOC: RequestDocument = {
  entity: 'new_srv_parttransorder',
  lineEntity: 'new_srv_parttransdetail',
  parentField: 'new_parttransorder_id',
  kind: 'transfers',
  write: 'transfer.write',
  prefix: 'pt',
  listPath: '/partsTransfer/list',
  editPath: (id) => `/partsTransfer/edit/${encodeURIComponent(id)}`,
  closable: (row) => {
    const state = num(row.new_docstate) ?? transferDocState.toDeliver;
    return state === transferDocState.toDeliver || state === transferDocState.semiDelivered;
  },
};

/** Parts sales (配件销售): lines like a request's, no approval and nothing to close (SalesOrderPage). */
export const SALES_DOC: RequestDocument = {
  entity: 'new_order',
  lineEntity: 'new_orderdetail',
  parentField: 'new_order_id',
  kind: 'sales',
  write: 'parts.write',
  prefix: 'xs',
  listPath: '/newOrder/list',
  editPath: (id) => `/newOrder/edit/${encodeURIComponent(id)}`,
  closable: () => false,
};
