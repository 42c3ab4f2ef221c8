import { purgeExpired } from './auth/captcha.ts';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { openConnection } from './db/connection.ts';
import { Db } from './db/db.ts';
import { migrate } from './db/schema.ts';
import { runDataSteps } from './db/data-steps.ts';
import { installSessionEvents, openSessionCache } from './auth/session-cache.ts';
import { installDomain } from './domain/install.ts';
import { hasData, seedBaseline, seedDemo } from './db/seed.ts';
import { seedContentDemo } from './db/demo-content.ts';
import { seedProductPictures } from './db/demo-product-pictures.ts';
import { createStorage } from './files/storage.ts';
import type { SmsProvider } from './auth/sms.ts';

export interface Portal extends App {
  db: Db;
  close(): Promise<void>;
}

/** Brings the database up to the model and seeds it when asked (once per start, before any worker serves). */
async function prepare(db: Db, cfg: Config, demoFiles = true): Promise<void> {
  await migrate(db.pool);
  await runDataSteps(db);
  await installSessionEvents(db);
  await seedBaseline(db);
  const wantDemo = cfg.seedDemo === 'yes' || (cfg.seedDemo === 'auto' && db.kind === 'embedded');
  if (wantDemo && !(await hasData(db))) {
    await seedDemo(db);
    // The download centre's demo files go into the storage (test portals leave them out: their storage is counted).
    if (demoFiles) await seedContentDemo(db, createStorage(cfg.files));
    if (demoFiles) await seedProductPictures(db, createStorage(cfg.files));
  }
}

/** Migrates and seeds, then closes: the cluster primary runs this before it forks the workers. */
export async function prepareDatabase(cfg: Config): Promise<void> {
  const conn = await openConnection({ url: cfg.databaseUrl, dataDir: cfg.memoryDb ? null : `${cfg.dataDir}/pgdata` });
  try {
    installDomain();
    await prepare(new Db(conn.pool, conn.kind), cfg);
  } finally {
    await conn.close();
  }
}

/**
 * Opens the database, brings it up to the model, seeds when asked and builds the app.
 * `prepared`: a cluster worker, whose primary has already migrated and seeded.
 */
export async function boot(cfg: Config, opts: { sms?: SmsProvider; prepared?: boolean; demoFiles?: boolean } = {}): Promise<Portal> {
  const conn = await openConnection({ url: cfg.databaseUrl, dataDir: cfg.memoryDb ? null : `${cfg.dataDir}/pgdata` });
  const db = new Db(conn.pool, conn.kind);
  installDomain();
  if (!opts.prepared) await prepare(db, cfg, opts.demoFiles);
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
