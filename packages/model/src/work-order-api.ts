/**
 * The work-order calls (spec 001 leaves them "not shown"; designed here). The web app and the
 * server both use these types; the commands are in `server/src/domain/work-order`. Every call needs
 * a signed-in user; each command is one transaction on the order row (locked), checks the caller's
 * scope (404 outside it) and answers `{ id, message, status, dealstatus }` with a display message
 * in the caller's language, or 400 `{ error: { code, message, field? } }` and changes nothing.
 */
import { workOrderDealStatus, workOrderStatus } from './option-sets/work-order.ts';
import type { Privilege } from './security/privileges.ts';

export const WORK_ORDER_API = '/api/workorders';

/** POST {id}/dispatch — privilege workorder.dispatch (WORK_ORDER_COMMAND_PRIVILEGES). Dispatch or reassign (message dispatched / reassigned). */
export interface DispatchRequest {
  workerId: string;
  memo?: string;
}

/**
 * POST {id}/appointment — privilege workorder.dispatch or workorder.service. `date` is the day in China time
 * (YYYY-MM-DD), `begin` < `end` are slots of APPOINTMENT_SLOTS; `reason` is required when an
 * existing appointment changes (status 2 date change, 3 another reservation, or a different date/slot).
 */
export interface AppointmentRequest {
  date: string;
  begin: number;
  end: number;
  status: number;
  reason?: number | null;
  memo?: string;
}

