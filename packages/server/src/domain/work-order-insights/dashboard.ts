import { getEntity, msg, OPEN_STATUSES, type DashboardData, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Params } from '../../records/sql.ts';
import type { Caller } from '../../records/scope.ts';
import { chinaDay, lastMonths } from '../china-time.ts';

const workOrder = getEntity('new_srv_workorder')!;

type Row = { k: 'type' | 'line' | 'open' | 'abn' | 'created' | 'completed'; key: string | null; n: number; label: string | null };

const byValue = (rows: Row[]) =>
  rows
    .filter((r) => r.key !== null)
    .map((r) => ({ value: Number(r.key), count: r.n }))
    .sort((a, b) => a.value - b.value);

/**
 * The service-management dashboard in one statement: the caller's orders are read once (a
 * materialised CTE of the few columns needed) and every figure is a GROUP BY over it.
 * Counts follow the work-order list's views so a drill-down shows exactly the counted rows:
 * by type and product line over all orders (view all), uncompleted = status 1–5 (view open),
 * abnormal = new_isabnormal (view abnormal), months by creation / completion day in China time.
 * Overseas orders are left out, as the work-order list leaves them out (they have /overseas/list).
 */
export async function dashboardData(sql: Sql, caller: Caller, lang: Lang, now = new Date()): Promise<DashboardData> {
  const months = lastMonths(now, 6);
  const p = new Params();
  const scope = p.scope(workOrder, caller, 'w');
  const open = p.add([...OPEN_STATUSES], 'int[]');
  const start = p.add(months[0].start, 'timestamptz');
  const end = p.add(months[months.length - 1].end, 'timestamptz');
  const monthOf = (col: string) => `to_char(${chinaDay(col)}, 'YYYY-MM')`;
  const { rows } = await sql.query<Row>(
    `WITH o AS MATERIALIZED (
       SELECT w.new_type, w.new_productline_id, w.new_status, w.new_dealstatus, w.new_isabnormal, w.createdon, w.new_completiontime
         FROM new_srv_workorder w WHERE ${scope} AND w.new_isoverseas IS NOT TRUE
     )
     SELECT 'type' AS k, new_type::text AS key, count(*)::int AS n, NULL::text AS label FROM o GROUP BY new_type
     UNION ALL
     SELECT 'line', o.new_productline_id::text, count(*)::int, max(pl.new_name)
       FROM o LEFT JOIN new_productline pl ON pl.new_productlineid = o.new_productline_id GROUP BY o.new_productline_id
     UNION ALL
     SELECT 'open', new_dealstatus::text, count(*)::int, NULL FROM o WHERE new_status = ANY(${open}) GROUP BY new_dealstatus
     UNION ALL
     SELECT 'abn', new_dealstatus::text, count(*)::int, NULL FROM o WHERE new_isabnormal GROUP BY new_dealstatus
     UNION ALL
     SELECT 'created', ${monthOf('createdon')}, count(*)::int, NULL FROM o
      WHERE createdon >= ${start} AND createdon < ${end} GROUP BY 2
     UNION ALL
     SELECT 'completed', ${monthOf('new_completiontime')}, count(*)::int, NULL FROM o
      WHERE new_completiontime >= ${start} AND new_completiontime < ${end} GROUP BY 2`,
    p.values,
  );
  const of = (k: Row['k']) => rows.filter((r) => r.k === k);
  const perMonth = (k: 'created' | 'completed') => new Map(of(k).map((r) => [r.key, r.n]));
  const created = perMonth('created');
  const completed = perMonth('completed');
  const abnormal = of('abn');
  return {
    byType: byValue(of('type')),
    byProductLine: of('line')
      .map((r) => ({ id: r.key, name: r.key === null ? msg('wo.dash.unspecified', lang) : (r.label ?? ''), count: r.n }))
      // Largest first; "not specified" last, whatever its size, so named lines lead the chart.
      .sort((a, b) => Number(a.id === null) - Number(b.id === null) || b.count - a.count || a.name.localeCompare(b.name, 'zh-CN')),
    uncompletedByDeal: byValue(of('open')),
    lastMonths: months.map((m) => ({
      month: m.month,
      from: m.from,
      to: m.to,
      created: created.get(m.month) ?? 0,
      completed: completed.get(m.month) ?? 0,
    })),
    abnormal: { total: abnormal.reduce((s, r) => s + r.n, 0), byDeal: byValue(abnormal) },
  };
}
