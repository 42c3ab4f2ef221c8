import { businessUnitType, getEntity, receiptMethod, salesOrderStatus } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { runCommand } from '../documents/kernel.ts';
import { generateMonth } from '../domain/account-statement/generate.ts';
import { addMonths, chinaMonth } from '../domain/account-statement/period.ts';
import { statementController } from '../domain/account-statement/statement.controller.ts';
import { CHINA_OFFSET_MS } from '../domain/china-time.ts';
import { orderController } from '../domain/sales/order.controller.ts';
import { flowDocument } from '../flow/documents.ts';
import { act, submit } from '../flow/engine.ts';
import type { Caller } from '../records/scope.ts';
import { insertRecords } from '../records/write.ts';
import { callerOf } from './parts.ts';
import { renumberDemo } from './renumber.ts';

/*
 * Two months of statements for both demo dealers (issue 28), the two months before the current one
 * (M1, M2). Their moves come from documents made through the same commands as the portal's users —
 * finance invoices what the stores' shipped orders have not been invoiced for, the stores record
 * receipts that finance confirms through the approval engine — then dated in those months: the
 * invoice's date, due date and number, the receipt's payment and confirmation, and their ledger
 * moves' dates together (the orders behind them keep the demo's today). Then:
 *   - M1 generated on the 3rd of M2; 广州粤华 confirmed it on the 9th, 苏州恒达's window ran out
 *     (it counts as confirmed);
 *   - M2 generated now; 广州粤华 disputed two lines, head office adjusted one (a move dated today,
 *     on the current month's statement) and rejected the other: it waits for the dealer to confirm;
 *     苏州恒达's is still to be confirmed (the e2e walks it).
 */

const LANG = 'zh-CN';
const DAY = 86_400_000;

/** A China-time instant of a day (YYYY-MM-DD) at an hour. */
const at = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000 - CHINA_OFFSET_MS);
const dayOf = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;

/** A dealer's account acting as the dealer's own user (the demo's caller carries no unit kind). */
const asDealer = (c: Caller): Caller => ({ ...c, principal: { ...c.principal, unitType: businessUnitType.dealer } });

/**
 * The sales order demo's order of a store whose lines are `products` (its partly signed orders are
 * shipped in full), with its lines (id, product number, shipped quantity); never one invoiced yet.
 */
async function storeOrder(sql: Sql, storeCode: string, products: string[]) {
  const { rows } = await sql.query<{ id: string; lines: { id: string; no: string; qty: number }[] }>(
    `SELECT o.salesorderid AS id,
            (SELECT json_agg(json_build_object('id', l.salesorderdetailid, 'no', p.productnumber, 'qty', l.new_shippedqty) ORDER BY l.createdon, l.salesorderdetailid)
               FROM salesorderdetail l JOIN product p ON p.productid = l.productid WHERE l.salesorderid = o.salesorderid) AS lines
       FROM salesorder o JOIN businessunit b ON b.businessunitid = o.owningbusinessunit
      WHERE b.new_code = $1 AND o.new_status = $2 AND NOT EXISTS (SELECT 1 FROM invoice i WHERE i.new_order_id = o.salesorderid)
      ORDER BY o.createdon, o.name`,
    [storeCode, salesOrderStatus.partSigned],
  );
  const found = rows.find((o) => o.lines.length === products.length && o.lines.every((l) => products.includes(l.no) && l.qty > 0));
  if (!found) throw new Error(`statements demo: no shipped order of ${storeCode} for ${products.join(', ')} (seed the sales orders first)`);
  return found;
}

