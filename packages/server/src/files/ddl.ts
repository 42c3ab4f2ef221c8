/** Tables of the files area (attachments, upload tickets): not CRM entities. Run by migrate(). */
export const FILES_DDL: string[] = [
  // One row per attachment; the bytes live in the storage under storage_key (a server-made uuid key).
  `CREATE TABLE IF NOT EXISTS file_attachment (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     module_type varchar(64) NOT NULL,
     object_id uuid NOT NULL,
     file_name varchar(255) NOT NULL,
     file_size bigint NOT NULL,
     content_type varchar(120) NOT NULL,
     storage_key varchar(200) NOT NULL,
     title varchar(200),
     remark varchar(500),
     created_on timestamptz NOT NULL DEFAULT now(),
     created_by uuid,
     modified_on timestamptz NOT NULL DEFAULT now(),
     modified_by uuid)`,
  // A record holds one file of a given name: IsOverwrite replaces it, otherwise a second upload is refused.
  `CREATE UNIQUE INDEX IF NOT EXISTS ux_file_attachment_name ON file_attachment (module_type, object_id, file_name)`,
  // Signed direct uploads: single use (used_at), short-lived (expires_at), bound to the user who asked.
  `CREATE TABLE IF NOT EXISTS file_upload_ticket (
     id uuid PRIMARY KEY,
     user_id uuid NOT NULL,
     module_type varchar(64) NOT NULL,
     object_id uuid NOT NULL,
     file_name varchar(255) NOT NULL,
     file_size bigint NOT NULL,
     content_type varchar(120) NOT NULL,
     storage_key varchar(200) NOT NULL,
     overwrite boolean NOT NULL DEFAULT false,
     file_id uuid,
     title varchar(200),
     remark varchar(500),
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     used_at timestamptz,
     attachment_id uuid)`,
  `CREATE INDEX IF NOT EXISTS ix_file_upload_ticket_expires ON file_upload_ticket (expires_at)`,
];
