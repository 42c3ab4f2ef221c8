import { getEntity, MAP_MAX_ORDERS, OPEN_STATUSES, type MapRange } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Params } from '../../records/sql.ts';
import type { Caller } from '../../records/scope.ts';
import { chinaDate, chinaDay } from '../china-time.ts';

const workOrder = getEntity('new_srv_workorder')!;
const serviceWorker = getEntity('new_srv_worker')!;

/** The China-time day an order falls on: its appointment date when set, else its creation day. */
const ORDER_DAY = `COALESCE(o.new_appointmenttime, ${chinaDay('o.createdon')})`;
/** An instant as the ISO text JavaScript writes (`2026-11-20T08:30:00.000Z`). */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Open orders (status 1–5) and the day filter, in the caller's scope; the parameters go to `p`. */
function orderFilter(p: Params, caller: Caller, range: MapRange, now: Date): string {
  const where = [p.scope(workOrder, caller, 'o'), `o.new_status = ANY(${p.add([...OPEN_STATUSES], 'int[]')})`];
  if (range !== 'all') where.push(`${ORDER_DAY} = ${p.add(chinaDate(now, range === 'today' ? 0 : 1), 'date')}`);
  return where.join(' AND ');
}

/** MapData with its two lists as JSON text, ready to be sent as they are. */
export interface MapDataJson {
  /** MapOrder[] */
  orders: string;
  /** MapWorker[] */
  workers: string;
  toAssign: number;
  truncated: boolean;
}

/**
 * What the work-order map shows: open orders with coordinates (newest first, at most
 * MAP_MAX_ORDERS), the count still to be assigned, and the engineers of the caller's stations with
 * their last position and load (orders in service). Three statements, run side by side.
 *
 * The lists are built as JSON by the database (json_build_object, keys of MapOrder / MapWorker):
 * with 10,000 orders, decoding 200,000 column values in the driver and encoding them again cost
 * several times the query itself; one text value per list is passed through untouched.
 */
export async function mapDataJson(sql: Sql, caller: Caller, range: MapRange, now = new Date()): Promise<MapDataJson> {
  const po = new Params();
  const max = po.add(MAP_MAX_ORDERS, 'int');
  const orderSql = `
    SELECT COALESCE(json_agg(x.j ORDER BY x.rn) FILTER (WHERE x.rn <= ${max}), '[]')::text AS list, count(*)::int AS n
      FROM (
        SELECT row_number() OVER (ORDER BY o.createdon DESC, o.new_srv_workorderid DESC) AS rn,
               json_build_object(
                 'id', o.new_srv_workorderid, 'name', COALESCE(o.new_name, ''), 'lng', o.new_longitude, 'lat', o.new_latitude,
                 'dealstatus', COALESCE(o.new_dealstatus, 1), 'status', o.new_status, 'type', o.new_type,
                 'customer', COALESCE(o.new_customer, ''), 'contact', COALESCE(o.new_contact, ''), 'phone', COALESCE(o.new_phone, ''),
                 -- The full address reads as written on a Chinese envelope: province, city, county, street.
                 'address', concat_ws('', o.new_province, NULLIF(o.new_city, o.new_province), o.new_county, o.new_address),
                 'appointmentDate', to_char(o.new_appointmenttime, 'YYYY-MM-DD'),
                 'appointmentBegin', o.new_appointmentbegin, 'appointmentEnd', o.new_appointmentend,
                 'stationId', o.new_station_id, 'stationName', COALESCE(s.new_name, ''),
                 'workerId', o.new_worker_id, 'workerName', w.new_name, 'createdOn', ${iso('o.createdon')}
               ) AS j
          FROM new_srv_workorder o
          LEFT JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id
          LEFT JOIN new_srv_worker w ON w.new_srv_workerid = o.new_worker_id
         WHERE ${orderFilter(po, caller, range, now)} AND o.new_longitude IS NOT NULL AND o.new_latitude IS NOT NULL
         ORDER BY o.createdon DESC, o.new_srv_workorderid DESC
         LIMIT ${max} + 1
      ) x`;

  const pc = new Params();
  const countSql = `SELECT count(*)::int AS n FROM new_srv_workorder o WHERE ${orderFilter(pc, caller, range, now)} AND o.new_status = 1`;

  // Load: the orders an engineer has in service (status 2–5, as the dispatch command keeps
  // new_load), counted here on the worker index so the map is right even before a command ran.
  const pw = new Params();
  const workerSql = `
    SELECT COALESCE(json_agg(json_build_object(
             'id', w.new_srv_workerid, 'name', w.new_name, 'code', w.new_code, 'phone', COALESCE(w.new_phone, ''),
             'lng', CASE WHEN w.new_latitude IS NOT NULL THEN w.new_longitude END,
             'lat', CASE WHEN w.new_longitude IS NOT NULL THEN w.new_latitude END,
             'load', l.n, 'stationId', w.new_station_id, 'stationName', COALESCE(s.new_name, ''),
             'locatedOn', ${iso('w.new_locationtime')}
           ) ORDER BY s.new_name, w.new_code), '[]')::text AS list
      FROM new_srv_worker w
      LEFT JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM new_srv_workorder x WHERE x.new_worker_id = w.new_srv_workerid AND x.new_status BETWEEN 2 AND 5
      ) l
     WHERE ${pw.scope(serviceWorker, caller, 'w')} AND w.statecode = 0`;

  const [orders, count, workers] = await Promise.all([
    sql.query<{ list: string; n: number }>(orderSql, po.values),
    sql.query<{ n: number }>(countSql, pc.values),
    sql.query<{ list: string }>(workerSql, pw.values),
  ]);
  return {
    orders: orders.rows[0].list,
    workers: workers.rows[0].list,
    toAssign: count.rows[0].n,
    truncated: orders.rows[0].n > MAP_MAX_ORDERS,
  };
}

/** The envelope of GET map (`ok(MapData)`), assembled around the JSON lists without re-encoding them. */
export function mapEnvelope(d: MapDataJson): string {
  return `{"ErrorCode":0,"Message":"","Data":{"orders":${d.orders},"workers":${d.workers},"toAssign":${d.toAssign},"truncated":${d.truncated}}}`;
}
