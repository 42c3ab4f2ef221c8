import {
  formatChinaDateTime,
  formatDeadline,
  formatMoney,
  msg,
  STATEMENT_FIGURES,
  STATEMENT_LINE_COLUMNS,
  STATEMENT_PRINT_MAX,
  STATEMENT_SIGNS,
  type Lang,
  type MessageKey,
  type StatementHeader,
  type StatementPrint,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { loadExcelJs } from '../../files/load-exceljs.ts';
import { M, openA4Form, WIDTH } from '../../pdf/a4-form.ts';
import { safeCell } from '../../records/export.ts';
import type { Caller } from '../../records/scope.ts';
import { statementHeader, statementLines } from './read.ts';

/*
 * The statement as a document of its own: the print view's data, the A4 PDF and the Excel
 * workbook — the same header, figures and lines (with the running balance) in the same order
 * (model STATEMENT_FIGURES, STATEMENT_LINE_COLUMNS), in the caller's language.
 */

/** The header and every line (up to STATEMENT_PRINT_MAX) of a statement within the caller's reach. */
export async function statementPrint(sql: Sql, caller: Caller, unit: string, month: string, lang: Lang): Promise<StatementPrint> {
  const { header, coverage } = await statementHeader(sql, caller, unit, month, lang);
  const page = await statementLines(sql, header, coverage, null, STATEMENT_PRINT_MAX, lang);
  return { header, lines: page.lines, truncated: page.next !== null };
}

const money = (v: string) => (v === '' ? '' : formatMoney(v));

/** The header's label–value pairs (number, dealer, period, state and when it was confirmed or is due). */
function headerPairs(h: StatementHeader, t: (k: MessageKey) => string): [string, string][] {
  return [
    [t('statement.number'), h.name],
    [t('statement.dealer'), h.dealer],
    [t('statement.period'), `${h.from} ~ ${h.to}`],
    [t('statement.state'), h.confirmWayText ? `${h.stateText}（${h.confirmWayText}）` : h.stateText],
    h.confirmedOn
      ? [t('statement.confirmedOn'), formatChinaDateTime(h.confirmedOn)]
      : [t('statement.deadline'), formatDeadline(h.deadline)],
  ];
}

/** The statement as a PDF (A4): header, figures, the lines with their running balance, both sides' signature areas. */
export async function renderStatementPdf(d: StatementPrint, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const h = d.header;
  const title = t('statement.print.title');
  const { doc, section, pairs, row, finish } = await openA4Form(lang, title, { Title: `${title} ${h.name}`, Subject: h.dealer });
  pairs(headerPairs(h, t));
  section(t('statement.check.figures'));
  pairs(STATEMENT_FIGURES.map((f) => [t(f.label), formatMoney(h[f.key])]));
  doc.fontSize(8).fillColor('#666666').text(t('statement.formula'), M, doc.y, { width: WIDTH }).fillColor('#000000');

  section(t('statement.lines'));
  const widths = [58, 62, 92, 123, 60, 60, WIDTH - 455];
  const align = STATEMENT_LINE_COLUMNS.map((c) => (c.numeric ? 'right' : 'left') as 'right' | 'left');
  row(
    STATEMENT_LINE_COLUMNS.map((c) => t(c.label)),
    widths,
    { head: true },
  );
  row([h.from, '', '', t('statement.fig.opening'), '', '', formatMoney(h.opening)], widths, { align });
  for (const l of d.lines)
    row(
      STATEMENT_LINE_COLUMNS.map((c) => (c.numeric ? money(l[c.key]) : l[c.key])),
      widths,
      { align },
    );
  row([h.to, '', '', t('statement.fig.closing'), '', '', formatMoney(h.closing)], widths, { align });
  if (d.truncated) doc.fontSize(8).text(t('statement.truncated', { max: STATEMENT_PRINT_MAX }), M, doc.y + 2, { width: WIDTH });
  doc.moveDown(0.5).fontSize(9.5).text(t('statement.print.statement'), M, doc.y, { width: WIDTH });
  return finish(STATEMENT_SIGNS, now);
}

/** The statement as an Excel workbook: the header and figures above the lines (amounts as numbers in ¥#,##0.00). */
export async function renderStatementXlsx(d: StatementPrint, lang: Lang): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const h = d.header;
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('statement.sheet'));
  ws.columns = STATEMENT_LINE_COLUMNS.map((c) => ({ key: c.key, width: c.key === 'remark' ? 40 : c.key === 'docName' ? 24 : 16 }));
  ws.addRow([safeCell(t('statement.print.title'))]).font = { bold: true, size: 14 };
  for (const [k, v] of headerPairs(h, t)) ws.addRow([safeCell(k), safeCell(v)]);
  for (const f of STATEMENT_FIGURES) {
    const r = ws.addRow([safeCell(t(f.label)), Number(h[f.key])]);
    r.getCell(2).numFmt = '¥#,##0.00';
  }
  ws.addRow([]);
  ws.addRow(STATEMENT_LINE_COLUMNS.map((c) => safeCell(t(c.label)))).font = { bold: true };
  const num = (v: string) => (v === '' ? null : Number(v));
  const line = (cells: (string | number | null)[]) => {
    const r = ws.addRow(cells);
    STATEMENT_LINE_COLUMNS.forEach((c, i) => {
      if (c.numeric) r.getCell(i + 1).numFmt = '¥#,##0.00';
    });
  };
  line([h.from, '', '', safeCell(t('statement.fig.opening')), null, null, Number(h.opening)]);
  for (const l of d.lines)
    line([l.date, safeCell(l.kindText), safeCell(l.docName), safeCell(l.remark), num(l.debit), num(l.credit), Number(l.balance)]);
  line([h.to, '', '', safeCell(t('statement.fig.closing')), null, null, Number(h.closing)]);
  if (d.truncated) ws.addRow([safeCell(t('statement.truncated', { max: STATEMENT_PRINT_MAX }))]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
