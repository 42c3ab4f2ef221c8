import multipart from '@fastify/multipart';
import { msg } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import type { Principal } from '../auth/principal.ts';
import {
  addAll,
  checkLines,
  importColumns,
  importLine,
  parseLines,
  QuickOrderRefused,
  quickOrderTemplate,
} from '../domain/shop/quick-order.ts';
import { contentDisposition } from '../files/attachments.ts';
import { readTable } from '../files/excel-table.ts';
import { answerExcelUpload } from '../files/excel-upload.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, documented, fileOf, PUBLIC, XLSX } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import type { Services } from '../services.ts';

export const QUICK_ORDER_API = '/api/quickorder';

const LINES = z.looseObject({ Lines: z.unknown().describe('[{ Row, Code, Quantity }]: at most 5000 rows; blank rows are left out') });
type Security = Record<string, string[]>[];

/** Signed in or not: a bearer token, when sent, must be valid (and shows prices to buyers). */
const OPTIONAL_BEARER: Security = [{}, { bearerAuth: [] }];

/**
 * Quick order (spec 001 §2 /quickorder/list, /quickorder/importproduct; domain/shop/quick-order.ts):
 * check (anyone; prices for `shop.buy`), add all to the cart (`shop.buy`), the Excel template
 * (anyone) and the Excel import (signed in: it is the heaviest call, held to one per user).
 */
export function quickOrderRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const doc = (summary: string, security: Security, parts: object = {}) => ({ summary, tags: ['quick order'], security, ...parts });
  const callerOf = (req: FastifyRequest): Promise<Principal | null> =>
    req.headers.authorization ? s.authenticate(req) : Promise.resolve(null);

  app.post(
    `${QUICK_ORDER_API}/check`,
    {
      schema: doc(
        "Check quick-order lines: product, model, unit, stock (in stock / short), price for buyers, each row's error",
        OPTIONAL_BEARER,
        { body: LINES },
      ),
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const p = await callerOf(req);
      const lang = requestLang(req);
      const showPrice = !!p?.privileges.has('shop.buy');
      reply.header('cache-control', 'no-store');
      return ok({ ...(await checkLines(db, parseLines(req.body), lang, { showPrice })), ShowPrice: showPrice });
    },
  );

  app.post(
    `${QUICK_ORDER_API}/addtocart`,
    {
      preValidation: requireAuth(s.authenticate, 'shop.buy'),
      schema: doc(
        "Add every line to the caller's cart in one transaction; one row in error and nothing is added (Data.errors lists them all)",
        BEARER,
        { body: LINES },
      ),
    },
    async (req, reply) => {
      const lang = requestLang(req);
      try {
        const r = await addAll(db, req.principal!, parseLines(req.body), lang);
        return ok(r, msg('quickOrder.added', lang, { count: r.Added }));
      } catch (e) {
        if (e instanceof QuickOrderRefused)
          return reply.code(400).send({ ErrorCode: 400, Message: msg(e.key, lang, e.params), Data: { errors: e.errors } });
        throw e;
      }
    },
  );

  app.get(
    `${QUICK_ORDER_API}/template`,
    {
      schema: doc('The quick-order Excel template: part number and quantity columns, an example row, instructions', PUBLIC, fileOf(XLSX)),
    },
    async (req, reply) => {
      const lang = requestLang(req);
      const file = await quickOrderTemplate(db, lang);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', `${msg('quickOrder.template.file', lang)}.xlsx`))
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  // Upload-type call: refusals answer ErrorCode -1 (files/README.md); ≤ 10 MB, .xlsx by content, ≤ 5000 rows.
  app.register(async (r) => {
    await r.register(multipart, { limits: { fileSize: 11 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });
    r.post(
      `${QUICK_ORDER_API}/import`,
      {
        preHandler: requireAuth(s.authenticate),
        schema: doc('Read quick-order lines from Excel and check them (nothing is written): every row with its error, as /check', BEARER, {
          consumes: ['multipart/form-data'],
          body: documented(z.object({ file: z.string().describe('The .xlsx file (binary)') })),
        }),
      },
      (req, reply) =>
        answerExcelUpload(req, reply, async (bytes, lang) => {
          const table = await readTable(bytes, importColumns(), lang);
          const lines = table.map((t) => importLine(t.row, t.values));
          const showPrice = req.principal!.privileges.has('shop.buy');
          const out = await checkLines(db, lines, lang, { showPrice });
          const bad = out.Errors.length;
          return ok(
            { ...out, ShowPrice: showPrice },
            msg('quickOrder.importChecked', lang, { total: lines.length, ok: lines.length - bad, bad }),
          );
        }),
    );
  });
}
