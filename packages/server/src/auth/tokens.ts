import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
  lt: string;
}

const ISSUER = 'service-portal';

/** Short-lived access tokens: HS256 JWTs naming the user and the session. */
export class AccessTokens {
  constructor(private readonly key: Uint8Array, private readonly ttlSec: number) {}

  sign(c: AccessClaims): Promise<string> {
    return new SignJWT({ sid: c.sid, lt: c.lt })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.sub)
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSec)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return 'invalid';
      return { sub: payload.sub, sid: payload.sid, lt: String(payload.lt ?? '') };
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const hmac = (key: Uint8Array, s: string) => createHmac('sha256', key).update(s).digest('hex');
