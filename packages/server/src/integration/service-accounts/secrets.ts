import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../auth/tokens.ts';

/** A client id: not a secret (it is logged and shown in the list), unique and easy to paste. */
export const newClientId = () => `svc-${randomBytes(12).toString('hex')}`;

/**
 * A client secret: 256 random bits, base64url (43 characters). Stored as its SHA-256 only.
 * argon2id (auth/passwords.ts) protects secrets people choose, which are guessable offline from a
 * stolen hash; a secret of 256 random bits is not, whatever the hash's speed, and a fast hash keeps
 * the token endpoint cheap and its time flat under a flood of wrong secrets.
 */
export const newClientSecret = () => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) => sha256(secret);

/** Constant-time comparison of two hex SHA-256 digests (a missing stored hash never matches). */
export function sameHash(stored: string | null | undefined, presented: string): boolean {
  const a = Buffer.from(stored ?? '', 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b);
}
