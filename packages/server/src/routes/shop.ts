import { getEntity } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { addProduct, cartGroups, clearCart, deleteProduct, settle, updateProduct } from '../domain/shop/cart.ts';
import { defaultDelivery } from '../domain/shop/default-delivery.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, documented, returns } from '../http/openapi.ts';
import { requestLang, t } from '../http/request-context.ts';
import type { Services } from '../services.ts';

// The cart commands check their fields themselves (a missing product, a bad quantity): any object passes here.
const ADD = z.looseObject({ ProductId: z.unknown().describe('Product id (GUID)'), Quantity: z.unknown().describe('Quantity (number)') });
const UPDATE = z.looseObject({ Id: z.unknown().describe('Cart line id'), Quantity: z.unknown().describe('Quantity (number)') });
const DELETE_QUERY = z.object({ id: z.string().max(100).optional().describe('Cart line id (or `Id` in a JSON body)') });
const DELETE_BODY = documented(z.looseObject({ Id: z.unknown().describe('Cart line id, when not in the query') }));
const SETTLE = z.looseObject({ ItemIds: z.unknown().describe('Cart line ids to order (array)') });
const money = z.string().describe('Decimal, 2 places');
const CART = z.array(
  z.object({
    GroupId: z.string().nullable().describe('Product line'),
    GroupName: z.string(),
    CurrentIndex: z.literal(-1),
    ProductList: z.array(
      z.object({
        Id: z.string(),
        ProductId: z.string(),
        ProductNumber: z.string(),
        ProductName: z.string(),
        Model: z.string().nullable(),
        Uom: z.string().nullable(),
        Price: money,
        Quantity: z.number().int(),
        Amount: money,
        Available: z.boolean().describe('false: retired since, cannot be ordered'),
      }),
    ),
  }),
);
const DELIVERY = z.object({
  Contact: z.string(),
  Phone: z.string(),
  Province: z.string(),
  City: z.string(),
  County: z.string(),
  Address: z.string(),
});

/** The shopping cart of spec 000 §7 (paths as the specification writes them). Needs `shop.buy`. */
export function shopRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const buyer = requireAuth(s.authenticate, 'shop.buy');
  // preValidation: the caller is checked before the body, as when the handlers parsed it.
  const doc = (summary: string, parts: object = {}) => ({
    preValidation: buyer,
    schema: { summary, tags: ['shopping cart'], security: BEARER, ...parts },
  });
  const body = (v: unknown) => z.record(z.string(), z.unknown()).parse(v ?? {});

  app.get('/api/ShoppingCart/GetProductList', doc('The cart, grouped by product line', returns(CART)), async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await cartGroups(db, req.principal!.userId, t(req, 'shop.otherLine')));
  });

  app.post('/api/ShoppingCart/AddProduct', doc('Add a product to the cart', { body: ADD }), async (req) => {
    const b = body(req.body);
    return ok(await addProduct(db, req.principal!, b.ProductId, b.Quantity), t(req, 'shop.added'));
  });

  // spec: "DeleteProduct?id={id}, no body"; an id in a JSON body is accepted as well.
  app.post('/api/ShoppingCart/DeleteProduct', doc('Remove a cart line', { querystring: DELETE_QUERY, body: DELETE_BODY }), async (req) => {
    const { id } = DELETE_QUERY.parse(req.query);
    await deleteProduct(db, req.principal!, id ?? body(req.body).Id);
    return ok(null);
  });

  app.post('/api/ShoppingCart/ClearAllProduct', doc('Empty the cart'), async (req) => {
    return ok({ removed: await clearCart(db, req.principal!) });
  });

  app.post('/api/ShoppingCart/UpdateProduct', doc("Change a cart line's quantity", { body: UPDATE }), async (req) => {
    const b = body(req.body);
    return ok(await updateProduct(db, req.principal!, b.Id, b.Quantity));
  });

  // The confirm screen's starting delivery details: the caller's station address (the rule lives here).
  app.get(
    '/api/ShoppingCart/DefaultDelivery',
    doc("Delivery details a new order starts with (the caller's station address)", returns(DELIVERY)),
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await defaultDelivery(db, req.principal!));
    },
  );

  app.post(
    '/api/ShoppingCart/Settle',
    doc('Order the chosen cart lines (one sales order per product line)', { body: SETTLE }),
    async (req) => {
      const lang = requestLang(req);
      const label = (f: string) => getEntity('salesorder')?.allFields[f]?.label[lang] ?? f;
      const orders = await settle(db, req.principal!, body(req.body) as { ItemIds: unknown }, label, t(req, 'shop.otherLine'));
      return ok(orders, t(req, 'shop.settled', { count: orders.length }));
    },
  );
}
