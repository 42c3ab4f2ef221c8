import { getEntity, IN_SERVICE_STATUSES, MAP_MAX_ORDERS, OPEN_STATUSES, workOrderStatus, type MapRange } from '@portal/model';
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

/** MapData with its lists as JSON text, ready to be sent as they are. */
export interface MapDataJson {
  /** MapOrderColumns */
  orders: string;
  /** MapName[] */
  stations: string;
  /** MapName[] */
  assignees: string;
  /** MapWorker[] */
  workers: string;
  toAssign: number;
  truncated: boolean;
}

/** MapOrderColumns: the column's JSON key and the value of `x` (a picked order) it holds. */
const ORDER_COLUMNS: [string, string][] = [
  ['id', 'x.id'],
  ['name', 'x.name'],
  ['lng', 'x.lng'],
  ['lat', 'x.lat'],
  ['status', 'x.status'],
  ['customer', 'x.customer'],
  ['contact', 'x.contact'],
  ['phone', 'x.phone'],
  ['address', 'x.address'],
  ['appointmentDate', 'x.appt'],
  ['appointmentBegin', 'x.appt_begin'],
  ['appointmentEnd', 'x.appt_end'],
  ['station', 'COALESCE(st.k, -1)'],
  ['worker', 'COALESCE(wk.k, -1)'],
];

/** A dictionary (MapName[]) of the ids in `picked.<col>`, numbered from 0 in id order as `k`. */
const dictionary = (col: string) =>
  `SELECT ${col} AS id, (row_number() OVER (ORDER BY ${col}) - 1)::int AS k FROM (SELECT DISTINCT ${col} FROM sent WHERE ${col} IS NOT NULL) d`;

/**
 * What the work-order map shows: open orders with coordinates (newest first, at most
 * MAP_MAX_ORDERS), the count still to be assigned, and the engineers of the caller's stations with
 * their last position and load (orders in service). Three statements, run side by side.
 *
 * The answer is built as JSON by the database: with 10,000 orders, decoding 200,000 column values
 * in the driver and encoding them again cost several times the query itself; one text value per
 * list is passed through untouched. The orders go as columns (MapOrderColumns) with the stations
 * and assignees as dictionaries: 5.4 MB of objects became about a third of that.
 */
export async function mapDataJson(sql: Sql, caller: Caller, range: MapRange, now = new Date()): Promise<MapDataJson> {
  const po = new Params();
  const max = po.add(MAP_MAX_ORDERS, 'int');
  const orderSql = `
    WITH picked AS (
      SELECT row_number() OVER (ORDER BY o.createdon DESC, o.new_srv_workorderid DESC) AS rn,
             o.new_srv_workorderid AS id, COALESCE(o.new_name, '') AS name, o.new_longitude::float8 AS lng, o.new_latitude::float8 AS lat,
             o.new_status AS status, COALESCE(o.new_customer, '') AS customer, COALESCE(o.new_contact, '') AS contact,
             COALESCE(o.new_phone, '') AS phone,
             -- The full address reads as written on a Chinese envelope: province, city, county, street.
             concat_ws('', o.new_province, NULLIF(o.new_city, o.new_province), o.new_county, o.new_address) AS address,
             to_char(o.new_appointmenttime, 'YYYY-MM-DD') AS appt, o.new_appointmentbegin AS appt_begin, o.new_appointmentend AS appt_end,
             o.new_station_id AS station_id, o.new_worker_id AS worker_id
        FROM new_srv_workorder o
       WHERE ${orderFilter(po, caller, range, now)} AND o.new_longitude IS NOT NULL AND o.new_latitude IS NOT NULL
       ORDER BY o.createdon DESC, o.new_srv_workorderid DESC
       LIMIT ${max} + 1
    ),
    sent AS (SELECT * FROM picked WHERE rn <= ${max}),
    st AS (${dictionary('station_id')}),
    wk AS (${dictionary('worker_id')})
    SELECT (SELECT json_build_object(${ORDER_COLUMNS.map(([k, v]) => `'${k}', COALESCE(json_agg(${v} ORDER BY x.rn), '[]')`).join(', ')})
              FROM sent x LEFT JOIN st ON st.id = x.station_id LEFT JOIN wk ON wk.id = x.worker_id)::text AS orders,
           (SELECT COALESCE(json_agg(json_build_object('id', st.id, 'name', COALESCE(s.new_name, '')) ORDER BY st.k), '[]')
              FROM st LEFT JOIN new_srv_station s ON s.new_srv_stationid = st.id)::text AS stations,
           (SELECT COALESCE(json_agg(json_build_object('id', wk.id, 'name', COALESCE(w.new_name, '')) ORDER BY wk.k), '[]')
              FROM wk LEFT JOIN new_srv_worker w ON w.new_srv_workerid = wk.id)::text AS assignees,
           (SELECT count(*)::int FROM picked) AS n`;

  const pc = new Params();
  const countSql = `SELECT count(*)::int AS n FROM new_srv_workorder o WHERE ${orderFilter(pc, caller, range, now)} AND o.new_status = ${pc.add(workOrderStatus.notDispatched, 'int')}`;

  // Load: the orders an engineer has in service (IN_SERVICE_STATUSES, as the dispatch command keeps
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
        SELECT count(*)::int AS n FROM new_srv_workorder x WHERE x.new_worker_id = w.new_srv_workerid AND x.new_status = ANY(${pw.add([...IN_SERVICE_STATUSES], 'int[]')})
      ) l
     WHERE ${pw.scope(serviceWorker, caller, 'w')} AND w.statecode = 0`;

  const [orders, count, workers] = await Promise.all([
    sql.query<{ orders: string; stations: string; assignees: string; n: number }>(orderSql, po.values),
    sql.query<{ n: number }>(countSql, pc.values),
    sql.query<{ list: string }>(workerSql, pw.values),
  ]);
  return {
    orders: orders.rows[0].orders,
    stations: orders.rows[0].stations,
    assignees: orders.rows[0].assignees,
    workers: workers.rows[0].list,
    toAssign: count.rows[0].n,
    truncated: orders.rows[0].n > MAP_MAX_ORDERS,
  };
}

/** The envelope of GET map (`ok(MapData)`), assembled around the JSON lists without re-encoding them. */
export function mapEnvelope(d: MapDataJson): string {
  return `{"ErrorCode":0,"Message":"","Data":{"orders":${d.orders},"stations":${d.stations},"assignees":${d.assignees},"workers":${d.workers},"toAssign":${d.toAssign},"truncated":${d.truncated}}}`;
}
