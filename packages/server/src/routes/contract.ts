import { CONTRACT_API, type PartsCommandResult } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activateContract, terminateContract } from '../domain/contract/contract.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute, type CommandRun } from '../http/command-route.ts';
import { BEARER, pathParams } from '../http/openapi.ts';
import type { Services } from '../services.ts';

// Shape only: the command answers the specification's messages for a missing date or reason.
// The date is read by the command's date parser, whatever its type (a number gets "invalid date").
const TERMINATE = z.object({ date: z.unknown().describe('YYYY-MM-DD').optional(), reason: z.string().max(10_000).optional() });

const DOCS: Record<string, { summary: string; body?: z.ZodType }> = {
  '/:id/activate': { summary: 'Maintenance contract: activate (draft → active; at least one line)' },
  '/:id/terminate': { summary: 'Maintenance contract: terminate (active → terminated, with a date and a reason)', body: TERMINATE },
};

type Run = CommandRun<PartsCommandResult>;

/** The maintenance contract commands (CONTRACT_API in the model), one transaction each; an Idempotency-Key answers a retry with the first result. */
export function contractRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (path: string, run: Run) => {
      commandRoute(r, s, {
        method: 'POST',
        url: `${CONTRACT_API}${path}`,
        privilege: 'workorder.write',
        schema: { ...DOCS[path], tags: ['contract'], params: pathParams(path), security: BEARER },
        run,
      });
    };
    route('/:id/activate', (sql, c, req, lang) => activateContract(sql, c, req.params.id, lang));
    route('/:id/terminate', (sql, c, req, lang) => terminateContract(sql, c, req.params.id, TERMINATE.parse(req.body ?? {}), lang));
  });
}
