import { getEntity } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { addProduct, cartGroups, clearCart, deleteProduct, settle, updateProduct } from '../domain/shop/cart.ts';
import { ok } from '../http/envelope.ts';
import { requestLang, t } from '../http/request-context.ts';
import type { Services } from '../services.ts';

/** The shopping cart of spec 000 §7 (paths as the specification writes them). Needs `shop.buy`. */
export function shopRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const buyer = requireAuth(s.authenticate, 'shop.buy');
  const body = (v: unknown) => z.record(z.string(), z.unknown()).parse(v ?? {});

  app.get('/api/ShoppingCart/GetProductList', { preHandler: buyer }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await cartGroups(db, req.principal!.userId, t(req, 'shop.otherLine')));
  });

  app.post('/api/ShoppingCart/AddProduct', { preHandler: buyer }, async (req) => {
    const b = body(req.body);
    return ok(await addProduct(db, req.principal!, b.ProductId, b.Quantity), t(req, 'shop.added'));
  });

  // spec: "DeleteProduct?id={id}, no body"; an id in a JSON body is accepted as well.
  app.post('/api/ShoppingCart/DeleteProduct', { preHandler: buyer }, async (req) => {
    const { id } = z.object({ id: z.string().max(100).optional() }).parse(req.query);
    await deleteProduct(db, req.principal!, id ?? body(req.body).Id);
    return ok(null);
  });

  app.post('/api/ShoppingCart/ClearAllProduct', { preHandler: buyer }, async (req) => {
    return ok({ removed: await clearCart(db, req.principal!) });
  });

  app.post('/api/ShoppingCart/UpdateProduct', { preHandler: buyer }, async (req) => {
    const b = body(req.body);
    return ok(await updateProduct(db, req.principal!, b.Id, b.Quantity));
  });

  app.post('/api/ShoppingCart/Settle', { preHandler: buyer }, async (req) => {
    const lang = requestLang(req);
    const label = (f: string) => getEntity('salesorder')?.allFields[f]?.label[lang] ?? f;
    const orders = await settle(db, req.principal!, body(req.body) as { ItemIds: unknown }, label, t(req, 'shop.otherLine'));
    return ok(orders, t(req, 'shop.settled', { count: orders.length }));
  });
}
