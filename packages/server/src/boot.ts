import type { App } from './app.ts';
import type { Config } from './config.ts';
import { openConnection } from './db/connection.ts';
import { Db } from './db/db.ts';
import type { DemoContentFiles } from './demo/content.ts';
import { startupProgress } from './db/seed-progress.ts';
import { startupLog, type StartupLog } from './logging.ts';
import { existsSync } from 'node:fs';
import type { SmsProvider } from './auth/sms.ts';

/**
 * The rest of the server, imported only once the embedded database has begun opening on its own
 * thread: on a first start tsx compiles these hundreds of files meanwhile instead of before it.
 */
const loadServer = async () => {
  const [app, captcha, schema, dataSteps, quota, sessionCache, install, seed, content, pictures, storage, webhooks, scans] =
    await Promise.all([
      import('./app.ts'),
      import('./auth/captcha.ts'),
      import('./db/schema.ts'),
      import('./db/data-steps.ts'),
      import('./domain/quota/negative-balance.ts'),
      import('./auth/session-cache.ts'),
      import('./domain/install.ts'),
      import('./db/seed.ts'),
      import('./demo/content.ts'),
      import('./demo/product-pictures.ts'),
      import('./files/storage.ts'),
      import('./integration/webhooks/drainer.ts'),
      import('./demo/demo-scans.ts'),
    ]);
  return {
    buildApp: app.buildApp,
    purgeExpired: captcha.purgeExpired,
    migrate: schema.migrate,
    runDataSteps: dataSteps.runDataSteps,
    reportNegativeQuotas: quota.reportNegativeQuotas,
    installSessionEvents: sessionCache.installSessionEvents,
    openSessionCache: sessionCache.openSessionCache,
    installDomain: install.installDomain,
    seedBaseline: seed.seedBaseline,
    hasData: seed.hasData,
    seedDemo: seed.seedDemo,
    demoContentFiles: content.demoContentFiles,
    seedContentDemo: content.seedContentDemo,
    seedProductPictures: pictures.seedProductPictures,
    storeDemoScans: scans.storeDemoScans,
    createStorage: storage.createStorage,
    startDrainer: webhooks.startDrainer,
  };
};
type Server = Awaited<ReturnType<typeof loadServer>>;

export interface Portal extends App {
  db: Db;
  close(): Promise<void>;
}

const wantsDemo = (cfg: Config, kind: 'embedded' | 'postgres') =>
  cfg.seedDemo === 'yes' || (cfg.seedDemo === 'auto' && kind === 'embedded');

/**
 * Opens the database, saying so: a first start on the embedded database creates it (a while).
 * The demo documents' files are made meanwhile (the database works on its own thread).
 */
async function open(cfg: Config, log: StartupLog, demoFiles: boolean) {
  const progress = startupProgress(log, 'start');
  const embedded = !cfg.databaseUrl;
  if (embedded && !cfg.memoryDb && !existsSync(`${cfg.dataDir}/pgdata/PG_VERSION`))
    log.info(`start: creating the embedded database in ${cfg.dataDir}/pgdata (first start only)`);
  const opening = progress.stage(embedded ? 'embedded database (PGlite) opened' : 'PostgreSQL pool opened', () =>
    openConnection({ url: cfg.databaseUrl, dataDir: cfg.memoryDb ? null : `${cfg.dataDir}/pgdata` }),
  );
  // The database's thread is started (openConnection creates its worker before its first await).
  opening.catch(() => undefined);
  const server = await loadServer();
  const files =
    demoFiles && wantsDemo(cfg, embedded ? 'embedded' : 'postgres')
      ? server.createStorage(cfg.files).then((storage) => server.demoContentFiles(storage))
      : undefined;
  // Awaited after the database is up; a failure is reported there, not as an unhandled rejection.
  files?.catch(() => undefined);
  const conn = await opening;
  return { conn, files, progress, server };
}

/** Brings the database up to the model and seeds it when asked (once per start, before any worker serves). */
async function prepare(
  server: Server,
  db: Db,
  cfg: Config,
  demoFiles: boolean,
  log: StartupLog,
  progress: ReturnType<typeof startupProgress>,
  files?: Promise<DemoContentFiles>,
): Promise<void> {
  const {
    migrate,
    runDataSteps,
    reportNegativeQuotas,
    installSessionEvents,
    seedBaseline,
    hasData,
    seedDemo,
    seedContentDemo,
    seedProductPictures,
    storeDemoScans,
    createStorage,
  } = server;
  await progress.stage('schema up to the model', () => migrate(db.pool));
  await progress.stage('data steps', () => runDataSteps(db));
  await reportNegativeQuotas(db, log);
  await installSessionEvents(db);
  await seedBaseline(db);
  if (wantsDemo(cfg, db.kind) && !(await hasData(db))) {
    log.info('start: seeding the demo data (first start only)');
    await seedDemo(db, log);
    // The download centre's demo files go into the storage (test portals leave them out: their storage is counted).
    if (demoFiles)
      await progress.stage('demo downloads and technical files', async () => seedContentDemo(db, await createStorage(cfg.files), files));
    if (demoFiles) await progress.stage('demo product pictures', async () => seedProductPictures(db, await createStorage(cfg.files)));
    // The receipts' bank slips and the fund claims' photos the seed attached.
    if (demoFiles) await progress.stage('demo scans and photos', async () => storeDemoScans(db, await createStorage(cfg.files)));
  }
  progress.done('database ready');
}

/** Migrates and seeds, then closes: the cluster primary runs this before it forks the workers. */
export async function prepareDatabase(cfg: Config): Promise<void> {
  const log = startupLog(cfg);
  const { conn, files, progress, server } = await open(cfg, log, true);
  try {
    server.installDomain();
    await prepare(server, new Db(conn.pool, conn.kind), cfg, true, log, progress, files);
  } finally {
    await conn.close();
  }
}

/**
 * Opens the database, brings it up to the model, seeds when asked and builds the app.
 * `prepared`: a cluster worker, whose primary has already migrated and seeded.
 * `beforeApp`: awaited between the database and the app (`npm start`'s web build, whose files the app serves).
 */
export async function boot(
  cfg: Config,
  opts: { sms?: SmsProvider; prepared?: boolean; demoFiles?: boolean; beforeApp?: Promise<void> } = {},
): Promise<Portal> {
  const log = startupLog(cfg);
  const demoFiles = opts.demoFiles ?? true;
  const { conn, files, progress, server } = await open(cfg, log, demoFiles && !opts.prepared);
  const db = new Db(conn.pool, conn.kind);
  server.installDomain();
  if (!opts.prepared) await prepare(server, db, cfg, demoFiles, log, progress, files);
  if (opts.beforeApp) {
    log.info('start: database ready, waiting for the web build');
    await opts.beforeApp;
  }
  const { app, services } = await server.buildApp(db, cfg, opts);
  const sessionCache = await server.openSessionCache(db, cfg.databaseUrl);
  const timer = setInterval(() => void server.purgeExpired(db).catch(() => undefined), 10 * 60_000);
  timer.unref();
  // Every instance drains the webhook outbox (rows claimed with SKIP LOCKED: each delivery sent by one).
  const drainer = cfg.webhooks.drain ? server.startDrainer(db, cfg) : undefined;
  return {
    app,
    services,
    db,
    async close() {
      clearInterval(timer);
      await drainer?.stop();
      await sessionCache.close();
      await app.close();
      await conn.close();
    },
  };
}
