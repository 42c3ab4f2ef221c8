import { businessUnitType, salesOrderStatus, targetMetric, type CountedOrder, type TargetKind } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { chinaDay } from '../china-time.ts';

/*
 * A target's actual (实际完成), computed from the orders whenever a target is read — never stored,
 * so it is always today's and there is no nightly job to miss:
 *
 * - the orders counted are audited and later (已审核, shipped, signed …), never cancelled or still
 *   under review, on the day they were audited (the final approval, China time) within the period;
 * - a dealer's orders are those its own unit and its stores placed; a salesman's are those of the
 *   dealers they serve now (new_salesmandealer);
 * - the amount is the sum of the counted lines (the product line's only, when the target names one;
 *   a rebate taken off an order's total does not lower its sales), the count the orders with such lines.
 */

/** The order states an actual counts: audited, whatever has shipped or been signed since. */
export const COUNTED_ORDER_STATES: readonly number[] = [
  salesOrderStatus.audited,
  salesOrderStatus.partShipped,
  salesOrderStatus.allShipped,
  salesOrderStatus.partSigned,
  salesOrderStatus.signed,
];

const TABLE = { staff: 'new_stafftarget', account: 'new_accounttarget' } as const;

/**
 * SQL (CTEs `targets`, `served`, `units`, `hits`): the counted order lines of the targets `$1`
 * (uuid[]); `$2` the counted states. Parameters 1–3 are taken: `$3` is the dealer unit type.
 */
function hitsSql(kind: TargetKind): string {
  const t = TABLE[kind];
  const who = kind === 'staff' ? 't.new_salesman_id' : 't.new_dealer_id';
  const served =
    kind === 'staff'
      ? `SELECT g.id, l.new_dealer_id AS dealer FROM targets g JOIN new_salesmandealer l ON l.new_salesman_id = g.who AND l.statecode = 0`
      : 'SELECT g.id, g.who AS dealer FROM targets g';
  return `WITH RECURSIVE targets AS (
      SELECT t.${t}id AS id, ${who} AS who, t.new_metric AS metric, t.new_productline_id AS line,
             t.new_periodstart AS pstart, t.new_periodend AS pend
        FROM ${t} t WHERE t.${t}id = ANY($1::uuid[])),
    served AS (${served}),
    -- each served dealer's own unit and the units (stores) below it
    units AS (
      SELECT b.businessunitid AS unit, b.businessunitid AS dealer FROM businessunit b
       WHERE b.new_type = $3 AND b.businessunitid IN (SELECT dealer FROM served)
      UNION ALL
      SELECT b.businessunitid, u.dealer FROM businessunit b JOIN units u ON b.parentbusinessunitid = u.unit),
    hits AS (
      SELECT g.id, g.metric, o.salesorderid AS order_id, d.extendedamount AS amount
        FROM targets g
        JOIN served s ON s.id = g.id
        JOIN units u ON u.dealer = s.dealer
        JOIN salesorder o ON o.owningbusinessunit = u.unit AND o.new_status = ANY($2::int[])
        JOIN salesorderdetail d ON d.salesorderid = o.salesorderid
        LEFT JOIN product p ON p.productid = d.productid
       WHERE ${chinaDay('COALESCE(o.new_approvedtime, o.createdon)')} BETWEEN g.pstart AND g.pend
         AND (g.line IS NULL OR p.new_productline_id = g.line))`;
}

/** The actual of each target (a decimal string: yuan with 2 decimals, or whole orders), by id. */
export async function actualsOf(sql: Sql, kind: TargetKind, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { rows } = await sql.query<{ id: string; actual: string }>(
    `${hitsSql(kind)}
     SELECT g.id::text AS id,
            CASE WHEN g.metric = $4 THEN COALESCE(sum(h.amount), 0)::numeric(18, 2)::text ELSE count(DISTINCT h.order_id)::text END AS actual
       FROM targets g LEFT JOIN hits h ON h.id = g.id GROUP BY g.id, g.metric`,
    [ids, COUNTED_ORDER_STATES, businessUnitType.dealer, targetMetric.amount],
  );
  return new Map(rows.map((r) => [r.id, r.actual]));
}

/** The orders a target counts, newest audit first: each with the amount of its counted lines. */
export async function countedOrders(sql: Sql, kind: TargetKind, id: string): Promise<CountedOrder[]> {
  const { rows } = await sql.query<CountedOrder>(
    `${hitsSql(kind)}
     SELECT o.salesorderid::text AS id, o.name, b.name AS buyer,
            ${chinaDay('COALESCE(o.new_approvedtime, o.createdon)')}::text AS "auditedOn", sum(h.amount)::numeric(18, 2)::text AS amount
       FROM hits h JOIN salesorder o ON o.salesorderid = h.order_id JOIN businessunit b ON b.businessunitid = o.owningbusinessunit
      GROUP BY o.salesorderid, o.name, b.name
      ORDER BY "auditedOn" DESC, o.name DESC
      LIMIT 500`,
    [[id], COUNTED_ORDER_STATES, businessUnitType.dealer],
  );
  return rows;
}

/** actual ÷ target in per cent, one decimal, exact on the decimal strings (half up). */
export function completionOf(actual: string, target: string): string {
  // Both are never negative (a CHECK keeps targets above 0; actuals are sums of order lines).
  const cents = (s: string) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i) * 100n + BigInt(`${f}00`.slice(0, 2));
  };
  const t = cents(target);
  if (t <= 0n) return '0.0';
  // per mille, rounded half up: (actual × 1000 × 2 + target) ÷ (2 × target)
  const pm = (cents(actual) * 2000n + t) / (2n * t);
  return `${pm / 10n}.${pm % 10n}`;
}
