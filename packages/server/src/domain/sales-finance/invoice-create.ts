import { accountMoveKind, getEntity, INVOICE_TERMS_DAYS, invoiceState, type Lang, msg } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { CommandContext } from '../../documents/controller.ts';
import { checkQty, fieldLabel } from '../../documents/inputs.ts';
import { documentNumbers } from '../../documents/numbers.ts';
import { emitEvent } from '../../integration/webhooks/emit.ts';
import { momentEventType } from '../../integration/webhooks/events.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDate } from '../china-time.ts';
import { postAccountMove } from '../dealer-account/ledger.ts';
import { syncInvoicedRebate } from '../rebates/order-rebate.ts';
import { yuanText, fenOf } from './money.ts';

/*
 * Dynamics' ConvertSalesOrderToInvoice (issue 27): head-office finance invoices, from an order
 * (locked by the command), what each line has shipped and not yet invoiced — all of it, or the
 * quantity per line the body asks for, never more (refused naming the product and what is left).
 * The invoice belongs to the buyer's unit; its lines carry the order lines' locked prices; its
 * total is the sum of its lines; its due date is the invoice date + 30 days (China time).
 */

export const INVOICE = getEntity('invoice')!;

export const INVOICE_LINES = z.object({
  lines: z
    .array(z.object({ lineId: z.string().max(200), qty: z.union([z.number(), z.string().max(40)]) }))
    .max(5000)
    .optional(),
});

/** Invoiced quantities of order lines, recomputed from their invoices that are not void. */
export async function rollUpInvoiced(sql: Sql, orderId: string): Promise<void> {
  await sql.query(
    `UPDATE salesorderdetail d SET new_invoicedqty = COALESCE((SELECT sum(l.quantity) FROM invoicedetail l JOIN invoice i ON i.invoiceid = l.invoiceid
                                                                WHERE l.new_orderline_id = d.salesorderdetailid AND i.new_state <> $2), 0)
      WHERE d.salesorderid = $1::uuid`,
    [orderId, invoiceState.void],
  );
}

type OrderLine = { id: string; product: string; name: string; price: string; room: number };

/** Each line of the order with what it has shipped and not yet invoiced (locked: two invoices of one order wait for each other). */
async function invoiceable(sql: Sql, orderId: string): Promise<OrderLine[]> {
  await rollUpInvoiced(sql, orderId);
  const { rows } = await sql.query<OrderLine>(
    `SELECT salesorderdetailid AS id, productid AS product, new_name AS name, COALESCE(priceperunit, 0)::text AS price,
            (COALESCE(new_shippedqty, 0) - COALESCE(new_invoicedqty, 0))::int AS room
       FROM salesorderdetail WHERE salesorderid = $1::uuid ORDER BY createdon, salesorderdetailid FOR UPDATE`,
    [orderId],
  );
  return rows.map((r) => ({ ...r, room: Number(r.room) }));
}

/** The quantity per line asked for (`lines: [{ lineId, qty }]`; a line left out takes all it has left), each at most what is left. */
function quantities(lines: OrderLine[], body: unknown, lang: Lang): { line: OrderLine; n: number }[] {
  const asked = new Map<string, unknown>();
  for (const x of INVOICE_LINES.parse(body).lines ?? []) {
    const id = normGuid(x.lineId);
    if (!id || !lines.some((l) => l.id === id)) throw new Refusal('wo.lineNotFound', undefined, undefined, 404);
    asked.set(id, x.qty);
  }
  const label = fieldLabel('invoicedetail', 'quantity', lang);
  return lines.map((l) => {
    const room = Math.max(0, l.room);
    const n = asked.has(l.id) ? checkQty(asked.get(l.id), label, `lines.${l.id}`, { zero: true }) : room;
    if (n > room) throw refuse('sales.invoice.overShipped', { product: l.name, qty: n, remaining: room }, `lines.${l.id}`);
    return { line: l, n };
  });
}

/** The order's `createInvoice`: the new invoice (unpaid, numbered) and its lines; the page opens it. */
export async function createInvoice({ sql, caller, id: orderId, body, lang, state }: CommandContext) {
  const got = quantities(await invoiceable(sql, orderId), body, lang).filter((g) => g.n > 0);
  if (!got.length) throw refuse('sales.invoice.nothingToInvoice');
  const {
    rows: [o],
  } = await sql.query<{ buyer: string }>('SELECT owningbusinessunit AS buyer FROM salesorder WHERE salesorderid = $1::uuid', [orderId]);
  const [name] = await documentNumbers(sql, INVOICE, 1);
  const user = caller.principal.userId;
  const now = new Date();
  const {
    rows: [inv],
  } = await sql.query<{ id: string }>(
    `INSERT INTO invoice (name, new_state, new_order_id, new_invoicedate, new_duedate, totalamount, new_totalqty, new_paidamount, new_rebatecredit, new_taxedamount,
                          ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4::date, $5::date, 0, 0, 0, 0, 0, $6, $7, $6, $6) RETURNING invoiceid AS id`,
    [name, invoiceState.unpaid, orderId, chinaDate(now), chinaDate(now, INVOICE_TERMS_DAYS), user, o.buyer],
  );
  await sql.query(
    `INSERT INTO invoicedetail (new_name, invoiceid, new_orderline_id, productid, quantity, priceperunit, extendedamount, new_taxedamount,
                                ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT u.n, $1, u.ol, u.p, u.q, u.price, round(u.price * u.q, 2), 0, $2, $3, $2, $2
       FROM unnest($4::varchar[], $5::uuid[], $6::uuid[], $7::int[], $8::numeric[]) WITH ORDINALITY AS u(n, ol, p, q, price, i) ORDER BY u.i`,
    [
      inv.id,
      user,
      o.buyer,
      got.map((g) => g.line.name.slice(0, 200)),
      got.map((g) => g.line.id),
      got.map((g) => g.line.product),
      got.map((g) => g.n),
      got.map((g) => g.line.price),
    ],
  );
  const {
    rows: [t],
  } = await sql.query<{ total: string }>(
    `UPDATE invoice i SET totalamount = s.a, new_totalqty = s.q FROM (SELECT COALESCE(sum(extendedamount), 0) AS a, COALESCE(sum(quantity), 0) AS q
       FROM invoicedetail WHERE invoiceid = $1::uuid) s WHERE i.invoiceid = $1::uuid RETURNING i.totalamount::text AS total`,
    [inv.id],
  );
  await rollUpInvoiced(sql, orderId);
  await emitEvent(sql, INVOICE, inv.id, momentEventType(INVOICE, 'created'), user);
  // The dealer owes the invoice from its date (its account's debit, in the same transaction).
  await postAccountMove(sql, user, {
    unitId: o.buyer,
    kind: accountMoveKind.invoice,
    amount: t.total,
    docEntity: 'invoice',
    docId: inv.id,
    docName: name,
    date: chinaDate(now),
    remark: msg('dealerAccount.invoiceRemark', 'zh-CN'),
    key: `invoice:${inv.id}`,
  });
  // The rebate the order used is credited in proportion to what is invoiced (issue 28).
  await syncInvoicedRebate(sql, user, orderId, inv.id, 'invoice');
  return {
    to: state,
    message: 'sales.invoice.created' as const,
    messageParams: { name, amount: yuanText(fenOf(t.total) ?? 0) },
    opens: { entity: 'invoice', id: inv.id },
  };
}
