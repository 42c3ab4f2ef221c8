import {
  getEntity,
  type InventoryStatement,
  type InventoryStatementQuery,
  type InventoryStatementRow,
  type LedgerPeriodQuery,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Refusal, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { normGuid, parseDate } from '../../records/validate.ts';
import { assertMay } from '../../documents/access.ts';
import { CHINA_OFFSET_MS, chinaDate } from '../china-time.ts';

/**
 * 库存报表 (inventory statement): per warehouse and part over a period, the on-hand quantity
 * before it (opening), what came in and went out during it, and the quantity after it (closing),
 * all read from the stock ledger (`new_srv_stocktransaction`) in one aggregate statement. A
 * warehouse belongs to a station (its 服务站 column) or to head office. Scoped as the ledger: a
 * station sees its own warehouses, head office all.
 */

const TXN = getEntity('new_srv_stocktransaction')!;
/** Rows in one Excel export: a statement is one row per warehouse and part, far below this. */
export const STATEMENT_EXPORT_MAX = 50_000;

export interface Period {
  from: string;
  to: string;
  /** 00:00 China time of `from`, and of the day after `to` (exclusive), as UTC instants. */
  start: Date;
  end: Date;
}

const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);

/** The period of a report: YYYY-MM-DD days in China time, both included; default: this month up to today. */
export function periodOf(q: LedgerPeriodQuery, labels: { from: string; to: string }, now = new Date()): Period {
  const today = chinaDate(now);
  const day = (raw: unknown, fallback: string, field: 'from' | 'to') => {
    if (raw === undefined || raw === null || raw === '') return fallback;
    const d = typeof raw === 'string' ? parseDate(raw) : null;
    if (!d) throw refuse('records.date', { field: labels[field] }, field);
    return d;
  };
  const from = day(q.from, `${today.slice(0, 8)}01`, 'from');
  const to = day(q.to, today, 'to');
  if (from > to) throw refuse('widgets.date.endBeforeStart', undefined, 'to');
  return { from, to, start: dayStart(from), end: new Date(dayStart(to).getTime() + 86_400_000) };
}

/** An id filter: empty means all; anything else must be an id (else the filter is refused, not ignored). */
export function idFilter(raw: unknown, field: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const id = normGuid(raw);
  if (!id) throw new Refusal('error.badRequest', undefined, field);
  return id;
}

export interface StatementOptions {
  /** Rows per page (1–500); 0 = every row up to STATEMENT_EXPORT_MAX (the export). */
  pageSize: number;
  page: number;
}

/**
 * The statement's rows, by station, warehouse and part number. Opening and closing come from the
 * moves' signed quantities (Σ before the period, Σ up to its end); moves of frozen or in-transit
 * quantity only (change 0 on hand) count in neither column.
 */
export async function inventoryStatement(
  sql: Sql,
  caller: Caller,
  q: InventoryStatementQuery,
  period: Period,
  opts: StatementOptions,
): Promise<InventoryStatement> {
  assertMay(caller, 'stock.read');
  const station = idFilter(q.stationId, 'stationId');
  const product = idFilter(q.productId, 'productId');
  const p = new Params();
  const start = p.add(period.start.toISOString(), 'timestamptz');
  const end = p.add(period.end.toISOString(), 'timestamptz');
  const where = [`t.createdon < ${end}`, p.scope(TXN, caller, 't')];
  if (station)
    where.push(
      `t.new_warehouse_id IN (SELECT new_srv_warehouseid FROM new_srv_warehouse WHERE new_station_id = ${p.add(station, 'uuid')})`,
    );
  if (product) where.push(`t.new_product_id = ${p.add(product, 'uuid')}`);
  const limit = opts.pageSize > 0 ? Math.min(500, Math.max(1, opts.pageSize)) : STATEMENT_EXPORT_MAX;
  const offset = opts.pageSize > 0 ? Math.max(0, opts.page - 1) * limit : 0;
  const { rows } = await sql.query<InventoryStatementRow & { total: number }>(
    `WITH m AS (
       SELECT t.new_warehouse_id AS w, t.new_product_id AS pr,
              COALESCE(sum(t.new_quantity) FILTER (WHERE t.createdon < ${start}), 0)::int AS opening,
              COALESCE(sum(t.new_quantity) FILTER (WHERE t.createdon >= ${start} AND t.new_quantity > 0), 0)::int AS "in",
              COALESCE(-sum(t.new_quantity) FILTER (WHERE t.createdon >= ${start} AND t.new_quantity < 0), 0)::int AS "out"
         FROM new_srv_stocktransaction t
        WHERE ${where.join(' AND ')}
        GROUP BY 1, 2
     )
     SELECT m.w AS "warehouseId", wh.new_name AS warehouse, st.new_srv_stationid AS "stationId", st.new_name AS station,
            m.pr AS "productId", pr.productnumber AS code, pr.name, COALESCE(pr.new_uom, '') AS uom,
            m.opening, m."in", m."out", m.opening + m."in" - m."out" AS closing, count(*) OVER ()::int AS total
       FROM m
       JOIN new_srv_warehouse wh ON wh.new_srv_warehouseid = m.w
       LEFT JOIN new_srv_station st ON st.new_srv_stationid = wh.new_station_id
       JOIN product pr ON pr.productid = m.pr
      WHERE m.opening <> 0 OR m."in" <> 0 OR m."out" <> 0
      ORDER BY st.new_code NULLS FIRST, wh.new_code, pr.productnumber
      LIMIT ${p.add(limit, 'int')} OFFSET ${p.add(offset, 'int')}`,
    p.values,
  );
  return { from: period.from, to: period.to, total: rows[0]?.total ?? 0, rows: rows.map(({ total: _, ...r }) => r) };
}
