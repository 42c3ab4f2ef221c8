/**
 * The engineer app's IndexedDB (raw API, a few promise helpers). Stores:
 * - `orders`: the engineer's orders as last read (plus what the phone did to them since), key `id`;
 * - `queue`: actions waiting to be sent or refused by the server, key `seq` (auto-increment = the
 *   order they were taken in);
 * - `sent`: the last actions the server accepted (kept a while: what was done, and a replay source);
 * - `lookups`: small lists a screen needs offline (parts picked before), key `key`.
 * Every record carries the signed-in user's id: another user on the same phone sees none of it.
 */
export const DB_NAME = 'portal-engineer-app';
const VERSION = 1;
export type StoreName = 'orders' | 'queue' | 'sent' | 'lookups';

let opening: Promise<IDBDatabase> | undefined;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, VERSION);
    r.onupgradeneeded = () => {
      const db = r.result;
      db.createObjectStore('orders', { keyPath: 'id' }).createIndex('userId', 'userId');
      db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true }).createIndex('userId', 'userId');
      db.createObjectStore('sent', { keyPath: 'seq' }).createIndex('userId', 'userId');
      db.createObjectStore('lookups', { keyPath: 'key' });
    };
    r.onsuccess = () => {
      const db = r.result;
      // Another tab upgrading the schema: let it, this one reopens on next use.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    r.onerror = () => {
      opening = undefined;
      reject(r.error);
    };
  });
  return opening;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeDb(): Promise<void> {
  const o = opening;
  opening = undefined;
  if (o) (await o.catch(() => undefined))?.close();
}

async function tx<T>(store: StoreName, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T> | Promise<T> | void): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const t = db.transaction(store, mode);
    let result: T | undefined;
    const out = fn(t.objectStore(store));
    if (out instanceof IDBRequest) out.onsuccess = () => (result = out.result);
    else if (out instanceof Promise) out.then((v) => (result = v), reject);
    t.oncomplete = () => resolve(result as T);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

export const put = <T>(store: StoreName, value: T) => tx<IDBValidKey>(store, 'readwrite', (s) => s.put(value));
export const get = <T>(store: StoreName, key: IDBValidKey) =>
  tx<T | undefined>(store, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
export const remove = (store: StoreName, key: IDBValidKey) => tx<undefined>(store, 'readwrite', (s) => s.delete(key));

/** Every record of a user in a store, in key order. */
export const allOf = <T>(store: StoreName, userId: string) =>
  tx<T[]>(store, 'readonly', (s) => s.index('userId').getAll(IDBKeyRange.only(userId)) as IDBRequest<T[]>).then((rows) =>
    (rows as (T & { seq?: number; id?: string })[]).sort((a, b) => (a.seq !== undefined && b.seq !== undefined ? a.seq - b.seq : 0)),
  );

/** Replaces a user's records in a store by `rows` (one transaction: readers see the old or the new set). */
export async function replaceAll<T extends { id: string; userId: string }>(
  store: StoreName,
  userId: string,
  rows: T[],
  keep: (old: T) => boolean = () => false,
): Promise<void> {
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const t = db.transaction(store, 'readwrite');
    const s = t.objectStore(store);
    const cur = s.index('userId').openCursor(IDBKeyRange.only(userId));
    const fresh = new Set(rows.map((r) => r.id));
    cur.onsuccess = () => {
      const c = cur.result;
      if (c) {
        const old = c.value as T;
        if (!fresh.has(old.id) && !keep(old)) c.delete();
        c.continue();
        return;
      }
      for (const r of rows) s.put(r);
    };
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

/** `request` for callers that need a raw one (cursors). */
export { request };
