import { approvalStatus, getEntity, productState, salesOrderStatus } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { refuse } from '../../http/errors.ts';
import { createShipment } from './shipment-create.ts';
import { createInvoice, INVOICE_LINES } from '../sales-finance/invoice-create.ts';
import { buyerPriceSql } from './price-list.ts';
import { headOfficeUnit } from './supplier.ts';
import { checkOrderCredit } from '../credit/credit.ts';
import { drawOrderRebate, orderRebateChecks, releaseOrderRebate } from '../rebates/order-rebate.ts';

/*
 * The sales order's business (its life is declared on the entity, packages/model/src/entities/sales-order.ts).
 * The approval engine's moments move its state: submit locks the prices (已提交), the final
 * approval audits it (已审核), a rejection, veto or revocation takes it back to 待提交.
 */

const ORDER = getEntity('salesorder')!;

/**
 * Locks the order's prices at submit (Dynamics' LockSalesOrderPricing): each line at the buyer's price now (its price list, else the
 * list price) — but a line made from a won quote (issue 29, new_quotedetail_id) keeps the quoted net price; refused without lines,
 * for a product no longer sold or without a price.
 */
async function lockPrices(sql: Sql, id: string): Promise<void> {
  const { rows } = await sql.query<{ name: string; state: number | null; price: string | null }>(
    `SELECT p.name, p.new_state AS state, CASE WHEN d.new_quotedetail_id IS NULL THEN ${buyerPriceSql('o.owningbusinessunit')} ELSE d.priceperunit END::text AS price
       FROM salesorderdetail d JOIN product p ON p.productid = d.productid JOIN salesorder o ON o.salesorderid = d.salesorderid
      WHERE d.salesorderid = $1::uuid`,
    [id],
  );
  if (!rows.length) throw refuse('sales.order.noLines');
  for (const r of rows) {
    if (r.state !== productState.active) throw refuse('sales.order.productInactive', { name: r.name });
    if (r.price === null) throw refuse('sales.order.noPrice', { name: r.name });
  }
  await sql.query(
    `UPDATE salesorderdetail d SET priceperunit = x.price, extendedamount = round(x.price * d.quantity, 2), modifiedon = now()
       FROM (SELECT d2.salesorderdetailid AS id, ${buyerPriceSql('o.owningbusinessunit')} AS price
               FROM salesorderdetail d2 JOIN product p ON p.productid = d2.productid JOIN salesorder o ON o.salesorderid = d2.salesorderid
              WHERE d2.salesorderid = $1::uuid AND d2.new_quotedetail_id IS NULL) x
      WHERE d.salesorderdetailid = x.id`,
    [id],
  );
  await sql.query(
    `UPDATE salesorder o SET new_status = $2, new_pricedon = now(),
            totalamount = (SELECT COALESCE(sum(extendedamount), 0) FROM salesorderdetail WHERE salesorderid = o.salesorderid),
            new_totalqty = (SELECT COALESCE(sum(quantity), 0) FROM salesorderdetail WHERE salesorderid = o.salesorderid)
      WHERE o.salesorderid = $1::uuid`,
    [id, salesOrderStatus.submitted],
  );
}

const setState = (state: number) => async (sql: Sql, id: string) => {
  await sql.query('UPDATE salesorder SET new_status = $2, modifiedon = now() WHERE salesorderid = $1::uuid', [id, state]);
};

