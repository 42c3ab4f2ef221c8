import { describe, expect, it } from 'vitest';
import { servedUrl, workerPlan } from './cluster.ts';
import { loadConfig } from './config.ts';
import { childPids, startMain } from './testing/main-process.ts';

describe('WEB_CONCURRENCY', () => {
  const embedded = loadConfig({} as NodeJS.ProcessEnv);
  const postgres = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal' } as NodeJS.ProcessEnv);

  it('is ignored, with the reason, on the embedded database: one process serves', () => {
    const plan = workerPlan({ WEB_CONCURRENCY: '4' }, embedded);
    expect(plan.workers).toBe(1);
    expect(plan.note).toMatch(/WEB_CONCURRENCY=4 ignored: the embedded database runs inside one process; set DATABASE_URL/);
  });

  it('runs that many processes on PostgreSQL; unset or 1 means one, nonsense is ignored with the reason', () => {
    expect(workerPlan({ WEB_CONCURRENCY: '4' }, postgres)).toEqual({ workers: 4 });
    expect(workerPlan({}, postgres)).toEqual({ workers: 1 });
    expect(workerPlan({ WEB_CONCURRENCY: '1' }, embedded)).toEqual({ workers: 1 });
    for (const bad of ['0', '-2', 'two', '1.5', '65']) {
      const plan = workerPlan({ WEB_CONCURRENCY: bad }, postgres);
      expect(plan.workers, bad).toBe(1);
      expect(plan.note, bad).toMatch(/ignored: expected a whole number from 1 to 64/);
    }
  });

  it('prints a reachable address', () => {
    expect(servedUrl({ host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
    expect(servedUrl({ host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(servedUrl({ host: '::1', port: 3000 })).toBe('http://[::1]:3000');
  });
});

describe('main.ts', () => {
  it('prints the address it serves in test mode (LOG_LEVEL warn) and ignores WEB_CONCURRENCY on the embedded database', async () => {
    const s = await startMain({ WEB_CONCURRENCY: '2' });
    try {
      expect(s.out()).toContain(`portal listening on http://127.0.0.1:${s.port} (embedded database, TEST MODE)`);
      expect(s.err()).toContain('WEB_CONCURRENCY=2 ignored: the embedded database runs inside one process');
      expect((await fetch(`http://127.0.0.1:${s.port}/healthz`)).status).toBe(200);
      // The embedded database runs in a worker thread of this one process: no worker processes.
      expect(childPids(s.child.pid!)).toEqual([]);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  }, 90_000);
});
