import {
  getEntity,
  monthText,
  msg,
  SALES_FORECAST_REPORT_API,
  SALES_FORECAST_REPORT_EXPORT,
  SALESMAN_API,
  SALESMAN_CARD_MINE,
  TARGET_KINDS,
  targetExportPath,
  targetListPath,
  targetMetric,
  type Lang,
  type TargetKind,
  type TargetRow,
} from '@portal/model';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { forecastReport } from '../domain/sales-forecast/report.ts';
import { salesmanCard, targetDetail, targetPage } from '../domain/sales-targets/targets.ts';
import { contentDisposition } from '../files/attachments.ts';
import { writeTable } from '../files/excel-table.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, pathParams, returns, XLSX } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const str = z.string();
const int = (max: number) => z.coerce.number().int().min(1).max(max).optional();
const TARGET_QUERY = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  periodType: int(9),
  periodNo: int(12),
  metric: int(9),
  who: z.string().max(200).optional().describe('the salesman (staff) or the dealer (account)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
const EXPORT_QUERY = TARGET_QUERY.omit({ page: true, pageSize: true });
const TARGET_ROW = z.object({
  id: str,
  name: str,
  whoId: str,
  who: str,
  periodType: z.number(),
  year: z.number(),
  periodNo: z.number(),
  period: str,
  periodStart: str,
  periodEnd: str,
  metric: z.number(),
  productLineId: str.nullable(),
  productLine: str.nullable(),
  target: str,
  actual: str,
  completion: str.describe('actual ÷ target in per cent, one decimal'),
});
const TARGET_PAGE = z.object({ total: z.number(), rows: z.array(TARGET_ROW) });
const TARGET_DETAIL = TARGET_ROW.extend({
  orders: z.array(z.object({ id: str, name: str, buyer: str, auditedOn: str, amount: str })),
});
const CARD = z.object({
  salesman: z.object({
    id: str,
    code: str,
    name: str,
    mobile: str,
    province: str.nullable(),
    city: str.nullable(),
    active: z.boolean(),
  }),
  month: str,
  dealers: z.array(z.object({ id: str, name: str, code: str.nullable(), monthAmount: str, monthOrders: z.number() })),
  targets: z.array(TARGET_ROW),
});
const REPORT_QUERY = z.object({
  dealer: z.string().max(200).optional().describe('a dealer in reach (ignored for a dealer: it sees itself)'),
  from: z.string().max(7).optional().describe('YYYY-MM'),
  to: z.string().max(7).optional().describe('YYYY-MM'),
});
const CELL = z.object({
  month: str,
  productLineId: str.nullable(),
  productLine: str,
  forecast: z.number(),
  actual: z.number(),
  actualAmount: str,
  rate: str.nullable(),
});
const REPORT = z.object({
  from: str,
  to: str,
  dealer: z.object({ id: str, name: str }).nullable(),
  months: z.array(str),
  productLines: z.array(z.object({ id: str.nullable(), name: str })),
  cells: z.array(CELL),
  totals: z.array(z.object({ month: str, forecast: z.number(), actual: z.number(), actualAmount: str, rate: str.nullable() })),
});

const READ = { staff: 'sales.target', account: 'sales.read' } as const;
const ENTITY = { staff: getEntity('new_stafftarget')!, account: getEntity('new_accounttarget')! };
const doc = (summary: string, parts: object) => ({ summary, tags: ['sales management'], security: BEARER, ...parts });

function xlsx(reply: FastifyReply, name: string, file: Buffer) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
    .send(file);
}

/** The targets' sheet: who, period, metric, product line, target, actual, completion (numbers as numbers). */
function targetSheet(kind: TargetKind, rows: TargetRow[], lang: Lang) {
  const e = ENTITY[kind];
  const metric = (v: number) => targetMetric.options.find((o) => o.value === v)?.label[lang] ?? String(v);
  return writeTable(
    msg(`salesTarget.sheet.${kind}`, lang),
    [
      { text: msg(`salesTarget.who.${kind}`, lang), width: 26 },
      { text: msg('salesTarget.period', lang), width: 16 },
      { text: e.allFields.new_metric.label[lang], width: 12 },
      { text: e.allFields.new_productline_id.label[lang], width: 18 },
      { text: e.allFields.new_target.label[lang], width: 16 },
      { text: msg('salesTarget.actual', lang), width: 16 },
      { text: `${msg('salesTarget.completion', lang)} (%)`, width: 12 },
    ],
    rows.map((r) => [
      r.who,
      r.period,
      metric(r.metric),
      r.productLine ?? msg('salesTarget.allLines', lang),
      Number(r.target),
      Number(r.actual),
      Number(r.completion),
    ]),
    lang,
  );
}

/**
 * Salesmen, targets and forecasts (issue 28, model sales-target-api.ts): targets with their actuals
 * computed now, a salesman's card, the forecast report; each list with its Excel export. Refusals:
 * 400 naming the filter at fault; 404 outside the caller's reach.
 */
