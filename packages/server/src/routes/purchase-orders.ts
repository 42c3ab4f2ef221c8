import { msg, PURCHASE_ORDER_API, PURCHASE_ORDER_CREATE } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { createPurchaseOrder } from '../domain/purchase-orders/create.ts';
import { storeOfCallerOrNull, supplierAnswer, supplierFor } from '../domain/purchase-orders/supplier.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, pathParams, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const SUPPLIER = z.object({ id: z.string(), name: z.string(), storeId: z.string(), storeName: z.string() });
const CREATE = z.object({
  supplier: z.string().max(200),
  new_expecteddate: z.string().max(40).nullable().optional(),
  new_remark: z.string().max(1000).nullable().optional(),
});
const CREATED = z.object({ id: z.string(), name: z.string() });

/**
 * A store's purchase orders (model purchase-order-api.ts): whom the caller (a store) orders from.
 * The create screen asks before it offers the form; the order's write checks the same again
 * (domain/purchase-orders/supplier.ts). Refusals: 400 with the message in the caller's language.
 */
export function purchaseOrderRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const pre = requireAuth(s.authenticate, 'sales.write');
  const doc = (summary: string, parts: object = {}, answer: z.ZodType = SUPPLIER) => ({
    summary,
    tags: ['sales documents'],
    security: BEARER,
    ...parts,
    ...returns(answer),
  });
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    r.get(
      `${PURCHASE_ORDER_API}/supplier`,
      {
        preValidation: pre,
        schema: doc('The dealer the caller’s store orders from (null: the caller is no store)', {}, SUPPLIER.nullable()),
      },
      async (req) => {
        const chain = await db.tx(async (sql) => storeOfCallerOrNull(sql, await requestCaller(sql, req)));
        return ok(chain && supplierAnswer(chain));
      },
    );
    const url = `${PURCHASE_ORDER_API}/supplier/:unit`;
    r.get<{ Params: { unit: string } }>(
      url,
      {
        preValidation: pre,
        schema: doc(
          'The business unit of /purchaseOrder/create/:businessunit, if it is the caller’s dealer (else 400 saying whom the store orders from)',
          {
            params: pathParams(url),
          },
        ),
      },
      async (req: FastifyRequest<{ Params: { unit: string } }>) =>
        ok(supplierAnswer(await db.tx(async (sql) => supplierFor(sql, await requestCaller(sql, req), req.params.unit)))),
    );
    r.post(
      PURCHASE_ORDER_CREATE,
      {
        preValidation: pre,
        schema: doc(
          'A new draft purchase order of the caller’s store to its dealer (the create screen’s business unit)',
          { body: CREATE },
          CREATED,
        ),
      },
      async (req) => {
        const body = CREATE.parse(req.body);
        const lang = requestLang(req);
        const made = await db.tx(async (sql) => createPurchaseOrder(sql, await requestCaller(sql, req), body, lang));
        return ok(made, msg('purchaseOrder.created', lang, { name: made.name }));
      },
    );
  });
}
