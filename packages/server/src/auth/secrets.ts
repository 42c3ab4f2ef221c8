import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';

/** A secret shared by every app instance on this database, created on first use. */
export async function sharedSecret(db: Db, name: string): Promise<Uint8Array> {
  const fresh = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, fresh]);
  const row = await db.one<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [name]);
  return new TextEncoder().encode(row!.value);
}
