import { msg, type QuoteSheet } from '@portal/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { loadQuoteSheet, renderQuoteSheetPdf } from '../domain/quotes/quote-sheet.ts';
import { contentDisposition } from '../files/attachments.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, pathParams, PDF, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

// The answer's shape, for the API document (not checked against the answer).
const SHEET = z.object({
  id: z.string(),
  name: z.string(),
  revision: z.number().int(),
  subject: z.string(),
  state: z.string(),
  draft: z.boolean(),
  customer: z.string(),
  customerPhone: z.string(),
  customerAddress: z.string(),
  seller: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  activatedOn: z.string(),
  description: z.string(),
  totals: z.object({ qty: z.number().int(), list: z.string(), discount: z.string(), amount: z.string() }),
  lines: z.array(
    z.object({
      no: z.number().int(),
      productNumber: z.string(),
      name: z.string(),
      model: z.string(),
      uom: z.string(),
      config: z.string(),
      qty: z.number().int(),
      price: z.string().describe('Yuan, 2 decimals'),
      discount: z.string().describe('Yuan, 2 decimals'),
      net: z.string().describe('Yuan, 2 decimals'),
      amount: z.string().describe('Yuan, 2 decimals'),
    }),
  ),
}) satisfies z.ZodType<QuoteSheet>;

/**
 * The printable quote (model quote-print-api.ts): its print data (the web print page) and the A4 PDF
 * with the company header. Reads: sales.read within the caller's scope (the quote's unit or its price
 * list's, and those above them); 404 otherwise.
 */
export function quoteRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const TAGS = ['quotes'];
  const url = '/api/quotes/:id';
  type One = { Params: { id: string } };
  app.get<One>(
    `${url}/print`,
    {
      preValidation: requireAuth(s.authenticate, 'sales.read'),
      schema: { summary: 'A quote (报价单): the print data', tags: TAGS, params: pathParams(url), security: BEARER, ...returns(SHEET) },
    },
    async (req: FastifyRequest<One>) => {
      const caller = await requestCaller(db, req);
      const lang = requestLang(req);
      return ok(await db.tx((sql) => loadQuoteSheet(sql, caller, req.params.id, lang)));
    },
  );
  app.get<One>(
    `${url}/pdf`,
    {
      preValidation: requireAuth(s.authenticate, 'sales.read'),
      schema: {
        summary: 'A quote (报价单) as a PDF (A4, company header, signature areas)',
        description: 'The file is named after the form, the quote number and its revision (RFC 5987 filename*).',
        tags: TAGS,
        params: pathParams(url),
        security: BEARER,
        ...fileOf(PDF),
      },
    },
    async (req: FastifyRequest<One>, reply: FastifyReply) => {
      const caller = await requestCaller(db, req);
      const lang = requestLang(req);
      const d = await db.tx((sql) => loadQuoteSheet(sql, caller, req.params.id, lang));
      const pdf = await renderQuoteSheetPdf(d, lang);
      return reply
        .header('content-type', PDF)
        .header('content-disposition', contentDisposition('attachment', `${msg('quote.printTitle', lang)}-${d.name}-V${d.revision}.pdf`))
        .send(pdf);
    },
  );
}
