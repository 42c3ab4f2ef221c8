/** A user's own list settings (routes/list-settings.ts): not a CRM entity. Run by migrate(). */
export const LIST_SETTINGS_DDL: string[] = [
  `CREATE TABLE IF NOT EXISTS portal_list_setting (
     user_id uuid NOT NULL,
     screen varchar(200) NOT NULL,
     settings jsonb NOT NULL,
     modified_on timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (user_id, screen))`,
];
