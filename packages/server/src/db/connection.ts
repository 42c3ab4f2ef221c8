import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { SERVER_ROOT } from '../server-root.ts';

// DATE and TIMESTAMP stay strings/Date as pg gives them; NUMERIC comes back as a string (exact money).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Connection {
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/** Opens PostgreSQL at `url`, or starts the embedded database (data in `dataDir`, or in memory when null). */
export async function openConnection(opts: { url?: string; dataDir?: string | null }): Promise<Connection> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the
    // process: the pool discards it and the next query opens a new one.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    return { pool, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = opts.dataDir ?? null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const sockDir = mkdtempSync(join(tmpdir(), 'portal-db-'));
  const port = 5432;
  const worker = new Worker(join(SERVER_ROOT, 'src/db/embedded-worker.mjs'), {
    workerData: { dataDir, socketPath: join(sockDir, `.s.PGSQL.${port}`) },
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { ready?: boolean; note?: string }) => {
      if (m.note) console.warn(`embedded database: ${m.note}`);
      if (m.ready) resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded database exited with code ${code}`)));
  });
  // One connection: PGlite is a single session, so transactions are serialised by the pool itself.
  // Kept open while idle (idleTimeoutMillis 0): the pool closing it after 10 s idle raced the next
  // request's new connection, which the one-connection socket server reset (ECONNRESET → a 500 on
  // the first call after a pause, e.g. the language list at sign-in; issue 24).
  const pool = new pg.Pool({ host: sockDir, port, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  return {
    pool,
    kind: 'embedded',
    async close() {
      await pool.end();
      const stopped = new Promise<void>((r) => worker.once('message', () => r()));
      worker.postMessage({ stop: true });
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5000))]);
      await worker.terminate();
      rmSync(sockDir, { recursive: true, force: true });
    },
  };
}
