import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { boot, type Portal } from '../boot.ts';
import { loadConfig, type Config } from '../config.ts';
import type { SmsProvider } from '../auth/sms.ts';

/**
 * A portal on a fresh database with the demo data: in-memory PGlite, or — when DATABASE_URL is
 * set — a new database on that PostgreSQL server, dropped again on close.
 */
export async function testPortal(
  overrides: Partial<Config> = {},
  opts: { sms?: SmsProvider; logStream?: { write(line: string): void }; demoFiles?: boolean } = {},
): Promise<Portal> {
  const base = process.env.DATABASE_URL;
  let dbName: string | undefined;
  let url: string | undefined;
  if (base) {
    dbName = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  // Test mode listens on loopback only (config.ts); app.inject needs no address at all.
  const cfg = loadConfig({ PORTAL_TEST_MODE: '1', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv, {
    memoryDb: !url,
    databaseUrl: url,
    seedDemo: 'yes',
    ...overrides,
  });
  const portal = await boot(cfg, { demoFiles: false, ...opts });
  const close = portal.close;
  return {
    ...portal,
    async close() {
      await close();
      if (dbName && base) {
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

/** The connection URL of a test portal's own PostgreSQL database (the suite needs DATABASE_URL). */
export async function portalDatabaseUrl(portal: Portal): Promise<string> {
  if (!process.env.DATABASE_URL) throw new Error('this suite needs DATABASE_URL (npm run test:pg)');
  const { db } = (await portal.db.one<{ db: string }>('SELECT current_database() AS db'))!;
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A second app instance on a test portal's PostgreSQL database, as behind a balancer. */
export async function secondInstance(portal: Portal): Promise<Portal> {
  const cfg = loadConfig({ PORTAL_TEST_MODE: '1', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv, {
    databaseUrl: await portalDatabaseUrl(portal),
    seedDemo: 'no',
  });
  return boot(cfg);
}
