import { loadExcelJs } from './load-exceljs.ts';
import type { Lang } from '@portal/model';
import { msg } from '@portal/model';
import { AppError } from '../http/errors.ts';
import { MAX_IMPORT_ROWS, openFirstSheet } from './excel.ts';

/**
 * A plain table in the first sheet of an .xlsx (already checked by checkExcelFile): a header row
 * naming known columns, then data rows. For imports into a document (a count sheet) rather than
 * new records of an entity.
 */
export interface TableColumn {
  key: string;
  /** Header texts that name the column (both languages); matched caselessly, asterisks ignored. */
  headers: string[];
  required?: boolean;
}

export type TableCell = string | number | boolean | Date | null;

export async function readTable(
  bytes: Buffer,
  columns: TableColumn[],
  lang: Lang,
): Promise<{ row: number; values: Record<string, TableCell> }[]> {
  const sheet = await openFirstSheet(bytes);
  try {
    const { header } = sheet;
    const at = new Map<string, number>();
    header.cells.forEach((v, col) => {
      const text = String(v ?? '')
        .trim()
        .replace(/^\*+|\*+$/g, '')
        .trim()
        .toLowerCase();
      const c = columns.find((x) => x.headers.some((h) => h.toLowerCase() === text));
      if (c && !at.has(c.key)) at.set(c.key, col);
    });
    const missing = columns.filter((c) => c.required && !at.has(c.key));
    if (missing.length)
      throw new AppError(400, 'excel.headerMissing', { header: missing.map((c) => c.headers[0]).join(lang === 'zh-CN' ? '、' : ', ') });
    const out: { row: number; values: Record<string, TableCell> }[] = [];
    // Read as a stream: the reader stops at the first row past the limit.
    for await (const r of sheet.rows([...at.values()], MAX_IMPORT_ROWS + 1)) {
      const values: Record<string, TableCell> = {};
      let any = false;
      for (const [key, col] of at) {
        const v = r.cells[col] ?? null;
        values[key] = v;
        if (v !== null) any = true;
      }
      if (!any) continue;
      if (out.length >= MAX_IMPORT_ROWS) throw new AppError(400, 'excel.tooMany');
      out.push({ row: r.row, values });
    }
    if (!out.length) throw new AppError(400, 'excel.noData');
    return out;
  } finally {
    await sheet.close();
  }
}

/** A one-sheet workbook: a bold header row, then the rows (numbers stay numbers, text stays text). */
export async function writeTable(
  sheet: string,
  headers: { text: string; width: number }[],
  rows: TableCell[][],
  lang: Lang,
): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(headers.map((h) => h.text)).font = { bold: true };
  headers.forEach((h, i) => (ws.getColumn(i + 1).width = h.width));
  for (const r of rows) ws.addRow(r.map((v) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : v)));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const help = wb.addWorksheet(msg('excel.help.sheet', lang));
  help.addRow([msg('excel.help.intro', lang)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
