import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * X-Portal-Signature: `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`, the timestamp
 * being X-Portal-Timestamp (Unix seconds). Signing the timestamp with the body lets a receiver
 * refuse a replayed old request (docs/integration.md "## Webhooks" shows the check).
 */
export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The receiver's check (as documented): constant-time comparison of the expected signature. */
export function verify(secret: string, timestamp: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const want = Buffer.from(sign(secret, timestamp, body));
  const got = Buffer.from(header);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** A new signing secret: 32 random bytes. Kept as it is (not hashed): the drainer needs it to sign. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
