import { msg, PARTS_RETURN_API, type OwedOldPart, type PartsCommandResult, type Privilege } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { deleteReturnLine, owedOldParts, pickOwed, updateReturnLine } from '../domain/parts-return/parts-return.ts';
import { loadReturnList, renderReturnListPdf } from '../domain/parts-return/return-list.ts';
import { contentDisposition } from '../files/attachments.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute, type CommandRun } from '../http/command-route.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, pathParams, PDF, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

// Shapes only; the commands check the rules and answer with the specification's messages.
const text = (max = 10_000) => z.string().max(max);
const num = z.union([z.number(), z.string().max(40)]);
const PICK = z.object({
  lines: z
    .array(z.object({ partLineId: text(200).optional(), qty: num.optional(), costCenter: text().optional() }))
    .max(5000)
    .optional(),
});
const LINE = z.object({ qty: num.optional(), costCenter: text().optional() });
const OWED = z.array(
  z.object({
    partLineId: z.string(),
    workOrderId: z.string(),
    workOrderName: z.string(),
    productId: z.string(),
    code: z.string(),
    name: z.string(),
    serialNo: z.string().nullable(),
    qty: z.number().int().describe('Taken out of stock by the work order'),
    remaining: z.number().int().describe('qty minus what returns already hold'),
    price: z.string(),
  }) satisfies z.ZodType<OwedOldPart>,
);

const DOCS: Record<string, { summary: string; body?: z.ZodType }> = {
  'POST /:id/pick': {
    summary: 'Old-parts return: pick owed old parts into lines (station, draft; count ≤ still owed, cost centre)',
    body: PICK,
  },
  'PATCH /:id/lines/:lineId': { summary: "Old-parts return: change a line's count or cost centre (station, draft)", body: LINE },
  'DELETE /:id/lines/:lineId': { summary: 'Old-parts return: delete a line (station, draft)' },
};

type Run = CommandRun<PartsCommandResult>;

/**
 * Old parts back to factory (PARTS_RETURN_API in the model): what the station still owes, the
 * line commands of a return (one transaction each, Idempotency-Key honoured) and the printable list's
 * PDF. Deliver, receive, confirm and write off are its controller's (documents/ kernel).
 */
export function partsReturnRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (method: 'POST' | 'PATCH' | 'DELETE', path: string, privilege: Privilege, run: Run) => {
      commandRoute(r, s, {
        method,
        url: `${PARTS_RETURN_API}${path}`,
        privilege,
        run,
        schema: { ...DOCS[`${method} ${path}`], tags: ['old parts back to factory'], params: pathParams(path), security: BEARER },
      });
    };

    r.get(
      `${PARTS_RETURN_API}/owed`,
      {
        preValidation: requireAuth(s.authenticate, 'parts.read'),
        schema: {
          summary: "Old parts the caller's station still owes (completed work orders' part lines, remaining > 0)",
          tags: ['old parts back to factory'],
          security: BEARER,
          ...returns(OWED),
        },
      },
      async (req) => {
        const caller = await requestCaller(db, req);
        return ok(await db.tx((sql) => owedOldParts(sql, caller)));
      },
    );

    route('POST', '/:id/pick', 'parts.write', (sql, c, req, lang) =>
      pickOwed(sql, c, req.params.id, PICK.parse(req.body ?? {}) as never, lang),
    );
    route('PATCH', '/:id/lines/:lineId', 'parts.write', (sql, c, req, lang) =>
      updateReturnLine(sql, c, req.params.id, req.params.lineId, LINE.parse(req.body ?? {}) as never, lang),
    );
    route('DELETE', '/:id/lines/:lineId', 'parts.write', (sql, c, req, lang) =>
      deleteReturnLine(sql, c, req.params.id, req.params.lineId, lang),
    );

    // The printable list as a PDF: anyone who may read the return (a station its own; 404 otherwise).
    r.get<{ Params: { id: string } }>(
      `${PARTS_RETURN_API}/:id/pdf`,
      {
        preValidation: requireAuth(s.authenticate, 'parts.read'),
        schema: {
          summary: 'The service-provider old-parts return list as a PDF (A4, signature areas)',
          description: 'The file is named after the list and the return number (RFC 5987 filename*).',
          tags: ['old parts back to factory'],
          params: pathParams('/:id'),
          security: BEARER,
          ...fileOf(PDF),
        },
      },
      async (req, reply) => {
        const caller = await requestCaller(db, req);
        const lang = requestLang(req);
        const data = await db.tx((sql) => loadReturnList(sql, caller, req.params.id, lang));
        const pdf = await renderReturnListPdf(data, lang);
        return reply
          .header('content-type', PDF)
          .header('content-disposition', contentDisposition('attachment', `${msg('partsReturn.print.title', lang)}-${data.name}.pdf`))
          .send(pdf);
      },
    );
  });
}
