import { quoteState, quoteStatusReason } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';

/**
 * Revises an active quote (Dynamics' ReviseQuote; the kernel has locked it and closes it after this):
 * a new draft of the same number, revision n+1 (the highest of the number plus one), the same
 * customer, opportunity, price list, validity and terms, owned where the quote is, with a copy of
 * every line as it was quoted (its prices too: 重新计价 reads the price list again); the old one's
 * status reason is 已修订. Answers the new quote.
 */
export async function reviseQuote(sql: Sql, caller: Caller, id: string): Promise<{ id: string; name: string; revision: number }> {
  const userId = caller.principal.userId;
  // Revisions of one number queue here (two revisions of one quote cannot both run: the kernel's lock and state check).
  await sql.query(`SELECT pg_advisory_xact_lock(hashtext('quote-revision:' || (SELECT name FROM quote WHERE quoteid = $1::uuid)))`, [id]);
  const {
    rows: [q],
  } = await sql.query<{ id: string; name: string; revision: number }>(
    `INSERT INTO quote (name, revisionnumber, new_subject, new_customer_id, opportunityid, new_buyer_id, effectivefrom, effectiveto,
                        new_status, new_statusreason, new_totallistamount, new_totaldiscount, totalamount, new_totalqty, new_description,
                        new_previous_id, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT o.name, (SELECT max(r.revisionnumber) + 1 FROM quote r WHERE r.name = o.name), o.new_subject, o.new_customer_id, o.opportunityid,
            o.new_buyer_id, o.effectivefrom, o.effectiveto, $2, $3, o.new_totallistamount, o.new_totaldiscount, o.totalamount, o.new_totalqty,
            o.new_description, o.quoteid, $4::uuid, o.owningbusinessunit, $4::uuid, $4::uuid
       FROM quote o WHERE o.quoteid = $1::uuid
     RETURNING quoteid AS id, name, revisionnumber AS revision`,
    [id, quoteState.draft, quoteStatusReason.inProgress, userId],
  );
  await sql.query(
    `INSERT INTO quotedetail (quoteid, lineitemnumber, new_name, new_buyer_id, productid, quantity, priceperunit, new_discountrate,
                              manualdiscountamount, baseamount, new_discount, new_netprice, extendedamount, new_cpqquote_id, new_configsummary,
                              new_remark, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT $2::uuid, d.lineitemnumber, d.new_name, d.new_buyer_id, d.productid, d.quantity, d.priceperunit, d.new_discountrate,
            d.manualdiscountamount, d.baseamount, d.new_discount, d.new_netprice, d.extendedamount, d.new_cpqquote_id, d.new_configsummary,
            d.new_remark, $3::uuid, d.owningbusinessunit, $3::uuid, $3::uuid
       FROM quotedetail d WHERE d.quoteid = $1::uuid`,
    [id, q.id, userId],
  );
  await sql.query('UPDATE quote SET new_statusreason = $2, new_closedon = now(), modifiedon = now() WHERE quoteid = $1::uuid', [
    id,
    quoteStatusReason.revised,
  ]);
  return { id: q.id, name: q.name, revision: Number(q.revision) };
}
