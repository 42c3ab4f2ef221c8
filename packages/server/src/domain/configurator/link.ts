import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharedSecret } from '../../auth/secrets.ts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The short-lived signed link a save returns (/config/page?token=…): `<configuration id>.<expiry,
 * unix seconds>.<HMAC-SHA256 of both>`, keyed by a secret every instance shares (app_secret
 * `cpq-link`). Whoever holds a valid token reads that one configuration until the expiry; a token
 * whose signature does not hold is refused as forged, a good one past its time as expired.
 */
export const LINK_TTL_SEC = 2 * 60 * 60;

const keys = new WeakMap<Db, Promise<Uint8Array>>();
export const linkKey = (db: Db): Promise<Uint8Array> => {
  let k = keys.get(db);
  if (!k) keys.set(db, (k = sharedSecret(db, 'cpq-link')));
  return k;
};

const mac = (key: Uint8Array, id: string, exp: number) => createHmac('sha256', key).update(`cpq:${id}:${exp}`).digest('base64url');

export function signLink(key: Uint8Array, id: string, now = Date.now(), ttlSec = LINK_TTL_SEC): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + ttlSec;
  return { token: `${id}.${exp}.${mac(key, id, exp)}`, expiresAt: new Date(exp * 1000) };
}

export const linkForged = () => new AppError(400, 'cpq.linkForged');
export const linkExpired = () => new AppError(410, 'cpq.linkExpired');

/** The configuration id a token grants, or the refusal (forged / expired). */
export function verifyLink(key: Uint8Array, token: unknown, now = Date.now()): string {
  if (typeof token !== 'string') throw linkForged();
  const m = /^([0-9a-f-]{36})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw linkForged();
  const exp = Number(m[2]);
  const want = Buffer.from(mac(key, m[1], exp));
  const got = Buffer.from(m[3]);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw linkForged();
  if (exp * 1000 <= now) throw linkExpired();
  return m[1];
}
