import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { boot, type Portal } from '../boot.ts';
import { loadConfig, type Config } from '../config.ts';
import type { SmsProvider } from '../auth/sms.ts';

/**
 * A portal on a fresh database with the demo data: in-memory PGlite, or — when DATABASE_URL is
 * set — a new database on that PostgreSQL server, dropped again on close.
 */
export async function testPortal(overrides: Partial<Config> = {}, opts: { sms?: SmsProvider; logStream?: { write(line: string): void } } = {}): Promise<Portal> {
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
    memoryDb: !url, databaseUrl: url, seedDemo: 'yes', ...overrides,
  });
  const portal = await boot(cfg, opts);
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
