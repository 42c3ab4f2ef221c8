/**
 * The webhook tables (integration/webhooks): not CRM entities — never served by the record service
 * or the Web API (a subscription holds its signing secret). Run by migrate().
 *
 * - webhook_subscription: an administrator's URL, the event types it takes, its signing secret.
 * - webhook_event: the outbox — one row per event, written in the business change's transaction.
 * - webhook_delivery: one row per event and subscription (written in the same transaction);
 *   `seq` orders the deliveries of one record; claimed by the drainers with FOR UPDATE SKIP LOCKED.
 * - webhook_attempt: the delivery log, one row per HTTP attempt.
 */
export const WEBHOOK_DDL: string[] = [
  `CREATE TABLE IF NOT EXISTS webhook_subscription (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name varchar(100) NOT NULL,
     url varchar(2000) NOT NULL,
     event_types text[] NOT NULL,
     secret varchar(100) NOT NULL,
     state varchar(10) NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'suspended')),
     owner_id uuid NOT NULL,
     consecutive_failures integer NOT NULL DEFAULT 0,
     failing_since timestamptz,
     suspended_on timestamptz,
     created_on timestamptz NOT NULL DEFAULT now(),
     modified_on timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX IF NOT EXISTS ix_webhook_subscription_events ON webhook_subscription USING gin (event_types)`,
  `CREATE TABLE IF NOT EXISTS webhook_event (
     id uuid PRIMARY KEY,
     type varchar(120) NOT NULL,
     entity varchar(100) NOT NULL,
     record_id uuid NOT NULL,
     body text NOT NULL,
     created_on timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS webhook_delivery (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     seq bigint GENERATED ALWAYS AS IDENTITY,
     subscription_id uuid NOT NULL REFERENCES webhook_subscription (id) ON DELETE CASCADE,
     event_id uuid NOT NULL REFERENCES webhook_event (id),
     event_type varchar(120) NOT NULL,
     record_id uuid NOT NULL,
     state varchar(10) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'given_up')),
     attempts integer NOT NULL DEFAULT 0,
     next_at timestamptz NOT NULL DEFAULT now(),
     lease_until timestamptz,
     first_try_on timestamptz,
     last_status integer,
     last_error varchar(500),
     finished_on timestamptz,
     created_on timestamptz NOT NULL DEFAULT now(),
     UNIQUE (subscription_id, event_id))`,
  `CREATE INDEX IF NOT EXISTS ix_webhook_delivery_due ON webhook_delivery (seq) WHERE state = 'pending'`,
  `CREATE INDEX IF NOT EXISTS ix_webhook_delivery_record ON webhook_delivery (subscription_id, record_id, seq) WHERE state = 'pending'`,
  `CREATE INDEX IF NOT EXISTS ix_webhook_delivery_log ON webhook_delivery (subscription_id, created_on DESC)`,
  `CREATE TABLE IF NOT EXISTS webhook_attempt (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     delivery_id uuid NOT NULL REFERENCES webhook_delivery (id) ON DELETE CASCADE,
     at timestamptz NOT NULL,
     status_code integer,
     error varchar(500),
     duration_ms integer NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS ix_webhook_attempt_delivery ON webhook_attempt (delivery_id, at)`,
];
