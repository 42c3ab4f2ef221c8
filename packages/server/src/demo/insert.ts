import type { Sql } from '../db/db.ts';

/** One demo row (table and column names are the seed's own literals), answering its id column. */
export async function insert(sql: Sql, table: string, row: Record<string, unknown>, idColumn: string): Promise<string> {
  const cols = Object.keys(row);
  const { rows } = await sql.query<Record<string, string>>(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${idColumn}`,
    Object.values(row),
  );
  return rows[0][idColumn];
}
