import type { Config } from './config.ts';

export interface WorkerPlan {
  /** App processes to run (1 = no cluster: this process serves). */
  workers: number;
  /** Why WEB_CONCURRENCY was not followed as given (logged at start), if it was not. */
  note?: string;
}

/**
 * How many app processes WEB_CONCURRENCY asks for. Several processes need a shared database
 * server: the embedded database lives inside one process (its files cannot be opened twice), so
 * without DATABASE_URL the setting is ignored and one process serves.
 */
export function workerPlan(env: NodeJS.ProcessEnv, cfg: Pick<Config, 'databaseUrl'>): WorkerPlan {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return { workers: 1 };
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    return { workers: 1, note: `WEB_CONCURRENCY=${raw.slice(0, 20)} ignored: expected a whole number from 1 to 64; one process serves` };
  }
  if (n > 1 && !cfg.databaseUrl) {
    return {
      workers: 1,
      note: `WEB_CONCURRENCY=${n} ignored: the embedded database runs inside one process; set DATABASE_URL (PostgreSQL) to run several`,
    };
  }
  return { workers: n };
}

/** The address to print: a wildcard host is reached through localhost. */
export function servedUrl(cfg: Pick<Config, 'host' | 'port'>): string {
  const h =
    cfg.host === '0.0.0.0' || cfg.host === '::' || cfg.host === ''
      ? 'localhost'
      : cfg.host.includes(':') && !cfg.host.startsWith('[')
        ? `[${cfg.host}]`
        : cfg.host;
  return `http://${h}:${cfg.port}`;
}