export function salesTargetRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    for (const kind of TARGET_KINDS) {
      const pre = requireAuth(s.authenticate, READ[kind]);
      r.get(
        targetListPath(kind),
        {
          preValidation: pre,
          schema: doc(`${kind} targets with their actuals and completion`, { querystring: TARGET_QUERY, ...returns(TARGET_PAGE) }),
        },
        async (req) => {
          const q = TARGET_QUERY.parse(req.query);
          return ok(await db.tx(async (sql) => targetPage(sql, await requestCaller(sql, req), kind, q, requestLang(req))));
        },
      );
      r.get(
        targetExportPath(kind),
        {
          preValidation: pre,
          schema: doc(`${kind} targets as an Excel file (every row of the filters)`, { querystring: EXPORT_QUERY, ...fileOf(XLSX) }),
        },
        async (req, reply) => {
          const lang = requestLang(req);
          const q = EXPORT_QUERY.parse(req.query);
          const page = await db.tx(async (sql) => targetPage(sql, await requestCaller(sql, req), kind, { ...q, pageSize: 0 }, lang));
          return xlsx(reply, msg(`salesTarget.sheet.${kind}`, lang), await targetSheet(kind, page.rows, lang));
        },
      );
      const one = `${targetListPath(kind)}/:id`;
      r.get<{ Params: { id: string } }>(
        one,
        {
          preValidation: pre,
          schema: doc(`One ${kind} target with its actual and the orders counted`, { params: pathParams(one), ...returns(TARGET_DETAIL) }),
        },
        async (req) =>
          ok(await db.tx(async (sql) => targetDetail(sql, await requestCaller(sql, req), kind, req.params.id, requestLang(req)))),
      );
    }
    r.get(
      SALESMAN_CARD_MINE,
      {
        preValidation: requireAuth(s.authenticate, 'sales.salesman'),
        schema: doc(
          'The signed-in salesman’s own card: dealers served, this month’s orders, targets with actuals (null, with a message, for an account that is no salesman’s)',
          returns(CARD.nullable()),
        ),
      },
      async (req) => {
        const lang = requestLang(req);
        const card = await db.tx(async (sql) => salesmanCard(sql, await requestCaller(sql, req), { mine: true }, lang));
        return ok(card, card ? undefined : msg('salesman.notSalesman', lang));
      },
    );
    const card = `${SALESMAN_API}/:id/card`;
    r.get<{ Params: { id: string } }>(
      card,
      {
        preValidation: requireAuth(s.authenticate, 'sales.target'),
        schema: doc('A salesman’s card, for head office', { params: pathParams(card), ...returns(CARD) }),
      },
      async (req) =>
        ok(await db.tx(async (sql) => salesmanCard(sql, await requestCaller(sql, req), { id: req.params.id }, requestLang(req)))),
    );
    r.get(
      SALES_FORECAST_REPORT_API,
      {
        preValidation: requireAuth(s.authenticate, 'sales.forecast'),
        schema: doc('Forecast against actual orders by month and product line', { querystring: REPORT_QUERY, ...returns(REPORT) }),
      },
      async (req) => {
        const q = REPORT_QUERY.parse(req.query);
        return ok(await db.tx(async (sql) => forecastReport(sql, await requestCaller(sql, req), q, requestLang(req))));
      },
    );
    r.get(
      SALES_FORECAST_REPORT_EXPORT,
      {
        preValidation: requireAuth(s.authenticate, 'sales.forecast'),
        schema: doc('The forecast report as an Excel file', { querystring: REPORT_QUERY, ...fileOf(XLSX) }),
      },
      async (req, reply) => {
        const lang = requestLang(req);
        const q = REPORT_QUERY.parse(req.query);
        const rep = await db.tx(async (sql) => forecastReport(sql, await requestCaller(sql, req), q, lang));
        const total = msg('salesForecast.report.total', lang);
        const rows = rep.months.flatMap((m) => {
          const t = rep.totals.find((x) => x.month === m)!;
          return [
            ...rep.cells
              .filter((c) => c.month === m)
              .map((c) => [
                monthText(m, lang),
                c.productLine,
                c.forecast,
                c.actual,
                Number(c.actualAmount),
                c.rate === null ? null : Number(c.rate),
              ]),
            [monthText(m, lang), total, t.forecast, t.actual, Number(t.actualAmount), t.rate === null ? null : Number(t.rate)],
          ];
        });
        const file = await writeTable(
          msg('salesForecast.report.sheet', lang),
          [
            { text: msg('salesForecast.report.month', lang), width: 14 },
            { text: msg('salesForecast.report.productLine', lang), width: 18 },
            { text: msg('salesForecast.report.forecast', lang), width: 12 },
            { text: msg('salesForecast.report.actual', lang), width: 12 },
            { text: msg('salesForecast.report.amount', lang), width: 16 },
            { text: `${msg('salesForecast.report.rate', lang)} (%)`, width: 12 },
          ],
          rows,
          lang,
        );
        const who = rep.dealer?.name ?? msg('salesForecast.report.allDealers', lang);
        return xlsx(reply, `${msg('salesForecast.report.sheet', lang)} ${who} ${rep.from}~${rep.to}`, file);
      },
    );
  });
}
