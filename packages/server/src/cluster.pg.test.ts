import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { childPids, startMain } from './testing/main-process.ts';

// Several app processes need a PostgreSQL server: this file runs in the PostgreSQL pass only.
describe('main.ts with WEB_CONCURRENCY on PostgreSQL', () => {
  it('runs WEB_CONCURRENCY worker processes on PostgreSQL, replaces a crashed one and stops them all on SIGTERM', async () => {
    const name = `portal_cluster_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // A copy of the run's seeded demo data (testing/test-template.ts), not a seeding of its own.
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.PORTAL_TEST_TEMPLATE}`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    try {
      const s = await startMain({ DATABASE_URL: u.toString(), WEB_CONCURRENCY: '2' });
      try {
        expect(s.out()).toContain(`portal listening on http://127.0.0.1:${s.port} (postgres database, 2 processes, TEST MODE)`);
        expect(s.out().match(/portal listening/g)).toHaveLength(1);
        const workers = childPids(s.child.pid!);
        expect(workers).toHaveLength(2);
        // Signed in through one worker, served by both (fresh connections spread over the workers);
        // signed out, refused by both — each worker had the session in its cache.
        const base = `http://127.0.0.1:${s.port}`;
        const { captchaId } = (await (await fetch(`${base}/api/captcha`)).json()) as { captchaId: string };
        const answer = ((await (await fetch(`${base}/api/dev/captcha/${captchaId}`)).json()) as { Data: string }).Data;
        const form = new URLSearchParams({
          grant_type: 'password',
          username: 'station1',
          password: 'Demo@2026',
          captcha1: captchaId,
          captcha2: answer,
        });
        const signedIn = await fetch(`${base}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
        expect(signedIn.status).toBe(200);
        const auth = { authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}` };
        const statuses = async () =>
          Promise.all(
            Array.from(
              { length: 10 },
              async () => (await fetch(`${base}/api/portaluser/me`, { headers: { ...auth, connection: 'close' } })).status,
            ),
          );
        expect(await statuses()).toEqual(Array(10).fill(200));
        expect((await fetch(`${base}/api/portaluser/logout`, { method: 'POST', headers: auth })).status).toBe(200);
        // The other worker drops the session when the database's notice reaches it (sub-millisecond
        // when idle): asked again until both refuse, for at most 2 s.
        let after = await statuses();
        for (let i = 0; i < 40 && after.some((st) => st !== 401); i++) {
          await new Promise((r) => setTimeout(r, 50));
          after = await statuses();
        }
        expect(after).toEqual(Array(10).fill(401));
        // A worker killed from outside is replaced.
        process.kill(Number(workers[0]), 'SIGKILL');
        const deadline = Date.now() + 30_000;
        // Replaced, and said so on stderr (the line may reach the pipe after the new worker is up).
        const replaced = () =>
          childPids(s.child.pid!).length === 2 &&
          !childPids(s.child.pid!).includes(workers[0]) &&
          /worker \d+ exited \(SIGKILL\); starting another/.test(s.err());
        while (!replaced()) {
          if (Date.now() > deadline) throw new Error(`no replacement worker:\n${s.err()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        const pids = childPids(s.child.pid!);
        expect(await s.stop()).toBe(0);
        for (const pid of pids) expect(() => process.kill(Number(pid), 0), `worker ${pid} still running`).toThrow();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
