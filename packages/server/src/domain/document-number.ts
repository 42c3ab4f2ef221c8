import type { Sql } from '../db/db.ts';
import { getEntity } from '@portal/model';
import { q } from '../records/sql.ts';

/**
 * Numbers for `count` new documents of `table` (an entity's logical name from the model):
 * `<prefix>-0001`, … continuing after the highest number with that prefix in its primary name,
 * serialised by an advisory lock held to the end of the creating transaction (two creates never
 * take one number; a 5000-row import takes 5000 consecutive numbers in one query).
 */
export async function nextDocumentNumbers(sql: Sql, table: string, prefix: string, count: number): Promise<string[]> {
  const name = q(getEntity(table)!.primaryName);
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}.number`]);
  const { rows } = await sql.query<{ n: number }>(
    `SELECT COALESCE(max(substring(${name} FROM ${prefix.length + 2})::int), 0)::int AS n
       FROM ${q(table)} WHERE ${name} ~ $1`,
    [`^${prefix}-[0-9]{1,9}$`],
  );
  const start = rows[0].n;
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(start + i + 1).padStart(4, '0')}`);
}
