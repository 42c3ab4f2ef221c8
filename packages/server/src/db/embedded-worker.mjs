// Runs PGlite (PostgreSQL in wasm) on its own thread: its queries block the event loop they run on,
// so the app talks to it over a Unix socket with the ordinary `pg` driver, as it would to a server.
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath } = workerData;

const db = await PGlite.create({ dataDir: dataDir ?? undefined, extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
await server.start();
parentPort.postMessage({ ready: true });

parentPort.on('message', async (m) => {
  if (!m || !m.stop) return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ stopped: true });
});
