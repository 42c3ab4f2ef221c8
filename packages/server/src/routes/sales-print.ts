import { msg, SALES_PRINT_API, type DeliveryNote, type Lang, type MessageKey, type OrderSheet, type PrintParty } from '@portal/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import type { Sql } from '../db/db.ts';
import { loadDeliveryNote, renderDeliveryNotePdf } from '../domain/sales/delivery-note.ts';
import { loadOrderSheet, renderOrderSheetPdf } from '../domain/sales/order-sheet.ts';
import { contentDisposition } from '../files/attachments.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, pathParams, PDF, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import type { Services } from '../services.ts';

// The answers' shapes, for the API document (not checked against the answer).
const PARTY = z.object({
  unit: z.string(),
  warehouse: z.string(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
}) satisfies z.ZodType<PrintParty>;
const NOTE = z.object({
  id: z.string(),
  name: z.string(),
  orderName: z.string(),
  state: z.string(),
  shipDate: z.string(),
  logisticsCorp: z.string(),
  trackingNo: z.string(),
  memo: z.string(),
  from: PARTY,
  to: PARTY,
  totals: z.object({ planned: z.number().int(), shipped: z.number().int(), signed: z.number().int() }),
  lines: z.array(
    z.object({
      productNumber: z.string(),
      name: z.string(),
      model: z.string(),
      uom: z.string(),
      planned: z.number().int(),
      shipped: z.number().int(),
      signed: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<DeliveryNote>;
const SHEET = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  buyer: z.string(),
  supplier: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  remark: z.string(),
  submittedOn: z.string(),
  pricedOn: z.string(),
  totals: z.object({ qty: z.number().int(), shipped: z.number().int(), signed: z.number().int(), amount: z.string() }),
  lines: z.array(
    z.object({
      productNumber: z.string(),
      name: z.string(),
      model: z.string(),
      uom: z.string(),
      qty: z.number().int(),
      price: z.string().describe('Yuan, 2 decimals'),
      amount: z.string().describe('Yuan, 2 decimals'),
      shipped: z.number().int(),
      signed: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<OrderSheet>;

type Loader<T> = (sql: Sql, caller: Caller, id: string, lang: Lang) => Promise<T>;

/**
 * The printable sales documents (SALES_PRINT_API in the model): a shipment's delivery note and a
 * sales order, each as print data (the web print page) and as an A4 PDF. Reads: sales.read within
 * the caller's scope (the shipper or the receiver, the buyer or the supplier); 404 otherwise.
 */
export function salesPrintRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const TAGS = ['sales documents'];

  const printable = <T extends { name: string }>(
    kind: 'shipments' | 'orders',
    what: string,
    data: z.ZodType,
    title: MessageKey,
    load: Loader<T>,
    render: (d: T, lang: Lang) => Promise<Buffer>,
  ) => {
    const url = `${SALES_PRINT_API}/${kind}/:id`;
    app.get<{ Params: { id: string } }>(
      `${url}/print`,
      {
        preValidation: requireAuth(s.authenticate, 'sales.read'),
        schema: { summary: `${what}: the print data`, tags: TAGS, params: pathParams(url), security: BEARER, ...returns(data) },
      },
      async (req: FastifyRequest<{ Params: { id: string } }>) => {
        const caller = await requestCaller(db, req);
        const lang = requestLang(req);
        return ok(await db.tx((sql) => load(sql, caller, req.params.id, lang)));
      },
    );
    app.get<{ Params: { id: string } }>(
      `${url}/pdf`,
      {
        preValidation: requireAuth(s.authenticate, 'sales.read'),
        schema: {
          summary: `${what} as a PDF (A4, signature areas)`,
          description: 'The file is named after the form and the document number (RFC 5987 filename*).',
          tags: TAGS,
          params: pathParams(url),
          security: BEARER,
          ...fileOf(PDF),
        },
      },
      async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const caller = await requestCaller(db, req);
        const lang = requestLang(req);
        const d = await db.tx((sql) => load(sql, caller, req.params.id, lang));
        const pdf = await render(d, lang);
        return reply
          .header('content-type', PDF)
          .header('content-disposition', contentDisposition('attachment', `${msg(title, lang)}-${d.name}.pdf`))
          .send(pdf);
      },
    );
  };

  printable('shipments', "A shipment's delivery note (送货单)", NOTE, 'sales.print.noteTitle', loadDeliveryNote, (d, l) =>
    renderDeliveryNotePdf(d, l),
  );
  printable('orders', 'A sales order (销售订单)', SHEET, 'sales.print.orderTitle', loadOrderSheet, (d, l) => renderOrderSheetPdf(d, l));
}
