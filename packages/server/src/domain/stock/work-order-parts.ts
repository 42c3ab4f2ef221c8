import { stockDocumentType, stockUsage, workOrderStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { stationWarehouse } from '../parts/catalogue.ts';
import { postMoves } from './ledger.ts';

/**
 * A completed work order's replaced parts come out of its station's warehouse ("for repair").
 * Each part line remembers what was taken (`new_postedqty`) and how often it was posted
 * (`new_postseq`, part of each move's key): on completion, and on every change of the lines while
 * the order is completed, the difference is posted — refused with the part and what is available
 * when the station is short, and with "station has no warehouse" when it has none.
 */

type Order = { id: string; name: string; stationId: string; status: number };

/** Posts the difference between each part line's quantity and what was taken for it (status 7 only). */
export async function syncOrderParts(sql: Sql, userId: string, o: Order): Promise<void> {
  if (o.status !== workOrderStatus.completed) return;
  const { rows } = await sql.query<{ id: string; product: string; qty: number; posted: number; seq: number }>(
    `SELECT new_srv_partlineid AS id, new_product_id AS product, new_qty AS qty, COALESCE(new_postedqty, 0) AS posted, COALESCE(new_postseq, 0) AS seq
       FROM new_srv_partline WHERE new_workorder_id = $1::uuid ORDER BY new_srv_partlineid FOR UPDATE`,
    [o.id],
  );
  const changed = rows.filter((r) => Number(r.qty) !== Number(r.posted));
  if (!changed.length) return;
  const wh = await stationWarehouse(sql, o.stationId);
  await postMoves(
    sql,
    userId,
    changed.map((r) => ({
      warehouseId: wh.id,
      productId: r.product,
      qty: Number(r.posted) - Number(r.qty),
      usage: stockUsage.repair,
      docType: stockDocumentType.workOrder,
      docId: o.id,
      docName: o.name,
      lineId: r.id,
      key: `wo:${r.id}:${Number(r.seq) + 1}`,
    })),
  );
  await sql.query(
    `UPDATE new_srv_partline SET new_postedqty = new_qty, new_postseq = COALESCE(new_postseq, 0) + 1 WHERE new_srv_partlineid = ANY($1::uuid[])`,
    [changed.map((r) => r.id)],
  );
}

/** A part line about to be deleted gives back to the warehouse what was taken for it. */
export async function returnLineParts(sql: Sql, userId: string, o: Order, lineId: string): Promise<void> {
  const {
    rows: [r],
  } = await sql.query<{ product: string; posted: number; seq: number }>(
    `SELECT new_product_id AS product, COALESCE(new_postedqty, 0) AS posted, COALESCE(new_postseq, 0) AS seq FROM new_srv_partline WHERE new_srv_partlineid = $1::uuid`,
    [lineId],
  );
  if (!r || !Number(r.posted)) return;
  const wh = await stationWarehouse(sql, o.stationId);
  await postMoves(sql, userId, [
    {
      warehouseId: wh.id,
      productId: r.product,
      qty: Number(r.posted),
      usage: stockUsage.repair,
      docType: stockDocumentType.workOrder,
      docId: o.id,
      docName: o.name,
      lineId,
      key: `wo:${lineId}:${Number(r.seq) + 1}`,
    },
  ]);
}
