import type { LineKind } from '@portal/model';
import { IN_SERVICE_STATUSES, workOrderDealStatus, workOrderStatus } from '@portal/model/option-sets/work-order.ts';
import { PROGRESS_STEP_STATES } from '@portal/model/work-order-api.ts';
import { workOrder } from '@portal/model/entities/work-order.ts';
import { partLine, repairItem } from '@portal/model/entities/work-order-details.ts';
import { listAttachments } from '../api/attachments.ts';
import { getMe } from '../api/portal.ts';
import { FORMATTED, retrieveMultiple, retrieveRecord, type RecordRow } from '../api/records.ts';
import { literal } from '../entity-ui/odata.ts';
import { allOf, get, put, replaceAll } from './idb.ts';
import type { QueueItem } from './queue.ts';

/**
 * The engineer's orders kept on the phone (IndexedDB `orders`): each as the server last answered
 * (the row, its repair items and replaced parts, its photo count), and what the screens show — that
 * plus the actions still waiting in the queue, applied on the phone the way the server will.
 */
export const WORK_ORDER = workOrder.logicalName;
export const ORDER_FIELDS = [
  'new_srv_workorderid',
  'new_name',
  'new_customer',
  'new_contact',
  'new_phone',
  'new_province',
  'new_city',
  'new_county',
  'new_address',
  'new_longitude',
  'new_latitude',
  'new_appointmenttime',
  'new_appointmentbegin',
  'new_appointmentend',
  'new_appointmentstatus',
  'new_status',
  'new_dealstatus',
  'new_type',
  'new_station_id',
  'new_faultdesc',
  'new_model',
  'new_product_id',
  'new_serialnumber',
  'new_dispatchtime',
  'new_responsetime',
  'new_departuretime',
  'new_departureaddress',
  'new_arrivaltime',
  'new_arrivaladdress',
  'new_completiontime',
  'new_serviceresult',
  'new_solution',
  'new_fixtype',
];
export const LINE_KINDS = ['repairitems', 'partlines'] as const satisfies readonly LineKind[];
export type AppLineKind = (typeof LINE_KINDS)[number];
const LINE_ENTITY = { repairitems: repairItem, partlines: partLine } as const;
const LINE_FIELDS: Record<AppLineKind, string[]> = {
  repairitems: ['new_srv_repairitemid', 'new_name', 'new_hours', 'new_price', 'new_amount', 'new_memo'],
  partlines: ['new_srv_partlineid', 'new_name', 'new_product_id', 'new_qty', 'new_price', 'new_amount'],
};

export interface CachedOrder {
  id: string;
  userId: string;
  row: RecordRow;
  /** Lines and photos once the order was opened online (the list reads rows only). */
  lines?: Record<AppLineKind, RecordRow[]>;
  photos?: number;
  savedAt: string;
}

export interface LineView {
  row: RecordRow;
  /** Added on the phone, not yet on the server. */
  pending: boolean;
}

export interface OrderView {
  id: string;
  row: RecordRow;
  lines: Record<AppLineKind, LineView[]>;
  photos: number;
  /** Actions of this order waiting to be sent. */
  pending: QueueItem[];
  savedAt: string;
  /** Lines and photos are known (opened online once). */
  complete: boolean;
}

const lineIdOf = (kind: AppLineKind, row: RecordRow) => String(row[LINE_ENTITY[kind].primaryKey] ?? '');

/** Sets fields of a row, dropping their stale display texts. */
function setFields(row: RecordRow, values: RecordRow): RecordRow {
  const next = { ...row };
  for (const [k, v] of Object.entries(values)) {
    next[k] = v;
    delete next[`${k}${FORMATTED}`];
  }
  return next;
}

