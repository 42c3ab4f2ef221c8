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
 *    round(base × rate / 100) to the fen, per line (zero amounts are not accrued);
 * 3. lines this policy already accrued for this month are left out: rebate_accrual holds each
 *    (policy, month, line) once, its primary key the idempotency (a re-run accrues nothing);
 * 4. each line's rebate goes to its buyer's dealer (a store's to its dealer), whose accounts are
 *    opened and locked in id order; each dealer gets one move for the run (its lines, quantity, base
 *    and amount together) with the balance after it, the lines are recorded against that move, and
 *    the balances and sequence numbers set in one update.
 *
 * Runs of one policy queue on its row (the document kernel locks it); runs of two policies touching
 * one dealer queue on the dealer's account. The moves are dated the day of the run and carry the
 * month they accrue (new_period), so a dealer's ledger reads in posting order. The big joins are
 * hash joins (nested loops off for the one statement): a re-run's anti-join against a million
 * accrued lines must not become a nested loop because statistics still think the table is empty.
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
  await sql.query('DROP TABLE IF EXISTS rebate_run, rebate_holder, rebate_sum');
  const {
    rows: [cfg],
  } = await sql.query<{ loop: string; mem: string }>(
    `SELECT current_setting('enable_nestloop') AS loop, current_setting('work_mem') AS mem`,
  );
  await sql.query(`SELECT set_config('enable_nestloop', 'off', true), set_config('work_mem', '64MB', true)`);
  await sql.query(
    `CREATE TEMP TABLE rebate_run ON COMMIT DROP AS
     SELECT d.salesorderdetailid AS line, d.salesorderid AS ord, o.owningbusinessunit AS unit,
            sum(sl.new_signedqty)::int AS qty, round(sum(sl.new_signedqty) * d.priceperunit, 2) AS base,
            round(sum(sl.new_signedqty) * d.priceperunit * $4::numeric / 100, 2) AS amount
       FROM new_shipment s
       JOIN new_shipmentdetail sl ON sl.new_shipment_id = s.new_shipmentid
       JOIN salesorderdetail d ON d.salesorderdetailid = sl.new_orderline_id
       JOIN product pr ON pr.productid = d.productid
       JOIN salesorder o ON o.salesorderid = d.salesorderid
      WHERE s.new_signedon >= $1 AND s.new_signedon < $2 AND s.statecode = 0 AND sl.new_signedqty > 0 AND pr.new_productline_id = $3::uuid
        AND NOT EXISTS (SELECT 1 FROM rebate_accrual a WHERE a.policy_id = $5::uuid AND a.period = $6 AND a.orderline_id = d.salesorderdetailid)
      GROUP BY d.salesorderdetailid, d.salesorderid, o.owningbusinessunit, d.priceperunit
     HAVING round(sum(sl.new_signedqty) * d.priceperunit * $4::numeric / 100, 2) > 0`,
    [chinaMidnight(from), chinaMidnight(to, 1), p.line, p.rate, policyId, month],
  );
  await sql.query(`SELECT set_config('enable_nestloop', $1, true), set_config('work_mem', $2, true)`, [cfg.loop, cfg.mem]);
  await sql.query('ANALYZE rebate_run');
  // Step 4: each buyer's dealer (the nearest dealer up the tree, else the buyer itself), and per dealer the run's move.
  await sql.query(
    `CREATE TEMP TABLE rebate_holder ON COMMIT DROP AS
     WITH RECURSIVE units AS (SELECT DISTINCT unit FROM rebate_run),
     up AS (SELECT u.unit AS start, b.businessunitid AS id, b.parentbusinessunitid AS parent, b.new_type AS type, 0 AS depth
              FROM units u JOIN businessunit b ON b.businessunitid = u.unit
            UNION ALL
            SELECT up.start, b.businessunitid, b.parentbusinessunitid, b.new_type, up.depth + 1 FROM up JOIN businessunit b ON b.businessunitid = up.parent
             WHERE up.depth < 20)
     SELECT u.unit, COALESCE((SELECT id FROM up WHERE up.start = u.unit AND up.type = $1 ORDER BY depth LIMIT 1), u.unit) AS holder FROM units u`,
    [businessUnitType.dealer],
  );
  await sql.query(
    `CREATE TEMP TABLE rebate_sum ON COMMIT DROP AS
     SELECT h.holder, gen_random_uuid() AS move, count(*)::int AS lines, sum(r.qty)::int AS qty, sum(r.base) AS base, sum(r.amount) AS amount
       FROM rebate_run r JOIN rebate_holder h ON h.unit = r.unit GROUP BY h.holder`,
  );
  const { rows: holders } = await sql.query<{ holder: string }>('SELECT holder FROM rebate_sum');
  if (!holders.length) return { month, lines: 0, dealers: 0, amount: '0.00' };
  const ids = holders.map((h) => h.holder);
  await openRebateAccounts(sql, ids, userId);
  await sql.query('SELECT 1 FROM new_rebateaccount WHERE new_unit_id = ANY($1::uuid[]) ORDER BY new_rebateaccountid FOR UPDATE', [ids]);
  await sql.query(
    `INSERT INTO new_rebatemove (new_rebatemoveid, new_name, new_account_id, new_unit_id, new_kind, new_date, new_period, new_policy_id,
                                 new_lines, new_qty, new_base, new_rate, new_amount, new_balanceafter, new_remark, new_seq, new_key,
                                 createdon, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT s.move, $1::text, a.new_rebateaccountid, s.holder, $2::int, $3::date, $4::text, $5::uuid,
            s.lines, s.qty, s.base, $6::numeric, s.amount, a.new_balance + s.amount, $7::text, a.new_seq + 1,
            'acc:' || $5::uuid::text || ':' || $4::text || ':' || s.holder::text || ':'
              || (1 + (SELECT count(*) FROM new_rebatemove m WHERE m.new_unit_id = s.holder AND m.new_policy_id = $5::uuid AND m.new_period = $4::text)),
            clock_timestamp(), $8::uuid, s.holder, $8::uuid, $8::uuid
       FROM rebate_sum s JOIN new_rebateaccount a ON a.new_unit_id = s.holder`,
    [
      `${month} ${p.name}`.slice(0, 60),
      rebateMoveKind.accrual,
      chinaDate(),
      month,
      policyId,
      p.rate,
      msg('rebate.accrualRemark', 'zh-CN', { policy: p.name, month }).slice(0, 200),
      userId,
    ],
  );
  await sql.query(
    `INSERT INTO rebate_accrual (policy_id, period, orderline_id, move_id, holder_id, order_id, qty, base, amount)
     SELECT $1::uuid, $2, r.line, s.move, s.holder, r.ord, r.qty, r.base, r.amount
       FROM rebate_run r JOIN rebate_holder h ON h.unit = r.unit JOIN rebate_sum s ON s.holder = h.holder`,
    [policyId, month],
  );
  const {
    rows: [t],
  } = await sql.query<{ lines: number; dealers: number; amount: string }>(
    `WITH u AS (UPDATE new_rebateaccount a SET new_balance = a.new_balance + s.amount, new_seq = a.new_seq + 1, modifiedon = now()
                  FROM rebate_sum s WHERE a.new_unit_id = s.holder RETURNING 1)
     SELECT (SELECT count(*)::int FROM u) AS dealers, COALESCE(sum(lines), 0)::int AS lines, COALESCE(sum(amount), 0)::text AS amount FROM rebate_sum`,
  );
  await sql.query(
    `UPDATE new_rebatepolicy SET new_accruedamount = COALESCE(new_accruedamount, 0) + $2::numeric,
            new_lastperiod = CASE WHEN new_lastperiod IS NULL OR new_lastperiod < $3 THEN $3 ELSE new_lastperiod END
      WHERE new_rebatepolicyid = $1::uuid`,
    [policyId, t.amount, month],
  );
  await sql.query('DROP TABLE rebate_run, rebate_holder, rebate_sum');
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
