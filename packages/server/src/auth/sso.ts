import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/db.ts';
import { randomToken } from './tokens.ts';

export const SSO_AUDIENCE = 'service-portal-sso';
export const SSO_MAX_AGE_SEC = 120;

/**
 * The CRM's single sign-on hand-off: a short-lived, single-use HS256 assertion signed with a
 * secret shared with the CRM. A bare user id signs nobody in.
 */
export async function signSsoAssertion(key: Uint8Array, userId: string, ttlSec = 60): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(SSO_AUDIENCE)
    .setIssuer('crm')
    .setJti(randomToken(16))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + Math.min(ttlSec, SSO_MAX_AGE_SEC))
    .sign(key);
}

/** The user id the assertion vouches for, after spending it; undefined when invalid or replayed. */
export async function consumeSsoAssertion(db: Db, key: Uint8Array, assertion: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(assertion, key, {
      audience: SSO_AUDIENCE,
      issuer: 'crm',
      algorithms: ['HS256'],
      maxTokenAge: SSO_MAX_AGE_SEC,
    });
    if (!payload.sub || !payload.jti || !payload.exp) return undefined;
    const spent = await db.query(
      `INSERT INTO auth_sso_assertion (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
      [payload.jti, payload.exp],
    );
    return spent.rowCount === 1 ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
