import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { selfCheck } from '../domain/system/selfcheck.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import type { Services } from '../services.ts';

const CHECKS = z.array(
  z.object({
    key: z.enum(['database', 'storage', 'sms', 'mapTiles', 'version']),
    status: z.enum(['ok', 'warn', 'fail']),
    detail: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('Facts (engine, version, sizes, URL…), not translated'),
    error: z.string().describe('Why it is warn/fail; empty when ok'),
    ms: z.number().int(),
  }),
);

/** The administrator's self-check (/test/test): database, file storage, SMS provider, map tiles, version. */
export function systemRoutes(app: FastifyInstance, s: Services) {
  app.get(
    '/api/system/selfcheck',
    {
      preValidation: requireAuth(s.authenticate, 'system.admin'),
      schema: {
        summary: 'Self-check: each check with status ok/warn/fail, detail and milliseconds (administrators)',
        tags: ['platform'],
        security: BEARER,
        ...returns(CHECKS),
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await selfCheck(s));
    },
  );
}
