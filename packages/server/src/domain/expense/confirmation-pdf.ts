import { CONFIRMATION_LINE_COLUMNS, CONFIRMATION_TOTALS, getEntity, msg, type Lang, type MessageKey } from '@portal/model';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { CHINA_OFFSET_MS } from '../china-time.ts';
import type { ConfirmationData } from './confirmation-form.ts';
import { yuan } from './period.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;
const LINE = getEntity('new_srv_expense_claimline')!;
const SYSTEM_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * The CJK font embedded (as a subset of the glyphs used) in every form: Noto Sans SC (GB2312) of the
 * npm package @embedpdf/fonts-sc, a dependency, so a fresh machine has it after `npm install`; the
 * system's Noto Sans CJK (Debian fonts-noto-cjk) only if the package is missing. Read once.
 */
let font: { data: Buffer; family?: string } | undefined;
export function cjkFont(): { data: Buffer; family?: string } {
  if (font) return font;
  try {
    const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    font = { data: readFileSync(join(dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf')) };
  } catch {
    if (!existsSync(SYSTEM_CJK)) throw new Error(`No CJK font for the settlement PDF: install the npm package @embedpdf/fonts-sc (npm install) or fonts-noto-cjk (${SYSTEM_CJK})`);
    font = { data: readFileSync(SYSTEM_CJK), family: 'NotoSansCJKsc-Regular' };
  }
  return font;
}

const A4 = { w: 595.28, h: 841.89 };
const M = 40; // margin, pt (about 14 mm)
const WIDTH = A4.w - 2 * M;

/**
 * The settlement confirmation form as a PDF (A4), the same fields and order as the web print view:
 * header (company, station, period, number), every total, the lines per work order, the approved
 * amount, the bank details and both sides' signature and seal areas. Amounts as ¥12,345.60 text.
 */
export function renderConfirmationPdf(d: ConfirmationData, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: `${t('expense.print.title')} ${d.name}`, Author: t('app.company'), Subject: d.stationName }, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = cjkFont();
  doc.registerFont('cjk', f.data, f.family);
  doc.font('cjk');

  const need = (h: number) => {
    if (doc.y + h > A4.h - M) doc.addPage();
  };
  const section = (title: string) => {
    need(40);
    doc.moveDown(0.6).fontSize(11).text(title, M, doc.y);
    doc.moveTo(M, doc.y + 1).lineTo(M + WIDTH, doc.y + 1).lineWidth(0.8).stroke();
    doc.moveDown(0.4);
  };
  const pairs = (items: [string, string][]) => {
    doc.fontSize(9.5);
    for (let i = 0; i < items.length; i += 2) {
      const y = doc.y;
      items.slice(i, i + 2).forEach(([k, v], j) => doc.text(`${k}：${v}`, M + j * (WIDTH / 2), y, { width: WIDTH / 2 - 8 }));
      doc.y = Math.max(doc.y, y + 14);
    }
  };

  // Header
  doc.fontSize(11).text(t('app.company'), M, M, { width: WIDTH, align: 'center' });
  doc.moveDown(0.2).fontSize(18).text(t('expense.print.title'), { width: WIDTH, align: 'center', characterSpacing: 3 });
  doc.moveDown(0.6);
  const period = t('expense.print.periodText', { year: d.year, month: d.month, section: d.section });
  pairs([
    [CLAIM.allFields.new_station_id.label[lang], d.stationName], [t('expense.print.period'), period],
    [CLAIM.allFields.new_name.label[lang], d.name], [CLAIM.allFields.new_workordercount.label[lang], String(d.workOrders)],
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
  const row = (cells: string[], head = false) => {
    const h = head ? 26 : 13;
    need(h + 1);
    const y = doc.y;
    doc.fontSize(7.5);
    cells.forEach((c, i) => {
      const x = i === 0 ? M : M + first + (i - 1) * w;
      const cw = i === 0 ? first : w;
      doc.rect(x, y, cw, h).lineWidth(0.4).stroke();
      doc.text(c, x + 2, y + 3, head ? { width: cw - 4, align: 'center' } : { width: cw - 4, align: i === 0 ? 'left' : 'right', lineBreak: false });
    });
    doc.y = y + h;
  };
  row(cols.map((c) => LINE.allFields[c].label[lang]), true);
  for (const l of d.lines) row(cols.map((c) => (c === 'new_name' ? l.name : yuan(l[c]))));

  // Bank details and the statement
  section(t('expense.print.bankInfo'));
  pairs([
    [CLAIM.allFields.new_bank.label[lang], d.bank], [CLAIM.allFields.new_bankcode.label[lang], d.bankCode],
    [CLAIM.allFields.new_invoiceno.label[lang], d.invoiceNo], [CLAIM.allFields.new_invoicedate.label[lang], d.invoiceDate],
  ]);
  doc.moveDown(0.5).fontSize(9.5).text(t('expense.print.statement'), M, doc.y, { width: WIDTH });

  // Signature and seal areas, both sides side by side; kept together on one page.
  need(150);
  doc.moveDown(1.2);
  const top = doc.y;
  const sides = [['expense.print.stationSign', 'expense.print.stationSeal'], ['expense.print.hqSign', 'expense.print.hqSeal']] as const;
  const boxW = WIDTH / 2 - 16;
  sides.forEach(([sign, seal], i) => {
    const x = M + i * (WIDTH / 2 + 8);
    doc.fontSize(10).text(`${t(sign)}：`, x, top, { lineBreak: false });
    doc.rect(x, top + 18, boxW, 80).dash(3, { space: 3 }).lineWidth(0.5).strokeColor('#999999').stroke().undash().strokeColor('#000000');
    doc.fillColor('#999999').text(t(seal), x, top + 52, { width: boxW, align: 'center', lineBreak: false }).fillColor('#000000');
    doc.text(`${t('expense.print.date')}：　　　年　　月　　日`, x, top + 106, { lineBreak: false });
  });
  doc.fontSize(7.5).fillColor('#666666')
    .text(t('expense.print.printedAt', { time: new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') }), M, top + 130, { width: WIDTH, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
