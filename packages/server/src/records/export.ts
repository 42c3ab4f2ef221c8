import { PassThrough } from 'node:stream';
import type { EntityDef, Lang } from '@portal/model';
import { loadExcelJs } from '../files/load-exceljs.ts';
import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { FV } from './format.ts';
import type { QuerySpec } from './query/compile.ts';
import { parseSelect } from './query/odata.ts';
import type { Caller } from './scope.ts';
import { compileContext, intParam, odataParts, param, runQuery, viewFilter } from './service.ts';
import { kindOf, readableField } from './sql.ts';

/** At most this many rows go into one export. */
export const EXPORT_MAX_ROWS = 10_000;

/** A cell that a spreadsheet would read as a formula gets a leading quote (CSV/formula injection). */
export function safeCell(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export interface ExportFile {
  fileName: string;
  stream: PassThrough;
  capped: boolean;
  rows: number;
}

/**
 * The .xlsx of an OData query (plus a view's fixed filter, columns and order): header = field
 * labels in the caller's language, option sets, lookups and bools as their display texts,
 * numbers as numbers, datetimes as UTC+8 text. Up to 10,000 rows; written by exceljs's
 * streaming writer straight into the response.
 */
export async function exportXlsx(sql: Sql, caller: Caller, e: EntityDef, query: unknown, lang: Lang): Promise<ExportFile> {
  const viewName = param(query, 'view');
  const view = viewName ? (Object.hasOwn(e.views, viewName) ? e.views[viewName] : undefined) : undefined;
  if (viewName && !view) throw badRequest('records.q.view', { view: viewName.slice(0, 64) });
  const o = odataParts(query, EXPORT_MAX_ROWS, EXPORT_MAX_ROWS);
  const columnsParam = param(query, 'columns');
  const named = columnsParam?.trim() ? parseSelect(columnsParam, 'columns') : (o.select ?? view?.columns);
  // Secret fields are never exported: left out of the default columns, refused when named.
  const columns = (named ?? Object.keys(e.allFields).filter((n) => n !== e.primaryKey && !e.allFields[n].secret)).filter((n) => {
    if (Object.hasOwn(e.allFields, n) && e.allFields[n].secret)
      throw badRequest('records.exportSecret', { field: e.allFields[n].label[lang] });
    const f = readableField(e, n);
    if (!f) throw badRequest('records.q.unknownField', { entity: e.logicalName, field: n });
    return f.type !== 'image';
  });
  const top = intParam(query, '$top', EXPORT_MAX_ROWS, 0, EXPORT_MAX_ROWS);
  const spec: QuerySpec = {
    entity: e,
    select: columns,
    filters: [...viewFilter(view?.filter), ...(o.filter ? [o.filter] : [])],
    orderBy: o.orderBy ?? view?.orderBy.map(([name, dir]) => ({ field: { alias: null, name }, desc: dir === 'desc' })) ?? [],
    top,
    skip: o.skip,
    count: false,
    formatted: true,
    probeMore: true,
  };
  const r = await runQuery(sql, spec, compileContext(caller, lang));

  const stream = new PassThrough();
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheetName = e.pluralLabel[lang].replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({
    header: safeCell(e.allFields[c].label[lang]),
    key: c,
    width: Math.min(40, Math.max(12, e.allFields[c].label[lang].length * 2 + 4)),
  }));
  const kinds = columns.map((c) => kindOf(e, c));
  const write = async () => {
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for (const rec of r.value) {
      const cells = columns.map((c, i) => {
        const v = rec[c];
        if (v === null || v === undefined) return null;
        const fv = rec[`${c}${FV}`];
        switch (kinds[i]) {
          case 'int':
          case 'decimal':
          case 'money':
            return typeof v === 'number' ? v : Number(v);
          case 'optionset':
          case 'lookup':
          case 'bool':
          case 'datetime':
            return safeCell(String(fv ?? v));
          default:
            return safeCell(String(v));
        }
      });
      const row = ws.addRow(cells);
      kinds.forEach((k, i) => {
        if (k === 'money') row.getCell(i + 1).numFmt = '¥#,##0.00';
      });
      row.commit();
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return { fileName: `${e.pluralLabel[lang]}.xlsx`, stream, capped: !!r.more, rows: r.value.length };
}
