/** A user's favourites (收藏) of products and documents (routes/favourite.ts): not a CRM entity. Run by migrate(). */
export const FAVOURITE_DDL: string[] = [
  `CREATE TABLE IF NOT EXISTS portal_favourite (
     user_id uuid NOT NULL,
     entity varchar(64) NOT NULL,
     record_id uuid NOT NULL,
     created_on timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (user_id, entity, record_id))`,
  `CREATE INDEX IF NOT EXISTS ix_portal_favourite_user_created ON portal_favourite (user_id, created_on DESC)`,
];
