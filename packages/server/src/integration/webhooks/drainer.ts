import type { BlockList } from 'node:net';
import type { Config } from '../../config.ts';
import type { Db, Sql } from '../../db/db.ts';
import { notify } from '../../domain/message/messages.ts';
import { newAgents, post, type Agents, type SendResult } from './send.ts';
import { sign } from './signature.ts';
import { AddressRefused, allowList, resolveTarget, type Target } from './ssrf.ts';

export interface DrainerOptions {
  /** Deliveries claimed per round, and HTTP requests in flight at once. */
  batch: number;
  concurrency: number;
  /** Pause between rounds that found nothing due. */
  idleMs: number;
  /** Per request. */
  timeoutMs: number;
  /** A claimed delivery is another instance's again after this (its drainer died mid-request). */
  leaseMs: number;
  /** Failed deliveries are retried for this long after their first attempt, then given up. */
  retryForMs: number;
  /** Suspension: this many failed attempts in a row, the first of them at least `suspendAfterMs` ago. */
  suspendAfterFailures: number;
  suspendAfterMs: number;
  allowHttp: boolean;
  allowPrivate: readonly string[];
  /** The clock and the jitter (tests replace them: no real minutes waited). */
  now: () => Date;
  random: () => number;
  /** Finished deliveries (and their attempts and events) are kept this long, then purged (at most hourly per instance). */
  keepMs: number;
}

export const DEFAULT_DRAINER: DrainerOptions = {
  batch: 200,
  concurrency: 32,
  idleMs: 1000,
  timeoutMs: 10_000,
  leaseMs: 60_000,
  retryForMs: 24 * 3600_000,
  suspendAfterFailures: 10,
  suspendAfterMs: 24 * 3600_000,
  allowHttp: false,
  allowPrivate: [],
  now: () => new Date(),
  random: Math.random,
  keepMs: 30 * 24 * 3600_000,
};

/**
 * The wait before the next attempt after `failed` failed ones: 10 s doubled each time up to 30 min,
 * stretched by a random 0–100 % (jitter: instances retrying one receiver do not all come back at
 * the same moment): 10–20 s, 20–40 s, 40–80 s … 30–60 min; about 40 attempts in 24 hours.
 */
export function backoffMs(failed: number, random: () => number): number {
  const base = Math.min(30 * 60_000, 10_000 * 2 ** Math.max(0, failed - 1));
  return Math.round(base * (1 + random()));
}

type Claimed = {
  id: string;
  attempts: number;
  first: Date;
  sub: string;
  url: string;
  secret: string;
  event: string;
  type: string;
  body: string;
};

interface Outcome {
  c: Claimed;
  at: Date;
  r: SendResult;
}

/**
 * Delivers the outbox (webhook_delivery), on every app instance: each round claims at most `batch`
 * due deliveries with FOR UPDATE SKIP LOCKED — only the OLDEST pending one of each record per
 * subscription, so a record's events go in order, the next one waiting until the previous is
 * delivered or given up — leases them (two instances never send the same one; a dead instance's
 * lease runs out and another takes it: at least once), sends them `concurrency` at a time and
 * writes the outcomes, the attempts and the subscriptions' failure streaks in one transaction.
 */
