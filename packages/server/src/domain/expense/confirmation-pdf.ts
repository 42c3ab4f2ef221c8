import { CONFIRMATION_LINE_COLUMNS, CONFIRMATION_TOTALS, getEntity, msg, type Lang, type MessageKey } from '@portal/model';
import { M, openA4Form, WIDTH } from '../../pdf/a4-form.ts';
import type { ConfirmationData } from './confirmation-form.ts';
import { yuan } from './period.ts';

export { cjkFont } from '../../pdf/a4-form.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;
const LINE = getEntity('new_srv_expense_claimline')!;

/**
 * The settlement confirmation form as a PDF (A4), the same fields and order as the web print view:
 * header (company, station, period, number), every total, the lines per work order, the approved
 * amount, the bank details and both sides' signature and seal areas. Amounts as ¥12,345.60 text.
 */
export async function renderConfirmationPdf(d: ConfirmationData, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const { doc, section, pairs, row, finish } = await openA4Form(lang, t('expense.print.title'), {
    Title: `${t('expense.print.title')} ${d.name}`,
    Subject: d.stationName,
  });
  const period = t('expense.print.periodText', { year: d.year, month: d.month, section: d.section });
  pairs([
    [CLAIM.allFields.new_station_id.label[lang], d.stationName],
    [t('expense.print.period'), period],
    [CLAIM.allFields.new_name.label[lang], d.name],
    [CLAIM.allFields.new_workordercount.label[lang], String(d.workOrders)],
  ]);

  // Totals: label and amount in two columns of rows, the approved amount last.
  section(t('expense.print.totals'));
  doc.fontSize(9.5);
  const half = WIDTH / 2;
  CONFIRMATION_TOTALS.forEach((field, i) => {
    const col = i % 2;
    const y = col === 0 ? doc.y : doc.y - 15;
    const x = M + col * half;
    doc.rect(x, y, half, 15).lineWidth(0.5).stroke();
    doc.text(CLAIM.allFields[field].label[lang], x + 4, y + 3, { width: half * 0.5, lineBreak: false });
    doc.text(yuan(d.totals[field]), x + half * 0.5, y + 3, { width: half * 0.5 - 4, align: 'right', lineBreak: false });
    doc.y = y + 15;
  });

  // Lines per work order
  section(t('expense.print.lines'));
  const cols = CONFIRMATION_LINE_COLUMNS;
  const first = 96;
  const w = (WIDTH - first) / (cols.length - 1);
  // Header cells may take two lines (补贴（特殊费用）); amounts stay on one.
  const widths = cols.map((_, i) => (i === 0 ? first : w));
  const align = cols.map((_, i) => (i === 0 ? ('left' as const) : ('right' as const)));
  row(
    cols.map((c) => LINE.allFields[c].label[lang]),
    widths,
    { head: true },
  );
  for (const l of d.lines)
    row(
      cols.map((c) => (c === 'new_name' ? l.name : yuan(l[c]))),
      widths,
      { align },
    );

  // Bank details and the statement
  section(t('expense.print.bankInfo'));
  pairs([
    [CLAIM.allFields.new_bank.label[lang], d.bank],
    [CLAIM.allFields.new_bankcode.label[lang], d.bankCode],
    [CLAIM.allFields.new_invoiceno.label[lang], d.invoiceNo],
    [CLAIM.allFields.new_invoicedate.label[lang], d.invoiceDate],
  ]);
  doc.moveDown(0.5).fontSize(9.5).text(t('expense.print.statement'), M, doc.y, { width: WIDTH });

  // Signature and seal areas, both sides side by side; kept together on one page.
  return finish(
    [
      { sign: 'expense.print.stationSign', seal: 'expense.print.stationSeal' },
      { sign: 'expense.print.hqSign', seal: 'expense.print.hqSeal' },
    ],
    now,
  );
}
