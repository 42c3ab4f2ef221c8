import { purgeExpired } from './auth/captcha.ts';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { openConnection } from './db/connection.ts';
import { Db } from './db/db.ts';
import { migrate } from './db/schema.ts';
import { installDomain } from './domain/install.ts';
import { hasData, seedBaseline, seedDemo } from './db/seed.ts';
import type { SmsProvider } from './auth/sms.ts';

export interface Portal extends App {
  db: Db;
  close(): Promise<void>;
}

/** Opens the database, brings it up to the model, seeds when asked and builds the app. */
export async function boot(cfg: Config, opts: { sms?: SmsProvider } = {}): Promise<Portal> {
  const conn = await openConnection({ url: cfg.databaseUrl, dataDir: cfg.memoryDb ? null : `${cfg.dataDir}/pgdata` });
  const db = new Db(conn.pool, conn.kind);
  await migrate(conn.pool);
  installDomain();
  await seedBaseline(db);
  const wantDemo = cfg.seedDemo === 'yes' || (cfg.seedDemo === 'auto' && conn.kind === 'embedded');
  if (wantDemo && !(await hasData(db))) await seedDemo(db);
  const { app, services } = await buildApp(db, cfg, opts);
  const timer = setInterval(() => void purgeExpired(db).catch(() => undefined), 10 * 60_000);
  timer.unref();
  return {
    app,
    services,
    db,
    async close() {
      clearInterval(timer);
      await app.close();
      await conn.close();
    },
  };
}
