import { createHash } from 'node:crypto';
import type { Sql } from '../db/db.ts';
import { AppError, badRequest } from '../http/errors.ts';

/** What a client may send as `Idempotency-Key`: printable, short. */
const KEY = /^[\x21-\x7e]{8,120}$/;

/** JSON with every object's keys in order: the same body however its keys were written. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : stableJson(x))).join(',')}]`;
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** What a request asked for: sha256 of the command and its canonical body (no body counts as `{}`). */
export function requestFingerprint(command: string, payload: unknown): string {
  return createHash('sha256')
    .update(`${command}\n${stableJson(payload ?? {})}`)
    .digest('hex');
}

/**
 * The key was first used for another request (the IETF Idempotency-Key draft: 422). Answering the
 * first result would tell the client its new request succeeded while it was dropped.
 */
const keyReused = () => new AppError(422, 'error.idempotencyKeyReused');

/** A row stored before fingerprints were kept (no fingerprint) is answered as before. */
const sameRequest = (stored: string | null, fingerprint: string) => stored === null || stored === fingerprint;

function checkedKey(key: string | undefined): key is string {
  if (key === undefined || key === '') return false;
  if (!KEY.test(key)) throw badRequest('records.q.badParam', { name: 'Idempotency-Key' });
  return true;
}

/**
 * The stored result of an earlier run of (user, command, key), or undefined: lets a call whose
 * body must not be read twice (an upload's file) answer a replay before storing anything. The same
 * key with another payload is refused (422).
 */
export async function previousResult<T>(
  sql: Sql,
  userId: string,
  command: string,
  key: string | undefined,
  payload: unknown,
): Promise<{ result: T } | undefined> {
  if (!checkedKey(key)) return undefined;
  const { rows } = await sql.query<{ result: T; fingerprint: string | null }>(
    `SELECT result, fingerprint FROM app_command_result WHERE key = $1 AND result IS NOT NULL`,
    [`${userId}:${command}:${key}`],
  );
  if (!rows[0]) return undefined;
  if (!sameRequest(rows[0].fingerprint, requestFingerprint(command, payload))) throw keyReused();
  return { result: rows[0].result };
}

/**
 * Runs a command once per (user, command, Idempotency-Key), inside the command's transaction: the
 * key is claimed first, with the request's fingerprint (a concurrent retry with the same key waits
 * on the claim), and a retry after the first committed answers the stored result and changes
 * nothing. The same key with a different payload is refused with 422 and changes nothing either.
 * Without a key the command simply runs. If the command fails, its transaction rolls the claim back
 * and a retry runs again.
 */
export async function once<T>(
  sql: Sql,
  userId: string,
  command: string,
  key: string | undefined,
  payload: unknown,
  run: () => Promise<T>,
): Promise<T> {
  if (!checkedKey(key)) return run();
  const id = `${userId}:${command}:${key}`;
  const fingerprint = requestFingerprint(command, payload);
  const claimed = await sql.query(
    `INSERT INTO app_command_result (key, user_id, fingerprint) VALUES ($1, $2::uuid, $3) ON CONFLICT (key) DO NOTHING`,
    [id, userId, fingerprint],
  );
  if (!claimed.rowCount) {
    const { rows } = await sql.query<{ result: T; fingerprint: string | null }>(
      `SELECT result, fingerprint FROM app_command_result WHERE key = $1`,
      [id],
    );
    if (!sameRequest(rows[0].fingerprint, fingerprint)) throw keyReused();
    return rows[0].result;
  }
  const result = await run();
  await sql.query(`UPDATE app_command_result SET result = $2::jsonb WHERE key = $1`, [id, JSON.stringify(result ?? null)]);
  return result;
}
