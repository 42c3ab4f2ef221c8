import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
  lt: string;
}

const ISSUER = 'service-portal';

/** Short-lived access tokens: HS256 JWTs naming the user and the session. */
export class AccessTokens {
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSec: number,
  ) {}

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

  /**
   * Tokens this instance has verified, with their expiry: a client sends the same token on every
   * call for its lifetime, and the signature check is most of an authenticated call's CPU.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();
  private cryptoKey: Promise<webcrypto.CryptoKey> | undefined;

  async verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    const hit = this.verified.get(token);
    if (hit) {
      if (Date.now() / 1000 < hit.exp) return hit.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      // The key imported once, not on every call (jose imports raw bytes each time).
      this.cryptoKey ??= webcrypto.subtle.importKey('raw', this.key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'verify',
      ]);
      const { payload } = await jwtVerify(token, await this.cryptoKey, { issuer: ISSUER, audience: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return 'invalid';
      const claims = { sub: payload.sub, sid: payload.sid, lt: String(payload.lt ?? '') };
      if (this.verified.size >= 20_000) this.verified.clear();
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const hmac = (key: Uint8Array, s: string) => createHmac('sha256', key).update(s).digest('hex');
