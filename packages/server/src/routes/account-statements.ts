import {
  msg,
  STATEMENT_API,
  STATEMENT_GENERATE_PATH,
  STATEMENT_MONTHS_PATH,
  type StatementHeader,
  type StatementLine,
} from '@portal/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { renderStatementPdf, renderStatementXlsx, statementPrint } from '../domain/account-statement/document.ts';
import { generateStatements } from '../domain/account-statement/generate.ts';
import { statementMonths } from '../domain/account-statement/months.ts';
import { pageSize, statementHeader, statementLines } from '../domain/account-statement/read.ts';
import { contentDisposition } from '../files/attachments.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, pathParams, PDF, returns, XLSX } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

// The answers' shapes, for the API document (not checked against the answer).
const HEADER = z.object({
  id: z.string(),
  name: z.string(),
  unitId: z.string(),
  dealer: z.string(),
  month: z.string(),
  from: z.string(),
  to: z.string(),
  opening: z.string(),
  invoiced: z.string(),
  received: z.string(),
  rebate: z.string(),
  fund: z.string(),
  adjusted: z.string(),
  closing: z.string(),
  lineCount: z.number().int(),
  state: z.number().int(),
  stateText: z.string(),
  deadline: z.string().nullable(),
  generatedOn: z.string(),
  confirmedOn: z.string().nullable(),
  confirmWay: z.number().int().nullable(),
  confirmWayText: z.string(),
  pending: z.number().int(),
}) satisfies z.ZodType<StatementHeader>;
const LINE = z.object({
  moveId: z.string(),
  date: z.string(),
  seq: z.number().int(),
  kind: z.number().int(),
  kindText: z.string(),
  docEntity: z.string(),
  docId: z.string(),
  docName: z.string(),
  remark: z.string(),
  amount: z.string(),
  debit: z.string(),
  credit: z.string(),
  balance: z.string(),
  late: z.boolean(),
  disputed: z.boolean(),
}) satisfies z.ZodType<StatementLine>;
const PAGE = z.object({ lines: z.array(LINE), next: z.string().nullable() });
const PRINT = z.object({ header: HEADER, lines: z.array(LINE), truncated: z.boolean() });
const MONTHS = z.object({ latest: z.string().nullable(), next: z.string(), regenerable: z.boolean() });
const GENERATE = z.object({ month: z.string().max(20) });
const GENERATED = z.object({ month: z.string(), count: z.number().int(), regenerated: z.boolean(), message: z.string() });
const LINES_QUERY = z.object({ after: z.string().max(40).optional(), size: z.string().max(6).optional() });

type One = { Params: { unit: string; month: string } };

/**
 * Account statements (model account-statement-api.ts): head office generates a month's statements
 * (finance.manage); anyone reading sales documents reads those within reach — the header, a page
 * of lines, the print data, the PDF and the Excel file (404 outside the caller's reach). The
 * reconciliation commands are the document kernel's (/api/documents/new_accountstatements/:id/…).
 */
export function accountStatementRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const TAGS = ['sales documents'];
  const read = requireAuth(s.authenticate, 'sales.read');
  const finance = requireAuth(s.authenticate, 'finance.manage');
  const one = `${STATEMENT_API}/:unit/:month`;
  const doc = (summary: string, parts: object, answer?: z.ZodType) => ({
    summary,
    tags: TAGS,
    security: BEARER,
    ...parts,
    ...(answer ? returns(answer) : {}),
  });
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    r.post(
      STATEMENT_GENERATE_PATH,
      {
        preValidation: finance,
        schema: doc(
          "Generates every dealer account's statement of a month that has ended (all or nothing); a month generated but not confirmed by anyone is generated again",
          { body: GENERATE },
          GENERATED,
        ),
      },
      async (req) => {
        const body = GENERATE.parse(req.body);
        const lang = requestLang(req);
        const g = await db.tx(async (sql) => generateStatements(sql, await requestCaller(sql, req), body.month, lang));
        return ok(g, g.message);
      },
    );
    r.get(
      STATEMENT_MONTHS_PATH,
      { preValidation: finance, schema: doc('The latest month generated and the month to generate next', {}, MONTHS) },
      async () => ok(await db.tx((sql) => statementMonths(sql))),
    );
    r.get<One>(
      one,
      { preValidation: read, schema: doc("A dealer's statement of a month: its figures and state", { params: pathParams(one) }, HEADER) },
      async (req: FastifyRequest<One>) => {
        const lang = requestLang(req);
        return ok(
          await db.tx(
            async (sql) => (await statementHeader(sql, await requestCaller(sql, req), req.params.unit, req.params.month, lang)).header,
          ),
        );
      },
    );
    const lines = `${one}/lines`;
    r.get<One & { Querystring: { after?: string; size?: string } }>(
      lines,
      {
        preValidation: read,
        schema: doc(
          "A page of the statement's lines (oldest first, running balance), after a cursor",
          { params: pathParams(lines), querystring: LINES_QUERY },
          PAGE,
        ),
      },
      async (req) => {
        const lang = requestLang(req);
        const size = pageSize(req.query.size);
        return ok(
          await db.tx(async (sql) => {
            const { header, coverage } = await statementHeader(sql, await requestCaller(sql, req), req.params.unit, req.params.month, lang);
            return statementLines(sql, header, coverage, req.query.after ?? null, size, lang);
          }),
        );
      },
    );
    const print = `${one}/print`;
    r.get<One>(
      print,
      { preValidation: read, schema: doc('The statement with every line, for its print view', { params: pathParams(print) }, PRINT) },
      async (req: FastifyRequest<One>) => {
        const lang = requestLang(req);
        return ok(await db.tx(async (sql) => statementPrint(sql, await requestCaller(sql, req), req.params.unit, req.params.month, lang)));
      },
    );
    const file = (kind: 'pdf' | 'xlsx') => {
      const url = `${one}/${kind}`;
      r.get<One>(
        url,
        {
          preValidation: read,
          schema: {
            summary: kind === 'pdf' ? 'The statement as a PDF (A4, signature areas)' : 'The statement as an Excel workbook',
            description: 'Named after the form and the statement number (RFC 5987 filename*).',
            tags: TAGS,
            params: pathParams(url),
            security: BEARER,
            ...fileOf(kind === 'pdf' ? PDF : XLSX),
          },
        },
        async (req: FastifyRequest<One>, reply: FastifyReply) => {
          const lang = requestLang(req);
          const d = await db.tx(async (sql) => statementPrint(sql, await requestCaller(sql, req), req.params.unit, req.params.month, lang));
          const body = kind === 'pdf' ? await renderStatementPdf(d, lang) : await renderStatementXlsx(d, lang);
          return reply
            .header('content-type', kind === 'pdf' ? PDF : XLSX)
            .header(
              'content-disposition',
              contentDisposition('attachment', `${msg('statement.print.title', lang)}-${d.header.name}.${kind}`),
            )
            .send(body);
        },
      );
    };
    file('pdf');
    file('xlsx');
  });
}
