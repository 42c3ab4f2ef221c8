import pg from 'pg';
import type { Portal } from '../boot.ts';
import { Db } from '../db/db.ts';
import { portalDatabaseUrl, testPortal } from './test-portal.ts';

/**
 * A test portal on PostgreSQL with a second pool of 50 connections (`wide`) for suites that submit
 * 50 commands at once — only PostgreSQL has the sessions (PGlite is one). `close` ends the pool,
 * waits until its sessions are gone (clients released after a refused command close in the
 * background; the test database is dropped WITH FORCE only after them) and closes the portal.
 */
export async function widePortal(name: string): Promise<{ p: Portal; wide: Db; close: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) throw new Error('this suite needs DATABASE_URL (npm run test:pg)');
  const p = await testPortal();
  const wide = new Db(new pg.Pool({ connectionString: await portalDatabaseUrl(p), max: 50, application_name: name }), 'postgres');
  return {
    p,
    wide,
    async close() {
      await wide.pool.end();
      for (let i = 0; i < 100; i++) {
        const r = await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [name]);
        if (!r?.n) break;
        await new Promise((ok) => setTimeout(ok, 50));
      }
      await p.close();
    },
  };
}
