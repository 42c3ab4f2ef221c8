import multipart from '@fastify/multipart';
import { getEntity, msg, STOCK_API, type Lang, type PartsCommandResult, type Privilege, type StationInventoryRow } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import {
  cancelCount,
  confirmCount,
  createCount,
  createTask,
  importCounts,
  setCounts,
  submitCount,
  type CountRow,
} from '../domain/stock/counts.ts';
import { saveLimits, stationInventory } from '../domain/stock/limits.ts';
import { ImportRefused, MAX_LISTED_ERRORS } from '../files/excel.ts';
import { readTable, writeTable } from '../files/excel-table.ts';
import { answerExcelUpload } from '../files/excel-upload.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { COMMAND_DESCRIPTION, commandRoute, type CommandRun } from '../http/command-route.ts';
import { contentDisposition } from '../files/attachments.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, documented, fileOf, pathParams, returns, XLSX } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import { lockDocument } from '../documents/access.ts';
import type { Services } from '../services.ts';

const text = (max = 10_000) => z.string().max(max);
const num = z.union([z.number(), z.string().max(40)]);
// Dates are read by the commands' date parser, whatever their type (a number is an invalid date).
const day = (what: string) => z.unknown().describe(what).optional();
const COUNT = z.object({ warehouseId: text(200).default(''), checkDate: day('YYYY-MM-DD (default: today)'), memo: text().optional() });
const COUNTS = z.object({ lines: z.array(z.object({ lineId: text(200), countQty: num.nullable(), memo: text().nullish() })).max(5000) });
const TASK = z.object({
  subject: text().default(''),
  deadline: day('YYYY-MM-DD, not before today'),
  stationIds: z.array(text(200)).max(1000).default([]),
  memo: text().optional(),
});
const LIMITS = z.object({ stationId: text(200), lines: z.array(z.object({ productId: text(200), minQty: num, maxQty: num })).max(5000) });

/** The document's summary and body of each command (by method and path). */
const DOCS: Record<string, { summary: string; body?: z.ZodType }> = {
  'POST /counts': { summary: 'Open a stock count sheet for a warehouse', body: COUNT },
  'PATCH /counts/:id/lines': { summary: 'Count sheet: enter counted quantities', body: COUNTS },
  'POST /counts/:id/submit': { summary: 'Count sheet: submit' },
  'POST /counts/:id/confirm': { summary: 'Count sheet: confirm (posts the differences)' },
  'POST /counts/:id/cancel': { summary: 'Count sheet: cancel' },
  'POST /tasks': { summary: 'Create an inventory task for stations', body: TASK },
  'POST /limits/batch': { summary: "Save a station's inventory limits", body: LIMITS },
};
const OVERVIEW = z.object({ stationId: text(200) });
const qty = z.number().int();
const INVENTORY = z.array(
  z.object({
    productId: z.string(),
    code: z.string(),
    name: z.string(),
    uom: z.string(),
    quantity: qty,
    frozen: qty,
    available: qty,
    intransit: qty,
    limitId: z.string().nullable(),
    minQty: qty.nullable(),
    maxQty: qty.nullable(),
    level: z.enum(['below', 'ok', 'above', 'none']).describe('below: available < min; above: quantity > max'),
  }) satisfies z.ZodType<StationInventoryRow>,
);
const doc = (summary: string, parts: object = {}) => ({ summary, tags: ['stock'], security: BEARER, ...parts });

const CHECK_LINE = getEntity('new_srv_stockcheckdetail')!;
const label = (field: string, lang: Lang) => CHECK_LINE.allFields[field].label[lang];
/** The count sheet's Excel columns: part number and counted quantity (memo optional); the rest is for reading. */
const IMPORT_COLUMNS = [
  { key: 'code', headers: ['物料编码', 'Part number', 'new_code'], required: true },
  { key: 'qty', headers: ['实盘数量', 'Counted quantity', 'new_countqty'], required: true },
  { key: 'memo', headers: ['备注', 'Memo', 'new_memo'] },
];

type Run = CommandRun<PartsCommandResult>;

/**
 * The stock calls (STOCK_API in the model): count sheets (open, counts, Excel template and
 * import, submit, confirm, cancel), inventory tasks, inventory limits in a batch and the station
 * inventory overview.
 */
