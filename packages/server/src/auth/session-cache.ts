import pg from 'pg';
import type { Db } from '../db/db.ts';
import { forgetCachedUsers } from './principal.ts';

/** What a request needs of its session row (ended sessions are never kept). */
export interface LiveSession {
  id: string;
  user_id: string;
  login_type: string;
  portal: string;
  created_at: Date;
  absolute_expiry: Date;
  ended_at: Date | null;
  end_reason: string | null;
}

const SESSION_CHANNEL = 'portal_session_end';
const USER_CHANNEL = 'portal_user_change';

/**
 * The database tells every app instance when a session ends (sign-out, superseded by a newer
 * sign-in, replay, password change — any UPDATE/DELETE of auth_session, whoever runs it) and when
 * a user is disabled or deleted: NOTIFY at commit, so a cached live session is dropped
 * in all instances. Created with the schema (once per start; the cluster primary runs it).
 */
export async function installSessionEvents(db: Db): Promise<void> {
  // Instances starting together on one database would race on CREATE OR REPLACE: one at a time.
  await db.tx(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock(hashtext('portal_session_events'))");
    await sql.query(`
      CREATE OR REPLACE FUNCTION portal_session_end_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL) THEN
          PERFORM pg_notify('${SESSION_CHANNEL}', OLD.id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await sql.query(`
      CREATE OR REPLACE FUNCTION portal_user_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR OLD.isdisabled IS DISTINCT FROM NEW.isdisabled THEN
          PERFORM pg_notify('${USER_CHANNEL}', OLD.systemuserid::text);
        END IF;
        RETURN NULL;
      END $$`);
    await sql.query(`CREATE OR REPLACE TRIGGER trg_auth_session_end AFTER UPDATE OR DELETE ON auth_session
      FOR EACH ROW EXECUTE FUNCTION portal_session_end_notify()`);
    await sql.query(`CREATE OR REPLACE TRIGGER trg_systemuser_change AFTER UPDATE OR DELETE ON systemuser
      FOR EACH ROW EXECUTE FUNCTION portal_user_change_notify()`);
  });
}

/** Bound on how long a live session is trusted without a read, should a notification be lost. */
const SESSION_CACHE_MS = Number(process.env.SESSION_CACHE_MS ?? 30_000);
const MAX_ENTRIES = 20_000;

/**
 * Live sessions of one app instance, so an authenticated call does not read its session row.
 * On PostgreSQL it is used only while this instance LISTENs for the session-end notifications
 * (lost connection: every entry dropped, and calls read the row again until it is back). On the
 * embedded database there is one instance, and every session end goes through sessions.ts,
 * which calls `forgetSessions` itself (the trigger's notifications are not listened for there).
 */
export class SessionCache {
  private readonly live = new Map<string, { at: number; row: LiveSession }>();
  private listener: pg.Client | undefined;
  private listening: boolean;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** Bumped by every invalidation: a row read before one is not kept (it may predate the end). */
  private gen = 0;
  private readonly waiters = new Set<{ ids: Set<string>; done: () => void }>();

  constructor(private readonly url: string | undefined) {
    this.listening = !url;
  }

  /** Connects the listener; on failure (or when it is lost later) retries every second. Never throws. */
  async start(): Promise<void> {
    if (!this.url || this.closed) return;
    const c = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.listener !== c) return;
      this.listener = undefined;
      this.listening = false;
      this.forget();
      c.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.start(), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      this.gen++;
      if (n.channel === SESSION_CHANNEL && n.payload) {
        this.live.delete(n.payload);
        for (const w of this.waiters) if (w.ids.delete(n.payload) && !w.ids.size) w.done();
      } else if (n.channel === USER_CHANNEL) {
        // Disabled or deleted: drop the user's privileges and every cached session of theirs.
        forgetCachedUsers(n.payload || undefined);
        for (const [id, e] of this.live) if (!n.payload || e.row.user_id === n.payload) this.live.delete(id);
      }
    });
    this.listener = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${SESSION_CHANNEL}; LISTEN ${USER_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    this.forget();
    this.listening = this.listener === c;
  }

  get(sessionId: string): LiveSession | undefined {
    if (!this.listening) return undefined;
    const e = this.live.get(sessionId);
    if (!e) return undefined;
    if (Date.now() - e.at >= SESSION_CACHE_MS) {
      this.live.delete(sessionId);
      return undefined;
    }
    return e.row;
  }

  /** Taken before reading a session row; hand it to `put` with the row. */
  mark(): { at: number; gen: number } {
    return { at: Date.now(), gen: this.gen };
  }

  /** Keeps a live session read since `mark`, unless an invalidation came in meanwhile. */
  put(row: LiveSession, mark: { at: number; gen: number }): void {
    if (!this.listening || mark.gen !== this.gen) return;
    if (this.live.size >= MAX_ENTRIES) this.live.clear();
    this.live.set(row.id, { at: mark.at, row });
  }

  /** Forgets the given session, or all of them. */
  forget(sessionId?: string): void {
    this.gen++;
    if (sessionId) this.live.delete(sessionId);
    else this.live.clear();
  }

  /**
   * Waits (at most `timeoutMs`) until this instance has heard the end of these sessions from the
   * database. The database tells every instance at the same moment, so a command that ended them
   * answers only once the others have been told too, not while the news is still on its way.
   */
  async heard(sessionIds: string[], timeoutMs = 500): Promise<void> {
    if (!this.url || !this.listening || !sessionIds.length) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      const w = {
        ids: new Set(sessionIds),
        done: () => {
          this.waiters.delete(w);
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.add(w);
      timer = setTimeout(w.done, timeoutMs);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const c = this.listener;
    this.listener = undefined;
    this.listening = false;
    this.live.clear();
    await c?.end().catch(() => undefined);
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The session cache of the app instance that owns `db` (one per instance, also in tests). */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  return caches.get(db);
}

export async function openSessionCache(db: Db, url: string | undefined): Promise<SessionCache> {
  const cache = new SessionCache(db.kind === 'postgres' ? url : undefined);
  caches.set(db, cache);
  await cache.start(); // until it listens, calls read the session row
  return cache;
}

/**
 * Called after code of this instance ended these sessions: forgets them here (the embedded
 * database's invalidation) and, on PostgreSQL, waits until the database's notice of their end has
 * come back (see `heard`).
 */
export async function sessionsEnded(db: Db, sessionIds: string[]): Promise<void> {
  const cache = caches.get(db);
  if (!cache) return;
  for (const id of sessionIds) cache.forget(id);
  await cache.heard(sessionIds);
}
