import {
  approvalStatus,
  businessUnitType,
  getEntity,
  msg,
  type ForecastReport,
  type ForecastReportCell,
  type ForecastReportQuery,
  type Lang,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { assertPrivilege, recordNotFound } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDay } from '../china-time.ts';
import { formatCents, toCents } from '../money.ts';
import { COUNTED_ORDER_STATES } from '../sales-targets/actuals.ts';
import { addMonths, thisMonth } from '../sales-targets/period.ts';

/*
 * 预测分析 (/salesforecast/report): per month and product line, what the dealers forecast against
 * what they ordered. The forecast of a month is each dealer's latest approved forecast that covers
 * it — the month's own (its M quantities), else the one made a month before (M+1), else two months
 * before (M+2). The actual is the quantity (and amount) of the order lines audited in the month, not
 * cancelled (the targets' rule, sales-targets/actuals.ts), of the dealer's unit and its stores.
 * A dealer sees itself; head office and branches one dealer or every dealer in their reach.
 */

const FORECAST = getEntity('new_salesforecast')!;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_MONTHS = 24;

const span = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

/** The months asked (default: two months back to two ahead), checked: YYYY-MM, in order, at most 24. */
export function reportMonths(q: ForecastReportQuery): { from: string; to: string; months: string[] } {
  const now = thisMonth();
  const from = q.from || addMonths(now, -2);
  const to = q.to || addMonths(now, 2);
  if (!MONTH.test(from)) throw refuse('salesForecast.badMonth', undefined, 'from');
  if (!MONTH.test(to)) throw refuse('salesForecast.badMonth', undefined, 'to');
  const n = span(from, to);
  if (n < 1) throw refuse('salesForecast.monthsOrder', undefined, 'to');
  if (n > MAX_MONTHS) throw refuse('salesForecast.monthsSpan', undefined, 'to');
  return { from, to, months: Array.from({ length: n }, (_, i) => addMonths(from, i)) };
}

/** The dealers the report covers: the caller's own dealer, else the one asked (in reach: 404 outside), else every dealer in reach. */
async function dealersOf(
  sql: Sql,
  caller: Caller,
  asked: string | undefined,
): Promise<{ ids: string[]; one: { id: string; name: string } | null }> {
  const own = await sql.query<{ id: string; name: string; type: number | null }>(
    'SELECT businessunitid::text AS id, name, new_type AS type FROM businessunit WHERE businessunitid = $1::uuid',
    [caller.principal.businessUnitId],
  );
  if (own.rows[0]?.type === businessUnitType.dealer) return { ids: [own.rows[0].id], one: { id: own.rows[0].id, name: own.rows[0].name } };
  if (asked) {
    const id = normGuid(asked);
    const { rows } = await sql.query<{ id: string; name: string }>(
      'SELECT businessunitid::text AS id, name FROM businessunit WHERE businessunitid = $1::uuid AND new_type = $2 AND businessunitid = ANY($3::uuid[])',
      [id, businessUnitType.dealer, caller.subtree],
    );
    if (!id || !rows[0]) throw recordNotFound();
    return { ids: [rows[0].id], one: rows[0] };
  }
  const { rows } = await sql.query<{ id: string }>(
    'SELECT businessunitid::text AS id FROM businessunit WHERE new_type = $1 AND businessunitid = ANY($2::uuid[])',
    [businessUnitType.dealer, caller.subtree],
  );
  return { ids: rows.map((r) => r.id), one: null };
}

/** Per cent, one decimal, half up; null without a forecast, and for a month still to come (nothing to achieve yet). */
const rateOf = (actual: number, forecast: number, month: string) =>
  forecast > 0 && month <= thisMonth() ? (Math.round((actual * 1000) / forecast) / 10).toFixed(1) : null;