export function stockRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    const route = (method: 'POST' | 'PATCH', path: string, privilege: Privilege, run: Run) => {
      commandRoute(r, s, {
        method,
        url: `${STOCK_API}${path}`,
        privilege,
        run,
        schema: doc(DOCS[`${method} ${path}`]?.summary ?? '', {
          ...DOCS[`${method} ${path}`],
          params: pathParams(path),
          description: COMMAND_DESCRIPTION,
        }),
      });
    };
    route('POST', '/counts', 'stock.write', (sql, c, req, lang) => createCount(sql, c, COUNT.parse(req.body ?? {}), lang));
    route('PATCH', '/counts/:id/lines', 'stock.write', (sql, c, req, lang) =>
      setCounts(sql, c, req.params.id, COUNTS.parse(req.body ?? {}) as never, lang),
    );
    route('POST', '/counts/:id/submit', 'stock.write', (sql, c, req, lang) => submitCount(sql, c, req.params.id, lang));
    route('POST', '/counts/:id/confirm', 'stock.adjust', (sql, c, req, lang) => confirmCount(sql, c, req.params.id, lang));
    route('POST', '/counts/:id/cancel', 'stock.write', (sql, c, req, lang) => cancelCount(sql, c, req.params.id, lang));
    route('POST', '/tasks', 'invtask.manage', (sql, c, req, lang) => createTask(sql, c, TASK.parse(req.body ?? {}), lang));
    route('POST', '/limits/batch', 'stock.limit', (sql, c, req, lang) => saveLimits(sql, c, LIMITS.parse(req.body ?? {}) as never, lang));

    r.get(
      `${STOCK_API}/limits/overview`,
      {
        preValidation: requireAuth(s.authenticate, 'stock.read'),
        schema: doc("A station's inventory against its limits", { querystring: OVERVIEW, ...returns(INVENTORY) }),
      },
      async (req) => {
        const { stationId } = OVERVIEW.parse(req.query);
        return ok(await stationInventory(db, await requestCaller(db, req), stationId));
      },
    );

    // The sheet's lines as an Excel file to fill in: part number, name, unit, counted quantity, memo.
    r.get<{ Params: { id: string } }>(
      `${STOCK_API}/counts/:id/template`,
      {
        preHandler: requireAuth(s.authenticate, 'stock.read'),
        schema: doc('Count sheet lines as an Excel file to fill in', { params: pathParams('/:id'), ...fileOf(XLSX) }),
      },
      async (req, reply) => {
        const lang = requestLang(req);
        const caller = await requestCaller(db, req);
        const { name, lines } = await db.tx(async (sql) => {
          const sheet = await lockDocument<{ name: string }>(
            sql,
            caller,
            getEntity('new_srv_stockcheck')!,
            req.params.id,
            't.new_name AS name',
            { lock: false },
          );
          const { rows } = await sql.query<{ code: string; name: string; uom: string | null; counted: number | null; memo: string | null }>(
            `SELECT new_code AS code, new_name AS name, new_uom AS uom, new_countqty AS counted, new_memo AS memo
             FROM new_srv_stockcheckdetail WHERE new_stockcheck_id = $1::uuid ORDER BY new_code`,
            [sheet.id],
          );
          return { name: sheet.name, lines: rows };
        });
        const file = await writeTable(
          name,
          [
            { text: label('new_code', lang), width: 22 },
            { text: label('new_name', lang), width: 30 },
            { text: label('new_uom', lang), width: 8 },
            { text: label('new_countqty', lang), width: 14 },
            { text: label('new_memo', lang), width: 30 },
          ],
          lines.map((l) => [l.code, l.name, l.uom, l.counted, l.memo]),
          lang,
        );
        return reply
          .header('content-type', XLSX)
          .header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
          .send(file);
      },
    );
  });

  // The Excel import answers like every other import (ErrorCode -1, row errors in Data).
  app.register(async (r) => {
    await r.register(multipart, { limits: { fileSize: 11 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });
    r.post<{ Params: { id: string } }>(
      `${STOCK_API}/counts/:id/import`,
      {
        preHandler: requireAuth(s.authenticate, 'stock.write'),
        schema: doc('Count sheet: import counted quantities from Excel (multipart)', {
          params: pathParams('/:id'),
          consumes: ['multipart/form-data'],
          body: documented(z.object({ file: z.string().describe('The .xlsx file (binary)') })),
        }),
      },
      (req, reply) =>
        answerExcelUpload(req, reply, async (bytes, lang) => {
          const table = await readTable(bytes, IMPORT_COLUMNS, lang);
          const rows: CountRow[] = table.map((t) => ({
            row: t.row,
            code: String(t.values.code ?? ''),
            qty: t.values.qty,
            memo: t.values.memo === null || t.values.memo === undefined ? null : String(t.values.memo).trim() || null,
          }));
          const caller = await requestCaller(db, req);
          const result = await db.tx(async (sql) => {
            const r2 = await importCounts(sql, caller, req.params.id, rows, lang);
            if (r2.errors.length) throw new ImportRefused(r2.errors.slice(0, MAX_LISTED_ERRORS), r2.errors.length, lang);
            return r2;
          });
          return ok({ imported: result.imported }, msg('excel.imported', lang, { count: result.imported }));
        }),
    );
  });
}
