import { getEntity, type LedgerPeriodQuery, type QuotaFlow, type QuotaFlowMove, type QuotaFlowStation } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { assertMay } from '../../documents/access.ts';
import { idFilter, type Period } from '../stock/statement.ts';

/**
 * 流水 (the station quota's line flow): every move of the quota ledger (`new_srv_amountchangelog`)
 * in a period, in posting order per station, with the balance after each, and per station the
 * balance before the period (opening) and after it (closing). Two aggregate statements whatever
 * the size; scoped as the ledger (a station sees its own, head office every station).
 */

const LOG = getEntity('new_srv_amountchangelog')!;
/** Moves listed at most (screen and export): beyond, the answer says so and the user narrows it. */
export const FLOW_MAX_MOVES = 5_000;

export async function quotaFlow(sql: Sql, caller: Caller, q: LedgerPeriodQuery, period: Period): Promise<QuotaFlow> {
  assertMay(caller, 'quota.read');
  const station = idFilter(q.stationId, 'stationId');
  const filter = (p: Params) => {
    const where = [p.scope(LOG, caller, 'l')];
    if (station) where.push(`l.new_station_id = ${p.add(station, 'uuid')}`);
    return where.join(' AND ');
  };

  const a = new Params();
  const start = a.add(period.start.toISOString(), 'timestamptz');
  const end = a.add(period.end.toISOString(), 'timestamptz');
  const { rows: stations } = await sql.query<QuotaFlowStation>(
    `WITH s AS (
       SELECT l.new_station_id AS id,
              COALESCE(sum(l.new_changeamount) FILTER (WHERE l.createdon < ${start}), 0) AS opening,
              COALESCE(sum(l.new_changeamount), 0) AS closing,
              count(*) FILTER (WHERE l.createdon >= ${start}) AS moves
         FROM new_srv_amountchangelog l
        WHERE l.createdon < ${end} AND ${filter(a)}
        GROUP BY 1
     )
     SELECT s.id AS "stationId", st.new_name AS station, to_char(s.opening, 'FM9999999999999990.00') AS opening, to_char(s.closing, 'FM9999999999999990.00') AS closing
       FROM s JOIN new_srv_station st ON st.new_srv_stationid = s.id
      WHERE s.moves > 0 OR s.opening <> 0
      ORDER BY st.new_code`,
    a.values,
  );

  const b = new Params();
  const { rows } = await sql.query<QuotaFlowMove>(
    `SELECT l.new_srv_amountchangelogid AS id, l.createdon AS time, l.new_station_id AS "stationId", st.new_name AS station,
            l.new_usage AS usage, l.new_doctype AS "docType", l.new_docid AS "docId", COALESCE(l.new_name, '') AS document,
            to_char(l.new_changeamount, 'FM9999999999999990.00') AS amount, to_char(l.new_afteramount, 'FM9999999999999990.00') AS balance
       FROM new_srv_amountchangelog l JOIN new_srv_station st ON st.new_srv_stationid = l.new_station_id
      WHERE l.createdon >= ${b.add(period.start.toISOString(), 'timestamptz')} AND l.createdon < ${b.add(period.end.toISOString(), 'timestamptz')} AND ${filter(b)}
      ORDER BY st.new_code, l.new_seq
      LIMIT ${b.add(FLOW_MAX_MOVES + 1, 'int')}`,
    b.values,
  );
  const truncated = rows.length > FLOW_MAX_MOVES;
  const moves = (truncated ? rows.slice(0, FLOW_MAX_MOVES) : rows).map((m) => ({ ...m, time: new Date(m.time).toISOString() }));
  return { from: period.from, to: period.to, stations, moves, truncated };
}
