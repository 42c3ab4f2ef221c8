import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { freePort } from '../../packages/server/src/testing/free-port.ts';
import { adminQuery, databaseOn } from '../../packages/server/src/testing/pg-admin.ts';
import { scratchDir } from '../../packages/server/src/testing/scratch-dir.ts';
import { basename, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * E2E_DATABASE_URL (a PostgreSQL server: under `node scripts/with-postgres.mjs`,
 * `E2E_DATABASE_URL=$DATABASE_URL`): the portals keep their files in their data directories but
 * their data in databases of that server, one per directory (the template's a database too, each
 * portal's a `CREATE DATABASE … TEMPLATE` copy of it), instead of the embedded database.
 */
const PG = process.env.E2E_DATABASE_URL || '';

/** Runs one statement on E2E_DATABASE_URL's server. */
export const pgAdmin = (sql: string) => adminQuery(PG, sql);
/** The database of a data directory on E2E_DATABASE_URL's server. */
export const databaseOf = (dataDir: string) =>
  `portal_e2e_${basename(dataDir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
const START_LIMIT_MS = 180_000;

export interface RunningPortal {
  port: number;
  /** The standard portal (host name localhost). */
  standardUrl: string;
  /** The store portal (host name 127.0.0.1, listed in STORE_HOSTS). */
  storeUrl: string;
  api<T = unknown>(path: string, init?: RequestInit): Promise<T>;
  stop(): Promise<void>;
}

export interface PortalOptions {
  /**
   * A data directory a portal has already seeded (and was stopped on): copied, so the portal starts
   * on its own fresh copy of the demo data in about a second instead of seeding it again.
   */
  template?: string;
  /** Where the data lives (kept on stop); default a new temporary directory, removed on stop. */
  dataDir?: string;
}

/**
 * Starts the built portal as `npm start` does (the server bundle `npm run build` wrote) on a fresh embedded database with
 * demo data, in test mode so captchas and SMS codes can be read back.
 */
export async function startPortal(env: Record<string, string> = {}, opts: PortalOptions = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? scratchDir('portal-e2e-');
  if (opts.template) cpSync(opts.template, dataDir, { recursive: true });
  if (PG) await pgAdmin(`CREATE DATABASE ${databaseOf(dataDir)}${opts.template ? ` TEMPLATE ${databaseOf(opts.template)}` : ''}`);
  const child: ChildProcess = spawn(process.execPath, ['packages/server/dist/main.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_TEST_MODE: '1',
      STORE_HOSTS: '127.0.0.1',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: PG ? databaseOn(PG, databaseOf(dataDir)) : '',
      // On a server database the demo data is seeded only when asked (the template's first start).
      ...(PG && !opts.template ? { SEED_DEMO: 'yes' } : {}),
      NODE_ENV: 'test',
      // Pages open with sessions signed in when the run began (template-sign-ins.ts), up to ~25 min
      // before: their access tokens outlive the run. Expiry and refresh: session.test.ts sets its own.
      ACCESS_TOKEN_TTL: '7200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  // Seeding the demo data takes ~12 s quiet and over 90 s on a machine busy with other work (the
  // suite's first portal failed there): a generous bound, still a bound.
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not start in ${START_LIMIT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    standardUrl: `http://localhost:${port}`,
    storeUrl: base,
    async api<T>(path: string, init?: RequestInit) {
      const r = await fetch(`${base}${path}`, init);
      return (await r.json()) as T;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (opts.dataDir) return;
      rmSync(dataDir, { recursive: true, force: true });
      if (PG) await pgAdmin(`DROP DATABASE IF EXISTS ${databaseOf(dataDir)} WITH (FORCE)`);
    },
  };
}
