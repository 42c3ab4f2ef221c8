import { getEntity, MAP_MAX_ORDERS, OPEN_STATUSES, type MapData, type MapOrder, type MapRange, type MapWorker } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { Params } from '../../records/sql.ts';
import type { Caller } from '../../records/scope.ts';
import { chinaDate, chinaDay } from './china-time.ts';

const workOrder = getEntity('new_srv_workorder')!;
const serviceWorker = getEntity('new_srv_worker')!;

/** The China-time day an order falls on: its appointment date when set, else its creation day. */
const ORDER_DAY = `COALESCE(o.new_appointmenttime, ${chinaDay('o.createdon')})`;

type OrderRow = {
  id: string; name: string | null; lng: string; lat: string; dealstatus: number | null; status: number; type: number | null;
  customer: string | null; contact: string | null; phone: string | null; address: string | null; province: string | null; city: string | null; county: string | null;
  appdate: string | null; appbegin: number | null; append: number | null; station_id: string; station_name: string | null;
  worker_id: string | null; worker_name: string | null; createdon: Date;
};
type WorkerRow = {
  id: string; name: string; code: string; phone: string | null; lng: string | null; lat: string | null; load: number;
  station_id: string; station_name: string | null; locatedon: Date | null;
};

/** Open orders (status 1–5) and the day filter, in the caller's scope; the parameters go to `p`. */
function orderFilter(p: Params, caller: Caller, range: MapRange, now: Date): string {
  const where = [p.scope(workOrder, caller, 'o'), `o.new_status = ANY(${p.add([...OPEN_STATUSES], 'int[]')})`];
  if (range !== 'all') where.push(`${ORDER_DAY} = ${p.add(chinaDate(now, range === 'today' ? 0 : 1), 'date')}`);
  return where.join(' AND ');
}

/**
 * What the work-order map shows: open orders with coordinates (newest first, at most
 * MAP_MAX_ORDERS), the count still to be assigned, and the engineers of the caller's stations with
 * their last position and load (orders in service). Three statements, run side by side.
 */
export async function mapData(sql: Sql, caller: Caller, range: MapRange, now = new Date()): Promise<MapData> {
  const po = new Params();
  const orderSql = `
    SELECT o.new_srv_workorderid AS id, o.new_name AS name, o.new_longitude AS lng, o.new_latitude AS lat,
           o.new_dealstatus AS dealstatus, o.new_status AS status, o.new_type AS type,
           o.new_customer AS customer, o.new_contact AS contact, o.new_phone AS phone,
           o.new_province AS province, o.new_city AS city, o.new_county AS county, o.new_address AS address,
           to_char(o.new_appointmenttime, 'YYYY-MM-DD') AS appdate, o.new_appointmentbegin AS appbegin, o.new_appointmentend AS append,
           o.new_station_id AS station_id, s.new_name AS station_name, o.new_worker_id AS worker_id, w.new_name AS worker_name, o.createdon
      FROM new_srv_workorder o
      LEFT JOIN new_srv_station s ON s.new_srv_stationid = o.new_station_id
      LEFT JOIN new_srv_worker w ON w.new_srv_workerid = o.new_worker_id
     WHERE ${orderFilter(po, caller, range, now)} AND o.new_longitude IS NOT NULL AND o.new_latitude IS NOT NULL
     ORDER BY o.createdon DESC, o.new_srv_workorderid DESC
     LIMIT ${po.add(MAP_MAX_ORDERS + 1, 'int')}`;

  const pc = new Params();
  const countSql = `SELECT count(*)::int AS n FROM new_srv_workorder o WHERE ${orderFilter(pc, caller, range, now)} AND o.new_status = 1`;

  // Load: the orders an engineer has in service (status 2–5, as the dispatch command keeps
  // new_load), counted here on the worker index so the map is right even before a command ran.
  const pw = new Params();
  const workerSql = `
    SELECT w.new_srv_workerid AS id, w.new_name AS name, w.new_code AS code, w.new_phone AS phone,
           w.new_longitude AS lng, w.new_latitude AS lat, w.new_locationtime AS locatedon,
           w.new_station_id AS station_id, s.new_name AS station_name, l.n AS load
      FROM new_srv_worker w
      LEFT JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM new_srv_workorder x
         WHERE x.new_worker_id = w.new_srv_workerid AND x.new_status BETWEEN 2 AND 5
      ) l
     WHERE ${pw.scope(serviceWorker, caller, 'w')} AND w.statecode = 0
     ORDER BY s.new_name, w.new_code`;

  const [orders, count, workers] = await Promise.all([
    sql.query<OrderRow>(orderSql, po.values),
    sql.query<{ n: number }>(countSql, pc.values),
    sql.query<WorkerRow>(workerSql, pw.values),
  ]);
  const truncated = orders.rows.length > MAX_ROWS;
  return {
    orders: orders.rows.slice(0, MAX_ROWS).map(toMapOrder),
    workers: workers.rows.map(toMapWorker),
    toAssign: count.rows[0].n,
    truncated,
  };
}

const MAX_ROWS = MAP_MAX_ORDERS;

function toMapOrder(r: OrderRow): MapOrder {
  return {
    id: r.id,
    name: r.name ?? '',
    lng: Number(r.lng),
    lat: Number(r.lat),
    dealstatus: r.dealstatus ?? 1,
    status: r.status,
    type: r.type,
    customer: r.customer ?? '',
    contact: r.contact ?? '',
    phone: r.phone ?? '',
    // The full address reads as written on a Chinese envelope: province, city, county, street.
    address: [r.province, r.city === r.province ? null : r.city, r.county, r.address].filter(Boolean).join(''),
    appointmentDate: r.appdate,
    appointmentBegin: r.appbegin,
    appointmentEnd: r.append,
    stationId: r.station_id,
    stationName: r.station_name ?? '',
    workerId: r.worker_id,
    workerName: r.worker_name,
    createdOn: r.createdon.toISOString(),
  };
}

function toMapWorker(r: WorkerRow): MapWorker {
  const located = r.lng != null && r.lat != null;
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    phone: r.phone ?? '',
    lng: located ? Number(r.lng) : null,
    lat: located ? Number(r.lat) : null,
    load: r.load,
    stationId: r.station_id,
    stationName: r.station_name ?? '',
    locatedOn: r.locatedon ? r.locatedon.toISOString() : null,
  };
}
