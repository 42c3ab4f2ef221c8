import { EXPENSE_API, EXPENSE_COMMANDS, msg, type ExpenseCommand, type Lang, type Privilege } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import type { Sql } from '../db/db.ts';
import { EXPENSE_HANDLERS } from '../domain/expense/commands.ts';
import { loadConfirmation } from '../domain/expense/confirmation-form.ts';
import { renderConfirmationPdf } from '../domain/expense/confirmation-pdf.ts';
import { contentDisposition } from '../files/attachments.ts';
import { generateSettlements } from '../domain/expense/generate.ts';
import { once } from '../domain/idempotency.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, pathParams, PDF } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import type { Services } from '../services.ts';

// Bodies are checked for shape here; the commands check the rules and answer with the specific
// message (a missing bank, a doubt, an invoice that is not for the approved amount).
const text = (max = 10_000) => z.string().max(max);
const amount = z.union([z.number(), text(40)]);
const GENERATE = z.object({
  year: z.number().int().optional(),
  month: z.number().int().optional(),
  section: z.number().int().optional(),
  settleWay: z.number().int().optional(),
  stationIds: z.array(text(200)).max(5000).optional(),
});
const BODIES: Record<ExpenseCommand, z.ZodObject> = {
  submit: z.object({ bank: text().optional(), bankCode: text().optional() }),
  returnOldParts: z.object({}),
  receiveOldParts: z.object({}),
  calculate: z.object({ adjustAmount: amount.nullish(), adjustReason: text().optional() }),
  confirm: z.object({}),
  doubt: z.object({ doubt: text().optional() }),
  // Dates are read by the commands' date parser, whatever their type (a number is an invalid date).
  invoice: z.object({
    invoiceNo: text().optional(),
    invoiceDate: z.unknown().describe('YYYY-MM-DD').optional(),
    invoiceAmount: amount.optional(),
  }),
  pay: z.object({ payedDate: z.unknown().describe('YYYY-MM-DD (default: today)').optional() }),
};
const SUMMARY: Record<ExpenseCommand, string> = {
  submit: 'Station: submit the statement with bank and account (1 → 2)',
  returnOldParts: 'Station: old parts returned (2 → 3)',
  receiveOldParts: 'Head office: old parts received (3 → 4)',
  calculate: 'Head office: calculate, with an optional adjustment; the station has 2 working days (4 → 5)',
  confirm: 'Station: confirm the expenses; work orders 14 → 12 (5 → 6)',
  doubt: 'Station: raise doubts within the working days (5 → 4)',
  invoice: 'Head office: accept the invoice for the approved amount (6 → 7)',
  pay: 'Head office: paid; work orders 12 → 15 (7 → 8)',
};
const DESCRIPTION =
  'One transaction. An `Idempotency-Key` header makes a retry answer the first result; the same key with a different body is refused (422).';
const TAGS = ['expense settlement'];

/**
 * The expense settlement calls (EXPENSE_API in the model): generation of a period's statements by
 * head office and the formstatus commands of one statement, each for its side. Reads go through
 * the CRM data calls (new_srv_expense_claims, new_srv_expense_claimlines).
 */
export function expenseRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const run = async <T>(req: FastifyRequest, fn: (sql: Sql, caller: Caller, lang: Lang) => Promise<T>): Promise<T> => {
      const caller = await requestCaller(db, req);
      const lang = requestLang(req);
      const key = req.headers['idempotency-key'];
      return db.tx((sql) =>
        once(sql, caller.principal.userId, `POST ${req.url}`, typeof key === 'string' ? key : undefined, req.body, () =>
          fn(sql, caller, lang),
        ),
      );
    };

    r.post(
      `${EXPENSE_API}/generate`,
      {
        preValidation: requireAuth(s.authenticate, 'expense.write'),
        schema: {
          summary: "Generate a period's settlements (one per station)",
          description: DESCRIPTION,
          tags: TAGS,
          body: GENERATE,
          security: BEARER,
        },
      },
      async (req) => {
        const body = GENERATE.parse(req.body ?? {});
        const res = await run(req, (sql, caller, lang) => generateSettlements(sql, caller, body, lang));
        return ok(res, res.message);
      },
    );

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

    for (const name of Object.keys(EXPENSE_COMMANDS) as ExpenseCommand[]) {
      // The station side needs expense.read (and to be the statement's station); head office expense.write — checked by the command, naming the side.
      const privilege: Privilege = 'expense.read';
      r.post<{ Params: { id: string } }>(
        `${EXPENSE_API}/:id/${name}`,
        {
          preValidation: requireAuth(s.authenticate, privilege),
          schema: {
            summary: SUMMARY[name],
            description: DESCRIPTION,
            tags: TAGS,
            params: pathParams('/:id'),
            body: BODIES[name],
            security: BEARER,
          },
        },
        async (req) => {
          const body = BODIES[name].parse(req.body ?? {});
          const handler = EXPENSE_HANDLERS[name] as (
            sql: Sql,
            caller: Caller,
            id: string,
            input: unknown,
            lang: Lang,
          ) => ReturnType<(typeof EXPENSE_HANDLERS)[typeof name]>;
          const res = await run(req, (sql, caller, lang) => handler(sql, caller, req.params.id, body, lang));
          return ok(res, res.message);
        },
      );
    }
  });
}