/** The engineer's progress steps the portal records on the engineer's behalf, in this order. */
export const PROGRESS_STEPS = ['response', 'departure', 'arrival', 'photos'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/**
 * Each step: the order status it is recorded from, and the status and handling status it leaves
 * (photos leave the order arrived; the handling status tells the two apart).
 */
export const PROGRESS_STEP_STATES: Readonly<Record<ProgressStep, { from: number; status: number; dealstatus: number }>> = {
  response: { from: workOrderStatus.dispatched, status: workOrderStatus.responded, dealstatus: workOrderDealStatus.responded },
  departure: { from: workOrderStatus.responded, status: workOrderStatus.setOut, dealstatus: workOrderDealStatus.departed },
  arrival: { from: workOrderStatus.setOut, status: workOrderStatus.arrived, dealstatus: workOrderDealStatus.arrived },
  photos: { from: workOrderStatus.arrived, status: workOrderStatus.arrived, dealstatus: workOrderDealStatus.photographed },
};

/**
 * POST {id}/progress — privilege workorder.write or workorder.service. `time` is an ISO instant (not in the future);
 * departure and arrival need `address`; `longitude`/`latitude` (GPS, WGS-84) also move the
 * engineer's last known position; `photos` needs at least one image attachment on the order.
 */
export interface ProgressRequest {
  step: ProgressStep;
  time: string;
  address?: string;
  longitude?: number;
  latitude?: number;
  memo?: string;
}

/**
 * POST {id}/complete — privilege workorder.write. Fills whatever progress is missing from these
 * values, then requires departure time and address, arrival time and address, photos and the
 * completion time (spec 001 §5, messages wo.need*) and departure ≤ arrival ≤ completion.
 */
export interface CompleteRequest {
  departureTime?: string;
  departureAddress?: string;
  arrivalTime?: string;
  arrivalAddress?: string;
  completionTime?: string;
  completionAddress?: string;
  fixtype?: number | null;
  solution?: string;
  serviceResult?: string;
}

/** POST {id}/cancel — privilege workorder.write; status 1–5 only. */
export interface CancelRequest {
  reason: string;
}

/**
 * POST {id}/audit — privilege workorder.audit; status 7 only. pass=true → status 10 (checked);
 * pass=false (memo required) keeps status 7 and logs the refusal for the station to correct.
 * Refusals of this call (and of cancel) are wrapped in wo.auditFailed / wo.cancelFailed.
 */
export interface AuditRequest {
  pass: boolean;
  memo?: string;
}

/** POST {id}/revisit — privilege workorder.audit; status 10 only. */
export interface RevisitRequest {
  memo: string;
  sampleStatus?: number | null;
}

/** POST {id}/settlement — privilege workorder.audit; moves one step along SETTLEMENT_SEQUENCE (11→12→…→16). */
export interface SettlementRequest {
  status: number;
  settlementNo?: string;
}

/** POST {id}/supervise — privilege workorder.audit; marks an open order abnormal with a reason. */
export interface SuperviseRequest {
  reason: string;
}

/**
 * Details: POST {id}/lines/{kind} (add), PATCH {id}/lines/{kind}/{lineId}, DELETE {id}/lines/{kind}/{lineId};
 * privilege workorder.write or workorder.service; body = the detail entity's writable fields (see LINE_ENTITIES; the
 * order, station, name of a part line and amounts are set by the server). Allowed while the order is
 * not cancelled and not yet audited (status 1–5 or 7). The order's servicecharge (Σ repair items),
 * partcost (Σ part lines), outsidecost (Σ outside lines) and totalcost are kept in the same transaction.
 */
export const LINE_ENTITIES = {
  repairitems: 'new_srv_repairitem',
  partlines: 'new_srv_partline',
  troubles: 'new_srv_trouble',
  outsidelines: 'new_srv_outsideline',
} as const;
export type LineKind = keyof typeof LINE_ENTITIES;

/**
 * Who may run each command: any one of the privileges (rights add up). The engineer's
 * `workorder.service` covers appointment, progress (photos), completion and detail lines of the
 * orders in their reach (assigned to them); dispatch, cancel and generic edits stay with
 * `workorder.dispatch` / `workorder.write`. The server enforces this table; the edit screen reads it.
 */
export const WORK_ORDER_COMMAND_PRIVILEGES = {
  dispatch: ['workorder.dispatch'],
  appointment: ['workorder.dispatch', 'workorder.service'],
  progress: ['workorder.write', 'workorder.service'],
  complete: ['workorder.write', 'workorder.service'],
  cancel: ['workorder.write'],
  audit: ['workorder.audit'],
  revisit: ['workorder.audit'],
  settlement: ['workorder.audit'],
  supervise: ['workorder.audit'],
  lines: ['workorder.write', 'workorder.service'],
} as const satisfies Record<string, readonly Privilege[]>;
export type WorkOrderCommand = keyof typeof WORK_ORDER_COMMAND_PRIVILEGES;

/**
 * GET {id}/parts?q=&limit= — the line privilege (workorder.write or workorder.service) and the order
 * in the caller's reach (404 otherwise). Active parts whose name, part number or model contains `q`,
 * each with what the order's station warehouse has available (`null`: the station has no
 * warehouse); parts in stock first, then by part number. The engineer app's part picker.
 */
export interface WorkOrderPartOption {
  id: string;
  name: string;
  number: string;
  available: number | null;
}
export const WORK_ORDER_PARTS_MAX = 50;

export interface CommandResult {
  id: string;
  message: string;
  status: number;
  dealstatus: number;
  /** Line calls only: the detail line added, changed or deleted (`id` stays the order's). */
  lineId?: string;
}

/** GET map?range=all|today|tomorrow — privilege workorder.read. Coordinates as stored (GPS, WGS-84). */
export type MapRange = 'all' | 'today' | 'tomorrow';
/** An order on the map as the screen uses it (expanded from MapData's columns by `mapView`). */
export interface MapOrder {
  id: string;
  name: string;
  lng: number;
  lat: number;
  status: number;
  customer: string;
  contact: string;
  phone: string;
  address: string;
  appointmentDate: string | null;
  appointmentBegin: number | null;
  appointmentEnd: number | null;
  stationId: string;
  stationName: string;
  workerId: string | null;
  workerName: string | null;
}
export interface MapWorker {
  id: string;
  name: string;
  code: string;
  phone: string;
  lng: number | null;
  lat: number | null;
  load: number;
  stationId: string;
  stationName: string;
  locatedOn: string | null;
}
/** One entry of the map answer's dictionaries: a station, or an engineer an order is assigned to. */
export interface MapName {
  id: string;
  name: string;
}
/**
 * The map's orders as columns: one array per field, the same index in each is the same order
 * (newest first). Only what the markers, the list's rows and its quick search need: 10,000 orders
 * as objects were 5.4 MB (the keys and three ids repeated in each); stations and assignees are
 * indexes into MapData's dictionaries (-1: none).
 */
export interface MapOrderColumns {
  id: string[];
  name: string[];
  lng: number[];
  lat: number[];
  status: number[];
  customer: string[];
  contact: string[];
  phone: string[];
  address: string[];
  appointmentDate: (string | null)[];
  appointmentBegin: (number | null)[];
  appointmentEnd: (number | null)[];
  /** Index into MapData.stations. */
  station: number[];
  /** Index into MapData.assignees; -1: not assigned. */
  worker: number[];
}
export interface MapData {
  orders: MapOrderColumns;
  /** The orders' stations. */
  stations: MapName[];
  /** The engineers the orders are assigned to (also those not in `workers`, e.g. since deactivated). */
  assignees: MapName[];
  workers: MapWorker[];
  /** Open orders still to be assigned (status 1) in the caller's scope and the range. */
  toAssign: number;
  /** More orders matched than MAP_MAX_ORDERS; the newest were sent. */
  truncated: boolean;
}
/** The map answer with its orders as objects. */
export interface MapView {
  orders: MapOrder[];
  workers: MapWorker[];
  toAssign: number;
  truncated: boolean;
}

/** The orders of a map answer as objects (one pass; the screen, the tests and the e2e page use it). */
export function mapView(d: MapData): MapView {
  const c = d.orders;
  const orders: MapOrder[] = new Array(c.id.length);
  for (let i = 0; i < c.id.length; i++) {
    const st = d.stations[c.station[i]];
    const w = c.worker[i] >= 0 ? d.assignees[c.worker[i]] : undefined;
    orders[i] = {
      id: c.id[i],
      name: c.name[i],
      lng: c.lng[i],
      lat: c.lat[i],
      status: c.status[i],
      customer: c.customer[i],
      contact: c.contact[i],
      phone: c.phone[i],
      address: c.address[i],
      appointmentDate: c.appointmentDate[i],
      appointmentBegin: c.appointmentBegin[i],
      appointmentEnd: c.appointmentEnd[i],
      stationId: st?.id ?? '',
      stationName: st?.name ?? '',
      workerId: w?.id ?? null,
      workerName: w?.name ?? null,
    };
  }
  return { orders, workers: d.workers, toAssign: d.toAssign, truncated: d.truncated };
}
export const MAP_MAX_ORDERS = 20_000;

/** GET dashboard — privilege workorder.read; counts inside the caller's scope. */
export interface DashboardData {
  byType: { value: number; count: number }[];
  byProductLine: { id: string | null; name: string; count: number }[];
  uncompletedByDeal: { value: number; count: number }[];
  /** The last 6 months (China time), oldest first: orders created and orders completed in each. */
  lastMonths: { month: string; from: string; to: string; created: number; completed: number }[];
  abnormal: { total: number; byDeal: { value: number; count: number }[] };
}
