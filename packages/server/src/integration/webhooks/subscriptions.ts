import { isIP } from 'node:net';
import type { Lang } from '@portal/model';
import type { Db, Sql } from '../../db/db.ts';
import { notFound, refuse } from '../../http/errors.ts';
import { eventTypes, isEventType } from './events.ts';
import { newSecret } from './signature.ts';
import { addressAllowed, allowList } from './ssrf.ts';

/** What the subscription screens need of the configuration (config.ts `webhooks`). */
export interface UrlPolicy {
  allowHttp: boolean;
  allowPrivate: readonly string[];
}

export interface Subscription {
  id: string;
  name: string;
  url: string;
  eventTypes: string[];
  state: 'active' | 'suspended';
  ownerId: string;
  ownerName: string | null;
  consecutiveFailures: number;
  suspendedOn: string | null;
  createdOn: string;
}

export interface SubscriptionInput {
  name?: string;
  url?: string;
  eventTypes?: string[];
}

/**
 * The URL an administrator allows: absolute, https (http only with WEBHOOK_ALLOW_HTTP), no
 * credentials in it, and not a literal private or loopback address unless that range is allowed.
 * A host NAME is checked at each delivery, where it is resolved (ssrf.ts).
 */
export function checkUrl(raw: string, policy: UrlPolicy): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('webhook.badUrl', undefined, 'url');
  }
  if (url.protocol === 'http:' && !policy.allowHttp) throw refuse('webhook.httpRefused', undefined, 'url');
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname || url.href.length > 2000)
    throw refuse('webhook.badUrl', undefined, 'url');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const literal = host === 'localhost' ? '127.0.0.1' : host;
  const family = isIP(literal);
  if (family && !addressAllowed(literal, family, allowList(policy.allowPrivate))) throw refuse('webhook.privateRefused', { host }, 'url');
  return url.href;
}

function checkTypes(types: string[]): string[] {
  const unique = [...new Set(types)];
  if (!unique.length) throw refuse('webhook.noEvents', undefined, 'eventTypes');
  for (const t of unique) if (!isEventType(t)) throw refuse('webhook.unknownEvent', { type: t.slice(0, 120) }, 'eventTypes');
  return unique;
}

function checkName(name: string | undefined): string {
  const n = (name ?? '').trim();
  if (!n || n.length > 100) throw refuse('webhook.nameRequired', undefined, 'name');
  return n;
}

const SELECT = `SELECT s.id, s.name, s.url, s.event_types AS "eventTypes", s.state, s.owner_id AS "ownerId", u.fullname AS "ownerName",
                       s.consecutive_failures AS "consecutiveFailures", s.suspended_on AS "suspendedOn", s.created_on AS "createdOn"
                  FROM webhook_subscription s LEFT JOIN systemuser u ON u.systemuserid = s.owner_id`;

type Row = Omit<Subscription, 'suspendedOn' | 'createdOn'> & { suspendedOn: Date | null; createdOn: Date };
const shape = (r: Row): Subscription => ({
  ...r,
  suspendedOn: r.suspendedOn ? r.suspendedOn.toISOString() : null,
  createdOn: r.createdOn.toISOString(),
});

export async function listSubscriptions(sql: Sql): Promise<Subscription[]> {
  const { rows } = await sql.query<Row>(`${SELECT} ORDER BY s.created_on DESC, s.id`);
  return rows.map(shape);
}

export async function getSubscription(sql: Sql, id: string): Promise<Subscription> {
  const { rows } = await sql.query<Row>(`${SELECT} WHERE s.id = $1::uuid`, [id]);
  if (!rows[0]) throw notFound('webhook.notFound');
  return shape(rows[0]);
}

/** A new subscription, active, owned by the administrator who made it; its secret is answered this once. */
export async function createSubscription(
  db: Db,
  ownerId: string,
  input: SubscriptionInput,
  policy: UrlPolicy,
): Promise<{ subscription: Subscription; secret: string }> {
  const name = checkName(input.name);
  const url = checkUrl(input.url ?? '', policy);
  const types = checkTypes(input.eventTypes ?? []);
  const secret = newSecret();
  const row = await db.one<{ id: string }>(
    `INSERT INTO webhook_subscription (name, url, event_types, secret, owner_id) VALUES ($1, $2, $3::text[], $4, $5::uuid) RETURNING id`,
    [name, url, types, secret, ownerId],
  );
  return { subscription: await getSubscription(db, row!.id), secret };
}

export async function updateSubscription(db: Db, id: string, input: SubscriptionInput, policy: UrlPolicy): Promise<Subscription> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  if (input.name !== undefined) sets.push(`name = $${params.push(checkName(input.name))}`);
  if (input.url !== undefined) sets.push(`url = $${params.push(checkUrl(input.url, policy))}`);
  if (input.eventTypes !== undefined) sets.push(`event_types = $${params.push(checkTypes(input.eventTypes))}::text[]`);
  const { rowCount } = await db.query(
    `UPDATE webhook_subscription SET ${[...sets, 'modified_on = now()'].join(', ')} WHERE id = $1::uuid`,
    params,
  );
  if (!rowCount) throw notFound('webhook.notFound');
  return getSubscription(db, id);
}

/** A new secret replaces the old at once (deliveries from now on are signed with it); answered this once. */
export async function rotateSecret(db: Db, id: string): Promise<string> {
  const secret = newSecret();
  const { rowCount } = await db.query(`UPDATE webhook_subscription SET secret = $2, modified_on = now() WHERE id = $1::uuid`, [id, secret]);
  if (!rowCount) throw notFound('webhook.notFound');
  return secret;
}

/** Activating starts a new failure streak; its pending deliveries go out again (those past 24 hours are given up at their next attempt). */
export async function setState(db: Db, id: string, state: 'active' | 'suspended'): Promise<Subscription> {
  const { rowCount } = await db.query(
    `UPDATE webhook_subscription SET state = $2::varchar, modified_on = now(),
            suspended_on = CASE WHEN $2::varchar = 'suspended' THEN now() ELSE NULL END,
            consecutive_failures = CASE WHEN $2::varchar = 'active' THEN 0 ELSE consecutive_failures END,
            failing_since = CASE WHEN $2::varchar = 'active' THEN NULL ELSE failing_since END
      WHERE id = $1::uuid`,
    [id, state],
  );
  if (!rowCount) throw notFound('webhook.notFound');
  return getSubscription(db, id);
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  const { rowCount } = await db.query(`DELETE FROM webhook_subscription WHERE id = $1::uuid`, [id]);
  if (!rowCount) throw notFound('webhook.notFound');
}

export function eventTypeList(lang: Lang): { type: string; entity: string; label: string }[] {
  return eventTypes().map((t) => ({ type: t.type, entity: t.entity, label: t.label[lang] }));
}
