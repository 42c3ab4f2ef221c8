import { SALES_CONTRACT_PREFILL } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { prefillValues } from '../domain/sales-contracts/prefill.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const id = z.string().max(60).optional();
const QUERY = z.object({ leadid: id, opportunityid: id, quoteid: id });
const PREFILL = z.object({
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  names: z.record(z.string(), z.string()),
  source: z.string(),
});

/** Sales contracts (issue 29): the values a contract made from a lead, an opportunity or a quote starts with (404 outside the caller's reach). */
export function salesContractRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    r.get(
      SALES_CONTRACT_PREFILL,
      {
        preValidation: requireAuth(s.authenticate, 'sales.write'),
        schema: {
          tags: ['sales'],
          security: BEARER,
          summary: 'What a new sales contract made from a lead, an opportunity or a quote starts with',
          querystring: QUERY,
          ...returns(PREFILL),
        },
      },
      async (req) => {
        const q = QUERY.parse(req.query);
        return ok(await db.tx(async (sql) => prefillValues(sql, await requestCaller(sql, req), q, requestLang(req))));
      },
    );
  });
}
