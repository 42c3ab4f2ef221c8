import { getEntity, invoiceState, receiptMethod, salesOrderStatus, taxInvoiceType, taxRate } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { orderController } from '../domain/sales/order.controller.ts';
import { invoiceController } from '../domain/sales-finance/invoice.controller.ts';
import { taxInvoiceController } from '../domain/sales-finance/tax-invoice.controller.ts';
import { chinaDate } from '../domain/china-time.ts';
import { flowDocument } from '../flow/documents.ts';
import { act, submit } from '../flow/engine.ts';
import { insertRecords } from '../records/write.ts';
import { seedHeadOfficeFlow } from './head-office-flow.ts';
import { callerOf } from './parts.ts';
import type { DemoContext } from './service.ts';

/**
 * Order to cash's demo (issue 27), after the sales orders: the receipt approval flow (总部财务确认,
 * hqfinance), and for both dealers invoices from their shipped orders (paid, part paid, open, a
 * void one), VAT invoices (issued, sent), and receipts confirmed (allocated oldest first or as
 * the dealer chose), under review and draft — all through the same commands, record service and
 * approval engine as the portal's users, so amounts, states and allocations are what they would be.
 * The bank slips are attachment records (their files are not in the demo storage).
 */

const LANG = 'zh-CN';

/** The buyer's shipped orders, oldest first. */
async function shippedOrders(sql: Sql, unitCode: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT o.salesorderid AS id FROM salesorder o JOIN businessunit b ON b.businessunitid = o.owningbusinessunit
      WHERE b.new_code = $1 AND o.new_status = ANY($2::int[]) ORDER BY o.createdon, o.name`,
    [unitCode, [salesOrderStatus.partShipped, salesOrderStatus.allShipped, salesOrderStatus.partSigned, salesOrderStatus.signed]],
  );
  return rows.map((r) => r.id);
}

const total = async (sql: Sql, invoiceId: string) =>
  (await sql.query<{ t: string }>('SELECT totalamount::text AS t FROM invoice WHERE invoiceid = $1::uuid', [invoiceId])).rows[0].t;

export async function seedSalesFinanceDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const flow = await seedHeadOfficeFlow(
    sql,
    ctx,
    'new_receipt',
    { flow: '经销商回款确认', step: '总部财务确认', description: '经销商及门店登记的回款由总部财务核对银行回单后确认' },
    ['hqfinance'],
  );
  const fin = await callerOf(sql, 'hqfinance');
  const receiptDoc = flowDocument('new_receipt')!;
  const today = chinaDate();
  let taxNo = 3701_2400;
  let serial = 0;

  const invoice = async (orderId: string, lines?: { lineId: string; qty: number }[]) =>
    (await runCommand(sql, fin, orderController, 'createInvoice', orderId, lines ? { lines } : {}, LANG)).opens!.id;
  const taxInvoice = async (invoiceId: string, type: number, rate: number, courier?: string) => {
    const [id] = await insertRecords(
      sql,
      getEntity('new_taxinvoice')!,
      fin,
      [
        {
          new_invoice_id: invoiceId,
          new_name: String(++taxNo),
          new_code: '4400231130',
          new_type: type,
          new_rate: rate,
          new_issuedate: today,
        },
      ],
      LANG,
    );
    if (courier) await runCommand(sql, fin, taxInvoiceController, 'send', id, { new_courierno: courier }, LANG);
    return id;
  };
  /** A receipt recorded by `login` with its slip; `stage` says how far it goes; `choose` names invoices and amounts. */
  const receipt = async (
    login: string,
    amount: string,
    method: number,
    stage: 'draft' | 'review' | 'confirmed',
    choose: [invoiceId: string, amount: string][] = [],
  ) => {
    const payer = await callerOf(sql, login);
    const serialNo = `${login === 'dealer1fin' ? '6222 0244' : '6217 8560'}${String(20261100 + ++serial)}`;
    const [id] = await insertRecords(
      sql,
      getEntity('new_receipt')!,
      payer,
      [
        {
          new_paydate: today,
          new_method: method,
          new_amount: amount,
          new_serialno: serialNo,
          new_bank: login === 'dealer1fin' ? '中国工商银行广州白云支行' : '中国建设银行苏州吴中支行',
          new_remark: choose.length ? '按指定发票核销' : null,
        },
      ],
      LANG,
    );
    if (choose.length)
      await insertRecords(
        sql,
        getEntity('new_receiptallocation')!,
        payer,
        choose.map(([inv, a]) => ({ new_receipt_id: id, new_invoice_id: inv, new_amount: a })),
        LANG,
      );
    await sql.query(
      `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, created_by, modified_by)
       VALUES ('new_receipt', $1, $2, 48213, 'image/png', $3, $4, $4)`,
      [id, `银行回单-${serialNo.replace(/\s/g, '')}.png`, `att/demo/bank-slip-${serial}-png`, payer.principal.userId],
    );
    if (stage === 'draft') return id;
    await submit(sql, receiptDoc, id, payer.principal.userId, {
      flowId: flow.flow,
      approvers: [{ StepId: flow.step, ApproveUserId: fin.principal.userId }],
    });
    if (stage === 'confirmed') await act(sql, receiptDoc, id, fin.principal.userId, 'approve', '已核对银行回单，确认到账');
    return id;
  };

  // dealer1 (广州): its signed order paid in full, the all-shipped one part paid as chosen, the short-shipped one open; a void one.
  const [d1Shipped, d1Short, d1Signed] = await shippedOrders(sql, 'DL-GZ001');
  const paid1 = await invoice(d1Signed);
  await taxInvoice(paid1, taxInvoiceType.special, taxRate.r13, 'SF1403377820145');
  await receipt('dealer1fin', await total(sql, paid1), receiptMethod.transfer, 'confirmed');
  const { rows: lines } = await sql.query<{ id: string; qty: number }>(
    `SELECT salesorderdetailid AS id, new_shippedqty AS qty FROM salesorderdetail WHERE salesorderid = $1::uuid ORDER BY createdon, salesorderdetailid`,
    [d1Shipped],
  );
  const wrong = await invoice(d1Shipped, [{ lineId: lines[0].id, qty: 5 }, ...lines.slice(1).map((l) => ({ lineId: l.id, qty: 0 }))]);
  await runCommand(sql, fin, invoiceController, 'void', wrong, { new_voidreason: '开票数量有误，重新开具' }, LANG);
  const part1 = await invoice(d1Shipped);
  await taxInvoice(part1, taxInvoiceType.special, taxRate.r13);
  await receipt('dealer1fin', '5000.00', receiptMethod.acceptance, 'confirmed', [[part1, '5000.00']]);
  const open1 = await invoice(d1Short);
  await receipt('dealer1fin', '3000.00', receiptMethod.transfer, 'review');
  await receipt('dealer1fin', '1200.00', receiptMethod.cash, 'draft', [[open1, '1200.00']]);

  // dealer2 (苏州): its signed order part paid oldest first, the reissued one open.
  const [d2Signed, d2Reissued] = await shippedOrders(sql, 'DL-SZ001');
  const part2 = await invoice(d2Signed);
  await taxInvoice(part2, taxInvoiceType.ordinary, taxRate.r13, 'YT8865203319');
  const open2 = await invoice(d2Reissued);
  await taxInvoice(open2, taxInvoiceType.special, taxRate.r13);
  await receipt('dealer2fin', '8000.00', receiptMethod.transfer, 'confirmed');
  await receipt('dealer2fin', '2000.00', receiptMethod.transfer, 'review');
  await receipt('dealer2fin', '1500.00', receiptMethod.acceptance, 'draft');

  // What the demo promises: every invoice state and both dealers.
  const { rows } = await sql.query<{ s: number }>('SELECT DISTINCT new_state AS s FROM invoice');
  const states = new Set(rows.map((r) => r.s));
  for (const s of [invoiceState.unpaid, invoiceState.partPaid, invoiceState.paid, invoiceState.void])
    if (!states.has(s)) throw new Error(`sales finance demo: no invoice in state ${s}`);
}
