import type { Db, Sql } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';

export const DELIVERY_STATES = ['pending', 'delivered', 'given_up'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface DeliveryRow {
  id: string;
  subscriptionId: string;
  subscriptionName: string;
  eventId: string;
  eventType: string;
  entity: string;
  recordId: string;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAt: string | null;
  createdOn: string;
  finishedOn: string | null;
}

export interface AttemptRow {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryQuery {
  subscription?: string;
  state?: DeliveryState;
  eventType?: string;
  page: number;
  count: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The delivery log, newest first, filtered by subscription, state and event type. */
export async function listDeliveries(sql: Sql, q: DeliveryQuery): Promise<{ items: DeliveryRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.subscription) where.push(`d.subscription_id = $${params.push(q.subscription)}::uuid`);
  if (q.state) where.push(`d.state = $${params.push(q.state)}`);
  if (q.eventType) where.push(`d.event_type = $${params.push(q.eventType)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery d ${w}`, params);
  const { rows } = await sql.query<
    Omit<DeliveryRow, 'nextAt' | 'createdOn' | 'finishedOn'> & { nextAt: Date; createdOn: Date; finishedOn: Date | null }
  >(
    `SELECT d.id, d.subscription_id AS "subscriptionId", s.name AS "subscriptionName", d.event_id AS "eventId", d.event_type AS "eventType",
            e.entity, d.record_id AS "recordId", d.state, d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError",
            d.next_at AS "nextAt", d.created_on AS "createdOn", d.finished_on AS "finishedOn"
       FROM webhook_delivery d JOIN webhook_subscription s ON s.id = d.subscription_id JOIN webhook_event e ON e.id = d.event_id
       ${w} ORDER BY d.created_on DESC, d.seq DESC LIMIT $${params.push(q.count)} OFFSET $${params.push((q.page - 1) * q.count)}`,
    params,
  );
  return {
    total: total.rows[0].n,
    items: rows.map((r) => ({
      ...r,
      nextAt: r.state === 'pending' ? iso(r.nextAt) : null,
      createdOn: r.createdOn.toISOString(),
      finishedOn: iso(r.finishedOn),
    })),
  };
}

/** A delivery's attempts, oldest first. */
export async function listAttempts(sql: Sql, deliveryId: string): Promise<AttemptRow[]> {
  const found = await sql.query('SELECT 1 FROM webhook_delivery WHERE id = $1::uuid', [deliveryId]);
  if (!found.rowCount) throw notFound('webhook.deliveryNotFound');
  const { rows } = await sql.query<{ at: Date; statusCode: number | null; error: string | null; durationMs: number }>(
    `SELECT at, status_code AS "statusCode", error, duration_ms AS "durationMs" FROM webhook_attempt WHERE delivery_id = $1::uuid ORDER BY at, id`,
    [deliveryId],
  );
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/**
 * 重新投递: the delivery is pending again, due now, with a new 24-hour window — the same event
 * (same id and body: a receiver that already has it recognises it by X-Portal-Event-Id). A
 * delivery not yet finished is left as it is (it is already on its way).
 */
export async function redeliver(db: Db, deliveryId: string): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE webhook_delivery SET state = 'pending', next_at = now(), first_try_on = NULL, lease_until = NULL, finished_on = NULL
      WHERE id = $1::uuid AND state <> 'pending'`,
    [deliveryId],
  );
  if (!rowCount) {
    const found = await db.query('SELECT 1 FROM webhook_delivery WHERE id = $1::uuid', [deliveryId]);
    if (!found.rowCount) throw notFound('webhook.deliveryNotFound');
  }
}
