import { msg, OAUTH2_TOKEN_PATH, serviceAccountState, type MessageKey } from '@portal/model';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clearFailures, lockedMinutes, recordFailure } from '../../auth/lockout.ts';
import { writeLog } from '../../domain/operation-log.ts';
import { answers, documented, PUBLIC } from '../../http/openapi.ts';
import { portalKind } from '../../http/portal-kind.ts';
import { clientIp, requestLang, userAgent } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { bindLog } from '../../http/log-redaction.ts';
import { markUsed } from './calls.ts';
import { hashSecret, sameHash } from './secrets.ts';

/** The login type of a service account's sessions (auth_session.login_type, the token's `lt`). */
export const CLIENT_CREDENTIALS = 'client_credentials';

const short = z.string().max(256).optional();
const TokenRequest = z.object({ grant_type: short, client_id: short, client_secret: short, scope: z.string().max(1000).optional() });

/** An OAuth 2 error (RFC 6749 §5.2): `{ error, error_description }`, never the portal's envelope. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(error);
  }
}

/** client_id and client_secret from HTTP Basic (RFC 6749 §2.3.1: form-encoded, then base64) or the body. */
function credentials(req: FastifyRequest, body: z.infer<typeof TokenRequest>): { id?: string; secret?: string; basic: boolean } {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
  if (m) {
    const raw = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = raw.indexOf(':');
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    if (colon > 0) return { id: dec(raw.slice(0, colon)), secret: dec(raw.slice(colon + 1)), basic: true };
  }
  return { id: body.client_id, secret: body.client_secret, basic: false };
}

/** Failures per client id and client address, like people's sign-in (auth/lockout.ts). */
const subject = (clientId: string, ip: string) => `client:${clientId.trim().toLowerCase().slice(0, 60)}|${ip.slice(0, 50)}`;

type AccountRow = { id: string; userid: string; name: string; hash: string | null; state: number; userdisabled: boolean };

async function issueToken(s: Services, req: FastifyRequest) {
  const { db, cfg } = s;
  const parsed = TokenRequest.safeParse(req.body ?? {});
  if (!parsed.success) throw new OAuthError(400, 'invalid_request', 'error.badRequest');
  const c = credentials(req, parsed.data);
  if (parsed.data.grant_type !== CLIENT_CREDENTIALS) throw new OAuthError(400, 'unsupported_grant_type', 'sa.unsupportedGrant');
  if (!c.id || !c.secret) throw new OAuthError(c.basic ? 401 : 400, c.basic ? 'invalid_client' : 'invalid_request', 'sa.clientRequired');
  const who = subject(c.id, clientIp(req));
  const minutes = await lockedMinutes(db, who);
  if (minutes) throw new OAuthError(401, 'invalid_client', 'sa.clientLocked', { minutes });
  const a = await db.one<AccountRow>(
    `SELECT sa.new_serviceaccountid AS id, sa.new_systemuser_id AS userid, sa.new_name AS name, sa.new_secrethash AS hash,
            sa.new_state AS state, COALESCE(u.isdisabled, false) AS userdisabled
       FROM new_serviceaccount sa JOIN systemuser u ON u.systemuserid = sa.new_systemuser_id
      WHERE sa.new_clientid = $1`,
    [c.id],
  );
  if (!a || !sameHash(a.hash, hashSecret(c.secret))) {
    await recordFailure(db, who);
    await writeLog(db, req, {
      action: 'login',
      result: 'failure',
      userId: a?.userid,
      userName: c.id.slice(0, 60),
      detail: `${CLIENT_CREDENTIALS}: wrong client id or secret`,
    });
    throw new OAuthError(401, 'invalid_client', 'sa.invalidClient');
  }
  await clearFailures(db, who);
  if (a.state !== serviceAccountState.enabled || a.userdisabled) {
    await writeLog(db, req, {
      action: 'login',
      result: 'refused',
      userId: a.userid,
      userName: c.id,
      detail: `${CLIENT_CREDENTIALS}: disabled`,
    });
    throw new OAuthError(401, 'invalid_client', 'sa.clientDisabled');
  }
  // One session per issued token, lasting as long as the token: systems run several workers, each
  // with its own token, so a new token never ends another (unlike a person's sign-in). Disabling or
  // rotating ends them all, on every instance (auth_session's end trigger).
  const session = await db.one<{ id: string }>(
    `INSERT INTO auth_session (user_id, login_type, portal, absolute_expiry, ip, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6) RETURNING id`,
    [a.userid, CLIENT_CREDENTIALS, portalKind(cfg, req), cfg.accessTokenTtlSec, clientIp(req), userAgent(req)],
  );
  await markUsed(db, a.id);
  await writeLog(db, req, { action: 'login', userId: a.userid, userName: c.id, detail: `${CLIENT_CREDENTIALS}: ${a.name}`.slice(0, 200) });
  bindLog(req, { userId: a.userid, user: c.id, serviceAccount: a.name });
  return {
    access_token: await s.tokens.sign({ sub: a.userid, sid: session!.id, lt: CLIENT_CREDENTIALS }),
    token_type: 'Bearer',
    expires_in: cfg.accessTokenTtlSec,
  };
}

function oauthErrors(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(req);
  if (err instanceof OAuthError) {
    if (err.status === 401) reply.header('www-authenticate', 'Basic realm="service-portal"');
    return reply.code(err.status).send({ error: err.error, error_description: msg(err.key, lang, err.params) });
  }
  const status = (err as FastifyError).statusCode;
  if (status === 429) return reply.code(429).send({ error: 'too_many_requests', error_description: msg('error.tooManyRequests', lang) });
  if (status && status >= 400 && status < 500)
    return reply.code(status).send({ error: 'invalid_request', error_description: msg('error.badRequest', lang) });
  throw err;
}

/** POST /api/oauth2/token: the client-credentials grant of the service accounts. */
export function oauthTokenRoute(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(oauthErrors);
    r.post(
      OAUTH2_TOKEN_PATH,
      {
        config: { rateLimit: { max: s.cfg.authRateLimit * 10, timeWindow: 60_000 } },
        schema: {
          summary: 'Access token for a service account (OAuth 2 client credentials)',
          description:
            'grant_type=client_credentials with client_id and client_secret, form-encoded, JSON or HTTP Basic. ' +
            'Answers `{ access_token, token_type: "Bearer", expires_in }`; refusals `{ error, error_description }` ' +
            '(401 invalid_client for wrong, locked or disabled credentials; 400 unsupported_grant_type / invalid_request).',
          tags: ['sign-in'],
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: documented(TokenRequest),
          security: PUBLIC,
          ...answers('json'),
        },
      },
      (req) => issueToken(s, req),
    );
  });
}
