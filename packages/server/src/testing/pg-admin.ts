import pg from 'pg';

/** Runs one statement (CREATE / DROP DATABASE) on the PostgreSQL server at `base`, on a connection of its own. */
export async function adminQuery(base: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The URL of database `dbName` on the server at `base`. */
export const databaseOn = (base: string, dbName: string) => {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
};
