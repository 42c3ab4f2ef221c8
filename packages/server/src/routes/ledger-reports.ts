import {
  formatChinaDateTime,
  getEntity,
  INVENTORY_STATEMENT_API,
  msg,
  QUOTA_FLOW_API,
  quotaUsage,
  type Lang,
  type LedgerPeriodQuery,
} from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { quotaFlow } from '../domain/quota/flow.ts';
import { inventoryStatement, periodOf } from '../domain/stock/statement.ts';
import { contentDisposition } from '../files/attachments.ts';
import { writeTable } from '../files/excel-table.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, fileOf, returns, XLSX } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

const id = z.string().max(200).optional();
const day = z.string().max(40).optional().describe('YYYY-MM-DD (China time)');
const PERIOD = z.object({ stationId: id, from: day, to: day });
const STATEMENT = PERIOD.extend({
  productId: id,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
const doc = (summary: string, tags: string[], parts: object = {}) => ({ summary, tags, security: BEARER, ...parts });
const labels = (lang: Lang) => ({ from: msg('widgets.list.from', lang), to: msg('widgets.list.to', lang) });
const usageLabel = (v: number, lang: Lang) => quotaUsage.options.find((o) => o.value === v)?.label[lang] ?? String(v);
const str = z.string();
const ROW = z.object({
  warehouseId: str,
  warehouse: str,
  stationId: str.nullable(),
  station: str.nullable(),
  productId: str,
  code: str,
  name: str,
  uom: str,
  opening: z.number(),
  in: z.number(),
  out: z.number(),
  closing: z.number(),
});
const STATEMENT_DATA = z.object({ from: str, to: str, total: z.number(), rows: z.array(ROW) });
const MOVE = z.object({
  id: str,
  time: str,
  stationId: str,
  station: str,
  usage: z.number(),
  docType: z.number(),
  docId: str.nullable(),
  document: str,
  amount: str.describe('yuan, decimal string'),
  balance: str.describe('yuan after the move, decimal string'),
});
const FLOW_DATA = z.object({
  from: str,
  to: str,
  truncated: z.boolean(),
  moves: z.array(MOVE),
  stations: z.array(z.object({ stationId: str, station: str, opening: str, closing: str })),
});
const STATION = getEntity('new_srv_station')!;
const TXN = getEntity('new_srv_stocktransaction')!;

function xlsx(reply: import('fastify').FastifyReply, name: string, file: Buffer) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
    .send(file);
}

/** 库存报表 and 流水 (issue 24): reports read from the stock and quota ledgers, each with an Excel export of the same rows. */
export function ledgerReportRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  // Refusals name the filter at fault (from, to), as commands name their field.
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    routes(r);
  });
  function routes(app: FastifyInstance) {
    app.get(
      INVENTORY_STATEMENT_API,
      {
        preValidation: requireAuth(s.authenticate, 'stock.read'),
        schema: doc('Inventory statement: opening, in, out, closing per warehouse and part over a period', ['stock'], {
          querystring: STATEMENT,
          ...returns(STATEMENT_DATA),
        }),
      },
      async (req) => {
        const q = STATEMENT.parse(req.query);
        const period = periodOf(q, labels(requestLang(req)));
        return ok(await inventoryStatement(db, await requestCaller(db, req), q, period, { page: q.page, pageSize: q.pageSize }));
      },
    );

    app.get(
      `${INVENTORY_STATEMENT_API}/export`,
      {
        preValidation: requireAuth(s.authenticate, 'stock.read'),
        schema: doc('Inventory statement as an Excel file (every row)', ['stock'], {
          querystring: PERIOD.extend({ productId: id }),
          ...fileOf(XLSX),
        }),
      },
      async (req, reply) => {
        const lang = requestLang(req);
        const q = PERIOD.extend({ productId: id }).parse(req.query);
        const period = periodOf(q, labels(lang));
        const st = await inventoryStatement(db, await requestCaller(db, req), q, period, { page: 1, pageSize: 0 });
        const name = `${msg('report.statementSheet', lang)} ${st.from}~${st.to}`;
        const file = await writeTable(
          msg('report.statementSheet', lang),
          [
            { text: STATION.label[lang], width: 24 },
            { text: msg('report.warehouse', lang), width: 24 },
            { text: TXN.allFields.new_code.label[lang], width: 18 },
            { text: TXN.allFields.new_partname.label[lang], width: 28 },
            { text: msg('report.opening', lang), width: 12 },
            { text: msg('report.in', lang), width: 12 },
            { text: msg('report.out', lang), width: 12 },
            { text: msg('report.closing', lang), width: 12 },
          ],
          st.rows.map((r) => [r.station ?? msg('report.headOffice', lang), r.warehouse, r.code, r.name, r.opening, r.in, r.out, r.closing]),
          lang,
        );
        return xlsx(reply, name, file);
      },
    );

    app.get(
      QUOTA_FLOW_API,
      {
        preValidation: requireAuth(s.authenticate, 'quota.read'),
        schema: doc('Station quota flow: every ledger move of a period with the balance after it', ['quota'], {
          querystring: PERIOD,
          ...returns(FLOW_DATA),
        }),
      },
      async (req) => {
        const q: LedgerPeriodQuery = PERIOD.parse(req.query);
        return ok(await quotaFlow(db, await requestCaller(db, req), q, periodOf(q, labels(requestLang(req)))));
      },
    );

    app.get(
      `${QUOTA_FLOW_API}/export`,
      {
        preValidation: requireAuth(s.authenticate, 'quota.read'),
        schema: doc('Station quota flow as an Excel file', ['quota'], { querystring: PERIOD, ...fileOf(XLSX) }),
      },
      async (req, reply) => {
        const lang = requestLang(req);
        const q: LedgerPeriodQuery = PERIOD.parse(req.query);
        const flow = await quotaFlow(db, await requestCaller(db, req), q, periodOf(q, labels(lang)));
        // Per station: its opening line, its moves, its closing line.
        const rows: (string | number | null)[][] = [];
        for (const st of flow.stations) {
          rows.push([st.station, null, msg('report.openingBalance', lang), null, null, Number(st.opening)]);
          for (const m of flow.moves.filter((x) => x.stationId === st.stationId))
            rows.push([
              st.station,
              formatChinaDateTime(m.time),
              usageLabel(m.usage, lang),
              m.document,
              Number(m.amount),
              Number(m.balance),
            ]);
          rows.push([st.station, null, msg('report.closingBalance', lang), null, null, Number(st.closing)]);
        }
        const file = await writeTable(
          msg('report.flowSheet', lang),
          [
            { text: STATION.label[lang], width: 24 },
            { text: msg('report.time', lang), width: 18 },
            { text: msg('report.type', lang), width: 18 },
            { text: msg('report.document', lang), width: 22 },
            { text: msg('report.amount', lang), width: 14 },
            { text: msg('report.balance', lang), width: 14 },
          ],
          rows,
          lang,
        );
        return xlsx(reply, `${msg('report.flowSheet', lang)} ${flow.from}~${flow.to}`, file);
      },
    );
  }
}
