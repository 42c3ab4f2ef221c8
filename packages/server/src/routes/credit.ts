import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { creditOf } from '../domain/credit/credit.ts';
import { accountHolder } from '../domain/dealer-account/ledger.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestCaller } from '../records/access.ts';
import { normGuid } from '../records/validate.ts';
import type { Services } from '../services.ts';

const QUERY = z.object({ unit: z.string().max(60).optional() });
const CREDIT = z.object({
  holderId: z.string(),
  limit: z.string(),
  temporary: z.string(),
  openOrders: z.string(),
  receivable: z.string(),
  used: z.string(),
  available: z.string(),
});

/**
 * A dealer's credit now (domain/credit/credit.ts): of the account holding `unit` (default the
 * caller's unit), when that holder is within the caller's reach — a dealer its own, head office
 * any; a store does not read its dealer's (404).
 */
export function creditRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    r.get(
      '/api/credit',
      {
        preValidation: requireAuth(s.authenticate, 'sales.read'),
        schema: {
          summary: 'Credit limit, active temporary credit, open orders, receivable, used and available of a dealer (amounts to the cent)',
          tags: ['sales documents'],
          security: BEARER,
          querystring: QUERY,
          ...returns(CREDIT),
        },
      },
      async (req) => {
        const { unit } = QUERY.parse(req.query);
        const answer = await s.db.tx(async (sql) => {
          const caller = await requestCaller(sql, req);
          const id = unit === undefined ? caller.principal.businessUnitId : normGuid(unit);
          if (!id) throw notFound();
          const holder = await accountHolder(sql, id);
          if (!caller.subtree.includes(holder)) throw notFound();
          return { holderId: holder, ...(await creditOf(sql, holder)) };
        });
        return ok(answer);
      },
    );
  });
}
