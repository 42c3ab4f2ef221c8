import { getEntity, partsApplyStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { RequestDocument } from './request-lines.ts';

/*
 * The parts application's lines, totals and delivery status, which its deliveries also keep; its
 * business (defaults, checks, approval, approved quantities, close) is application.controller.ts.
 */

export const APPLICATION = getEntity('new_srv_partsapply')!;
const LINE = getEntity('new_srv_partsapplydetil')!;

/** The application as a request document (lines, totals): see request-lines.ts. */
export const applicationDocument: RequestDocument = {
  header: APPLICATION,
  line: LINE,
  parent: 'new_partsapply_id',
  write: 'parts.write',
  ownerUnit: 'owningbusinessunit',
  copied: ['new_station_id', 'new_supplyunit_id', 'owningbusinessunit'],
  initial: (qty, amount) => ({ new_reservedqty: 0, new_shippedqty: 0, new_actualqty: 0, new_pendingqty: qty, new_partscost: amount }),
  recompute: recomputeApplication,
};

/** Line amounts and pending quantities, then the header's total and line count. */
export async function recomputeApplication(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_partsapplydetil SET new_amount = round(new_qty * new_price, 2),
            new_partscost = round(COALESCE(new_approvedqty, new_qty) * new_price, 2),
            new_pendingqty = CASE WHEN COALESCE(new_approvedqty, new_qty) > COALESCE(new_shippedqty, 0) THEN COALESCE(new_approvedqty, new_qty) - COALESCE(new_shippedqty, 0) ELSE 0 END
      WHERE new_partsapply_id = $1::uuid`,
    [id],
  );
  await sql.query(
    `UPDATE new_srv_partsapply a SET new_totalamount = x.total, new_linecount = x.n, modifiedon = now()
       FROM (SELECT COALESCE(sum(new_amount), 0) AS total, count(*)::int AS n FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid) x
      WHERE a.new_srv_partsapplyid = $1::uuid`,
    [id],
  );
}

/**
 * The statuscode an approved application has from its lines (closed stays closed). Before the
 * final approval an application has no delivery status (a draft or rejected one read 待发货).
 */
export async function refreshApplicationStatus(sql: Sql, id: string): Promise<void> {
  await sql.query(
    `UPDATE new_srv_partsapply a SET statuscode = CASE
            WHEN a.new_isclose THEN $2::int
            WHEN x.approved > 0 AND x.shipped >= x.approved THEN $3::int
            WHEN x.shipped > 0 THEN $4::int ELSE $5::int END, modifiedon = now()
       FROM (SELECT COALESCE(sum(COALESCE(new_approvedqty, 0)), 0) AS approved, COALESCE(sum(COALESCE(new_shippedqty, 0)), 0) AS shipped
               FROM new_srv_partsapplydetil WHERE new_partsapply_id = $1::uuid) x
      WHERE a.new_srv_partsapplyid = $1::uuid`,
    [id, partsApplyStatus.closed, partsApplyStatus.delivered, partsApplyStatus.semiDelivered, partsApplyStatus.toDeliver],
  );
}
