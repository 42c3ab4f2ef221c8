import { CASE_API, type PartsCommandResult } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { closeCase, linkWorkOrder, resolveCase, respondCase } from '../domain/cases/service-case.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute, type CommandRun } from '../http/command-route.ts';
import { BEARER, pathParams } from '../http/openapi.ts';
import type { Services } from '../services.ts';

// Shape only: the commands answer the portal's own messages for a missing or too long note.
const RESPOND = z.object({ response: z.string().max(10_000).optional() });
const RESOLVE = z.object({ resolution: z.string().max(10_000).optional() });
const CLOSE = z.object({ satisfaction: z.union([z.number(), z.string().max(20), z.null()]).optional() });
const LINK = z.object({ workOrderId: z.string().max(100).optional() });

const DOCS: Record<string, { summary: string; body: z.ZodType }> = {
  '/:id/respond': { summary: 'Customer case: respond (open or in progress → in progress, with a response)', body: RESPOND },
  '/:id/resolve': { summary: 'Customer case: resolve (open or in progress → resolved, a resolution note required)', body: RESOLVE },
  '/:id/close': { summary: 'Customer case: close (resolved → closed, satisfaction 1–5 optional)', body: CLOSE },
  '/:id/link': { summary: 'Customer case: link a work order of the case’s station', body: LINK },
};

type Run = CommandRun<PartsCommandResult>;

/** The customer case commands (CASE_API in the model), one transaction each; an Idempotency-Key answers a retry with the first result. */
export function caseRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (path: string, run: Run) => {
      commandRoute(r, s, {
        method: 'POST',
        url: `${CASE_API}${path}`,
        privilege: 'workorder.write',
        schema: { ...DOCS[path], tags: ['case'], params: pathParams(path), security: BEARER },
        run,
      });
    };
    route('/:id/respond', (sql, c, req, lang) => respondCase(sql, c, req.params.id, RESPOND.parse(req.body ?? {}), lang));
    route('/:id/resolve', (sql, c, req, lang) => resolveCase(sql, c, req.params.id, RESOLVE.parse(req.body ?? {}), lang));
    route('/:id/close', (sql, c, req, lang) =>
      closeCase(sql, c, req.params.id, CLOSE.parse(req.body ?? {}) as { satisfaction?: number | null }, lang),
    );
    route('/:id/link', (sql, c, req, lang) => linkWorkOrder(sql, c, req.params.id, LINK.parse(req.body ?? {}), lang));
  });
}
