import { FINANCE_API } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { financeDealers, financeSearch } from '../domain/finance-search/search.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const DEALER = z.object({ id: z.string(), name: z.string(), code: z.string() });
const DOC = z.object({ entity: z.string(), id: z.string(), name: z.string(), date: z.string(), amount: z.string() });
const FUND = z.object({
  count: z.number().int(),
  approved: z.string(),
  writtenOff: z.string(),
  pending: z.string(),
  remaining: z.string(),
});
// The answer's shape, for the API document (model FinanceSearch).
const SEARCH = z.object({
  dealer: DEALER,
  asOf: z.string(),
  credit: z.object({
    limit: z.string(),
    temporary: z.string(),
    openOrders: z.string(),
    receivable: z.string(),
    used: z.string(),
    available: z.string(),
    asOf: z.string(),
    temporaryDocs: z.array(DOC),
    orderDocs: z.array(DOC),
    orderCount: z.number().int(),
  }),
  rebate: z.object({ balance: z.string(), asOf: z.string() }),
  funds: z.object({ cost: FUND, activity: FUND, asOf: z.string() }),
  ageing: z.object({
    basis: z.literal('invoiceDate'),
    buckets: z.array(z.object({ key: z.string(), amount: z.string(), count: z.number().int() })),
    total: z.string(),
    overdue: z.string(),
    asOf: z.string(),
    invoices: z.array(DOC.extend({ due: z.string(), days: z.number().int(), bucket: z.string() })),
    invoiceCount: z.number().int(),
  }),
  balance: z.object({ amount: z.string(), sinceStatement: z.string(), movesSince: z.number().int(), asOf: z.string() }),
  statement: z
    .object({
      id: z.string(),
      month: z.string(),
      closing: z.string(),
      state: z.number().int(),
      stateText: z.string(),
      generatedOn: z.string(),
    })
    .nullable(),
});

/**
 * Finance search (model finance-search-api.ts): one dealer of the caller's reach (sales.read) —
 * head office any, a branch its own, a dealer itself; another dealer's id answers 404.
 */
export function financeSearchRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const read = requireAuth(s.authenticate, 'sales.read');
  const doc = (summary: string, querystring: z.ZodObject, answer: z.ZodType) => ({
    summary,
    tags: ['sales documents'],
    security: BEARER,
    querystring,
    ...returns(answer),
  });
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const searchQuery = z.object({ dealer: z.string().max(60).optional() });
    r.get<{ Querystring: { dealer?: string } }>(
      `${FINANCE_API}/search`,
      {
        preValidation: read,
        schema: doc(
          "A dealer's credit, rebate, funds, receivables ageing and ledger balance, each as of now, with the documents behind them",
          searchQuery,
          SEARCH,
        ),
      },
      async (req: FastifyRequest<{ Querystring: { dealer?: string } }>) => {
        const lang = requestLang(req);
        return ok(await db.tx(async (sql) => financeSearch(sql, await requestCaller(sql, req), req.query.dealer, lang)));
      },
    );
    const dealersQuery = z.object({ q: z.string().max(40).optional() });
    r.get<{ Querystring: { q?: string } }>(
      `${FINANCE_API}/dealers`,
      { preValidation: read, schema: doc("The dealers of the caller's reach (at most 50)", dealersQuery, z.array(DEALER)) },
      async (req: FastifyRequest<{ Querystring: { q?: string } }>) =>
        ok(await db.tx(async (sql) => financeDealers(sql, await requestCaller(sql, req), req.query.q))),
    );
  });
}