export async function seedAccountStatementDemo(sql: Sql): Promise<void> {
  const current = chinaMonth();
  const m1 = addMonths(current, -2);
  const m2 = addMonths(current, -1);
  const fin = await callerOf(sql, 'hqfinance');
  const finId = fin.principal.userId;
  const receiptDoc = flowDocument('new_receipt')!;
  const {
    rows: [flow],
  } = await sql.query<{ flow: string; step: string }>(
    `SELECT f.new_flowid AS flow, s.new_flowstepsid AS step FROM new_flow f JOIN new_flowsteps s ON s.new_flow_id = f.new_flowid
      WHERE f.new_entityname = 'new_receipt' ORDER BY f.createdon LIMIT 1`,
  );
  if (!flow) throw new Error('statements demo: the receipt approval flow is missing (seed the sales finance demo first)');

  /** Finance invoices one product's line of an order (all its shipped quantity), dated `day`. */
  const invoice = async (orderId: string, lines: { id: string; no: string; qty: number }[], product: string, day: string) => {
    const made = await runCommand(
      sql,
      fin,
      orderController,
      'createInvoice',
      orderId,
      { lines: lines.map((l) => ({ lineId: l.id, qty: l.no === product ? l.qty : 0 })) },
      LANG,
    );
    const id = made.opens!.id;
    const r = { name: await renumberDemo(sql, 'invoice', id, `FP${day.replace(/-/g, '')}`) };
    await sql.query(
      `UPDATE invoice SET new_invoicedate = $2::date, new_duedate = $2::date + 30, createdon = $3, modifiedon = $3 WHERE invoiceid = $1::uuid`,
      [id, day, at(day, 10)],
    );
    await sql.query(`UPDATE invoicedetail SET createdon = $2, modifiedon = $2 WHERE invoiceid = $1::uuid`, [id, at(day, 10)]);
    await sql.query(`UPDATE new_accountmove SET new_date = $2::date, new_name = $3, createdon = $4 WHERE new_docid = $1`, [
      id,
      day,
      r.name,
      at(day, 10),
    ]);
    return id;
  };

  /** The store records a receipt paying `invoiceId` in full on `paid`; finance confirms it the next day. */
  let serial = 0;
  const receipt = async (login: string, invoiceId: string, paid: string, bank: string) => {
    const payer = await callerOf(sql, login);
    const {
      rows: [inv],
    } = await sql.query<{ open: string }>('SELECT new_openamount::text AS open FROM invoice WHERE invoiceid = $1::uuid', [invoiceId]);
    const serialNo = `6228 4801 ${String(20260900 + ++serial)}`;
    const [id] = await insertRecords(
      sql,
      getEntity('new_receipt')!,
      payer,
      [
        {
          new_paydate: paid,
          new_method: receiptMethod.transfer,
          new_amount: inv.open,
          new_serialno: serialNo,
          new_bank: bank,
          new_remark: '按发票付款',
        },
      ],
      LANG,
    );
    await insertRecords(
      sql,
      getEntity('new_receiptallocation')!,
      payer,
      [{ new_receipt_id: id, new_invoice_id: invoiceId, new_amount: inv.open }],
      LANG,
    );
    await sql.query(
      `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, created_by, modified_by)
       VALUES ('new_receipt', $1, $2, 51377, 'image/png', $3, $4, $4)`,
      [id, `银行回单-${serialNo.replace(/\s/g, '')}.png`, `att/demo/store-slip-${serial}-png`, payer.principal.userId],
    );
    await submit(sql, receiptDoc, id, payer.principal.userId, {
      flowId: flow.flow,
      approvers: [{ StepId: flow.step, ApproveUserId: finId }],
    });
    await act(sql, receiptDoc, id, finId, 'approve', '已核对银行回单，确认到账');
    const confirmed = new Date(Date.parse(`${paid}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const r = { name: await renumberDemo(sql, 'new_receipt', id, `HK${paid.replace(/-/g, '')}`) };
    await sql.query('UPDATE new_receipt SET createdon = $2, modifiedon = $3, new_confirmedon = $3 WHERE new_receiptid = $1::uuid', [
      id,
      at(paid, 16),
      at(confirmed, 10),
    ]);
    await sql.query(`UPDATE new_receiptallocation SET createdon = $2, modifiedon = $2 WHERE new_receipt_id = $1::uuid`, [
      id,
      at(confirmed, 10),
    ]);
    await sql.query(`UPDATE new_accountmove SET new_date = $2::date, new_name = $3, createdon = $4 WHERE new_docid = $1`, [
      id,
      confirmed,
      r.name,
      at(confirmed, 10),
    ]);
    return id;
  };

  // 广州粤华 (its store 深圳南山店's documents post to its account): two invoices and a receipt in M1, an invoice and a receipt in M2.
  const s1Part = await storeOrder(sql, 'SP-SZ001', ['HC-LF-200', 'HC-SK-80']);
  const s1Reissue = await storeOrder(sql, 'SP-SZ001', ['EC-CT-25']);
  // 苏州恒达 (its store 苏州园区店): an invoice in M1; a receipt and an invoice in M2.
  const s2Order = await storeOrder(sql, 'SP-SU001', ['HC-LF-350', 'HC-SK-80']);
  const a = await invoice(s1Part.id, s1Part.lines, 'HC-LF-200', dayOf(m1, 8));
  const b = await invoice(s1Part.id, s1Part.lines, 'HC-SK-80', dayOf(m1, 19));
  await receipt('store1', a, dayOf(m1, 25), '招商银行深圳科技园支行');
  const d = await invoice(s2Order.id, s2Order.lines, 'HC-LF-350', dayOf(m1, 12));
  const c = await invoice(s1Reissue.id, s1Reissue.lines, 'EC-CT-25', dayOf(m2, 10));
  await receipt('store2', d, dayOf(m2, 15), '中国银行苏州工业园区支行');
  await receipt('store1', b, dayOf(m2, 23), '招商银行深圳科技园支行');
  await invoice(s2Order.id, s2Order.lines, 'HC-SK-80', dayOf(m2, 22));

  // M1: generated on the 3rd of M2; 广州粤华 confirms (on the 9th), 苏州恒达 lets its window run out.
  const g1 = await generateMonth(sql, finId, m1);
  const statementOf = async (code: string, month: string) =>
    (
      await sql.query<{ id: string }>(
        `SELECT s.new_accountstatementid AS id FROM new_accountstatement s JOIN businessunit b ON b.businessunitid = s.new_unit_id
          WHERE b.new_code = $1 AND s.new_month = $2`,
        [code, month],
      )
    ).rows[0]?.id;
  const gz1 = await statementOf('DL-GZ001', m1);
  const sz1 = await statementOf('DL-SZ001', m1);
  if (g1.count < 2 || !gz1 || !sz1) throw new Error('statements demo: the first month made no statement for both dealers');
  const dealer1fin = asDealer(await callerOf(sql, 'dealer1fin'));
  await runCommand(sql, dealer1fin, statementController, 'confirm', gz1, {}, LANG);
  const generated = at(dayOf(m2, 3), 9);
  await sql.query(
    `UPDATE new_accountstatement SET new_generatedon = $2, createdon = $2, new_deadline = $3,
            new_confirmedon = CASE WHEN new_confirmedon IS NOT NULL THEN $4::timestamptz END
      WHERE new_month = $1`,
    [m1, generated, at(dayOf(m2, 16), 0), at(dayOf(m2, 9), 15)],
  );

  // M2: generated now; 广州粤华 disputes an invoice's price and a credit it misses; head office adjusts one and rejects the other.
  await generateMonth(sql, finId, m2);
  const gz2 = await statementOf('DL-GZ001', m2);
  if (!gz2 || !(await statementOf('DL-SZ001', m2))) throw new Error('statements demo: the second month made no statement for both dealers');
  const {
    rows: [mc],
  } = await sql.query<{ id: string; amount: string }>(
    'SELECT new_accountmoveid AS id, new_amount::text AS amount FROM new_accountmove WHERE new_docid = $1',
    [c],
  );
  const theirs = (Number(mc.amount) - 480).toFixed(2);
  await runCommand(
    sql,
    dealer1fin,
    statementController,
    'dispute',
    gz2,
    {
      lines: [
        { moveId: mc.id, amount: theirs, reason: '门店促销期间 EC-CT-25 按每台少 40 元的活动价结算，发票多计 480 元' },
        { moveId: null, amount: '-3000.00', reason: '上月展会费用 3,000 元尚未抵扣应收' },
      ],
    },
    LANG,
  );
  const { rows: lines } = await sql.query<{ id: string; move: string | null }>(
    'SELECT new_accountdisputeid AS id, new_move_id AS move FROM new_accountdispute WHERE new_statement_id = $1 ORDER BY createdon, new_accountdisputeid',
    [gz2],
  );
  await runCommand(
    sql,
    fin,
    statementController,
    'answer',
    gz2,
    {
      lines: lines.map((l) =>
        l.move
          ? { lineId: l.id, decision: 'adjust', amount: '-480.00', reason: '经核实门店促销价差属实，调减应收 480 元' }
          : { lineId: l.id, decision: 'reject', reason: '展会费用请按市场费用核销流程申请，核销通过后自动抵扣，不在对账中调整' },
      ),
    },
    LANG,
  );
}
