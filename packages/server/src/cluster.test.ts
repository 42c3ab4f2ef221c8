import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './testing/free-port.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { servedUrl, workerPlan } from './cluster.ts';
import { loadConfig } from './config.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('WEB_CONCURRENCY', () => {
  const embedded = loadConfig({} as NodeJS.ProcessEnv);
  const postgres = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal' } as NodeJS.ProcessEnv);

  it('is ignored, with the reason, on the embedded database: one process serves', () => {
    const plan = workerPlan({ WEB_CONCURRENCY: '4' }, embedded);
    expect(plan.workers).toBe(1);
    expect(plan.note).toMatch(/WEB_CONCURRENCY=4 ignored: the embedded database runs inside one process; set DATABASE_URL/);
  });

  it('runs that many processes on PostgreSQL; unset or 1 means one, nonsense is ignored with the reason', () => {
    expect(workerPlan({ WEB_CONCURRENCY: '4' }, postgres)).toEqual({ workers: 4 });
    expect(workerPlan({}, postgres)).toEqual({ workers: 1 });
    expect(workerPlan({ WEB_CONCURRENCY: '1' }, embedded)).toEqual({ workers: 1 });
    for (const bad of ['0', '-2', 'two', '1.5', '65']) {
      const plan = workerPlan({ WEB_CONCURRENCY: bad }, postgres);
      expect(plan.workers, bad).toBe(1);
      expect(plan.note, bad).toMatch(/ignored: expected a whole number from 1 to 64/);
    }
  });

  it('prints a reachable address', () => {
    expect(servedUrl({ host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
    expect(servedUrl({ host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(servedUrl({ host: '::1', port: 3000 })).toBe('http://[::1]:3000');
  });
});

const childPids = (pid: number) => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
  try {
    const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
    // App processes only (tsx may run an esbuild helper beside them).
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('main.ts');
  } catch {
    return false;
  }
});

/** `node main.ts` as an operator starts it; resolves once it printed its address. */
async function startMain(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PORTAL_TEST_MODE: '1', SEED_DEMO: '0', DATABASE_URL: '', WEB_CONCURRENCY: '', LOG_LEVEL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 60_000;
  while (!stdout.includes('portal listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`main.ts did not start:\n${stdout}${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port, child, out: () => stdout, err: () => stderr,
    async stop() {
      const exited = new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

describe('main.ts', () => {
  it('prints the address it serves in test mode (LOG_LEVEL warn) and ignores WEB_CONCURRENCY on the embedded database', async () => {
    const s = await startMain({ WEB_CONCURRENCY: '2' });
    try {
      expect(s.out()).toContain(`portal listening on http://127.0.0.1:${s.port} (embedded database, TEST MODE)`);
      expect(s.err()).toContain('WEB_CONCURRENCY=2 ignored: the embedded database runs inside one process');
      expect((await fetch(`http://127.0.0.1:${s.port}/healthz`)).status).toBe(200);
      // The embedded database runs in a worker thread of this one process: no worker processes.
      expect(childPids(s.child.pid!)).toEqual([]);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  }, 90_000);

  it.runIf(!!process.env.DATABASE_URL)('runs WEB_CONCURRENCY worker processes on PostgreSQL, replaces a crashed one and stops them all on SIGTERM', async () => {
    const name = `portal_cluster_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    try {
      const s = await startMain({ DATABASE_URL: u.toString(), WEB_CONCURRENCY: '2', SEED_DEMO: '1' });
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
        const form = new URLSearchParams({ grant_type: 'password', username: 'station1', password: 'Demo@2026', captcha1: captchaId, captcha2: answer });
        const signedIn = await fetch(`${base}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
        expect(signedIn.status).toBe(200);
        const auth = { authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}` };
        const statuses = async () => Promise.all(Array.from({ length: 10 }, async () => (await fetch(`${base}/api/portaluser/me`, { headers: { ...auth, connection: 'close' } })).status));
        expect(await statuses()).toEqual(Array(10).fill(200));
        expect((await fetch(`${base}/api/portaluser/logout`, { method: 'POST', headers: auth })).status).toBe(200);
        await new Promise((r) => setTimeout(r, 50)); // the other worker's notice (sub-millisecond)
        expect(await statuses()).toEqual(Array(10).fill(401));
        // A worker killed from outside is replaced.
        process.kill(Number(workers[0]), 'SIGKILL');
        const deadline = Date.now() + 30_000;
        while (!(childPids(s.child.pid!).length === 2 && !childPids(s.child.pid!).includes(workers[0]))) {
          if (Date.now() > deadline) throw new Error(`no replacement worker:\n${s.err()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(s.err()).toMatch(/worker \d+ exited \(SIGKILL\); starting another/);
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
