import type { PartsCommandResult, Privilege } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectProductReturn, receiveProductReturn, shipProductReturn } from '../domain/product-return/product-return.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute, type CommandRun } from '../http/command-route.ts';
import { BEARER, pathParams } from '../http/openapi.ts';
import type { Services } from '../services.ts';

/** Base of the product-return calls (the web app's api/product-return.ts). */
export const PRODUCT_RETURN_API = '/api/productReturn';

// Shape only; the command answers missing or too long values with the specification's messages.
const COLLECT = z.object({ collectedOn: z.string().max(100).optional(), memo: z.string().max(10_000).optional() });
const SHIP = z.object({ logisticsCorp: z.string().max(10_000).optional(), trackingNo: z.string().max(10_000).optional() });

type Run = CommandRun<PartsCommandResult>;

/**
 * Product return (退机申请) commands beyond the record service and the approval engine: collect
 * (the station, the day taken from the customer), ship (the station, with logistics) and receive (head office). One transaction each, with the work order's
 * pullout fields; a POST with an Idempotency-Key answers a retry with the first result.
 */
export function productReturnRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (path: string, summary: string, privilege: Privilege, run: Run, body?: z.ZodType) => {
      commandRoute(r, s, {
        method: 'POST',
        url: `${PRODUCT_RETURN_API}${path}`,
        privilege,
        run,
        schema: { summary, ...(body ? { body } : {}), tags: ['productReturn'], params: pathParams(path), security: BEARER },
      });
    };
    route(
      '/:id/collect',
      'Product return: collected from the customer by the station (day, note); the work order pulled out',
      'parts.write',
      (sql, c, req, lang) => collectProductReturn(sql, c, req.params.id, COLLECT.parse(req.body ?? {}), lang),
      COLLECT,
    );
    route(
      '/:id/ship',
      'Product return: shipped by the station (logistics); the work order delivered',
      'parts.write',
      (sql, c, req, lang) => shipProductReturn(sql, c, req.params.id, SHIP.parse(req.body ?? {}), lang),
      SHIP,
    );
    route('/:id/receive', 'Product return: received by head office; the work order received', 'workorder.audit', (sql, c, req, lang) =>
      receiveProductReturn(sql, c, req.params.id, lang),
    );
  });
}