export async function forecastReport(sql: Sql, caller: Caller, q: ForecastReportQuery, lang: Lang): Promise<ForecastReport> {
  assertPrivilege(caller, FORECAST, 'read');
  const { from, to, months } = reportMonths(q);
  const dealers = await dealersOf(sql, caller, q.dealer);
  const { rows: forecast } = await sql.query<{ month: string; line: string | null; qty: number }>(
    `WITH months AS (
       SELECT to_char(g, 'YYYY-MM') AS month, g::date AS md FROM generate_series($2::date, $3::date, interval '1 month') g),
     pick AS (
       SELECT DISTINCT ON (m.month, f.owningbusinessunit) m.month, f.new_salesforecastid AS id,
              ((extract(year FROM m.md) - f.new_year) * 12 + extract(month FROM m.md) - f.new_month)::int AS k
         FROM months m JOIN new_salesforecast f
           ON f.owningbusinessunit = ANY($1::uuid[]) AND f.new_approvalstatus = $4
          AND make_date(f.new_year, f.new_month, 1) BETWEEN (m.md - interval '2 months')::date AND m.md
        ORDER BY m.month, f.owningbusinessunit, f.new_year DESC, f.new_month DESC)
     SELECT p.month, l.new_productline_id::text AS line,
            sum(CASE p.k WHEN 0 THEN l.new_qtym WHEN 1 THEN l.new_qtym1 ELSE l.new_qtym2 END)::int AS qty
       FROM pick p JOIN new_salesforecastline l ON l.new_salesforecast_id = p.id
      GROUP BY p.month, l.new_productline_id`,
    [dealers.ids, `${from}-01`, `${to}-01`, approvalStatus.approved],
  );
  const day = chinaDay('COALESCE(o.new_approvedtime, o.createdon)');
  const { rows: actual } = await sql.query<{ month: string; line: string | null; qty: number; amount: string }>(
    `WITH RECURSIVE units AS (
       SELECT b.businessunitid AS unit FROM businessunit b WHERE b.businessunitid = ANY($1::uuid[])
       UNION ALL SELECT b.businessunitid FROM businessunit b JOIN units u ON b.parentbusinessunitid = u.unit)
     SELECT to_char(${day}, 'YYYY-MM') AS month, p.new_productline_id::text AS line, sum(d.quantity)::int AS qty,
            sum(d.extendedamount)::numeric(18, 2)::text AS amount
       FROM units u
       JOIN salesorder o ON o.owningbusinessunit = u.unit AND o.new_status = ANY($4::int[])
       JOIN salesorderdetail d ON d.salesorderid = o.salesorderid
       LEFT JOIN product p ON p.productid = d.productid
      WHERE ${day} BETWEEN $2::date AND (($3::date + interval '1 month')::date - 1)
      GROUP BY 1, 2`,
    [dealers.ids, `${from}-01`, `${to}-01`, COUNTED_ORDER_STATES],
  );
  const lineIds = [...new Set([...forecast, ...actual].map((r) => r.line))];
  const { rows: names } = await sql.query<{ id: string; name: string }>(
    'SELECT new_productlineid::text AS id, new_name AS name FROM new_productline WHERE new_productlineid = ANY($1::uuid[])',
    [lineIds.filter((x): x is string => !!x)],
  );
  const nameOf = (id: string | null) => (id ? (names.find((n) => n.id === id)?.name ?? id) : msg('salesForecast.report.noLine', lang));
  const productLines = lineIds.map((id) => ({ id, name: nameOf(id) })).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  const key = (m: string, l: string | null) => `${m}|${l ?? ''}`;
  const f = new Map(forecast.map((r) => [key(r.month, r.line), r.qty]));
  const a = new Map(actual.map((r) => [key(r.month, r.line), r]));
  const cells: ForecastReportCell[] = [];
  for (const month of months)
    for (const l of productLines) {
      const fq = f.get(key(month, l.id)) ?? 0;
      const ar = a.get(key(month, l.id));
      cells.push({
        month,
        productLineId: l.id,
        productLine: l.name,
        forecast: fq,
        actual: ar?.qty ?? 0,
        actualAmount: ar?.amount ?? '0.00',
        rate: rateOf(ar?.qty ?? 0, fq, month),
      });
    }
  const totals = months.map((month) => {
    const mine = cells.filter((c) => c.month === month);
    const fq = mine.reduce((s, c) => s + c.forecast, 0);
    const aq = mine.reduce((s, c) => s + c.actual, 0);
    const fen = mine.reduce((s, c) => s + toCents(c.actualAmount), 0n);
    return { month, forecast: fq, actual: aq, actualAmount: formatCents(fen), rate: rateOf(aq, fq, month) };
  });
  return { from, to, dealer: dealers.one, months, productLines, cells, totals };
}
