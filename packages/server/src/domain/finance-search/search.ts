import {
  AGEING_BUCKETS,
  accountStatementState,
  approvalStatus,
  businessUnitType,
  invoiceState,
  type AgeingBucket,
  type FinanceDealer,
  type FinanceDoc,
  type FinanceSearch,
  type Lang,
  type OptionSetDef,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { AppError, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { stateSql } from '../account-statement/state.ts';
import { chinaDate } from '../china-time.ts';
import { CREDIT_ORDER_STATES, creditOf } from '../credit/credit.ts';
import { fundBalances } from '../marketing-funds/balances.ts';
import { formatCents, toCents } from '../money.ts';
import { rebateBalance } from '../rebates/balance.ts';
import { optionText } from '../work-order/log.ts';

/*
 * Finance search: one dealer's figures read in one transaction — so they are all as of the same
 * instant, which each figure carries — from the modules that own them: credit (domain/credit),
 * rebate balance (domain/rebates), marketing funds (domain/marketing-funds), the dealer account
 * ledger and its statements, and the open invoices aged by their invoice date (账龄, China time).
 * The dealer is one of the caller's reach (head office any, a branch its own, a dealer itself).
 */

const DAY = 86_400_000;
type Row = Record<string, unknown>;
/** Documents listed behind a figure at most. */
const ORDERS_SHOWN = 20;
const INVOICES_SHOWN = 50;

/** SQL: the units whose documents are the dealer's ($1): the dealer and every unit below it that is not a dealer itself (its stores). */
const UNITS = `WITH RECURSIVE units AS (
  SELECT businessunitid, 0 AS depth FROM businessunit WHERE businessunitid = $1::uuid
  UNION ALL
  SELECT b.businessunitid, u.depth + 1 FROM businessunit b JOIN units u ON b.parentbusinessunitid = u.businessunitid
   WHERE u.depth < 20 AND b.new_type IS DISTINCT FROM ${businessUnitType.dealer})`;

/** The dealer asked for, within the caller's reach (404 otherwise); a dealer's own user may leave it out. */
export async function financeDealer(sql: Sql, caller: Caller, raw: unknown): Promise<FinanceDealer> {
  const given = typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  const id = given ? normGuid(given) : caller.principal.businessUnitId;
  const { rows } = await sql.query<FinanceDealer & Row>(
    `SELECT businessunitid::text AS id, name, COALESCE(new_code, '') AS code FROM businessunit
      WHERE businessunitid = $1::uuid AND new_type = $2 AND businessunitid = ANY($3::uuid[])`,
    [id, businessUnitType.dealer, caller.subtree],
  );
  if (!rows[0]) {
    if (!given) throw refuse('finance.pickDealer', undefined, 'dealer');
    throw new AppError(404, 'finance.dealerNotFound');
  }
  return rows[0];
}

/** The dealers of the caller's reach whose name or code holds `q` (at most 50, by code). */
export async function financeDealers(sql: Sql, caller: Caller, q: unknown): Promise<FinanceDealer[]> {
  const text = typeof q === 'string' ? q.trim().slice(0, 40) : '';
  const { rows } = await sql.query<FinanceDealer & Row>(
    `SELECT businessunitid::text AS id, name, COALESCE(new_code, '') AS code FROM businessunit
      WHERE new_type = $1 AND businessunitid = ANY($2::uuid[]) AND statecode = 0
        AND ($3 = '' OR strpos(lower(name), lower($3)) > 0 OR strpos(lower(COALESCE(new_code, '')), lower($3)) > 0)
      ORDER BY new_code, name LIMIT 50`,
    [businessUnitType.dealer, caller.subtree, text],
  );
  return rows;
}

const bucketOf = (days: number): AgeingBucket => (days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+');

/** Everything finance search shows of one dealer of the caller's reach. */
export async function financeSearch(sql: Sql, caller: Caller, rawDealer: unknown, lang: Lang): Promise<FinanceSearch> {
  const dealer = await financeDealer(sql, caller, rawDealer);
  const {
    rows: [{ now }],
  } = await sql.query<{ now: Date }>('SELECT now() AS now');
  const asOf = now.toISOString();
  const today = chinaDate(now);
  const credit = await creditOf(sql, dealer.id);
  const rebate = await rebateBalance(sql, dealer.id);
  const funds = await fundBalances(sql, dealer.id);

  const { rows: temporaryDocs } = await sql.query<FinanceDoc & Row>(
    `SELECT 'new_tempcredit' AS entity, new_tempcreditid::text AS id, COALESCE(new_name, '') AS name, to_char(new_validto, 'YYYY-MM-DD') AS date,
            new_amount::text AS amount
       FROM new_tempcredit
      WHERE new_dealer_id = $1::uuid AND new_approvalstatus = $2 AND new_validfrom <= $3::date AND new_validto >= $3::date
        AND (new_terminatedon IS NULL OR new_terminatedon > $3::date)
      ORDER BY new_validto, new_tempcreditid`,
    [dealer.id, approvalStatus.approved, today],
  );
  const { rows: orders } = await sql.query<FinanceDoc & Row & { n: number }>(
    `${UNITS}
     SELECT 'salesorder' AS entity, o.salesorderid::text AS id, o.name, to_char(((o.createdon AT TIME ZONE 'UTC') + interval '8 hours')::date, 'YYYY-MM-DD') AS date,
            COALESCE(o.totalamount, 0)::text AS amount, count(*) OVER ()::int AS n
       FROM salesorder o
      WHERE o.owningbusinessunit IN (SELECT businessunitid FROM units) AND o.new_status = ANY($2::int[])
        AND EXISTS (SELECT 1 FROM salesorderdetail d WHERE d.salesorderid = o.salesorderid AND d.quantity > COALESCE(d.new_invoicedqty, 0))
      ORDER BY o.createdon DESC, o.salesorderid LIMIT ${ORDERS_SHOWN}`,
    [dealer.id, CREDIT_ORDER_STATES],
  );

  // Open invoices, oldest first: every bucket's sum over all of them, the first INVOICES_SHOWN listed.
  const { rows: open } = await sql.query<{ id: string; name: string; date: string; due: string; open: string }>(
    `${UNITS}
     SELECT i.invoiceid::text AS id, i.name, to_char(i.new_invoicedate, 'YYYY-MM-DD') AS date, to_char(i.new_duedate, 'YYYY-MM-DD') AS due,
            i.new_openamount::text AS open
       FROM invoice i
      WHERE i.owningbusinessunit IN (SELECT businessunitid FROM units) AND i.new_state = ANY($2::int[])
      ORDER BY i.new_invoicedate, i.createdon, i.invoiceid`,
    [dealer.id, [invoiceState.unpaid, invoiceState.partPaid]],
  );
  const sums = new Map<AgeingBucket, { amount: bigint; count: number }>(AGEING_BUCKETS.map((b) => [b, { amount: 0n, count: 0 }]));
  let total = 0n;
  let overdue = 0n;
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const invoices = open.map((r) => {
    const days = Math.max(0, Math.round((todayMs - Date.parse(`${r.date}T00:00:00Z`)) / DAY));
    const bucket = bucketOf(days);
    const a = toCents(r.open);
    const s = sums.get(bucket)!;
    s.amount += a;
    s.count++;
    total += a;
    if (r.due < today) overdue += a;
    return { entity: 'invoice', id: r.id, name: r.name, date: r.date, amount: formatCents(a), due: r.due, days, bucket };
  });

  // The ledger balance, and the part of it no statement covers yet (generate.ts: covered = dated up to
  // the latest statement's month with a sequence up to its last), so balance = its closing + that.
  const { rows: st } = await sql.query<{
    id: string;
    month: string;
    closing: string;
    state: number;
    generated: Date;
    end: string;
    last: number;
  }>(
    `SELECT t.new_accountstatementid::text AS id, t.new_month AS month, t.new_closing::text AS closing, ${stateSql('t')} AS state,
            t.new_generatedon AS generated, to_char(t.new_periodend, 'YYYY-MM-DD') AS end, COALESCE(t.new_lastseq, 0) AS last
       FROM new_accountstatement t WHERE t.new_unit_id = $1::uuid ORDER BY t.new_month DESC LIMIT 1`,
    [dealer.id],
  );
  const latest = st[0];
  const {
    rows: [bal],
  } = await sql.query<{ balance: string | null; since: string; n: number }>(
    `SELECT (SELECT new_balance::text FROM new_dealeraccount WHERE new_unit_id = $1::uuid) AS balance,
            COALESCE(sum(m.new_amount), 0)::text AS since, count(m.*)::int AS n
       FROM new_accountmove m
      WHERE m.new_unit_id = $1::uuid AND ($2::int IS NULL OR m.new_seq > $2::int OR m.new_date > $3::date)`,
    [dealer.id, latest ? latest.last : null, latest?.end ?? null],
  );

  return {
    dealer,
    asOf,
    credit: { ...credit, asOf, temporaryDocs, orderDocs: orders.map(({ n: _n, ...d }) => d), orderCount: orders[0]?.n ?? 0 },
    rebate: { balance: rebate, asOf },
    funds: { ...funds, asOf },
    ageing: {
      basis: 'invoiceDate',
      buckets: AGEING_BUCKETS.map((key) => ({ key, amount: formatCents(sums.get(key)!.amount), count: sums.get(key)!.count })),
      total: formatCents(total),
      overdue: formatCents(overdue),
      asOf,
      invoices: invoices.slice(0, INVOICES_SHOWN),
      invoiceCount: invoices.length,
    },
    balance: { amount: formatCents(toCents(bal.balance)), sinceStatement: formatCents(toCents(bal.since)), movesSince: bal.n, asOf },
    statement: latest
      ? {
          id: latest.id,
          month: latest.month,
          closing: latest.closing,
          state: latest.state,
          stateText: optionText(accountStatementState as OptionSetDef<number>, latest.state, lang),
          generatedOn: latest.generated.toISOString(),
        }
      : null,
  };
}
