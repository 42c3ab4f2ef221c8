import { PARTS_API, type DeliverableApplication, type LineStock, type PartsCommandResult, type Privilege } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { applicationDocument } from '../domain/parts/application.ts';
import { addDeliveryLine, createDelivery, deleteDeliveryLine, updateDeliveryLine } from '../domain/parts/delivery.ts';
import { deliverableApplications } from '../domain/parts/deliverable-applications.ts';
import { lineStock } from '../domain/parts/line-stock.ts';
import { addRequestLine, deleteRequestLine, updateRequestLine, type RequestDocument } from '../domain/parts/request-lines.ts';
import { transferDocument } from '../domain/parts/transfer.ts';
import { salesDocument } from '../domain/parts-sales/sales.ts';
import { addReturnLine, siteReturnDocument, updateReturnLine } from '../domain/site-return/site-return.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute, type CommandRun } from '../http/command-route.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, pathParams, returns } from '../http/openapi.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

// Bodies are checked for shape here; the commands check the business rules and answer with the
// specification's messages (a missing part, a quantity over 100,000), so those fields stay loose.
const text = (max = 10_000) => z.string().max(max);
const num = z.union([z.number(), z.string().max(40)]);
const LINE = z.object({ productId: text(200).optional(), qty: num.optional(), memo: text().nullish() });
const DELIVERY = z.object({
  outType: z.number().int(),
  warehouseId: text(200).default(''),
  applicationIds: z.array(text(200)).max(200).optional(),
  transferId: text(200).optional(),
  scrapReason: z.number().int().nullish(),
  afterScrap: z.number().int().nullish(),
  memo: text().optional(),
});

/** The document's summary and body of each call (by method and path). */
const DOCS: Record<string, { summary: string; body?: z.ZodType }> = {
  'POST /applications/:id/lines': { summary: 'Parts application: add a line', body: LINE },
  'PATCH /applications/:id/lines/:lineId': { summary: 'Parts application: change a line', body: LINE },
  'DELETE /applications/:id/lines/:lineId': { summary: 'Parts application: delete a line' },
  'POST /transfers/:id/lines': { summary: 'Transfer: add a line', body: LINE },
  'PATCH /transfers/:id/lines/:lineId': { summary: 'Transfer: change a line', body: LINE },
  'DELETE /transfers/:id/lines/:lineId': { summary: 'Transfer: delete a line' },
  'POST /sales/:id/lines': { summary: 'Parts sale: add a line', body: LINE },
  'PATCH /sales/:id/lines/:lineId': { summary: 'Parts sale: change a line', body: LINE },
  'DELETE /sales/:id/lines/:lineId': { summary: 'Parts sale: delete a line' },
  'POST /siteReturns/:id/lines': { summary: 'Parts return: add a line (at most what the station has available)', body: LINE },
  'PATCH /siteReturns/:id/lines/:lineId': { summary: 'Parts return: change a line', body: LINE },
  'DELETE /siteReturns/:id/lines/:lineId': { summary: 'Parts return: delete a line' },
  'POST /deliveries': { summary: 'Create a delivery (from applications, a transfer or scrap)', body: DELIVERY },
  'POST /deliveries/:id/lines': { summary: 'Delivery: add a line', body: LINE },
  'PATCH /deliveries/:id/lines/:lineId': { summary: 'Delivery: change a line', body: LINE },
  'DELETE /deliveries/:id/lines/:lineId': { summary: 'Delivery: delete a line' },
};

const LINE_STOCK = z.object({
  available: z.number().int().nullable().describe("Available in the document's warehouse; null while it names none"),
}) satisfies z.ZodType<LineStock>;
const DELIVERABLE = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    remaining: z.number().int().describe('Parts still to put on a delivery, over all its lines'),
  }),
) satisfies z.ZodType<DeliverableApplication[]>;
const STOCK_SUMMARY: Record<string, string> = {
  applications: 'Parts application',
  transfers: 'Transfer',
  sales: 'Parts sale',
  siteReturns: 'Parts return',
};

type Run = CommandRun<PartsCommandResult>;

/**
 * The parts calls (PARTS_API in the model): application and transfer lines (their approved
 * quantities and close: their controllers); deliveries (create, lines; the steps and the receipt: its controller).
 * One transaction each; a POST with an Idempotency-Key answers a retry with the first result.
 */
