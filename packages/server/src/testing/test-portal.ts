import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { boot, type Portal } from '../boot.ts';
import { loadConfig, type Config } from '../config.ts';
import type { SmsProvider } from '../auth/sms.ts';
import { adminQuery, databaseOn } from './pg-admin.ts';

/**
 * A portal on a fresh database with the demo data: PGlite, or — when DATABASE_URL is set — a new
 * database on that PostgreSQL server, dropped again on close. In the server suites it is a copy of
 * the demo data seeded once per run (testing/test-template.ts); elsewhere, and for a portal without
 * the demo data or with the demo files, it is seeded anew (in memory for PGlite).
 */
export async function testPortal(
  overrides: Partial<Config> = {},
  opts: { sms?: SmsProvider; logStream?: { write(line: string): void }; demoFiles?: boolean } = {},
): Promise<Portal> {
  const base = process.env.DATABASE_URL;
  const template = process.env.PORTAL_TEST_TEMPLATE;
  // Seeding reads nothing of the configuration; a test that wants the demo files seeds its own storage.
  const copy = !!template && (overrides.seedDemo ?? 'yes') === 'yes' && !opts.demoFiles && !('memoryDb' in overrides);
  let dbName: string | undefined;
  let where: Partial<Config> = { memoryDb: true };
  if (base) {
    dbName = `portal_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, copy ? `CREATE DATABASE ${dbName} TEMPLATE ${template}` : `CREATE DATABASE ${dbName}`);
    where = { memoryDb: false, databaseUrl: databaseOn(base, dbName) };
  } else if (copy) {
    // Beside the template, so the run's end removes a copy whose portal never closed (a timed-out hook).
    const dir = mkdtempSync(join(dirname(template), 'db-'));
    cpSync(template, dir, { recursive: true });
    where = { memoryDb: false, dataDir: dir };
  }
  const cfg = testConfig({ ...where, seedDemo: 'yes', ...overrides });
  const portal = await boot(cfg, { demoFiles: false, ...opts });
  const close = portal.close;
  return {
    ...portal,
    async close() {
      await close();
      if (dbName && base) await adminQuery(base, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      if (where.dataDir) rmSync(where.dataDir, { recursive: true, force: true });
    },
  };
}

// Test mode listens on loopback only (config.ts); app.inject needs no address at all.
const testConfig = (overrides: Partial<Config>) =>
  loadConfig({ PORTAL_TEST_MODE: '1', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv, overrides);

/**
 * Seeds the run's template — a database `name` on the PostgreSQL server at `base`, or, without
 * `base`, a PGlite data directory `name` — for testPortal to copy (testing/test-template.ts).
 */
export async function seedTemplate(name: string, base?: string): Promise<void> {
  const where: Partial<Config> = base ? { memoryDb: false, databaseUrl: databaseOn(base, name) } : { memoryDb: false, dataDir: name };
  if (base) await adminQuery(base, `CREATE DATABASE ${name}`);
  const portal = await boot(testConfig({ ...where, seedDemo: 'yes' }), { demoFiles: false });
  await portal.close();
}

/** The connection URL of a test portal's own PostgreSQL database (the suite needs DATABASE_URL). */
export async function portalDatabaseUrl(portal: Portal): Promise<string> {
  if (!process.env.DATABASE_URL) throw new Error('this suite needs DATABASE_URL (npm run test:pg)');
  const { db } = (await portal.db.one<{ db: string }>('SELECT current_database() AS db'))!;
  return databaseOn(process.env.DATABASE_URL, db);
}

/** A second app instance on a test portal's PostgreSQL database, as behind a balancer. */
export async function secondInstance(portal: Portal): Promise<Portal> {
  return boot(testConfig({ databaseUrl: await portalDatabaseUrl(portal), seedDemo: 'no' }));
}
