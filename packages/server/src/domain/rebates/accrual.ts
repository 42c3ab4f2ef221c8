import { businessUnitType, type MessageKey, msg, rebateMoveKind } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { formatMoney } from '../../records/format.ts';
import { CHINA_OFFSET_MS, chinaDate } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';
import { openRebateAccounts } from './ledger.ts';

/*
 * The monthly rebate run of one policy (返利计提, issue 28), in the caller's transaction, set-based
 * (1,000,000 order lines in one statement each, bench/rebates.ts):
 *
 * 1. the month must have ended (China time) and meet the policy's period; the window is their overlap;
 * 2. the base: per sales-order line of the policy's product line, the quantity signed for in the
 *    window (shipment lines of shipments signed then) at the line's locked price; the rebate is
 *    round(base × rate / 100) to the fen, per line (zero amounts are not posted);
 * 3. lines this policy already accrued for this month are left out (the key is policy, month and
 *    line; the index (policy, month, line) finds them): a re-run posts nothing;
 * 4. each line's rebate goes to its buyer's dealer (a store's to its dealer), whose accounts are
 *    opened and locked in id order; the moves are appended with their running balance and sequence
 *    numbers per dealer (a window over the locked balance), and each account's balance and last
 *    sequence set from their sum in one update.
 *
 * Runs of one policy queue on its row (the document kernel locks it); runs of two policies touching
 * one dealer queue on the dealer's account. The moves are dated the day of the run and carry the
 * month they accrue (new_period), so a dealer's ledger reads in posting order.
 */

export interface AccrualRun {
  month: string;
  lines: number;
  dealers: number;
  amount: string;
}

type Policy = { name: string; line: string; rate: string; from: string; to: string | null };

/** The first and last day of the month of `day` (YYYY-MM-DD). */
function monthOf(day: string): { month: string; first: string; last: string } {
  const [y, m] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { month: day.slice(0, 7), first: `${day.slice(0, 7)}-01`, last };
}

/** 00:00 China time of a day, as an instant. */
const chinaMidnight = (day: string, addDays = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + addDays * 86_400_000 - CHINA_OFFSET_MS);

