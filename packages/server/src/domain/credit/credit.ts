import { approvalStatus, businessUnitType, formatMoney, getEntity, salesOrderStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { chinaDate } from '../china-time.ts';
import { accountHolder, lockAccount } from '../dealer-account/ledger.ts';
import { formatCents, toCents } from '../money.ts';

/*
 * A dealer's credit with head office (issue 28; docs/decisions.md "Credit and temporary credit"):
 *
 *   available = limit + active temporary credit − open orders − receivable
 *
 * - limit: the account's standing credit limit (new_dealeraccount.new_creditlimit; none = 0);
 * - temporary credit: approved, not ended early, and today (China time) within its period;
 * - open orders: the holder's and its stores' orders from submitted on (not drafts, not cancelled),
 *   for what is not yet invoiced — each line's (ordered − invoiced) quantity at its locked price,
 *   net of the rebate the order used in the same proportion (an invoice moves it to the receivable);
 * - receivable: the account's balance (Σ its ledger moves). A negative balance (paid ahead) counts:
 *   a dealer without credit terms orders against what it has paid (款到发货).
 *
 * Submitting an order locks the holder's account row first (postings and credit checks of one
 * dealer queue on it), so concurrent submits cannot together overdraw what is available.
 */

export interface Credit {
  limit: string;
  temporary: string;
  openOrders: string;
  receivable: string;
  /** open orders + receivable */
  used: string;
  /** limit + temporary − used; below zero when the limit was lowered or a temporary credit ended since. */
  available: string;
}

/** The order states whose not yet invoiced amount uses credit: submitted on, never drafts or cancelled ones. */
export const CREDIT_ORDER_STATES: readonly number[] = [
  salesOrderStatus.submitted,
  salesOrderStatus.audited,
  salesOrderStatus.partShipped,
  salesOrderStatus.allShipped,
  salesOrderStatus.partSigned,
  salesOrderStatus.signed,
];

// The rebate an order uses lowers what it draws on credit (server domain/rebates); read only where the order has the field.
const REBATE = 'new_rebateamount' in (getEntity('salesorder')?.fields ?? {}) ? 'COALESCE(o.new_rebateamount, 0)' : '0';

/** SQL: what order `o` draws on credit of its not yet invoiced amount `unbilled`: net of its rebate, pro rata. */
const NET = (unbilled: string) => `CASE WHEN ${REBATE} = 0 THEN ${unbilled}
  WHEN o.totalamount > 0 THEN GREATEST(0, round(${unbilled} * (o.totalamount - ${REBATE}) / o.totalamount, 2)) ELSE 0 END`;

/** SQL: a line's not yet invoiced amount, over the lines not yet fully invoiced (credit/ddl.ts indexes them per buyer unit). */
const UNBILLED = 'sum((d.quantity - COALESCE(d.new_invoicedqty, 0)) * COALESCE(d.priceperunit, 0))';
const OPEN_LINE = 'd.quantity > COALESCE(d.new_invoicedqty, 0)';

/** SQL: what order `o` still draws on credit. */
const ORDER_OPEN = `(SELECT ${NET('x.unbilled')} FROM (SELECT COALESCE(${UNBILLED}, 0) AS unbilled FROM salesorderdetail d
                     WHERE d.salesorderid = o.salesorderid AND ${OPEN_LINE}) x)`;

/** The holder's credit now (no lock: a credit check locks the account first, see checkOrderCredit). */
export async function creditOf(sql: Sql, holderUnitId: string): Promise<Credit> {
  const today = chinaDate();
  const {
    rows: [r],
  } = await sql.query<{ lim: string | null; balance: string | null; temp: string; open: string }>(
    `WITH RECURSIVE holder AS (SELECT businessunitid, new_type FROM businessunit WHERE businessunitid = $1::uuid),
     units AS (
       SELECT businessunitid, 0 AS depth FROM holder
       UNION ALL
       -- A dealer's account carries its stores (and any unit below it that is not a dealer itself); any other holder only itself.
       SELECT b.businessunitid, u.depth + 1 FROM businessunit b JOIN units u ON b.parentbusinessunitid = u.businessunitid
        WHERE u.depth < 20 AND b.new_type IS DISTINCT FROM $2 AND (SELECT new_type FROM holder) = $2
     )
     SELECT (SELECT new_creditlimit::text FROM new_dealeraccount WHERE new_unit_id = $1::uuid) AS lim,
            (SELECT new_balance::text FROM new_dealeraccount WHERE new_unit_id = $1::uuid) AS balance,
            (SELECT COALESCE(sum(new_amount), 0)::text FROM new_tempcredit
              WHERE new_dealer_id = $1::uuid AND new_approvalstatus = $3 AND new_validfrom <= $4::date AND new_validto >= $4::date
                AND (new_terminatedon IS NULL OR new_terminatedon > $4::date)) AS temp,
            -- From the open lines (an order's lines are its buyer's): a dealer's invoiced history is never read.
            (SELECT COALESCE(sum(${NET('x.unbilled')}), 0)::text
               FROM (SELECT d.salesorderid, ${UNBILLED} AS unbilled FROM salesorderdetail d
                      WHERE d.owningbusinessunit IN (SELECT businessunitid FROM units) AND ${OPEN_LINE} GROUP BY d.salesorderid) x
               JOIN salesorder o ON o.salesorderid = x.salesorderid
              WHERE o.new_status = ANY($5::int[])) AS open`,
    [holderUnitId, businessUnitType.dealer, approvalStatus.approved, today, CREDIT_ORDER_STATES],
  );
  const limit = toCents(r.lim);
  const temporary = toCents(r.temp);
  const open = toCents(r.open);
  const receivable = toCents(r.balance);
  const used = open + receivable;
  return {
    limit: formatCents(limit),
    temporary: formatCents(temporary),
    openOrders: formatCents(open),
    receivable: formatCents(receivable),
    used: formatCents(used),
    available: formatCents(limit + temporary - used),
  };
}

/** Whose orders are checked against credit: a dealer's and its stores' (a holder that is a dealer or a store), never head office's, a branch's or a station's. */
export async function creditChecked(sql: Sql, holderUnitId: string): Promise<boolean> {
  const { rows } = await sql.query<{ type: number | null }>('SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid', [
    holderUnitId,
  ]);
  const type = Number(rows[0]?.type);
  return type === businessUnitType.dealer || type === businessUnitType.store;
}

/**
 * Submit's credit check, inside the submitting transaction after the prices are locked (and the
 * rebate drawn): the holder's account is locked, then an order that draws on credit is refused when
 * what is available — counting this order, already 已提交 in this transaction — is below zero,
 * naming the shortfall. Buyers outside the dealer network are not checked.
 */
export async function checkOrderCredit(sql: Sql, orderId: string): Promise<void> {
  const {
    rows: [o],
  } = await sql.query<{ unit: string; open: string }>(
    `SELECT o.owningbusinessunit AS unit, ${ORDER_OPEN}::text AS open FROM salesorder o WHERE o.salesorderid = $1::uuid`,
    [orderId],
  );
  if (!o || toCents(o.open) <= 0n) return;
  const holder = await accountHolder(sql, o.unit);
  if (!(await creditChecked(sql, holder))) return;
  await lockAccount(sql, holder);
  const available = toCents((await creditOf(sql, holder)).available);
  if (available < 0n) throw refuse('credit.short', { amount: formatMoney(formatCents(-available)) });
}
