import { partsReturnVerify } from '@portal/model';
import type { Sql } from '../../db/db.ts';

/**
 * The old-parts side of a settlement generation (docs/decisions.md, "Old parts back to factory"):
 * each new statement takes its station's old-parts returns written off (核销: confirmed, then
 * verified by head office) before the period's end and not yet in any statement (earlier
 * leftovers included, none counted twice): they link the
 * statement; their freight is the statement's old-part freight (paid to the station), and the parts
 * head office did not receive (count − received, at the part line's price) are its old-part
 * deduction. Parts still owed but never picked into a return are not deducted: they stay owed.
 * One set-based statement; the returns are locked.
 */
export async function settleOldPartReturns(sql: Sql, stationIds: string[], claimIds: string[], periodEnd: string | Date): Promise<number> {
  const res = await sql.query(
    `WITH m AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS m(station, claim)),
     picked AS (
       SELECT r.new_srv_partsreturnid AS id, m.claim, COALESCE(r.new_freight, 0) AS freight,
              COALESCE((SELECT sum(round((l.new_qty - COALESCE(l.new_receivedqty, 0)) * COALESCE(l.new_price, 0), 2))
                          FROM new_srv_partsreturndetail l WHERE l.new_partsreturn_id = r.new_srv_partsreturnid), 0) AS missing
         FROM new_srv_partsreturn r JOIN m ON m.station = r.new_station_id
        WHERE r.new_verifystatus = $3::int AND r.new_expenseclaim_id IS NULL AND r.new_writtenoffon < $4::timestamptz
        FOR UPDATE OF r),
     linked AS (UPDATE new_srv_partsreturn r SET new_expenseclaim_id = picked.claim, modifiedon = now() FROM picked WHERE r.new_srv_partsreturnid = picked.id RETURNING 1)
     UPDATE new_srv_expense_claim c SET new_oldpartfreight = x.freight, new_oldpartamount = x.missing
       FROM (SELECT claim, sum(freight) AS freight, sum(missing) AS missing FROM picked GROUP BY claim) x
      WHERE c.new_srv_expense_claimid = x.claim`,
    [stationIds, claimIds, partsReturnVerify.writtenOff, periodEnd],
  );
  return res.rowCount ?? 0;
}
