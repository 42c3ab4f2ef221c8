import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { applyQueue, cachedOrder, cachedOrders, refreshOrder, refreshOrders, type CachedOrder, type OrderView } from './orders.ts';
import {
  dismiss,
  enqueue,
  isSyncing,
  onQueueChange,
  queued,
  queueVersion,
  sentItems,
  syncQueue,
  type NewAction,
  type QueueItem,
  type SyncOutcome,
} from './queue.ts';
import { sendQueued } from './send.ts';

/*
 * The engineer app's one code path for actions: record in the queue, then sync (at once when
 * online). Sync also runs at app start (the screens' first mount), on the browser's `online` event
 * and from the 同步 button; orders an action reached are read again afterwards.
 */

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** Sends the pending actions in order, then re-reads the orders they reached (when the server answers). */
export async function syncNow(userId: string): Promise<SyncOutcome | undefined> {
  if (!userId) return undefined;
  const out = await syncQueue(userId, sendQueued);
  for (const id of out.orders) await refreshOrder(userId, id).catch(() => undefined);
  if (out.orders.length) touchOrders();
  return out;
}

/** Records an action on the phone and, online, sends it right away (the same queue either way). */
export async function act(userId: string, a: NewAction): Promise<QueueItem> {
  const item = await enqueue(userId, a);
  if (isOnline()) void syncNow(userId);
  return item;
}

let started = '';
/** Starts syncing for the signed-in engineer: now, and whenever the connection returns. Once per user. */
export function startSync(userId: string): void {
  if (!userId || started === userId || typeof window === 'undefined') return;
  started = userId;
  window.addEventListener('online', () => void syncNow(started));
  void syncNow(userId);
}

// Orders re-read from the server: the screens reading them refresh.
let ordersVersion = 0;
const orderListeners = new Set<() => void>();
function touchOrders(): void {
  ordersVersion += 1;
  for (const l of [...orderListeners]) l();
}
const onOrdersChange = (l: () => void) => {
  orderListeners.add(l);
  return () => orderListeners.delete(l);
};

/** The queue of the user (pending and refused), re-read on every change, and whether a sync runs. */
export function useQueue(userId: string): { items: QueueItem[]; sent: QueueItem[]; syncing: boolean; loaded: boolean } {
  const version = useSyncExternalStore(onQueueChange, queueVersion);
  const [state, setState] = useState<{ items: QueueItem[]; sent: QueueItem[]; loaded: boolean }>({ items: [], sent: [], loaded: false });
  useEffect(() => {
    let live = true;
    if (userId) {
      void Promise.all([queued(userId), sentItems(userId)]).then(
        ([items, sent]) => live && setState({ items, sent, loaded: true }),
        () => live && setState((s) => ({ ...s, loaded: true })),
      );
    }
    return () => {
      live = false;
    };
  }, [userId, version]);
  return { ...state, syncing: isSyncing() };
}

export const dismissRefused = (seq: number) => dismiss(seq);

/** Whether the browser reports a connection (re-rendered on online/offline). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    isOnline,
    () => true,
  );
}

type Load<T> = { data: T; fromCache: boolean; loading: boolean; error: string | null; savedAt: string | null };

/**
 * The engineer's open orders: read from the server when it answers (and kept on the phone), else
 * the phone's copy; each with the queued actions applied.
 */
export function useMyOrders(userId: string): Load<OrderView[]> & { reload: () => void } {
  const { items, sent } = useQueue(userId);
  const touched = useSyncExternalStore(onOrdersChange, () => ordersVersion);
  const [n, setN] = useState(0);
  const [state, setState] = useState<{ orders: CachedOrder[]; fromCache: boolean; loading: boolean; error: string | null }>({
    orders: [],
    fromCache: false,
    loading: true,
    error: null,
  });
  useEffect(() => {
    let live = true;
    if (!userId) return;
    setState((s) => ({ ...s, loading: true }));
    (async () => {
      const keep = new Set(
        (await queued(userId).catch(() => [] as QueueItem[])).filter((i) => i.state === 'pending').map((i) => i.orderId),
      );
      try {
        if (!isOnline()) throw new Error('offline');
        const orders = await refreshOrders(userId, keep);
        const kept = (await cachedOrders(userId)).filter((c) => keep.has(c.id) && !orders.some((o) => o.id === c.id));
        if (live) setState({ orders: [...orders, ...kept], fromCache: false, loading: false, error: null });
      } catch (e) {
        const orders = await cachedOrders(userId).catch(() => [] as CachedOrder[]);
        if (live)
          setState({
            orders,
            fromCache: true,
            loading: false,
            error: isOnline() && e instanceof Error && e.message !== 'offline' ? e.message : null,
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [userId, n, touched]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  const data = state.orders.map((c) => applyQueue(c, items, sent));
  const savedAt = state.orders.reduce<string | null>((m, c) => (!m || c.savedAt < m ? c.savedAt : m), null);
  return { data, fromCache: state.fromCache, loading: state.loading, error: state.error, savedAt, reload };
}

/** One order (row, lines, photos) from the server when it answers, else from the phone; queue applied. */
export function useMyOrder(userId: string, id: string): Load<OrderView | null> & { reload: () => void } {
  const { items, sent } = useQueue(userId);
  const touched = useSyncExternalStore(onOrdersChange, () => ordersVersion);
  const [n, setN] = useState(0);
  const [state, setState] = useState<{ order: CachedOrder | null; fromCache: boolean; loading: boolean; error: string | null }>({
    order: null,
    fromCache: false,
    loading: true,
    error: null,
  });
  useEffect(() => {
    let live = true;
    if (!userId || !id) return;
    (async () => {
      try {
        if (!isOnline()) throw new Error('offline');
        const order = await refreshOrder(userId, id);
        if (live) setState({ order, fromCache: false, loading: false, error: null });
      } catch (e) {
        const order = (await cachedOrder(userId, id).catch(() => undefined)) ?? null;
        const message = e instanceof Error && e.message !== 'offline' ? e.message : null;
        if (live) setState({ order, fromCache: true, loading: false, error: order ? null : message });
      }
    })();
    return () => {
      live = false;
    };
  }, [userId, id, n, touched]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return {
    data: state.order ? applyQueue(state.order, items, sent) : null,
    fromCache: state.fromCache,
    loading: state.loading,
    error: state.error,
    savedAt: state.order?.savedAt ?? null,
    reload,
  };
}
