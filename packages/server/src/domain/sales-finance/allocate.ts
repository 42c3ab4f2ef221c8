import { invoiceState, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { fenOf, yuan, yuanText } from './money.ts';

/*
 * Allocating a confirmed receipt to invoices (核销, issue 27), in the caller's transaction.
 * Concurrency: the receipt is locked first (FOR UPDATE), then the invoices it may touch in
 * invoice-id order, so two allocations never wait on each other crosswise; amounts are checked
 * under those locks and written by conditional updates (an invoice's paid amount never above its
 * total, a receipt's allocated amount never above its amount), with the tables' CHECK constraints
 * as the backstop. An invoice is 已付款 exactly when its posted allocations and its rebate credit (返利抵扣,
 * set at its making) reach its total; what is open is its total less both.
 */

const OPEN: number[] = [invoiceState.unpaid, invoiceState.partPaid];

/** What to allocate: the payer's open invoices oldest first (up to `limit` fen), or the amounts asked per invoice. */
export type Plan =
  | { kind: 'oldest'; limit?: number }
  | { kind: 'chosen'; asks: { invoiceId: string; fen: number; lineId?: string; field?: string }[] };

export interface Allocated {
  /** fen allocated now. */
  amount: number;
  /** fen of the receipt still unallocated. */
  left: number;
  invoices: number;
}

type Inv = { id: string; name: string; total: string; paid: string; rebate: string; state: number; unit: string; day: string };

const stateName = (s: number, lang: Lang) => invoiceState.options.find((o) => o.value === s)?.label[lang] ?? String(s);

export async function allocate(sql: Sql, receiptId: string, userId: string, plan: Plan, lang: Lang): Promise<Allocated> {
  const {
    rows: [r],
  } = await sql.query<{ amount: string; allocated: string; payer: string; unit: string }>(
    `SELECT new_amount::text AS amount, COALESCE(new_allocatedamount, 0)::text AS allocated, COALESCE(new_payer_id, owningbusinessunit) AS payer,
            owningbusinessunit AS unit
       FROM new_receipt WHERE new_receiptid = $1::uuid FOR UPDATE`,
    [receiptId],
  );
  const left = (fenOf(r.amount) ?? 0) - (fenOf(r.allocated) ?? 0);
  const ids = plan.kind === 'chosen' ? [...new Set(plan.asks.map((a) => a.invoiceId))] : null;
  // The invoices in id order, locked; the oldest-first plan takes the payer's open ones.
  const { rows: invoices } = await sql.query<Inv>(
    `SELECT invoiceid AS id, name, totalamount::text AS total, new_paidamount::text AS paid, COALESCE(new_rebatecredit, 0)::text AS rebate, new_state AS state, owningbusinessunit AS unit,
            concat(new_invoicedate::text, ' ', to_char(createdon, 'YYYYMMDDHH24MISSUS'), ' ', name) AS day
       FROM invoice
      WHERE ${ids ? 'invoiceid = ANY($1::uuid[])' : 'owningbusinessunit = $1::uuid AND new_state = ANY($2::int[])'}
      ORDER BY invoiceid FOR UPDATE`,
    ids ? [ids] : [r.payer, OPEN],
  );
  const open = (i: Inv) => (fenOf(i.total) ?? 0) - (fenOf(i.paid) ?? 0) - (fenOf(i.rebate) ?? 0);
  const take = new Map<string, number>();
  if (plan.kind === 'oldest') {
    let rest = Math.min(left, plan.limit ?? left);
    for (const i of [...invoices].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
      if (rest <= 0) break;
      const n = Math.min(open(i), rest);
      if (n <= 0) continue;
      take.set(i.id, n);
      rest -= n;
    }
  } else {
    const byId = new Map(invoices.map((i) => [i.id, i]));
    for (const a of plan.asks) {
      const i = byId.get(a.invoiceId);
      if (!i || i.unit !== r.payer) throw refuse('sales.receipt.invoiceForeign', { name: i?.name ?? '' }, a.field);
      if (!OPEN.includes(i.state)) throw refuse('sales.receipt.invoiceNotOpen', { name: i.name, state: stateName(i.state, lang) }, a.field);
      const n = (take.get(i.id) ?? 0) + a.fen;
      if (n > open(i)) throw refuse('sales.receipt.overOpen', { name: i.name, amount: yuanText(n), open: yuanText(open(i)) }, a.field);
      take.set(i.id, n);
    }
  }
  const total = [...take.values()].reduce((s, n) => s + n, 0);
  if (total > left) throw refuse('sales.receipt.overReceipt', { amount: yuanText(total), left: yuanText(left) }, 'amount');
  if (total <= 0) return { amount: 0, left, invoices: 0 };

  const posted = [...take.keys()];
  const amounts = posted.map((id) => yuan(take.get(id)!));
  // Paid amount and state of each invoice; a row that would pass its total is not updated (and the CHECK would refuse it).
  const upd = await sql.query(
    `UPDATE invoice i SET new_paidamount = i.new_paidamount + d.a,
            new_state = CASE WHEN i.new_paidamount + d.a + COALESCE(i.new_rebatecredit, 0) >= i.totalamount THEN $3::int ELSE $4::int END,
            modifiedon = now(), modifiedby = $5::uuid
       FROM unnest($1::uuid[], $2::numeric[]) AS d(id, a)
      WHERE i.invoiceid = d.id AND i.new_paidamount + d.a + COALESCE(i.new_rebatecredit, 0) <= i.totalamount AND i.new_state = ANY($6::int[])`,
    [posted, amounts, invoiceState.paid, invoiceState.partPaid, userId, OPEN],
  );
  // Cannot happen under the locks taken above; the CHECK (paid ≤ total) would refuse it anyway.
  if (upd.rowCount !== posted.length) throw new Error('an invoice changed under its lock');
  const rec = await sql.query(
    `UPDATE new_receipt SET new_allocatedamount = COALESCE(new_allocatedamount, 0) + $2::numeric, modifiedon = now()
      WHERE new_receiptid = $1::uuid AND COALESCE(new_allocatedamount, 0) + $2::numeric <= new_amount`,
    [receiptId, yuan(total)],
  );
  if (rec.rowCount !== 1) throw refuse('sales.receipt.overReceipt', { amount: yuanText(total), left: yuanText(left) }, 'amount');
  // The allocation lines: the payer's chosen ones are posted as they are, the others written now.
  const chosenLines = plan.kind === 'chosen' ? plan.asks.filter((a) => a.lineId).map((a) => a.lineId!) : [];
  if (chosenLines.length)
    await sql.query(
      `UPDATE new_receiptallocation SET new_posted = true, new_postedon = now(), modifiedon = now() WHERE new_receiptallocationid = ANY($1::uuid[])`,
      [chosenLines],
    );
  const fresh = plan.kind === 'oldest' ? posted : plan.asks.filter((a) => !a.lineId).map((a) => a.invoiceId);
  if (fresh.length) {
    const names = new Map(invoices.map((i) => [i.id, i.name]));
    const freshAmounts =
      plan.kind === 'oldest' ? fresh.map((id) => yuan(take.get(id)!)) : plan.asks.filter((a) => !a.lineId).map((a) => yuan(a.fen));
    await sql.query(
      `INSERT INTO new_receiptallocation (new_name, new_receipt_id, new_invoice_id, new_amount, new_posted, new_postedon,
                                          ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT u.n, $1, u.inv, u.a, true, now(), $2, $3, $2, $2 FROM unnest($4::varchar[], $5::uuid[], $6::numeric[]) WITH ORDINALITY AS u(n, inv, a, i) ORDER BY u.i`,
      [receiptId, userId, r.unit, fresh.map((id) => names.get(id) ?? ''), fresh, freshAmounts],
    );
  }
  return { amount: total, left: left - total, invoices: posted.length };
}
