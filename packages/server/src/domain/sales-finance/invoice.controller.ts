import type { DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { refuse } from '../../http/errors.ts';
import { accountMoveKind, msg } from '@portal/model';
import { postAccountMove } from '../dealer-account/ledger.ts';
import { syncInvoicedRebate } from '../rebates/order-rebate.ts';
import { INVOICE, rollUpInvoiced } from './invoice-create.ts';

/*
 * The invoice's business (declared on the entity, packages/model/src/entities/sales-finance.ts):
 * made by the order's createInvoice, paid by receipts' allocations (allocate.ts), voided by
 * finance while nothing is paid (the state 未付款 says so) and no VAT invoice was issued against it;
 * a void invoice gives its quantities back to the order.
 */

export const invoiceController: DocumentController = {
  entity: INVOICE,
  commands: {
    async void({ sql, id, inputs, lang }) {
      if (typeof inputs.new_voidreason !== 'string' || !inputs.new_voidreason.trim())
        throw refuse('records.required', { field: fieldLabel('invoice', 'new_voidreason', lang) }, 'new_voidreason');
      const { rows } = await sql.query<{ name: string }>(
        'SELECT new_name AS name FROM new_taxinvoice WHERE new_invoice_id = $1::uuid ORDER BY createdon LIMIT 1',
        [id],
      );
      if (rows[0]) throw refuse('sales.invoice.hasTaxInvoice', { name: rows[0].name });
      await sql.query('UPDATE invoice SET new_voidedon = now() WHERE invoiceid = $1::uuid', [id]);
      return { message: 'sales.invoice.voided' };
    },
  },
  afterMove: {
    async void({ sql, id, caller }) {
      const {
        rows: [i],
      } = await sql.query<{ order: string; unit: string; name: string; total: string }>(
        'SELECT new_order_id AS order, owningbusinessunit AS unit, name, totalamount::text AS total FROM invoice WHERE invoiceid = $1::uuid',
        [id],
      );
      if (i?.order) await rollUpInvoiced(sql, i.order);
      // The void takes the invoice's debit back off the dealer's account, dated the day of the void.
      if (i)
        await postAccountMove(sql, caller.principal.userId, {
          unitId: i.unit,
          kind: accountMoveKind.invoiceVoid,
          amount: `-${i.total}`,
          docEntity: 'invoice',
          docId: id,
          docName: i.name,
          remark: msg('dealerAccount.invoiceVoidRemark', 'zh-CN'),
          key: `invoice-void:${id}`,
        });
      // Its share of the order's rebate credit goes back with it (issue 28).
      if (i?.order) await syncInvoicedRebate(sql, caller.principal.userId, i.order, id, 'void');
    },
  },
};
