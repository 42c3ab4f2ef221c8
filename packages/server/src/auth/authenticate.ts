import type { Privilege } from '@portal/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError, expiredToken, forbidden, invalidToken, otherPortal, superseded } from '../http/errors.ts';
import { portalKind } from '../http/portal-kind.ts';
import { nameCallerInLog } from '../http/log-redaction.ts';
import { serviceAccountCall } from '../integration/service-accounts/calls.ts';
import { loadSessionPrincipal, type Principal } from './principal.ts';
import type { AccessTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Resolves the bearer token to a principal. Refusals: 401 invalid_token / expired_token (the web
 * app refreshes and retries), 409 when a newer sign-in of the same account ended this session.
 * A session is good on hosts of the portal kind it was signed in on only (checked on every call,
 * as at sign-in: a store-portal token is refused on the standard portal's API and the other way round).
 */
export function authenticator(db: Db, tokens: AccessTokens, cfg: Config) {
  return async function authenticate(req: FastifyRequest): Promise<Principal> {
    if (req.principal) return req.principal;
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw invalidToken();
    const claims = await tokens.verify(m[1]);
    if (claims === 'expired') throw expiredToken();
    if (claims === 'invalid') throw invalidToken();
    const { session, principal } = await loadSessionPrincipal(db, claims.sid, claims.sub);
    if (!session) throw invalidToken();
    if (session.ended_at) throw session.end_reason === 'superseded' ? superseded() : invalidToken();
    if (!principal) throw invalidToken();
    if (session.absolute_expiry.getTime() <= Date.now()) throw expiredToken();
    if (principal.disabled) throw new AppError(401, 'login.disabled', undefined, 'invalid_token');
    if (principal.portal !== portalKind(cfg, req)) throw otherPortal(401, 'invalid_token');
    nameCallerInLog(req, principal);
    // A system's service account: its rate limit and `last used` (integration/service-accounts).
    if (principal.serviceAccount) await serviceAccountCall(db, req, principal);
    req.principal = principal;
    return principal;
  };
}

export type Authenticate = ReturnType<typeof authenticator>;

/** preHandler: a signed-in caller holding every listed privilege. */
export function requireAuth(authenticate: Authenticate, ...privileges: Privilege[]) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const p = await authenticate(req);
    for (const priv of privileges) if (!p.privileges.has(priv)) throw forbidden();
  };
}
