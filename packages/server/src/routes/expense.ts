import { EXPENSE_API, msg } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { loadConfirmation } from '../domain/expense/confirmation-form.ts';
import { renderConfirmationPdf } from '../domain/expense/confirmation-pdf.ts';
import { contentDisposition } from '../files/attachments.ts';
import { generateSettlements } from '../domain/expense/generate.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { commandRoute } from '../http/command-route.ts';
import { BEARER, fileOf, pathParams, PDF } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

// The body is checked for shape here; generation checks the rules and answers with the specific message.
const text = (max = 10_000) => z.string().max(max);
const GENERATE = z.object({
  year: z.number().int().optional(),
  month: z.number().int().optional(),
  section: z.number().int().optional(),
  settleWay: z.number().int().optional(),
  stationIds: z.array(text(200)).max(5000).optional(),
});
const TAGS = ['expense settlement'];

/**
 * The expense settlement calls (EXPENSE_API in the model): generation of a period's statements by
 * head office and the confirmation form's PDF. A statement's commands are the document kernel's
 * (domain/expense/expense.controller.ts, at the same paths); reads go through the CRM data calls
 * (new_srv_expense_claims, new_srv_expense_claimlines).
 */
export function expenseRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    commandRoute(r, s, {
      method: 'POST',
      url: `${EXPENSE_API}/generate`,
      privilege: 'expense.write',
      schema: { summary: "Generate a period's settlements (one per station)", tags: TAGS, body: GENERATE, security: BEARER },
      run: (sql, caller, req, lang) => generateSettlements(sql, caller, GENERATE.parse(req.body ?? {}), lang),
    });

    // The settlement confirmation form as a PDF: anyone who may read the statement (a station its own; 404 otherwise).
    r.get<{ Params: { id: string } }>(
      `${EXPENSE_API}/:id/pdf`,
      {
        preValidation: requireAuth(s.authenticate, 'expense.read'),
        schema: {
          summary: 'The settlement confirmation form as a PDF (A4, signature and seal areas)',
          description:
            'Totals as text in yuan (¥12,345.60); the file is named after the form and the statement number (RFC 5987 filename*).',
          tags: TAGS,
          params: pathParams('/:id'),
          security: BEARER,
          ...fileOf(PDF),
        },
      },
      async (req, reply) => {
        const caller = await requestCaller(db, req);
        const lang = requestLang(req);
        const data = await db.tx((sql) => loadConfirmation(sql, caller, req.params.id, lang));
        const pdf = await renderConfirmationPdf(data, lang);
        return reply
          .header('content-type', PDF)
          .header('content-disposition', contentDisposition('attachment', `${msg('expense.print.title', lang)}-${data.name}.pdf`))
          .send(pdf);
      },
    );
  });
}
