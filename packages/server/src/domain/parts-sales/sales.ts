import { getEntity, partsSalesState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { recomputeDocumentTotals } from '../parts/document-totals.ts';
import type { RequestDocument } from '../parts/request-lines.ts';

/**
 * Parts sales (配件销售, `new_order`): a station sells parts to an end customer out of its own
 * warehouse. The header and its lines change only while it is to be submitted (draft); confirming
 * it ("sold", sales.controller.ts) takes every line out of the station's stock in one transaction.
 */
export const SALES = getEntity('new_order')!;
const LINE = getEntity('new_orderdetail')!;

/** Totals of the lines onto the header. */
export function recomputeSale(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, SALES, LINE, 'new_order_id', id);
}

/** The lines are request lines (parts/request-lines.ts): a part once, quantity 1–99,999, the station's current stock shown. */
export const salesDocument: RequestDocument = {
  header: SALES,
  line: LINE,
  parent: 'new_order_id',
  write: 'parts.write',
  ownerUnit: 'owningbusinessunit',
  copied: ['new_station_id', 'owningbusinessunit'],
  initial: () => ({}),
  recompute: recomputeSale,
  // Only "to be submitted" takes line changes.
  editableSql: `COALESCE(t.new_state, ${partsSalesState.draft}) = ${partsSalesState.draft}`,
  closedSql: 'false',
};
