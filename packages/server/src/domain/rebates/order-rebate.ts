import { accountMoveKind, invoiceState, type Lang, type MessageKey, msg, rebateMoveKind, salesOrderStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { formatMoney } from '../../records/format.ts';
import { ValidationFailed, type WriteHooks } from '../../records/write.ts';
import { accountHolder, postAccountMove } from '../dealer-account/ledger.ts';
import { formatCents, toCents } from '../money.ts';
import { rebateBalance } from './balance.ts';
import { postRebateMove } from './ledger.ts';

/*
 * An order using rebate (返利抵扣, issue 28). The buyer — a dealer, on its own order — sets the amount
 * while the order is a draft (at most its total and its rebate balance then: checked at save); submit
 * draws it from the dealer's rebate ledger after the prices are locked (checked again, under the
 * ledger's lock) and sets the payable amount (total − rebate). A round that ends unapproved
 * (rejected, revoked, vetoed) and a cancelled order give back what the order holds. The order's
 * invoices carry its rebate in proportion (syncInvoicedRebate: each invoice's 返利抵扣 settles that much of
 * it and credits the dealer's account, 往来账), so the statement reads invoices − rebate. What an order holds is always −Σ its moves, never a counter of its own.
 */

type Order = { name: string; unit: string; total: string; rebate: string | null };

async function orderRow(sql: Sql, id: string): Promise<Order> {
  const {
    rows: [o],
  } = await sql.query<Order>(
    `SELECT name, owningbusinessunit AS unit, COALESCE(totalamount, 0)::text AS total, new_rebateamount::text AS rebate
       FROM salesorder WHERE salesorderid = $1::uuid`,
    [id],
  );
  if (!o) throw refuse('parts.relatedNotFound');
  return o;
}

/** What the order holds of its dealer's rebate now: minus the sum of its moves (uses −, give-backs +). */
async function heldBy(sql: Sql, orderId: string): Promise<{ held: bigint; moves: number }> {
  const {
    rows: [r],
  } = await sql.query<{ s: string; n: number }>(
    'SELECT COALESCE(-sum(new_amount), 0)::text AS s, count(*)::int AS n FROM new_rebatemove WHERE new_order_id = $1::uuid',
    [orderId],
  );
  return { held: toCents(r.s), moves: r.n };
}

const money = (c: bigint) => formatMoney(formatCents(c));

/** What is wrong with the rebate an order asks (the first thing), or null: negative, another unit's, over the total or the balance. */
async function rebateFault(sql: Sql, o: Order, held: bigint): Promise<{ key: MessageKey; params?: Record<string, string> } | null> {
  const want = toCents(o.rebate);
  if (want < 0n) return { key: 'rebate.negative' };
  if (want === 0n) return null;
  if ((await accountHolder(sql, o.unit)) !== o.unit) return { key: 'rebate.dealerOnly' };
  const total = toCents(o.total);
  if (want > total) return { key: 'rebate.overTotal', params: { amount: money(want), total: money(total) } };
  const balance = toCents(await rebateBalance(sql, o.unit)) + held;
  if (want > balance) return { key: 'rebate.insufficient', params: { balance: money(balance), amount: money(want) } };
  return null;
}

/**
 * The order's record-service checks: only the buyer sets the rebate (head office reaches the order as
 * its supplier, but the rebate is the dealer's to spend); a draft's rebate fits its total and balance.
 */
export const orderRebateChecks: WriteHooks = {
  async guard(sql, id, op, values, caller) {
    if (op !== 'update' || !Object.hasOwn(values, 'new_rebateamount')) return;
    const o = await orderRow(sql, id);
    if (caller.principal.businessUnitId !== o.unit) throw refuse('rebate.buyerOnly', undefined, 'new_rebateamount');
  },
  async after(sql, ids, _op, lang: Lang) {
    for (const id of ids) {
      const o = await orderRow(sql, id);
      const f = await rebateFault(sql, o, (await heldBy(sql, id)).held);
      if (f) throw new ValidationFailed([{ field: 'new_rebateamount', message: msg(f.key, lang, f.params) }], lang);
    }
  },
};

/** Moves the order's holding to `want` cents: draws what is missing, gives back what is over (one move, keyed per order and move). */
async function hold(sql: Sql, userId: string, id: string, o: Order, want: bigint): Promise<void> {
  const { held, moves } = await heldBy(sql, id);
  const delta = want - held;
  if (delta === 0n) return;
  const use = delta > 0n;
  await postRebateMove(sql, userId, {
    holderId: await accountHolder(sql, o.unit),
    kind: use ? rebateMoveKind.use : rebateMoveKind.release,
    amount: -delta,
    docName: o.name,
    orderId: id,
    remark: msg(use ? 'rebate.useRemark' : 'rebate.releaseRemark', 'zh-CN', { name: o.name }),
    key: `order:${id}:${moves + 1}`,
  });
}

/** Submit (after the prices are locked, the order locked by the approval engine): draws the rebate and sets the payable amount. */
export async function drawOrderRebate(sql: Sql, id: string, userId: string): Promise<void> {
  const o = await orderRow(sql, id);
  const { held } = await heldBy(sql, id);
  const f = await rebateFault(sql, o, held);
  if (f) throw refuse(f.key, f.params, 'new_rebateamount');
  const want = toCents(o.rebate);
  await hold(sql, userId, id, o, want);
  await sql.query('UPDATE salesorder SET new_payableamount = $2::numeric WHERE salesorderid = $1::uuid', [
    id,
    formatCents(toCents(o.total) - want),
  ]);
}

/** A round ended unapproved, or the order cancelled: what it holds goes back; a draft again has no payable amount until submitted. */
export async function releaseOrderRebate(sql: Sql, id: string, userId: string): Promise<void> {
  await hold(sql, userId, id, await orderRow(sql, id), 0n);
  await sql.query('UPDATE salesorder SET new_payableamount = NULL WHERE salesorderid = $1::uuid AND new_status = $2', [
    id,
    salesOrderStatus.draft,
  ]);
}

/**
 * An invoice of the order made or voided (in its transaction). Made: the order's rebate is credited
 * in proportion to what is invoiced — the whole credit due so far is round(rebate × Σ its invoices not
 * void ÷ its total), half up to the fen, so the last invoice brings it to the whole rebate — and what
 * is due less what was credited before is this invoice's rebate credit (返利抵扣): it settles that
 * much of the invoice (its open amount and its state count it) and credits the dealer's account.
 * Voided: exactly that credit goes back. So the account holds Σ invoices − Σ their rebate credits,
 * and the credit check's open orders count the rest of the order net of the rebate in the same
 * proportion. Called right after the invoice's (or void's) own account posting, which holds the
 * dealer's account lock in this transaction: two invoices or voids of one dealer run here one after
 * the other. One move keyed per invoice and event.
 */
export async function syncInvoicedRebate(
  sql: Sql,
  userId: string,
  orderId: string,
  invoiceId: string,
  event: 'invoice' | 'void',
): Promise<void> {
  const {
    rows: [r],
  } = await sql.query<{ invoiced: string; credited: string; total: string; own: string }>(
    `SELECT (SELECT COALESCE(sum(totalamount), 0) FROM invoice WHERE new_order_id = $1::uuid AND new_state <> $2)::text AS invoiced,
            (SELECT COALESCE(-sum(new_amount), 0) FROM new_accountmove WHERE new_docid = $1::text AND new_kind = $3)::text AS credited,
            i.totalamount::text AS total, COALESCE(i.new_rebatecredit, 0)::text AS own
       FROM invoice i WHERE i.invoiceid = $4::uuid`,
    [orderId, invoiceState.void, accountMoveKind.rebate, invoiceId],
  );
  const o = await orderRow(sql, orderId);
  let delta: bigint;
  if (event === 'void') delta = -toCents(r.own);
  else {
    const { held } = await heldBy(sql, orderId);
    const total = toCents(o.total);
    let due = held > 0n && total > 0n ? (2n * held * toCents(r.invoiced) + total) / (2n * total) : 0n;
    if (due > held) due = held;
    delta = due - toCents(r.credited);
    const invoiceTotal = toCents(r.total);
    if (delta < 0n) delta = 0n;
    if (delta > invoiceTotal) delta = invoiceTotal;
    // A new invoice (nothing paid yet): an invoice the rebate covers whole is settled at once.
    await sql.query(
      `UPDATE invoice SET new_rebatecredit = $2::numeric, new_state = CASE WHEN $2::numeric >= totalamount THEN $3::int ELSE new_state END
        WHERE invoiceid = $1::uuid`,
      [invoiceId, formatCents(delta), invoiceState.paid],
    );
  }
  if (delta === 0n) return;
  await postAccountMove(sql, userId, {
    unitId: o.unit,
    kind: accountMoveKind.rebate,
    amount: formatCents(-delta),
    docEntity: 'salesorder',
    docId: orderId,
    docName: o.name,
    remark: msg('rebate.accountRemark', 'zh-CN', { name: o.name }),
    key: `rebate:${invoiceId}:${event}`,
  });
}
