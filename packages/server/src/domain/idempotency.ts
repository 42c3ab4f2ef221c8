import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';

/** What a client may send as `Idempotency-Key`: printable, short. */
const KEY = /^[\x21-\x7e]{8,120}$/;

/**
 * Runs a command once per (user, command, Idempotency-Key), inside the command's transaction: the
 * key is claimed first (a concurrent retry with the same key waits on the claim), and a retry after
 * the first committed answers the stored result and changes nothing. Without a key the command
 * simply runs. If the command fails, its transaction rolls the claim back and a retry runs again.
 */
/**
 * The stored result of an earlier run of (user, command, key), or undefined: lets a call whose
 * body must not be read twice (an upload's file) answer a replay before storing anything.
 */
export async function previousResult<T>(sql: Sql, userId: string, command: string, key: string | undefined): Promise<{ result: T } | undefined> {
  if (key === undefined || key === '') return undefined;
  if (!KEY.test(key)) throw badRequest('records.q.badParam', { name: 'Idempotency-Key' });
  const { rows } = await sql.query<{ result: T }>(`SELECT result FROM app_command_result WHERE key = $1 AND result IS NOT NULL`, [`${userId}:${command}:${key}`]);
  return rows[0];
}

export async function once<T>(sql: Sql, userId: string, command: string, key: string | undefined, run: () => Promise<T>): Promise<T> {
  if (key === undefined || key === '') return run();
  if (!KEY.test(key)) throw badRequest('records.q.badParam', { name: 'Idempotency-Key' });
  const id = `${userId}:${command}:${key}`;
  const claimed = await sql.query(`INSERT INTO app_command_result (key, user_id) VALUES ($1, $2::uuid) ON CONFLICT (key) DO NOTHING`, [id, userId]);
  if (!claimed.rowCount) {
    const { rows } = await sql.query<{ result: T }>(`SELECT result FROM app_command_result WHERE key = $1`, [id]);
    return rows[0].result;
  }
  const result = await run();
  await sql.query(`UPDATE app_command_result SET result = $2::jsonb WHERE key = $1`, [id, JSON.stringify(result ?? null)]);
  return result;
}
