import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';

/** Query parameters whose values grant access (SSO assertions, upload tickets, tokens, signatures). */
const SECRET_PARAMS = new Set([
  'assertion',
  'ticket',
  'token',
  'access_token',
  'refresh_token',
  'code',
  'password',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);
/** Paths whose last segment is itself a credential: the single-use direct-upload ticket. */
const SECRET_PATH = /^(\/api\/upload\/direct\/)[^/?#]+/i;

export const REDACTED = '[redacted]';

/**
 * A request URL fit for the log: the direct-upload ticket and the values of credential-bearing
 * query parameters (`/auth/{userId}/…?assertion=…`, `/authorize?assertion=…`) replaced. Anyone who
 * reads the log could otherwise sign in as the user or upload on their ticket while it is valid.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* a malformed name is logged as sent */
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own request serializer (method, url, host, address), with the URL redacted. */
export function logRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * Fields on every later line of the request's log, "request completed" included (the reply logs
 * through the same pino child).
 */
export function bindLog(req: FastifyRequest, bindings: Record<string, string>): void {
  (req.log as { setBindings?: (b: Record<string, string>) => void }).setBindings?.(bindings);
}

/** The log line of every request names its caller: people and service accounts alike. */
export function nameCallerInLog(req: FastifyRequest, p: Principal): void {
  const bindings: Record<string, string> = { userId: p.userId, user: p.userName };
  if (p.serviceAccount) bindings.serviceAccount = p.serviceAccount.name;
  bindLog(req, bindings);
}
