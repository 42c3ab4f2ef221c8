import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteQuietly } from '../files/attachments.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';
import { runBatch } from './batch.ts';
import { errorResponse } from './errors.ts';
import { dispatch, JSON_TYPE } from './handlers.ts';
import { WEB_API_PREFIX } from './names.ts';
import type { ApiEnv, ApiRequest, ApiResponse } from './request.ts';

/** A $batch may carry many records: more than the app's 1 MB JSON bodies. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

function send(reply: FastifyReply, res: ApiResponse) {
  reply.code(res.status);
  for (const [k, v] of Object.entries(res.headers)) reply.header(k, v);
  if (res.body === undefined) return reply.send();
  if (typeof res.body === 'string') {
    if (!reply.hasHeader('content-type')) reply.header('content-type', 'text/plain; charset=utf-8');
    return reply.send(res.body);
  }
  return reply.header('content-type', JSON_TYPE).send(JSON.stringify(res.body));
}

/** `http://host` as the caller reached the server (the configured proxies may name it). */
const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}${WEB_API_PREFIX}`;

/**
 * The Dataverse-compatible Web API under /api/data/v9.2 (README.md): one plugin with its own
 * error answers (the OData error shape, `OData-Version: 4.0` on every answer) and body parsers
 * (JSON as the app's; multipart/mixed for $batch). Every call needs the bearer token (a person
 * or a service account) and runs with that caller's privileges and scope.
 */
export function webApiRoutes(app: FastifyInstance, s: Services): void {
  app.register(
    async (r) => {
      r.addContentTypeParser('multipart/mixed', { parseAs: 'string', bodyLimit: BATCH_BODY_LIMIT }, (_req, body, done) => done(null, body));
      r.addHook('onSend', async (_req, reply, payload) => {
        reply.header('odata-version', '4.0');
        return payload;
      });
      r.setErrorHandler((err, req, reply) => {
        const res = errorResponse(err, requestLang(req));
        if (res.unexpected) req.log.error({ err }, 'web api: unhandled error');
        return send(reply, res);
      });
      r.route({
        method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
        url: '/*',
        schema: { hide: true, summary: 'Dataverse-compatible Web API (OData 4.0): entity sets, $batch, WhoAmI, bound actions' },
        handler: async (req, reply) => {
          await s.authenticate(req);
          const caller = await requestCaller(s.db, req);
          const lang = requestLang(req);
          const raw = req.url.slice(WEB_API_PREFIX.length + 1);
          const qi = raw.indexOf('?');
          let path: string;
          try {
            path = decodeURIComponent(qi < 0 ? raw : raw.slice(0, qi));
          } catch {
            path = '\u0000';
          }
          const env: ApiEnv = {
            caller,
            lang,
            base: baseOf(req),
            read: s.db,
            tx: (fn) => s.db.tx(fn),
            afterCommit: [],
            deleteFiles: (keys) => deleteQuietly(s.storage, keys),
            resolveRef: () => null,
          };
          const headers = req.headers as Record<string, string | undefined>;
          const res =
            path === '$batch' && req.method === 'POST'
              ? await runBatch(env, s.db, headers['content-type'], req.body, headers.prefer, req.log)
              : await dispatch(
                  env,
                  { method: req.method, path, query: req.query as ApiRequest['query'], headers, body: req.body },
                  req.log,
                );
          for (const task of env.afterCommit) await task().catch((err) => req.log.warn({ err }, 'web api: after-commit task failed'));
          return send(reply, res);
        },
      });
    },
    { prefix: WEB_API_PREFIX },
  );
}
