// Runs PGlite (PostgreSQL in wasm) on its own thread: its queries block the event loop they run on,
// so the app talks to it over a Unix socket with the ordinary `pg` driver, as it would to a server.
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { dataDir as prepopulated } from '@electric-sql/pglite-prepopulatedfs';
import { PGLiteSocketHandler, PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath } = workerData;

/**
 * The socket server hands PGlite each protocol message of a chunk on its own, so a query with
 * parameters (Parse, Bind, Describe, Execute, Sync) costs five trips into the wasm. Once the
 * connection has started, the chunk's complete messages go in as one; an incomplete tail waits.
 */
const handleEach = PGLiteSocketHandler.prototype.handleData;
PGLiteSocketHandler.prototype.handleData = async function (data) {
  if (!this.started) {
    // The startup (and SSL) requests have no type byte: left to the original handling.
    const buf = Buffer.concat([this.messageBuffer, data]);
    if (buf.length >= 8 && buf.readInt32BE(4) === 196608) this.started = true;
    return handleEach.call(this, data);
  }
  if (!this.socket || !this.active) return 0;
  const buf = Buffer.concat([this.messageBuffer, data]);
  let end = 0;
  while (end + 5 <= buf.length && end + 1 + buf.readInt32BE(end + 1) <= buf.length) end += 1 + buf.readInt32BE(end + 1);
  this.messageBuffer = buf.subarray(end);
  if (end === 0) return 0;
  let written = 0;
  await this.queryQueue.enqueue(this.id, new Uint8Array(buf.subarray(0, end)), (out) => {
    if (out.length > 0 && this.socket?.writable && this.active) this.socket.write(Buffer.from(out));
    written += out.length;
  });
  return written;
};

const options = { dataDir: dataDir ?? undefined, extensions: { pg_trgm } };
const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
/**
 * A new database starts from PGlite's ready-made data directory: unpacking it takes a fraction of
 * what initdb takes in wasm (the largest part of a first start). Should it not load (a PGlite it
 * was not made for), initdb runs as before.
 */
async function create() {
  if (!fresh) return PGlite.create(options);
  try {
    return await PGlite.create({ ...options, loadDataDir: await prepopulated() });
  } catch (e) {
    parentPort.postMessage({ note: `the ready-made data directory did not load (${e?.message ?? e}); running initdb` });
    if (dataDir) for (const f of readdirSync(dataDir)) rmSync(join(dataDir, f), { recursive: true, force: true });
    return PGlite.create(options);
  }
}

const db = await create();
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
await server.start();
parentPort.postMessage({ ready: true });

parentPort.on('message', async (m) => {
  if (!m?.stop) return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ stopped: true });
});
