import { WORKER_LINK_API, type WorkerLinkCandidates, type WorkerLinkParty } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { linkCandidates, linkWorker, unlinkWorker } from '../domain/worker-link/worker-link.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute } from '../http/command-route.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const id = z.string().max(200);
const LINK = z.object({ userId: id.optional(), workerId: id.optional() });
const UNLINK = z.object({ userId: id.optional() });
const WHICH = z.object({ userId: id.optional(), workerId: id.optional() });
const PARTY = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  linkedId: z.string().nullable(),
  linkedName: z.string().nullable(),
}) satisfies z.ZodType<WorkerLinkParty>;
const CANDIDATES = z.object({ self: PARTY, options: z.array(PARTY) }) satisfies z.ZodType<WorkerLinkCandidates>;
const RESULT = z.object({ id: z.string(), message: z.string() });
const doc = (summary: string, parts: object = {}) => ({ summary, tags: ['worker'], security: BEARER, ...parts });

/**
 * A user account ↔ personnel record link (model worker-link-api.ts): commands in one transaction
 * each; who may is checked by the domain (user.manage or worker.write, within the caller's reach).
 */
export function workerLinkRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    commandRoute(r, s, {
      method: 'POST',
      url: `${WORKER_LINK_API}/link`,
      schema: doc('Link a user account to a personnel record of its station (one user per record)', { body: LINK, ...returns(RESULT) }),
      run: (sql, caller, req, lang) => linkWorker(sql, caller, LINK.parse(req.body ?? {}), lang),
    });
    commandRoute(r, s, {
      method: 'POST',
      url: `${WORKER_LINK_API}/unlink`,
      schema: doc('Unlink a user account from its personnel record', { body: UNLINK, ...returns(RESULT) }),
      run: (sql, caller, req, lang) => unlinkWorker(sql, caller, UNLINK.parse(req.body ?? {}), lang),
    });
    r.get(
      `${WORKER_LINK_API}/candidates`,
      {
        preValidation: requireAuth(s.authenticate),
        schema: doc("What the link dialog offers: the other side's rows of the same station, with their current links", {
          querystring: WHICH,
          ...returns(CANDIDATES),
        }),
      },
      async (req) => {
        const q = WHICH.parse(req.query);
        return ok(await s.db.tx(async (sql) => linkCandidates(sql, await requestCaller(sql, req), q)));
      },
    );
  });
}