export async function accrueRebates(sql: Sql, userId: string, policyId: string, day: unknown): Promise<AccrualRun> {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw refuse('rebate.monthRequired', undefined, 'new_runmonth');
  const {
    rows: [p],
  } = await sql.query<Policy>(
    `SELECT new_name AS name, new_productline_id AS line, new_rate::text AS rate, new_validfrom::text AS from, new_validto::text AS to
       FROM new_rebatepolicy WHERE new_rebatepolicyid = $1::uuid`,
    [policyId],
  );
  const { month, first, last } = monthOf(day);
  if (month >= chinaDate().slice(0, 7)) throw refuse('rebate.monthOpen', { month }, 'new_runmonth');
  if (last < p.from) throw refuse('rebate.monthBefore', { month, from: p.from }, 'new_runmonth');
  if (p.to && first > p.to) throw refuse('rebate.monthAfter', { month, to: p.to }, 'new_runmonth');
  const from = first > p.from ? first : p.from;
  const to = p.to && p.to < last ? p.to : last;

  // Steps 2 and 3: what this run accrues, per order line (its buyer's unit, signed quantity, base and rebate).
  await sql.query('DROP TABLE IF EXISTS rebate_run');
  await sql.query(
    `CREATE TEMP TABLE rebate_run ON COMMIT DROP AS
     SELECT d.salesorderdetailid AS line, d.salesorderid AS ord, o.name AS name, o.owningbusinessunit AS unit, NULL::uuid AS holder,
            sum(sl.new_signedqty)::int AS qty, round(sum(sl.new_signedqty) * d.priceperunit, 2) AS base,
            round(sum(sl.new_signedqty) * d.priceperunit * $4::numeric / 100, 2) AS amount
       FROM new_shipment s
       JOIN new_shipmentdetail sl ON sl.new_shipment_id = s.new_shipmentid
       JOIN salesorderdetail d ON d.salesorderdetailid = sl.new_orderline_id
       JOIN product pr ON pr.productid = d.productid
       JOIN salesorder o ON o.salesorderid = d.salesorderid
      WHERE s.new_signedon >= $1 AND s.new_signedon < $2 AND s.statecode = 0 AND sl.new_signedqty > 0 AND pr.new_productline_id = $3::uuid
        AND NOT EXISTS (SELECT 1 FROM new_rebatemove m WHERE m.new_policy_id = $5::uuid AND m.new_period = $6::text AND m.new_orderline_id = d.salesorderdetailid)
      GROUP BY d.salesorderdetailid, d.salesorderid, o.name, o.owningbusinessunit, d.priceperunit
     HAVING round(sum(sl.new_signedqty) * d.priceperunit * $4::numeric / 100, 2) > 0`,
    [chinaMidnight(from), chinaMidnight(to, 1), p.line, p.rate, policyId, month],
  );
  // Step 4: each buyer's dealer (the nearest dealer up the tree, else the buyer itself).
  await sql.query(
    `WITH RECURSIVE units AS (SELECT DISTINCT unit FROM rebate_run),
     up AS (SELECT u.unit AS start, b.businessunitid AS id, b.parentbusinessunitid AS parent, b.new_type AS type, 0 AS depth
              FROM units u JOIN businessunit b ON b.businessunitid = u.unit
            UNION ALL
            SELECT up.start, b.businessunitid, b.parentbusinessunitid, b.new_type, up.depth + 1 FROM up JOIN businessunit b ON b.businessunitid = up.parent
             WHERE up.depth < 20),
     holders AS (SELECT u.unit, COALESCE((SELECT id FROM up WHERE up.start = u.unit AND up.type = $1 ORDER BY depth LIMIT 1), u.unit) AS holder FROM units u)
     UPDATE rebate_run r SET holder = h.holder FROM holders h WHERE h.unit = r.unit`,
    [businessUnitType.dealer],
  );
  const { rows: holders } = await sql.query<{ holder: string }>('SELECT DISTINCT holder FROM rebate_run');
  if (!holders.length) return { month, lines: 0, dealers: 0, amount: '0.00' };
  await openRebateAccounts(
    sql,
    holders.map((h) => h.holder),
    userId,
  );
  await sql.query('SELECT 1 FROM new_rebateaccount WHERE new_unit_id = ANY($1::uuid[]) ORDER BY new_rebateaccountid FOR UPDATE', [
    holders.map((h) => h.holder),
  ]);
  const remark = msg('rebate.accrualRemark', 'zh-CN', { policy: p.name, month }).slice(0, 200);
  await sql.query(
    `INSERT INTO new_rebatemove (new_name, new_account_id, new_unit_id, new_kind, new_date, new_period, new_policy_id, new_order_id, new_orderline_id,
                                 new_qty, new_base, new_rate, new_amount, new_balanceafter, new_remark, new_seq, new_key,
                                 ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT r.name, a.new_rebateaccountid, r.holder, $1::int, $2::date, $3::text, $4::uuid, r.ord, r.line,
            r.qty, r.base, $5::numeric, r.amount, a.new_balance + sum(r.amount) OVER w, $6::text,
            a.new_seq + row_number() OVER w, 'acc:' || $4::uuid::text || ':' || $3::text || ':' || r.line::text,
            $7::uuid, r.holder, $7::uuid, $7::uuid
       FROM rebate_run r JOIN new_rebateaccount a ON a.new_unit_id = r.holder
     WINDOW w AS (PARTITION BY r.holder ORDER BY r.name, r.line ROWS UNBOUNDED PRECEDING)`,
    [rebateMoveKind.accrual, chinaDate(), month, policyId, p.rate, remark, userId],
  );
  const {
    rows: [t],
  } = await sql.query<{ lines: number; dealers: number; amount: string }>(
    `WITH s AS (SELECT holder, sum(amount) AS amount, count(*) AS n FROM rebate_run GROUP BY holder),
     u AS (UPDATE new_rebateaccount a SET new_balance = a.new_balance + s.amount, new_seq = a.new_seq + s.n, modifiedon = now()
             FROM s WHERE a.new_unit_id = s.holder RETURNING 1)
     SELECT (SELECT count(*)::int FROM u) AS dealers, COALESCE(sum(n), 0)::int AS lines, COALESCE(sum(amount), 0)::text AS amount FROM s`,
  );
  await sql.query(
    `UPDATE new_rebatepolicy SET new_accruedamount = COALESCE(new_accruedamount, 0) + $2::numeric,
            new_lastperiod = CASE WHEN new_lastperiod IS NULL OR new_lastperiod < $3 THEN $3 ELSE new_lastperiod END
      WHERE new_rebatepolicyid = $1::uuid`,
    [policyId, t.amount, month],
  );
  await sql.query('DROP TABLE rebate_run');
  return { month, lines: t.lines, dealers: t.dealers, amount: formatCents(toCents(t.amount)) };
}

/** The run's answer for the page (¥ grouped). */
export function accrualMessage(r: AccrualRun): { message: MessageKey; messageParams: Record<string, string | number> } {
  if (!r.lines) return { message: 'rebate.nothingNew', messageParams: { month: r.month } };
  return {
    message: 'rebate.accrued',
    messageParams: { month: r.month, lines: r.lines, dealers: r.dealers, amount: formatMoney(r.amount) },
  };
}
