/**
 * The message centre's messages (domain/message/messages.ts): not a CRM entity, like list settings.
 * One row per recipient, written by the command that caused it in the same transaction. Run by migrate().
 */
export const MESSAGE_DDL: string[] = [
  `CREATE TABLE IF NOT EXISTS portal_message (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL,
     kind varchar(20) NOT NULL,
     message_key varchar(80) NOT NULL,
     params jsonb NOT NULL DEFAULT '{}'::jsonb,
     entity varchar(100),
     record_id uuid,
     target varchar(10) NOT NULL DEFAULT 'document',
     actor_id uuid,
     created_on timestamptz NOT NULL DEFAULT clock_timestamp(),
     read_on timestamptz)`,
  `CREATE INDEX IF NOT EXISTS ix_portal_message_user ON portal_message (user_id, created_on DESC)`,
  `CREATE INDEX IF NOT EXISTS ix_portal_message_unread ON portal_message (user_id, kind) WHERE read_on IS NULL`,
];
