import { afterAll, expect, it } from 'vitest';
import { openConnection, type Connection } from './connection.ts';

let c: Connection | undefined;
afterAll(() => c?.close());

// pg's pool closes a connection idle for 10 s; the embedded database's one-connection socket server
// then reset the next request's new connection when it arrived during that close (ECONNRESET).
it('keeps the embedded database’s one connection open while idle', async () => {
  c = await openConnection({ dataDir: null });
  await c.pool.query('SELECT 1');
  await new Promise((r) => setTimeout(r, 10_500));
  expect(c.pool.totalCount).toBe(1);
  const burst = await Promise.allSettled([1, 2, 3].map(() => c!.pool.query('SELECT 1 AS one')));
  expect(burst.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
}, 120_000);
