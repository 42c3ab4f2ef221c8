import { randomUUID } from 'node:crypto';
import { approvalStatus, documentStatus, type EntityDef, type Label, type OptionSetDef } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { q } from '../../records/sql.ts';

/** What a receiver gets (the body, JSON): small — it fetches the record through the Web API. */
export interface WebhookPayload {
  /** The idempotency id (also the X-Portal-Event-Id header): the same on every attempt and redelivery. */
  id: string;
  type: string;
  occurredAt: string;
  entity: string;
  entitySet: string;
  recordId: string;
  /** The record's number or primary name. */
  name: string | null;
  status: { value: number; label: Label } | null;
  actorId: string | null;
}

/** Where the event's `status` is read: the document's status field, or (approval moments) its approval status. */
export type StatusSource = { field: string; set: OptionSetDef } | null;

export const approvalSource: StatusSource = { field: 'new_approvalstatus', set: approvalStatus };
export const documentSource = (e: EntityDef): StatusSource => {
  const s = documentStatus(e);
  return s ? { field: s.field, set: s.set } : null;
};

/**
 * Writes an event to the outbox IN THE CALLER'S TRANSACTION (the business change's): one
 * webhook_event row and one pending delivery per subscription that takes the type (a suspended
 * one's wait until it is activated: nothing is lost while a receiver is down). A
 * rolled-back change takes its event with it; a committed one is delivered by the drainers
 * (drainer.ts). Without a subscription for the type nothing is written (one indexed read).
 */
export async function emitEvent(
  sql: Sql,
  e: EntityDef,
  recordId: string,
  type: string,
  actorId: string | null,
  status: StatusSource = documentSource(e),
): Promise<void> {
  const subs = await sql.query<{ id: string }>(`SELECT id FROM webhook_subscription WHERE event_types @> ARRAY[$1]::text[]`, [type]);
  if (!subs.rows.length) return;
  const cols = [`t.${q(e.primaryName)}::text AS name`, status ? `t.${q(status.field)}::int AS status` : 'NULL::int AS status'];
  const { rows } = await sql.query<{ name: string | null; status: number | null }>(
    `SELECT ${cols.join(', ')} FROM ${q(e.logicalName)} t WHERE t.${q(e.primaryKey)} = $1::uuid`,
    [recordId],
  );
  const row = rows[0];
  const value = row?.status ?? null;
  const option = value === null || !status ? undefined : status.set.options.find((o) => o.value === value);
  const payload: WebhookPayload = {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    entity: e.logicalName,
    entitySet: e.entitySet,
    recordId,
    name: row?.name ?? null,
    status: value === null ? null : { value, label: option?.label ?? { 'zh-CN': String(value), 'en-US': String(value) } },
    actorId,
  };
  await sql.query(`INSERT INTO webhook_event (id, type, entity, record_id, body) VALUES ($1::uuid, $2, $3, $4::uuid, $5)`, [
    payload.id,
    type,
    e.logicalName,
    recordId,
    JSON.stringify(payload),
  ]);
  await sql.query(
    `INSERT INTO webhook_delivery (subscription_id, event_id, event_type, record_id) SELECT s, $2::uuid, $3, $4::uuid FROM unnest($1::uuid[]) s`,
    [subs.rows.map((r) => r.id), payload.id, type, recordId],
  );
}