export const orderController: DocumentController = {
  entity: ORDER,
  bodies: { createShipment: z.object({ warehouseId: z.string().max(60).optional() }), createInvoice: INVOICE_LINES },
  async defaults(sql, rows) {
    const hq = await headOfficeUnit(sql);
    return rows.map(() => ({ new_supplier_id: hq, totalamount: '0', new_totalqty: 0, new_shippedqty: 0, new_signedqty: 0 }));
  },
  // The rebate used (issue 28): set by the buyer only, within the order's total and its rebate balance.
  write: orderRebateChecks,
  lines: {
    salesorderdetail: {
      // A line of a draft: its product's name and price now (locked again at submit), the supplier as on the order.
      async defaults(sql, rows) {
        const out: Record<string, unknown>[] = [];
        for (const r of rows) {
          const {
            rows: [p],
          } = await sql.query<{ name: string; price: string | null; supplier: string | null }>(
            `SELECT p.name, ${buyerPriceSql('o.owningbusinessunit')}::text AS price, o.new_supplier_id AS supplier
               FROM product p, salesorder o WHERE p.productid = $1::uuid AND o.salesorderid = $2::uuid`,
            [r.productid, r.salesorderid],
          );
          if (!p) throw refuse('parts.relatedNotFound');
          const price = p.price ?? '0';
          out.push({
            new_name: p.name.slice(0, 200),
            priceperunit: price,
            extendedamount: (Number(price) * Number(r.quantity ?? 0)).toFixed(2),
            new_supplier_id: p.supplier,
            new_shippedqty: 0,
            new_signedqty: 0,
          });
        }
        return out;
      },
      write: {
        // A line from a quote (issue 29) is what was quoted: its product and quantity stay (the buyer may delete it).
        async guard(sql, id, op, values) {
          if (op !== 'update' || (values.productid === undefined && values.quantity === undefined)) return;
          const {
            rows: [l],
          } = await sql.query<{ quoted: boolean; product: string; qty: number }>(
            'SELECT new_quotedetail_id IS NOT NULL AS quoted, productid AS product, quantity AS qty FROM salesorderdetail WHERE salesorderdetailid = $1::uuid',
            [id],
          );
          if (!l?.quoted) return;
          if (
            (values.productid !== undefined && values.productid !== l.product) ||
            (values.quantity !== undefined && Number(values.quantity) !== l.qty)
          )
            throw refuse('quote.orderLineFixed');
        },
        async after(sql, ids) {
          // A line belongs to its order's buyer whoever wrote it (its scope; the credit check reads a buyer's open lines).
          await sql.query(
            `UPDATE salesorderdetail d SET extendedamount = round(COALESCE(d.priceperunit, 0) * d.quantity, 2), owningbusinessunit = o.owningbusinessunit
               FROM salesorder o WHERE o.salesorderid = d.salesorderid AND d.salesorderdetailid = ANY($1::uuid[])`,
            [ids],
          );
        },
      },
    },
  },
  flow: {
    async submit(sql, id, userId) {
      await lockPrices(sql, id);
      // The rebate used is drawn from the dealer's rebate ledger at the locked total (issue 28).
      await drawOrderRebate(sql, id, userId);
      // Then the buyer's credit (issue 28): refused with the shortfall when the order does not fit.
      await checkOrderCredit(sql, id);
    },
    approved: setState(salesOrderStatus.audited),
    // Rejected or revoked: back to the buyer to change and submit again; vetoed: the order is dead (已取消).
    async ended(sql, id, userId) {
      await sql.query(
        `UPDATE salesorder SET new_status = CASE WHEN new_approvalstatus = $2::int THEN $3::int ELSE $4::int END, modifiedon = now() WHERE salesorderid = $1::uuid`,
        [id, approvalStatus.vetoed, salesOrderStatus.cancelled, salesOrderStatus.draft],
      );
      // The rebate it drew goes back (drawn again at the next submit).
      await releaseOrderRebate(sql, id, userId);
    },
  },
  commands: {
    createInvoice,
    async createShipment({ sql, caller, id, body, lang, state }) {
      const made = await createShipment(sql, caller, id, typeof body.warehouseId === 'string' ? body.warehouseId : undefined, lang);
      return {
        to: state,
        message: 'sales.shipment.created',
        messageParams: { name: made.name },
        opens: { entity: 'new_shipment', id: made.id },
      };
    },
    /** Cancelling never leaves a shipment behind: an order with one (even not yet shipped) is refused, naming it. */
    async cancel({ sql, caller, id, inputs, lang }) {
      if (typeof inputs.new_cancelreason !== 'string' || !inputs.new_cancelreason.trim())
        throw refuse('records.required', { field: fieldLabel('salesorder', 'new_cancelreason', lang) }, 'new_cancelreason');
      const { rows } = await sql.query<{ name: string }>(
        `SELECT new_name AS name FROM new_shipment WHERE new_order_id = $1::uuid LIMIT 1`,
        [id],
      );
      if (rows[0]) throw refuse('sales.order.hasShipment', { name: rows[0].name });
      await sql.query('UPDATE salesorder SET new_cancelledon = now() WHERE salesorderid = $1::uuid', [id]);
      await releaseOrderRebate(sql, id, caller.principal.userId);
      return { message: 'sales.order.cancelled' };
    },
  },
};
