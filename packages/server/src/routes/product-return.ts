import type { Lang, PartsCommandResult, Privilege } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import type { Sql } from '../db/db.ts';
import { once } from '../domain/idempotency.ts';
import { receiveProductReturn, shipProductReturn } from '../domain/product-return/product-return.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, pathParams } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import type { Services } from '../services.ts';

/** Base of the product-return calls (the web app's api/product-return.ts). */
export const PRODUCT_RETURN_API = '/api/productReturn';

// Shape only; the command answers missing or too long values with the specification's messages.
const SHIP = z.object({ logisticsCorp: z.string().max(10_000).optional(), trackingNo: z.string().max(10_000).optional() });

type Run = (sql: Sql, caller: Caller, req: FastifyRequest<{ Params: Record<string, string> }>, lang: Lang) => Promise<PartsCommandResult>;

/**
 * Product return (退机申请) commands beyond the record service and the approval engine: ship (the
 * station, with logistics) and receive (head office). One transaction each, with the work order's
 * pullout fields; a POST with an Idempotency-Key answers a retry with the first result.
 */
export function productReturnRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (path: string, summary: string, privilege: Privilege, run: Run, body?: z.ZodType) => {
      r.route<{ Params: Record<string, string> }>({
        method: 'POST', url: `${PRODUCT_RETURN_API}${path}`, preValidation: requireAuth(s.authenticate, privilege),
        schema: { summary, ...(body ? { body } : {}), tags: ['productReturn'], params: pathParams(path), security: BEARER, description: 'One transaction. An `Idempotency-Key` header makes a retry answer the first result.' },
        handler: async (req) => {
          const caller = await requestCaller(db, req);
          const lang = requestLang(req);
          const key = req.headers['idempotency-key'];
          const result = await db.tx((sql) => once(sql, caller.principal.userId, `POST ${req.url}`, typeof key === 'string' ? key : undefined, () => run(sql, caller, req, lang)));
          return ok(result, result.message);
        },
      });
    };
    route('/:id/ship', 'Product return: shipped by the station (logistics); the work order delivered', 'parts.write',
      (sql, c, req, lang) => shipProductReturn(sql, c, req.params.id, SHIP.parse(req.body ?? {}), lang), SHIP);
    route('/:id/receive', 'Product return: received by head office; the work order received', 'workorder.audit',
      (sql, c, req, lang) => receiveProductReturn(sql, c, req.params.id, lang));
  });
}
