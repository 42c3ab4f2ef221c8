import { CONTRACT_API, type Lang, type PartsCommandResult } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import type { Sql } from '../db/db.ts';
import { activateContract, terminateContract } from '../domain/contract/contract.ts';
import { once } from '../domain/idempotency.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, pathParams } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import type { Services } from '../services.ts';

// Shape only: the command answers the specification's messages for a missing date or reason.
const TERMINATE = z.object({ date: z.string().max(40).optional(), reason: z.string().max(10_000).optional() });

const DOCS: Record<string, { summary: string; body?: z.ZodType }> = {
  '/:id/activate': { summary: 'Maintenance contract: activate (draft → active; at least one line)' },
  '/:id/terminate': { summary: 'Maintenance contract: terminate (active → terminated, with a date and a reason)', body: TERMINATE },
};

type Run = (sql: Sql, caller: Caller, req: FastifyRequest<{ Params: Record<string, string> }>, lang: Lang) => Promise<PartsCommandResult>;

/** The maintenance contract commands (CONTRACT_API in the model), one transaction each; an Idempotency-Key answers a retry with the first result. */
export function contractRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (path: string, run: Run) => {
      r.route<{ Params: Record<string, string> }>({
        method: 'POST', url: `${CONTRACT_API}${path}`, preValidation: requireAuth(s.authenticate, 'workorder.write'),
        schema: { ...DOCS[path], tags: ['contract'], params: pathParams(path), security: BEARER, description: 'One transaction. An `Idempotency-Key` header makes a retry answer the first result.' },
        handler: async (req) => {
          const caller = await requestCaller(db, req);
          const lang = requestLang(req);
          const key = req.headers['idempotency-key'];
          const result = await db.tx((sql) => once(sql, caller.principal.userId, `POST ${req.url}`, typeof key === 'string' ? key : undefined, () => run(sql, caller, req, lang)));
          return ok(result, result.message);
        },
      });
    };
    route('/:id/activate', (sql, c, req, lang) => activateContract(sql, c, req.params.id, lang));
    route('/:id/terminate', (sql, c, req, lang) => terminateContract(sql, c, req.params.id, TERMINATE.parse(req.body ?? {}), lang));
  });
}
