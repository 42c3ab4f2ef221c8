import { businessUnitType, getEntity, salesOrderStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { refreshTotals } from '../../documents/totals.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { headOfficeUnit } from '../sales/supplier.ts';

const ORDER = getEntity('salesorder')!;

/**
 * Converts a won quote into a sales order (Dynamics' ConvertQuoteToSalesOrder; the kernel has locked
 * the quote): the buyer's order to head office (the quote's price list unit, a dealer or a store),
 * to be submitted by it, delivered to the customer (its name, mobile and address), linked to the
 * quote (salesorder.new_quote_id, and the quote to the order), one line per quote line at the quoted
 * net price and amount — each line names its quote line, so submitting the order keeps those prices
 * (order.controller's price lock leaves them), in the quote's line order. Once: a converted quote is refused naming its order.
 */
export async function convertQuote(sql: Sql, caller: Caller, id: string): Promise<{ id: string; name: string }> {
  const userId = caller.principal.userId;
  const {
    rows: [q],
  } = await sql.query<{ order: string | null; buyer: string | null; type: number | null }>(
    `SELECT (SELECT o.name FROM salesorder o WHERE o.salesorderid = q.new_salesorder_id) AS order, q.new_buyer_id AS buyer, b.new_type AS type
       FROM quote q LEFT JOIN businessunit b ON b.businessunitid = q.new_buyer_id WHERE q.quoteid = $1::uuid`,
    [id],
  );
  if (q.order) throw refuse('quote.alreadyConverted', { order: q.order });
  if (!q.buyer || (q.type !== businessUnitType.dealer && q.type !== businessUnitType.store)) throw refuse('quote.buyerNotOrdering');
  const { rows: noProduct } = await sql.query<{ name: string }>(
    'SELECT new_name AS name FROM quotedetail WHERE quoteid = $1::uuid AND productid IS NULL ORDER BY lineitemnumber LIMIT 1',
    [id],
  );
  if (noProduct[0]) throw refuse('quote.lineNoProduct', { name: noProduct[0].name });

  const hq = await headOfficeUnit(sql);
  const [name] = await documentNumbers(sql, ORDER, 1);
  const {
    rows: [o],
  } = await sql.query<{ id: string }>(
    `INSERT INTO salesorder (name, new_status, new_supplier_id, new_productline_id, new_quote_id, new_contact, new_phone, new_province, new_city,
                             new_county, new_address, totalamount, new_totalqty, new_shippedqty, new_signedqty, ownerid, owningbusinessunit,
                             createdby, modifiedby)
     SELECT $2, $3, $4::uuid,
            (SELECT CASE WHEN count(DISTINCT p.new_productline_id) = 1 THEN min(p.new_productline_id::text)::uuid END
               FROM quotedetail d JOIN product p ON p.productid = d.productid WHERE d.quoteid = q.quoteid),
            q.quoteid, left(c.new_name, 60), c.new_mobile, c.new_province, c.new_city, c.new_county, c.new_address, 0, 0, 0, 0,
            $5::uuid, q.new_buyer_id, $5::uuid, $5::uuid
       FROM quote q JOIN new_endcustomer c ON c.new_endcustomerid = q.new_customer_id WHERE q.quoteid = $1::uuid
     RETURNING salesorderid AS id`,
    [id, name, salesOrderStatus.draft, hq, userId],
  );
  await sql.query(
    `INSERT INTO salesorderdetail (salesorderid, new_name, new_supplier_id, productid, quantity, priceperunit, extendedamount, new_shippedqty,
                                   new_signedqty, new_invoicedqty, new_quotedetail_id, ownerid, owningbusinessunit, createdby, modifiedby, createdon)
     SELECT $2::uuid, d.new_name, $3::uuid, d.productid, d.quantity, d.new_netprice, d.extendedamount, 0, 0, 0, d.quotedetailid,
            $4::uuid, d.new_buyer_id, $4::uuid, $4::uuid, now() + d.lineitemnumber * interval '1 microsecond'
       FROM quotedetail d WHERE d.quoteid = $1::uuid`,
    [id, o.id, hq, userId],
  );
  await refreshTotals(sql, ORDER, o.id);
  await sql.query('UPDATE quote SET new_salesorder_id = $2::uuid, modifiedon = now() WHERE quoteid = $1::uuid', [id, o.id]);
  return { id: o.id, name };
}