/** The order as the phone sees it: the server's copy with the pending actions applied in order. */
export function applyQueue(c: CachedOrder, items: readonly QueueItem[], sent: readonly QueueItem[] = []): OrderView {
  let row = { ...c.row };
  const lines: Record<AppLineKind, LineView[]> = {
    repairitems: (c.lines?.repairitems ?? []).map((r) => ({ row: r, pending: false })),
    partlines: (c.lines?.partlines ?? []).map((r) => ({ row: r, pending: false })),
  };
  let photos = c.photos ?? 0;
  const pending = items.filter((i) => i.orderId === c.id && i.state === 'pending');
  // Accepted after this copy was read: the server has them, the copy not yet (until it is read again).
  const newer = sent.filter((i) => i.orderId === c.id && (i.sentAt ?? '') > c.savedAt);
  for (const i of [...newer, ...pending]) {
    const b = i.body ?? {};
    if (i.kind === 'progress') {
      const to = i.step ? PROGRESS_STEP_STATES[i.step] : undefined;
      if (to) row = setFields(row, { new_status: to.status, new_dealstatus: to.dealstatus });
      if (i.step === 'response') row = setFields(row, { new_responsetime: b.time });
      if (i.step === 'departure') row = setFields(row, { new_departuretime: b.time, new_departureaddress: b.address });
      if (i.step === 'arrival') row = setFields(row, { new_arrivaltime: b.time, new_arrivaladdress: b.address });
    } else if (i.kind === 'complete') {
      row = setFields(row, {
        new_status: workOrderStatus.completed,
        new_dealstatus: workOrderDealStatus.completed,
        new_completiontime: b.completionTime,
        new_serviceresult: b.serviceResult ?? row.new_serviceresult,
        new_solution: b.solution ?? row.new_solution,
        new_fixtype: b.fixtype ?? row.new_fixtype,
      });
    } else if (i.kind === 'appointment') {
      row = setFields(row, {
        new_appointmenttime: b.date,
        new_appointmentbegin: b.begin,
        new_appointmentend: b.end,
        new_appointmentstatus: b.status,
      });
    } else if (i.kind === 'upload') {
      photos += 1;
    } else if (i.kind === 'lineAdd' && i.lineKind && i.lineKind in lines) {
      lines[i.lineKind as AppLineKind].push({ row: { ...b, ...i.display }, pending: true });
    } else if (i.kind === 'lineDelete' && i.lineKind && i.lineKind in lines) {
      const k = i.lineKind as AppLineKind;
      lines[k] = lines[k].filter((l) => l.pending || lineIdOf(k, l.row) !== i.lineId);
    }
  }
  return { id: c.id, row, lines, photos, pending, savedAt: c.savedAt, complete: c.lines !== undefined };
}

export const cachedOrders = (userId: string) => allOf<CachedOrder>('orders', userId);
export const cachedOrder = async (userId: string, id: string) => {
  const c = await get<CachedOrder>('orders', id);
  return c?.userId === userId ? c : undefined;
};

/** Orders still being serviced by the engineer: dispatched, responded, set out, arrived. */
export const OPEN_FILTER = `new_status in (${IN_SERVICE_STATUSES.join(',')})`;
const MAX_ORDERS = 200;

/** The account's personnel record, asked once per user and page (it changes only by a user manager). */
const workers = new Map<string, Promise<string | null>>();
function workerOf(userId: string): Promise<string | null> {
  let w = workers.get(userId);
  if (!w) {
    w = getMe({ silent: true }).then((me) => me.workerId ?? null);
    w.catch(() => workers.delete(userId));
    workers.set(userId, w);
  }
  return w;
}

/**
 * Reads the engineer's open orders — those assigned to the account's own personnel record, whatever
 * else the account may read (an administrator reads every station's: issue 24) — and keeps them on
 * the phone. Orders no longer open leave the phone, unless an action of theirs still waits. An
 * account without a personnel record has no orders of its own.
 */
export async function refreshOrders(userId: string, keepIds: ReadonlySet<string>): Promise<CachedOrder[]> {
  const worker = await workerOf(userId);
  const { rows } = worker
    ? await retrieveMultiple(
        workOrder.entitySet,
        {
          select: ORDER_FIELDS,
          filter: `${OPEN_FILTER} and new_worker_id eq ${literal(workOrder.allFields.new_worker_id, worker)}`,
          top: MAX_ORDERS,
        },
        { silent: true },
      )
    : { rows: [] as RecordRow[] };
  const old = new Map((await cachedOrders(userId)).map((c) => [c.id, c]));
  const savedAt = new Date().toISOString();
  const fresh: CachedOrder[] = rows.map((row) => {
    const id = String(row.new_srv_workorderid);
    const prev = old.get(id);
    return { id, userId, row, lines: prev?.lines, photos: prev?.photos, savedAt };
  });
  await replaceAll('orders', userId, fresh, (o) => keepIds.has(o.id));
  return fresh;
}

/** Reads one order with its lines and photo count, and keeps it on the phone. */
export async function refreshOrder(userId: string, id: string): Promise<CachedOrder> {
  const lines = (k: AppLineKind) => {
    const e = LINE_ENTITY[k];
    const filter = `new_workorder_id eq ${literal(e.allFields.new_workorder_id, id)}`;
    return retrieveMultiple(e.entitySet, { select: LINE_FIELDS[k], filter, orderby: 'createdon asc', top: 200 }, { silent: true }).then(
      (r) => r.rows,
    );
  };
  const [row, repairitems, partlines, files] = await Promise.all([
    retrieveRecord(workOrder.entitySet, id, ORDER_FIELDS, { silent: true }),
    lines('repairitems'),
    lines('partlines'),
    listAttachments(WORK_ORDER, id, { silent: true }),
  ]);
  const photos = files.filter((f) => (f.ContentType ?? '').startsWith('image/')).length;
  const c: CachedOrder = { id, userId, row, lines: { repairitems, partlines }, photos, savedAt: new Date().toISOString() };
  await put('orders', c);
  return c;
}

export { lineIdOf };
