import { SHOP_PAGE_MAX, type ProductPage, type PublicProductDetail } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../auth/principal.ts';
import { PICTURE_TYPES, productDetail, productLines, productPicture, searchProducts } from '../domain/shop/public-catalogue.ts';
import { contentDisposition } from '../files/attachments.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { fileOf, returns } from '../http/openapi.ts';
import type { Services } from '../services.ts';

/** Anonymous, or a bearer token (then checked like anywhere: a bad one is 401 so the app refreshes). */
const OPTIONAL_BEARER: { [scheme: string]: string[] }[] = [{}, { bearerAuth: [] }];
const TAGS = ['shop'];
const SEARCH = z.object({
  q: z.string().max(100).optional().describe('Name, part number or model contains this'),
  line: z.string().max(64).optional().describe('Product line id'),
  after: z.string().max(60).optional().describe('Cursor: `next` of the page before'),
  limit: z.coerce.number().int().min(1).max(SHOP_PAGE_MAX).optional().describe(`Page size (at most ${SHOP_PAGE_MAX})`),
});
const ID = z.object({ id: z.string().max(64) });
const PICTURE = z.object({ id: z.string().max(64), pictureId: z.string().max(64) });
// What the reads answer (documentation; checked against the model's types).
const PRODUCT = z.object({
  Id: z.string(),
  Name: z.string(),
  ProductNumber: z.string(),
  Model: z.string().nullable(),
  Uom: z.string().nullable(),
  LineId: z.string().nullable(),
  LineName: z.string().nullable(),
  InStock: z.boolean().describe('In stock in an active central warehouse'),
  Picture: z.string().nullable().describe('First picture id'),
  Price: z.string().optional().describe('"168.00": buyers (shop.buy) only'),
});
const PAGE = z.object({
  rows: z.array(PRODUCT),
  next: z.string().nullable().describe('`after` of the next page; null at the end'),
}) satisfies z.ZodType<ProductPage>;
const DETAIL = PRODUCT.extend({
  Description: z.string().nullable(),
  Specification: z.array(z.object({ name: z.string(), value: z.string() })),
  Pictures: z.array(z.object({ Id: z.string(), FileName: z.string() })),
}) satisfies z.ZodType<PublicProductDetail>;
const LINES = z.array(z.object({ Id: z.string(), Name: z.string(), Code: z.string() }));

/**
 * The public shop (spec 001 §2: the catalogue, search and product details are anonymous): active
 * products and public fields only. A signed-in caller's token is honoured, so a buyer (shop.buy)
 * gets prices; nobody gets stock figures beyond in stock / out of stock.
 */
export function shopPublicRoutes(app: FastifyInstance, s: Services) {
  const { db, storage } = s;
  const caller = async (req: FastifyRequest): Promise<Principal | null> => (req.headers.authorization ? s.authenticate(req) : null);
  const doc = (summary: string, parts: object) => ({ schema: { summary, tags: TAGS, security: OPTIONAL_BEARER, ...parts } });

  app.get(
    '/api/shop/products',
    doc('Search the shop: active products by name, part number or model, keyset-paged by part number', {
      querystring: SEARCH,
      ...returns(PAGE),
    }),
    async (req, reply) => {
      const who = await caller(req);
      const qy = SEARCH.parse(req.query ?? {});
      reply.header('cache-control', who ? 'private, no-store' : 'no-cache');
      return ok(await searchProducts(db, who, qy));
    },
  );

  app.get(
    '/api/shop/lines',
    { schema: { summary: 'The product lines that have active products', tags: TAGS, security: [], ...returns(LINES) } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await productLines(db));
    },
  );

  app.get(
    '/api/shop/products/:id',
    doc('One active product: pictures, specification; the price for buyers', { params: ID, ...returns(DETAIL) }),
    async (req, reply) => {
      const who = await caller(req);
      reply.header('cache-control', who ? 'private, no-store' : 'no-cache');
      return ok(await productDetail(db, who, (req.params as { id: string }).id));
    },
  );

  app.get(
    '/api/shop/products/:id/pictures/:pictureId',
    {
      schema: {
        summary: 'A picture of an active product (raster images only)',
        tags: TAGS,
        security: [],
        params: PICTURE,
        ...fileOf(...PICTURE_TYPES),
      },
    },
    async (req, reply) => {
      const p = req.params as { id: string; pictureId: string };
      const row = await productPicture(db, p.id, p.pictureId);
      const obj = await storage.get(row.storage_key);
      if (!obj) throw notFound('files.notFound');
      return reply
        .header('content-type', row.content_type)
        .header('content-length', String(obj.size))
        .header('content-disposition', contentDisposition('inline', row.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=3600')
        .send(obj.stream);
    },
  );
}
