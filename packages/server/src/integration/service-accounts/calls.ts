import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal, ServiceAccountOf } from '../../auth/principal.ts';
import type { Db } from '../../db/db.ts';
import { AppError, invalidToken } from '../../http/errors.ts';

/**
 * What every authenticated call of a service account passes (auth/authenticate.ts): its
 * requests-per-minute limit and its `last used` time.
 *
 * The limit is counted per app instance, in fixed one-minute windows: behind a balancer spreading
 * calls over N instances an account gets up to N × its limit (docs/decisions.md, issue 30). Over
 * it: 429 with `Retry-After` (seconds to the window's end), in the error shape of the route family
 * (each family's error handler renders the AppError; the header is set here, in onSend).
 */
const WINDOW_MS = 60_000;
const windows = new Map<string, { start: number; count: number }>();
const retryAfter = new WeakMap<FastifyRequest, number>();

/** `last used` is written at most this often per account and instance (not one write per call). */
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

/** Counts one call; the seconds to wait when over the limit, else 0. */
export function countCall(sa: Pick<ServiceAccountOf, 'id' | 'rateLimit'>, now = Date.now()): number {
  let w = windows.get(sa.id);
  if (!w || now - w.start >= WINDOW_MS) {
    if (windows.size > 10_000) windows.clear();
    w = { start: now, count: 0 };
    windows.set(sa.id, w);
  }
  if (w.count >= sa.rateLimit) return Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
  w.count++;
  return 0;
}

/** Forgets the counts (tests). */
export function resetCallCounts(): void {
  windows.clear();
  lastUsedWritten.clear();
}

export async function markUsed(db: Db, accountId: string, now = Date.now()): Promise<void> {
  const at = lastUsedWritten.get(accountId);
  if (at && now - at < LAST_USED_EVERY_MS) return;
  if (lastUsedWritten.size > 10_000) lastUsedWritten.clear();
  lastUsedWritten.set(accountId, now);
  await db.query('UPDATE new_serviceaccount SET new_lastusedon = now() WHERE new_serviceaccountid = $1', [accountId]);
}

/** Called by the authenticator for a service account's principal, before the call goes on. */
export async function serviceAccountCall(db: Db, req: FastifyRequest, p: Principal): Promise<void> {
  const sa = p.serviceAccount;
  if (!sa) return;
  // Disabling ends the account's sessions (the refusal that counts); this one is a second lock.
  if (!sa.enabled) throw invalidToken();
  const wait = countCall(sa);
  if (wait) {
    retryAfter.set(req, wait);
    throw new AppError(429, 'sa.rateLimited', { limit: sa.rateLimit, seconds: wait });
  }
  await markUsed(db, sa.id);
}

/** Adds `Retry-After` to a service account's 429, whichever error handler drew it. */
export function retryAfterHeader(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    const wait = retryAfter.get(req);
    if (wait && reply.statusCode === 429) reply.header('retry-after', String(wait));
  });
}
