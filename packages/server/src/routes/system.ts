import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/authenticate.ts';
import { selfCheck } from '../domain/system/selfcheck.ts';
import { ok } from '../http/envelope.ts';
import { BEARER } from '../http/openapi.ts';
import type { Services } from '../services.ts';

/** The administrator's self-check (/test/test): database, file storage, SMS provider, map tiles, version. */
export function systemRoutes(app: FastifyInstance, s: Services) {
  app.get('/api/system/selfcheck', {
    preValidation: requireAuth(s.authenticate, 'system.admin'),
    schema: { summary: 'Self-check: each check with status ok/warn/fail, detail and milliseconds (administrators)', tags: ['platform'], security: BEARER },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await selfCheck(s));
  });
}
