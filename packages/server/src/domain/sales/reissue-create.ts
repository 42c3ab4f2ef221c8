import { approvalStatus, getEntity, reissueReason } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';

export const REISSUE = getEntity('new_reissue')!;

/**
 * What each line of a shipment may still have reissued: shipped − signed − what reissue
 * applications already hold (any not vetoed or rejected… i.e. drafts, under review and approved).
 */
export async function reissueRoom(sql: Sql, shipmentId: string): Promise<{ id: string; product: string; name: string; room: number }[]> {
  const { rows } = await sql.query<{ id: string; product: string; name: string; room: number }>(
    `SELECT l.new_shipmentdetailid AS id, l.new_product_id AS product, l.new_name AS name,
            (COALESCE(l.new_shippedqty, 0) - COALESCE(l.new_signedqty, 0)
              - COALESCE((SELECT sum(rd.new_qty) FROM new_reissuedetail rd JOIN new_reissue r ON r.new_reissueid = rd.new_reissue_id
                           WHERE rd.new_shipmentline_id = l.new_shipmentdetailid AND COALESCE(r.new_approvalstatus, 1) <> ALL($2::int[])), 0))::int AS room
       FROM new_shipmentdetail l WHERE l.new_shipment_id = $1::uuid ORDER BY l.createdon, l.new_shipmentdetailid`,
    [shipmentId, [approvalStatus.rejected, approvalStatus.vetoed]],
  );
  return rows.map((r) => ({ ...r, room: Number(r.room) }));
}

/**
 * A draft reissue application for a part-signed shipment (locked by the command): one line per
 * shipment line with a shortfall not yet applied for, at that shortfall; owned by the receiving
 * unit, the shipping unit its party. The reason starts at 缺件; the description is the receiver's to write.
 */
export async function createReissue(sql: Sql, caller: Caller, shipmentId: string): Promise<string> {
  const lines = (await reissueRoom(sql, shipmentId)).filter((l) => l.room > 0);
  if (!lines.length) throw refuse('sales.reissue.noShortfall');
  const {
    rows: [s],
  } = await sql.query<{ order: string; shipper: string; receiver: string }>(
    `SELECT new_order_id AS order, owningbusinessunit AS shipper, new_tounit_id AS receiver FROM new_shipment WHERE new_shipmentid = $1::uuid`,
    [shipmentId],
  );
  const [name] = await documentNumbers(sql, REISSUE, 1);
  const user = caller.principal.userId;
  const {
    rows: [r],
  } = await sql.query<{ id: string }>(
    `INSERT INTO new_reissue (new_name, new_shipment_id, new_order_id, new_shipperunit_id, new_reason, new_totalqty, new_approvalstatus,
                              ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $8) RETURNING new_reissueid AS id`,
    [
      name,
      shipmentId,
      s.order,
      s.shipper,
      reissueReason.missing,
      lines.reduce((a, l) => a + l.room, 0),
      approvalStatus.draft,
      user,
      s.receiver,
    ],
  );
  await sql.query(
    `INSERT INTO new_reissuedetail (new_name, new_reissue_id, new_shipmentline_id, new_shipperunit_id, new_product_id, new_qty,
                                    ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT n, $1, sl, $2, p, q, $3, $4, $3, $3 FROM unnest($5::varchar[], $6::uuid[], $7::uuid[], $8::int[]) AS u(n, sl, p, q)`,
    [
      r.id,
      s.shipper,
      user,
      s.receiver,
      lines.map((l) => l.name),
      lines.map((l) => l.id),
      lines.map((l) => l.product),
      lines.map((l) => l.room),
    ],
  );
  return r.id;
}
