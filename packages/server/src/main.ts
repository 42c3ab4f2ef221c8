import cluster from 'node:cluster';
import { boot, prepareDatabase } from './boot.ts';
import { servedUrl, workerPlan } from './cluster.ts';
import { loadConfig } from './config.ts';

const cfg = loadConfig();
const plan = workerPlan(process.env, cfg);
const url = servedUrl(cfg);
// Started by `npm start` beside the web build: the database is prepared meanwhile, the app is built
// (and serves the build) once the build says it is done.
const webBuilt =
  cluster.isPrimary && process.env.PORTAL_WEB_BUILD === 'pending' && process.send
    ? new Promise<void>((resolve) => process.on('message', (m) => m === 'web-built' && resolve()))
    : undefined;

if (cluster.isPrimary && plan.workers > 1) {
  // Several app processes on one port (node:cluster hands connections to the workers). The schema
  // and the seed are done here once, before any worker starts; the workers only open the pool.
  await prepareDatabase(cfg);
  await webBuilt;
  let stopping = false;
  let announced = false;
  const crashes: number[] = [];
  const fork = () => cluster.fork();
  cluster.on('listening', () => {
    if (announced) return;
    announced = true;
    // Printed whatever LOG_LEVEL is: scripts and people wait for this line.
    console.log(`portal listening on ${url} (postgres database, ${plan.workers} processes${cfg.testMode ? ', TEST MODE' : ''})`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A crashed worker is replaced; one crashing over and over (5 in a minute) stops the service.
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && now - crashes[0] > 60_000) crashes.shift();
    console.error(
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); ${crashes.length > 5 ? 'crashing repeatedly: stopping' : 'starting another'}`,
    );
    if (crashes.length > 5) process.exit(1);
    setTimeout(fork, 500);
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (!workers.length) process.exit(0);
      for (const w of workers) w?.process.kill('SIGTERM');
      setTimeout(() => process.exit(0), 15_000).unref();
    });
  }
  for (let i = 0; i < plan.workers; i++) fork();
} else {
  if (plan.note) console.warn(plan.note);
  const portal = await boot(cfg, { prepared: cluster.isWorker, beforeApp: webBuilt });
  await portal.app.listen({ port: cfg.port, host: cfg.host });
  // Printed whatever LOG_LEVEL is (test mode defaults to warn): scripts and people wait for this line.
  if (cluster.isPrimary) console.log(`portal listening on ${url} (${portal.db.kind} database${cfg.testMode ? ', TEST MODE' : ''})`);

  let closing = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, async () => {
      if (closing) return;
      closing = true;
      await portal.close().catch(() => undefined);
      process.exit(0);
    });
  }
}