export function partsRoutes(app: FastifyInstance, s: Services): void {
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (method: 'POST' | 'PATCH' | 'DELETE', path: string, privilege: Privilege | undefined, run: Run) => {
      commandRoute(r, s, {
        method,
        url: `${PARTS_API}${path}`,
        privilege,
        run,
        schema: { ...DOCS[`${method} ${path}`], tags: ['parts'], params: pathParams(path), security: BEARER },
      });
    };

    const requestLines = (base: string, d: RequestDocument) => {
      route('POST', `/${base}/:id/lines`, d.write, (sql, c, req, lang) => {
        const b = LINE.parse(req.body ?? {});
        return addRequestLine(
          sql,
          c,
          d,
          req.params.id,
          { productId: b.productId ?? '', qty: b.qty as number, memo: b.memo ?? undefined },
          lang,
        );
      });
      route('PATCH', `/${base}/:id/lines/:lineId`, d.write, (sql, c, req, lang) => {
        const b = LINE.parse(req.body ?? {});
        return updateRequestLine(
          sql,
          c,
          d,
          req.params.id,
          req.params.lineId,
          { ...b, qty: b.qty as number | undefined, memo: b.memo ?? undefined },
          lang,
        );
      });
      route('DELETE', `/${base}/:id/lines/:lineId`, d.write, (sql, c, req, lang) =>
        deleteRequestLine(sql, c, d, req.params.id, req.params.lineId, lang),
      );
    };
    requestLines('applications', applicationDocument);
    requestLines('transfers', transferDocument);
    requestLines('sales', salesDocument);
    // What a line's part has in the document's warehouse (the line dialog's shortfall), per document kind.
    const stockOf = (base: string, d: RequestDocument) => {
      r.get<{ Params: { id: string }; Querystring: { productId?: string } }>(
        `${PARTS_API}/${base}/:id/stock`,
        {
          preValidation: requireAuth(s.authenticate, d.write),
          schema: {
            summary: `${STOCK_SUMMARY[base]}: available stock of a part in the document's warehouse`,
            tags: ['parts'],
            security: BEARER,
            params: pathParams('/:id'),
            querystring: z.object({ productId: text(200).optional() }),
            ...returns(LINE_STOCK),
          },
        },
        async (req) => {
          const caller = await requestCaller(s.db, req);
          return ok(await s.db.tx((sql) => lineStock(sql, caller, d, req.params.id, req.query.productId)));
        },
      );
    };
    stockOf('applications', applicationDocument);
    stockOf('transfers', transferDocument);
    stockOf('sales', salesDocument);
    stockOf('siteReturns', siteReturnDocument);
    // The delivery create dialog's applications: only what can still be delivered from the warehouse.
    r.get<{ Querystring: { warehouseId?: string } }>(
      `${PARTS_API}/deliveries/applications`,
      {
        preValidation: requireAuth(s.authenticate, 'delivery.create'),
        schema: {
          summary: 'Delivery: approved applications of a sending warehouse that still have something to deliver',
          tags: ['parts'],
          security: BEARER,
          querystring: z.object({ warehouseId: text(200).optional() }),
          ...returns(DELIVERABLE),
        },
      },
      async (req) => {
        const caller = await requestCaller(s.db, req);
        return ok(await s.db.tx((sql) => deliverableApplications(sql, caller, req.query.warehouseId)));
      },
    );
    // Parts returns: request lines checked against the station's available stock (deliver, receive, close: its controller).
    route('POST', '/siteReturns/:id/lines', 'parts.write', (sql, c, req, lang) => {
      const b = LINE.parse(req.body ?? {});
      return addReturnLine(sql, c, req.params.id, { productId: b.productId ?? '', qty: b.qty as number, memo: b.memo ?? undefined }, lang);
    });
    route('PATCH', '/siteReturns/:id/lines/:lineId', 'parts.write', (sql, c, req, lang) => {
      const b = LINE.parse(req.body ?? {});
      return updateReturnLine(
        sql,
        c,
        req.params.id,
        req.params.lineId,
        { ...b, qty: b.qty as number | undefined, memo: b.memo ?? undefined },
        lang,
      );
    });
    route('DELETE', '/siteReturns/:id/lines/:lineId', 'parts.write', (sql, c, req, lang) =>
      deleteRequestLine(sql, c, siteReturnDocument, req.params.id, req.params.lineId, lang),
    );

    route('POST', '/deliveries', 'delivery.create', (sql, c, req, lang) => createDelivery(sql, c, DELIVERY.parse(req.body ?? {}), lang));
    route('POST', '/deliveries/:id/lines', 'delivery.create', (sql, c, req, lang) => {
      const b = LINE.parse(req.body ?? {});
      return addDeliveryLine(sql, c, req.params.id, { productId: b.productId, qty: b.qty as number, memo: b.memo ?? undefined }, lang);
    });
    route('PATCH', '/deliveries/:id/lines/:lineId', 'delivery.create', (sql, c, req, lang) => {
      const b = LINE.parse(req.body ?? {});
      return updateDeliveryLine(
        sql,
        c,
        req.params.id,
        req.params.lineId,
        { qty: b.qty as number | undefined, memo: b.memo ?? undefined },
        lang,
      );
    });
    route('DELETE', '/deliveries/:id/lines/:lineId', 'delivery.create', (sql, c, req, lang) =>
      deleteDeliveryLine(sql, c, req.params.id, req.params.lineId, lang),
    );
  });
}
