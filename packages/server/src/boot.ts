import { purgeExpired } from './auth/captcha.ts';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { openConnection } from './db/connection.ts';
import { Db } from './db/db.ts';
import { migrate } from './db/schema.ts';
import { runDataSteps } from './db/data-steps.ts';
import { reportNegativeQuotas } from './domain/quota/negative-balance.ts';
import { installSessionEvents, openSessionCache } from './auth/session-cache.ts';
import { installDomain } from './domain/install.ts';
import { hasData, seedBaseline, seedDemo } from './db/seed.ts';
import { demoContentFiles, seedContentDemo, type DemoContentFiles } from './demo/content.ts';
import { startupProgress } from './db/seed-progress.ts';
import { startupLog, type StartupLog } from './logging.ts';
import { existsSync } from 'node:fs';
import { seedProductPictures } from './demo/product-pictures.ts';
import { createStorage } from './files/storage.ts';
import type { SmsProvider } from './auth/sms.ts';

export interface Portal extends App {
  db: Db;
  close(): Promise<void>;
}

const wantsDemo = (cfg: Config, kind: 'embedded' | 'postgres') => cfg.seedDemo === 'yes' || (cfg.seedDemo === 'auto' && kind === 'embedded');

/**
 * Opens the database, saying so: a first start on the embedded database creates it (a while).
 * The demo documents' files are made meanwhile (the database works on its own thread).
 */
async function open(cfg: Config, log: StartupLog, demoFiles: boolean) {
  const progress = startupProgress(log, 'start');
  const embedded = !cfg.databaseUrl;
  const files = demoFiles && wantsDemo(cfg, embedded ? 'embedded' : 'postgres') ? demoContentFiles(createStorage(cfg.files)) : undefined;
  // Awaited after the database is up; a failure is reported there, not as an unhandled rejection.
  files?.catch(() => undefined);
  if (embedded && !cfg.memoryDb && !existsSync(`${cfg.dataDir}/pgdata/PG_VERSION`)) log.info(`start: creating the embedded database in ${cfg.dataDir}/pgdata (first start only)`);
  const conn = await progress.stage(embedded ? 'embedded database (PGlite) opened' : 'PostgreSQL pool opened', () =>
    openConnection({ url: cfg.databaseUrl, dataDir: cfg.memoryDb ? null : `${cfg.dataDir}/pgdata` }),
  );
  return { conn, files, progress };
}

/** Brings the database up to the model and seeds it when asked (once per start, before any worker serves). */
async function prepare(db: Db, cfg: Config, demoFiles: boolean, log: StartupLog, progress: ReturnType<typeof startupProgress>, files?: Promise<DemoContentFiles>): Promise<void> {
  await progress.stage('schema up to the model', () => migrate(db.pool));
  await progress.stage('data steps', () => runDataSteps(db));
  await reportNegativeQuotas(db, log);
  await installSessionEvents(db);
  await seedBaseline(db);
  if (wantsDemo(cfg, db.kind) && !(await hasData(db))) {
    log.info('start: seeding the demo data (first start only)');
    await seedDemo(db, log);
    // The download centre's demo files go into the storage (test portals leave them out: their storage is counted).
    if (demoFiles) await progress.stage('demo downloads and technical files', () => seedContentDemo(db, createStorage(cfg.files), files));
    if (demoFiles) await progress.stage('demo product pictures', () => seedProductPictures(db, createStorage(cfg.files)));
  }
  progress.done('database ready');
}

/** Migrates and seeds, then closes: the cluster primary runs this before it forks the workers. */
export async function prepareDatabase(cfg: Config): Promise<void> {
  const log = startupLog(cfg);
  const { conn, files, progress } = await open(cfg, log, true);
  try {
    installDomain();
    await prepare(new Db(conn.pool, conn.kind), cfg, true, log, progress, files);
  } finally {
    await conn.close();
  }
}

/**
 * Opens the database, brings it up to the model, seeds when asked and builds the app.
 * `prepared`: a cluster worker, whose primary has already migrated and seeded.
 * `beforeApp`: awaited between the database and the app (`npm start`'s web build, whose files the app serves).
 */
export async function boot(cfg: Config, opts: { sms?: SmsProvider; prepared?: boolean; demoFiles?: boolean; beforeApp?: Promise<void> } = {}): Promise<Portal> {
  const log = startupLog(cfg);
  const demoFiles = opts.demoFiles ?? true;
  const { conn, files, progress } = await open(cfg, log, demoFiles && !opts.prepared);
  const db = new Db(conn.pool, conn.kind);
  installDomain();
  if (!opts.prepared) await prepare(db, cfg, demoFiles, log, progress, files);
  if (opts.beforeApp) {
    log.info('start: database ready, waiting for the web build');
    await opts.beforeApp;
  }
  const { app, services } = await buildApp(db, cfg, opts);
  const sessionCache = await openSessionCache(db, cfg.databaseUrl);
  const timer = setInterval(() => void purgeExpired(db).catch(() => undefined), 10 * 60_000);
  timer.unref();
  return {
    app,
    services,
    db,
    async close() {
      clearInterval(timer);
      await sessionCache.close();
      await app.close();
      await conn.close();
    },
  };
}
