import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ENTITIES, type EntityDef, type Lang } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answers, BEARER, fileOf } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { mayRead, requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';
import { errorResponse } from './errors.ts';
import { JSON_TYPE } from './handlers.ts';
import { buildCsdl } from './metadata-csdl.ts';
import { WEB_API_PREFIX } from './names.ts';

// GET /api/data/v9.2/$metadata (CSDL XML) and GET /api/data/v9.2/ (the service document). Both need
// a signed-in caller (a person or a service account) and describe only the entity sets the caller
// may read, so a client generated from them knows nothing it could not use (docs/decisions.md).

interface Doc {
  xml: Buffer;
  /** The same, gzipped once: ≈ 20 times smaller (0.8 MB → 40 KB for an administrator). */
  gz: Buffer;
  etag: string;
}

/**
 * Documents by language and readable entities: a handful of role combinations in practice, at most
 * 32 kept (≈ 0.9 MB each at worst), the least recently used dropped first.
 */
const CACHE_LIMIT = 32;
const cache = new Map<string, Doc>();

function metadataFor(entities: readonly EntityDef[], lang: Lang): Doc {
  const key = `${lang}:${entities.map((e) => e.logicalName).join(',')}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const xml = Buffer.from(buildCsdl(entities, lang));
  const doc = { xml, gz: gzipSync(xml), etag: `W/"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"` };
  cache.set(key, doc);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return doc;
}

/**
 * Registered beside the Web API's own plugin (routes.ts), whose catch-all these static paths take
 * precedence over; refusals answer in the same OData error shape.
 */
export function metadataRoutes(app: FastifyInstance, s: Services): void {
  const readable = async (req: FastifyRequest) => {
    await s.authenticate(req);
    const caller = await requestCaller(s.db, req);
    return ENTITIES.filter((e) => mayRead(caller, e));
  };
  app.register(
    async (r) => {
      r.addHook('onSend', async (_req, reply, payload) => {
        reply.header('odata-version', '4.0');
        return payload;
      });
      r.setErrorHandler((err, req, reply) => {
        const res = errorResponse(err, requestLang(req));
        if (res.unexpected) req.log.error({ err }, 'web api $metadata: unhandled error');
        return reply.code(res.status).headers(res.headers).type(JSON_TYPE).send(JSON.stringify(res.body));
      });

      r.get(
        '/$metadata',
        {
          schema: {
            summary: "Web API: the CSDL (OData 4.0) of the entity sets the caller may read, in the caller's language",
            tags: ['Web API'],
            security: BEARER,
            ...fileOf('application/xml'),
          },
        },
        async (req, reply) => {
          const doc = metadataFor(await readable(req), requestLang(req));
          // The caller's own document: a client may keep it and ask again with If-None-Match.
          reply
            .header('etag', doc.etag)
            .header('cache-control', 'private, no-cache')
            .header('vary', 'authorization, accept-language, accept-encoding');
          if (req.headers['if-none-match'] === doc.etag) return reply.code(304).send();
          reply.type('application/xml');
          if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(doc.gz);
          return reply.send(doc.xml);
        },
      );

      r.get(
        '/',
        {
          schema: {
            summary: 'Web API: the service document (the entity sets the caller may read)',
            tags: ['Web API'],
            security: BEARER,
            ...answers('json', {
              data: z.object({
                '@odata.context': z.string(),
                value: z.array(z.object({ name: z.string(), kind: z.enum(['EntitySet', 'FunctionImport']), url: z.string() })),
              }),
            }),
          },
        },
        async (req, reply) => {
          const entities = await readable(req);
          const value = [
            ...entities.map((e) => ({ name: e.entitySet, kind: 'EntitySet' as const, url: e.entitySet })),
            { name: 'WhoAmI', kind: 'FunctionImport' as const, url: 'WhoAmI' },
          ];
          const body = { '@odata.context': `${req.protocol}://${req.host}${WEB_API_PREFIX}/$metadata`, value };
          return reply.type(JSON_TYPE).send(JSON.stringify(body));
        },
      );
    },
    { prefix: WEB_API_PREFIX },
  );
}
