import { getEntity, transferDocState, transferStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { recomputeDocumentTotals } from './document-totals.ts';
import type { RequestDocument } from './request-lines.ts';

/**
 * Parts transfers (调拨单) between two warehouses: made by the sending side (its unit owns the
 * document, the receiving unit is a party), approved through a flow, reserved in the sending
 * warehouse on approval, shipped by deliveries of out type "transfer", received by the receiver. Its
 * business (defaults, checks, approval, close) is transfer.controller.ts; its lines and states are here.
 */
export const TRANSFER = getEntity('new_srv_parttransorder')!;
const LINE = getEntity('new_srv_parttransdetail')!;

export const transferDocument: RequestDocument = {
  header: TRANSFER,
  line: LINE,
  parent: 'new_parttransorder_id',
  write: 'transfer.write',
  ownerUnit: 'new_fromunit_id',
  copied: ['new_fromunit_id', 'new_tounit_id', 'owningbusinessunit'],
  initial: () => ({ new_reservedqty: 0, new_shippedqty: 0, new_receivedqty: 0 }),
  recompute: recomputeTransfer,
};

export function recomputeTransfer(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, TRANSFER, LINE, 'new_parttransorder_id', id);
}

/** Document state and logistics status from the lines: shipped and received against the quantities. */
export async function refreshTransferState(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_parttransorder t SET
            new_docstate = CASE WHEN x.received >= x.qty AND x.qty > 0 THEN $2::int WHEN x.received > 0 THEN $3::int
                                WHEN x.shipped >= x.qty AND x.qty > 0 THEN $4::int WHEN x.shipped > 0 THEN $5::int ELSE $6::int END,
            statuscode = CASE WHEN x.received >= x.qty AND x.qty > 0 THEN $7::int WHEN x.shipped > 0 THEN $8::int ELSE $9::int END,
            modifiedon = now()
       FROM (SELECT COALESCE(sum(new_qty), 0) AS qty, COALESCE(sum(new_shippedqty), 0) AS shipped, COALESCE(sum(new_receivedqty), 0) AS received
               FROM new_srv_parttransdetail WHERE new_parttransorder_id = $1::uuid) x
      WHERE t.new_srv_parttransorderid = $1::uuid`,
    [
      id,
      transferDocState.received,
      transferDocState.semiReceived,
      transferDocState.delivered,
      transferDocState.semiDelivered,
      transferDocState.toDeliver,
      transferStatus.delivered,
      transferStatus.onTheWay,
      transferStatus.undelivered,
    ],
  );
}
