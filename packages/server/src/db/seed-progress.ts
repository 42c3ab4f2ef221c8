import type { StartupLog } from '../logging.ts';
import type { Sql } from './db.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A Sql that counts the rows its INSERTs wrote and the statements it sent (one round trip each). */
function counting(sql: Sql, seen: { rows: number; statements: number }): Sql {
  return {
    async query(text, params) {
      seen.statements += 1;
      const r = await sql.query(text, params);
      if (r.command === 'INSERT') seen.rows += r.rowCount ?? 0;
      return r as never;
    },
  };
}

/**
 * Progress of a start-up that takes a while (creating and seeding the database): one line per
 * stage with what it wrote and how long it took, and the time since the first stage.
 */
export function startupProgress(log: StartupLog, what: string) {
  const started = performance.now();
  return {
    /** Runs one stage; on `sql`, its rows and statements are counted. */
    async stage<T>(name: string, fn: (sql: Sql) => Promise<T>, sql?: Sql): Promise<T> {
      const t = performance.now();
      const seen = { rows: 0, statements: 0 };
      const out = await fn(sql ? counting(sql, seen) : (undefined as never));
      const now = performance.now();
      const counts = sql ? `${seen.rows} rows, ${seen.statements} statements, ` : '';
      log.info(`${what}: ${name} — ${counts}${seconds(now - t)} (${seconds(now - started)} so far)`);
      return out;
    },
    done(note = 'done') {
      log.info(`${what}: ${note} in ${seconds(performance.now() - started)}`);
    },
  };
}
