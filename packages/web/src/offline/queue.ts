import type { LineKind, ProgressStep } from '@portal/model';
import { ApiError } from '../api/envelope.ts';
import { allOf, get, put, remove } from './idb.ts';

/**
 * The engineer app's action queue (issue 15). Every action on an order — online or not — is first
 * written here with the moment it was taken and a fresh Idempotency-Key, then sent IN ORDER:
 * - accepted → moved to `sent` (the server has it; a replay with its key changes nothing);
 * - refused by the server (400/403/404…: the order was reassigned, cancelled, a rule failed) →
 *   kept as `refused` with the server's message until the engineer dismisses it;
 * - no answer (offline, network, 5xx, the session to renew) → stays pending, and so does everything
 *   after it: the next sync (online event, app start, 同步) goes on from there.
 * Nothing recorded on the phone is dropped without the engineer seeing it.
 */
export type QueueKind = 'progress' | 'complete' | 'lineAdd' | 'lineDelete' | 'upload' | 'appointment';

export interface QueuedFile {
  name: string;
  type: string;
  /** The bytes (an ArrayBuffer clones into IndexedDB everywhere; a Blob not in every engine). */
  data: ArrayBuffer;
}

export interface QueueItem {
  seq?: number;
  userId: string;
  orderId: string;
  /** The order's number, to name it in the 未能同步 list even once the order is gone from the phone. */
  orderName: string;
  kind: QueueKind;
  /** The command's JSON body (progress: step and time…; complete: times and result; appointment: date, slots, status, reason, note; line fields). */
  body?: Record<string, unknown>;
  step?: ProgressStep;
  lineKind?: LineKind;
  lineId?: string;
  file?: QueuedFile;
  /** How the phone shows an added line until the server has it (the part's name…); not sent. */
  display?: Record<string, unknown>;
  /** Idempotency-Key: generated once, sent with every try of this action. */
  key: string;
  /** When the engineer took the action (ISO). */
  at: string;
  state: 'pending' | 'refused';
  /** The server's message of a refusal. */
  message?: string;
  status?: number;
  sentAt?: string;
}

export type NewAction = Omit<QueueItem, 'seq' | 'key' | 'state' | 'userId' | 'at'> & { at?: string };

/** A v4 UUID; also where `crypto.randomUUID` is missing (plain http on a LAN is not a secure context). */
export function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;
/** Changes of the queue (its screens re-read it). */
export function onQueueChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export const queueVersion = () => version;
function changed(): void {
  version += 1;
  for (const l of [...listeners]) l();
}

/** Records an action: kept on the phone first, with its time and key. */
export async function enqueue(userId: string, a: NewAction): Promise<QueueItem> {
  const item: QueueItem = { ...a, userId, at: a.at ?? new Date().toISOString(), key: newKey(), state: 'pending' };
  item.seq = Number(await put('queue', item));
  changed();
  return item;
}

/** The user's queue in the order the actions were taken (pending and refused). */
export const queued = (userId: string) => allOf<QueueItem>('queue', userId);
/** What the server has accepted lately (newest last). */
export const sentItems = (userId: string) => allOf<QueueItem>('sent', userId);

/** The engineer has read a refusal: it leaves the phone (the sent log keeps nothing of it). */
export async function dismiss(seq: number): Promise<void> {
  const item = await get<QueueItem>('queue', seq);
  if (item?.state !== 'refused') return;
  await remove('queue', seq);
  changed();
}

/** Sends one action; resolves when the server accepted it, rejects with its ApiError otherwise. */
export type Sender = (item: QueueItem) => Promise<unknown>;

/** A refusal by the server (stays visible) as opposed to no answer (stays queued). */
export function isRefusal(e: unknown): e is ApiError {
  if (!(e instanceof ApiError)) return false;
  if (e.status >= 200 && e.status < 300) return true; // an envelope with ErrorCode ≠ 0
  return e.status >= 400 && e.status < 500 && ![401, 408, 409, 425, 429].includes(e.status);
}

export interface SyncOutcome {
  sent: number;
  refused: number;
  /** Left pending: no answer from the server (offline, network, server error). */
  stopped: boolean;
  /** Orders an action reached (accepted or refused): to read again. */
  orders: string[];
}

const SENT_KEPT = 40;
let running: Promise<SyncOutcome> | undefined;
let again = false;

/**
 * Sends the user's pending actions in order. One sync at a time: a call while one runs joins it,
 * and the running one goes round once more for what was queued meanwhile.
 */
export function syncQueue(userId: string, send: Sender): Promise<SyncOutcome> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const total: SyncOutcome = { sent: 0, refused: 0, stopped: false, orders: [] };
    do {
      again = false;
      const out = await drain(userId, send);
      total.sent += out.sent;
      total.refused += out.refused;
      total.stopped = out.stopped;
      total.orders = [...new Set([...total.orders, ...out.orders])];
      if (out.stopped) break;
    } while (again);
    return total;
  })().finally(() => {
    running = undefined;
    changed();
  });
  return running;
}

export const isSyncing = () => running !== undefined;

async function drain(userId: string, send: Sender): Promise<SyncOutcome> {
  const out: SyncOutcome = { sent: 0, refused: 0, stopped: false, orders: [] };
  const touched = new Set<string>();
  changed();
  try {
    // Re-read after each action: one queued meanwhile (another tap while syncing) is sent too, in order.
    for (;;) {
      const item = (await queued(userId)).find((i) => i.state === 'pending');
      if (!item) break;
      try {
        await send(item);
      } catch (e) {
        if (!isRefusal(e)) {
          out.stopped = true;
          break;
        }
        await put('queue', { ...item, state: 'refused', message: e.message, status: e.status });
        out.refused += 1;
        touched.add(item.orderId);
        changed();
        continue;
      }
      await put('sent', { ...item, sentAt: new Date().toISOString() });
      await remove('queue', item.seq!);
      out.sent += 1;
      touched.add(item.orderId);
      changed();
    }
    const sent = await sentItems(userId);
    for (const old of sent.slice(0, Math.max(0, sent.length - SENT_KEPT))) await remove('sent', old.seq!);
  } finally {
    out.orders = [...touched];
  }
  return out;
}
