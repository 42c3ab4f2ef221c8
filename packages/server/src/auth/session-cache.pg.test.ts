import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { secondInstance, testPortal } from '../testing/test-portal.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { sessionCacheOf } from './session-cache.ts';

// Each instance keeps live sessions in memory so a call does not read its session row; the
// database announces every session end (and every disabled user) to all instances, so the next
// call anywhere is refused at once. Two instances on one PostgreSQL database, as behind a balancer.
describe('cached sessions across two app instances', () => {
  let a: Portal;
  let b: Portal;
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('this suite needs DATABASE_URL (npm run test:pg)');
    a = await testPortal();
    b = await secondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (p: Portal, token: string) => p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer(token) });
  const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;

  /**
   * A session ended on B (or by plain SQL) is refused on A once the database's notification has
   * reached A: sub-millisecond on one host, but not ordered with B's answer (B waits for its own
   * copy, which narrows the gap). Polls A until it refuses and answers how long that took.
   */
  async function refusedAfter(p: Portal, token: string, status: number) {
    const t0 = performance.now();
    for (;;) {
      const res = await me(p, token);
      if (res.statusCode === status || performance.now() - t0 > 2000) return { res, ms: performance.now() - t0 };
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  /** Signs in on A and calls once there, so A holds the live session in its cache. */
  async function cachedOnA(user: string) {
    const t = (await signIn(a.app, user)).access_token;
    expect((await me(a, t)).statusCode).toBe(200);
    expect(sessionCacheOf(a.db)!.get(sid(t)), 'A keeps the live session').toBeDefined();
    return t;
  }

  it('serves a cached session without reading its row', async () => {
    const t = await cachedOnA('hq');
    // End the session with the triggers switched off for this transaction (no notification):
    // A, which does not read the row, still serves it; B, which has not cached it, refuses.
    await b.db.tx(async (sql) => {
      await sql.query("SET LOCAL session_replication_role = 'replica'");
      await sql.query("UPDATE auth_session SET ended_at = now(), end_reason = 'test' WHERE id = $1", [sid(t)]);
    });
    expect((await me(a, t)).statusCode).toBe(200);
    expect((await me(b, t)).statusCode).toBe(401);
    sessionCacheOf(a.db)!.forget();
    expect((await me(a, t)).statusCode).toBe(401);
  });

  it('refuses on A a session signed out on B as soon as the notification arrives', async () => {
    const t = await cachedOnA('branch1');
    expect((await b.app.inject({ method: 'POST', url: '/api/portaluser/logout', headers: bearer(t) })).statusCode).toBe(200);
    const { res, ms } = await refusedAfter(a, t, 401);
    expect(res.statusCode).toBe(401);
    expect(ms).toBeLessThan(1000); // the notice, not the 30 s cache bound (sub-ms when idle; CI shares 2 cores)
    expect(sessionCacheOf(a.db)!.get(sid(t))).toBeUndefined();
  });

  it('answers 409 on A, as soon as the notification arrives, after the account signed in again on B', async () => {
    const t = await cachedOnA('station2');
    await signIn(b.app, 'station2');
    const { res, ms } = await refusedAfter(a, t, 409);
    expect(res.statusCode).toBe(409);
    expect(ms).toBeLessThan(1000); // the notice, not the 30 s cache bound (sub-ms when idle; CI shares 2 cores)
  });

  it('refuses a user disabled through another connection as soon as the notification arrives', async () => {
    const t = await cachedOnA('engineer1');
    await b.db.query("UPDATE systemuser SET isdisabled = true WHERE domainname = 'engineer1'");
    try {
      const { res, ms } = await refusedAfter(a, t, 401);
      expect(res.statusCode).toBe(401);
      expect(ms).toBeLessThan(1000); // the notice, not the 30 s cache bound (sub-ms when idle; CI shares 2 cores)
      expect(res.json().Message).toBe('账号已停用');
    } finally {
      await b.db.query("UPDATE systemuser SET isdisabled = false WHERE domainname = 'engineer1'");
    }
  });

  it('drops a session ended by any SQL (an administrator in psql) as soon as the notification arrives', async () => {
    const t = await cachedOnA('warehouse1');
    await b.db.query("UPDATE auth_session SET ended_at = now(), end_reason = 'admin' WHERE id = $1", [sid(t)]);
    const { res, ms } = await refusedAfter(a, t, 401);
    expect(res.statusCode).toBe(401);
    expect(ms).toBeLessThan(1000); // the notice, not the 30 s cache bound (sub-ms when idle; CI shares 2 cores)
  });
});