export class WebhookDrainer {
  readonly o: DrainerOptions;
  private readonly allow: BlockList;
  private readonly agents: Agents;
  private running = false;
  private purgedAt = 0;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    options: Partial<DrainerOptions> = {},
  ) {
    this.o = { ...DEFAULT_DRAINER, ...options };
    this.allow = allowList(this.o.allowPrivate);
    this.agents = newAgents(this.o.concurrency);
  }

  /** One round: claims, sends, records. Answers how many deliveries it attempted. */
  async drainOnce(): Promise<number> {
    const now = this.o.now();
    const claimed = await this.claim(now);
    if (!claimed.length) return 0;
    const outcomes = await this.sendAll(claimed);
    await this.record(outcomes);
    return claimed.length;
  }

  /**
   * Deletes what the log no longer needs: deliveries finished before `keepMs` (their attempts go
   * with them) and events left without a delivery. Pending deliveries are never touched.
   */
  async purge(): Promise<{ deliveries: number; events: number }> {
    const before = new Date(this.o.now().getTime() - this.o.keepMs);
    const d = await this.db.query(`DELETE FROM webhook_delivery WHERE state <> 'pending' AND finished_on < $1`, [before]);
    const e = await this.db.query(
      `DELETE FROM webhook_event e WHERE e.created_on < $1 AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)`,
      [before],
    );
    return { deliveries: d.rowCount ?? 0, events: e.rowCount ?? 0 };
  }

  /** Drains until nothing is due (tests; bounded by `maxRounds`). */
  async drainAll(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxRounds; i++) {
      const n = await this.drainOnce();
      if (!n) return total;
      total += n;
    }
    return total;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let n = 0;
        try {
          n = await this.drainOnce();
          if (Date.now() - this.purgedAt > 3600_000) {
            this.purgedAt = Date.now();
            await this.purge();
          }
        } catch {
          // The database went away for a moment (a restart, a fail-over): the next round retries.
          n = 0;
        }
        if (!n && this.running)
          await new Promise<void>((r) => {
            const t = setTimeout(r, this.o.idleMs);
            this.wake = () => {
              clearTimeout(t);
              r();
            };
          });
      }
    })();
  }

  /** Stops after the round in flight (its outcomes are written), then closes the kept-alive sockets. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /**
   * "Due" is compared with the database's clock as well as the drainer's: a row written a moment ago
   * (its time in microseconds) may be later than the drainer's clock read in the same millisecond.
   * An injected clock ahead of real time (tests) still decides.
   */
  private async claim(now: Date): Promise<Claimed[]> {
    const { rows } = await this.db.query<Claimed>(
      `WITH c AS (
         SELECT d.id FROM webhook_delivery d JOIN webhook_subscription s ON s.id = d.subscription_id AND s.state = 'active'
          WHERE d.state = 'pending' AND d.next_at <= GREATEST($1, clock_timestamp())
            AND (d.lease_until IS NULL OR d.lease_until < GREATEST($1, clock_timestamp()))
            AND NOT EXISTS (SELECT 1 FROM webhook_delivery p
                             WHERE p.subscription_id = d.subscription_id AND p.record_id = d.record_id AND p.state = 'pending' AND p.seq < d.seq)
          ORDER BY d.seq LIMIT $2
          FOR UPDATE OF d SKIP LOCKED)
       UPDATE webhook_delivery d SET lease_until = $3, first_try_on = COALESCE(d.first_try_on, $1)
         FROM c, webhook_subscription s, webhook_event e
        WHERE d.id = c.id AND s.id = d.subscription_id AND e.id = d.event_id
       RETURNING d.id, d.attempts, d.first_try_on AS first, s.id AS sub, s.url, s.secret, e.id AS event, e.type, e.body`,
      [now, this.o.batch, new Date(now.getTime() + this.o.leaseMs)],
    );
    return rows;
  }

  private async sendAll(claimed: Claimed[]): Promise<Outcome[]> {
    // One resolution per host a round (every address checked, the checked one connected to).
    const targets = new Map<string, Promise<Target>>();
    const out: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const c = claimed[next++];
        const at = this.o.now();
        out.push({ c, at, r: await this.sendOne(c, targets) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, claimed.length) }, worker));
    return out;
  }

  private async sendOne(c: Claimed, targets: Map<string, Promise<Target>>): Promise<SendResult> {
    let url: URL;
    try {
      url = new URL(c.url);
    } catch {
      return { status: null, error: 'invalid URL', ms: 0 };
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.o.allowHttp))
      return { status: null, error: `${url.protocol} not allowed`, ms: 0 };
    let target: Target;
    try {
      const key = url.host;
      if (!targets.has(key)) targets.set(key, resolveTarget(url, this.allow));
      target = await targets.get(key)!;
    } catch (e) {
      return { status: null, error: e instanceof AddressRefused ? e.message : `DNS: ${(e as Error).message}`, ms: 0 };
    }
    const timestamp = String(Math.floor(Date.now() / 1000));
    return post(
      this.agents,
      url,
      target,
      {
        'user-agent': 'portal-webhooks/1',
        'x-portal-event': c.type,
        'x-portal-event-id': c.event,
        'x-portal-timestamp': timestamp,
        'x-portal-signature': sign(c.secret, timestamp, c.body),
      },
      c.body,
      this.o.timeoutMs,
    );
  }

  private async record(outcomes: Outcome[]): Promise<void> {
    const now = this.o.now();
    const ok = (x: Outcome) => x.r.status !== null && x.r.status >= 200 && x.r.status < 300;
    const states = outcomes.map((x) => {
      if (ok(x)) return 'delivered';
      return now.getTime() - new Date(x.c.first).getTime() >= this.o.retryForMs ? 'given_up' : 'pending';
    });
    const nextAt = outcomes.map((x) => new Date(now.getTime() + backoffMs(x.c.attempts + 1, this.o.random)));
    await this.db.tx(async (sql) => {
      await sql.query(
        `INSERT INTO webhook_attempt (delivery_id, at, status_code, error, duration_ms)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::varchar[], $5::int[])`,
        [
          outcomes.map((x) => x.c.id),
          outcomes.map((x) => x.at),
          outcomes.map((x) => x.r.status),
          outcomes.map((x) => x.r.error),
          outcomes.map((x) => x.r.ms),
        ],
      );
      await sql.query(
        `UPDATE webhook_delivery d SET state = u.state, attempts = d.attempts + 1, last_status = u.status, last_error = u.error,
                next_at = CASE WHEN u.state = 'pending' THEN u.next_at ELSE d.next_at END, lease_until = NULL,
                finished_on = CASE WHEN u.state = 'pending' THEN NULL ELSE $6::timestamptz END
           FROM unnest($1::uuid[], $2::varchar[], $3::int[], $4::varchar[], $5::timestamptz[]) AS u(id, state, status, error, next_at)
          WHERE d.id = u.id`,
        [outcomes.map((x) => x.c.id), states, outcomes.map((x) => x.r.status), outcomes.map((x) => x.r.error), nextAt, now],
      );
      await this.streaks(sql, outcomes, ok, now);
    });
  }

  /** A success ends a subscription's failure streak; a long streak suspends it and tells its owner. */
  private async streaks(sql: Sql, outcomes: Outcome[], ok: (x: Outcome) => boolean, now: Date): Promise<void> {
    const good = new Set<string>();
    const bad = new Map<string, number>();
    for (const x of outcomes) {
      if (ok(x)) good.add(x.c.sub);
      else bad.set(x.c.sub, (bad.get(x.c.sub) ?? 0) + 1);
    }
    // Locked in id order first: two instances writing rounds for the same subscriptions wait, not deadlock.
    await sql.query('SELECT 1 FROM webhook_subscription WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [
      [...good, ...bad.keys()],
    ]);
    if (good.size)
      await sql.query(
        `UPDATE webhook_subscription SET consecutive_failures = 0, failing_since = NULL WHERE id = ANY($1::uuid[]) AND consecutive_failures > 0`,
        [[...good]],
      );
    const failing = [...bad].filter(([s]) => !good.has(s));
    if (!failing.length) return;
    await sql.query(
      `UPDATE webhook_subscription s SET consecutive_failures = s.consecutive_failures + u.n, failing_since = COALESCE(s.failing_since, $3::timestamptz)
         FROM unnest($1::uuid[], $2::int[]) AS u(id, n) WHERE s.id = u.id`,
      [failing.map(([s]) => s), failing.map(([, n]) => n), now],
    );
    const { rows } = await sql.query<{ id: string; name: string; owner: string; failures: number }>(
      `UPDATE webhook_subscription SET state = 'suspended', suspended_on = $2::timestamptz, modified_on = $2::timestamptz
        WHERE id = ANY($1::uuid[]) AND state = 'active' AND consecutive_failures >= $3 AND failing_since <= $4::timestamptz
       RETURNING id, name, owner_id AS owner, consecutive_failures AS failures`,
      [failing.map(([s]) => s), now, this.o.suspendAfterFailures, new Date(now.getTime() - this.o.suspendAfterMs)],
    );
    for (const s of rows)
      await notify(
        sql,
        null,
        { users: [s.owner] },
        {
          kind: 'approval',
          key: 'webhook.suspended',
          params: { name: s.name, failures: s.failures },
          entity: 'webhook_subscription',
          recordId: s.id,
          target: 'document',
        },
      );
  }
}

/** The instance's drainer from the configuration (boot.ts), started; stopped by the portal's close. */
export function startDrainer(db: Db, cfg: Config): WebhookDrainer {
  const d = new WebhookDrainer(db, {
    allowHttp: cfg.webhooks.allowHttp,
    allowPrivate: cfg.webhooks.allowPrivate,
    timeoutMs: cfg.webhooks.timeoutMs,
  });
  d.start();
  return d;
}
