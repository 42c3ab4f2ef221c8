import { formatChinaDateTime, msg, type Lang, type MessageKey } from '@portal/model';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPdfKit } from './load-pdfkit.ts';

/**
 * The pieces every printable A4 form's PDF shares (the settlement confirmation form, the
 * service-provider old-parts return list): the embedded CJK font, the page frame (company and title
 * header, sections, label–value pairs, page breaks) and the two sides' signature (and seal) areas
 * with the print time. Each form keeps only its own body.
 */

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
    if (!existsSync(SYSTEM_CJK))
      throw new Error(
        `No CJK font for the printable forms: install the npm package @embedpdf/fonts-sc (npm install) or fonts-noto-cjk (${SYSTEM_CJK})`,
      );
    font = { data: readFileSync(SYSTEM_CJK), family: 'NotoSansCJKsc-Regular' };
  }
  return font;
}

export const A4 = { w: 595.28, h: 841.89 };
export const M = 40; // margin, pt (about 14 mm)
export const WIDTH = A4.w - 2 * M;

export interface A4Form {
  doc: PDFKit.PDFDocument;
  /** The finished file, once `finish` was called. */
  done: Promise<Buffer>;
  /** A new page unless `h` points still fit. */
  need: (h: number) => void;
  /** A section title with a rule under it. */
  section: (title: string) => void;
  /** Label：value pairs, two per row. */
  pairs: (items: [string, string][]) => void;
  /**
   * One row of a ruled table at the left margin: cells of the given widths (pt), 7.5 pt text; a head
   * row is 26 pt high with centred text that may wrap to two lines, a body row 13 pt on one line.
   */
  row: (cells: string[], widths: number[], opts?: { head?: boolean; align?: ('left' | 'right' | 'center')[] }) => void;
  /** Both sides' signature (and seal) areas side by side, kept on one page, then the print time; ends the document. */
  finish: (sides: readonly { sign: MessageKey; seal?: MessageKey }[], now?: Date) => Promise<Buffer>;
}

/** An A4 document with the CJK font, the company line and the form's title centred at the top. */
export async function openA4Form(lang: Lang, title: string, info: { Title: string; Subject: string }): Promise<A4Form> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { ...info, Author: t('app.company') }, compress: true });
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
  const section = (text: string) => {
    need(40);
    doc.moveDown(0.6).fontSize(11).text(text, M, doc.y);
    doc
      .moveTo(M, doc.y + 1)
      .lineTo(M + WIDTH, doc.y + 1)
      .lineWidth(0.8)
      .stroke();
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
  const row: A4Form['row'] = (cells, widths, opts = {}) => {
    const h = opts.head ? 26 : 13;
    need(h + 1);
    const y = doc.y;
    doc.fontSize(7.5);
    let x = M;
    cells.forEach((c, i) => {
      const cw = widths[i];
      doc.rect(x, y, cw, h).lineWidth(0.4).stroke();
      doc.text(
        c,
        x + 2,
        y + 3,
        opts.head ? { width: cw - 4, align: 'center' } : { width: cw - 4, align: opts.align?.[i] ?? 'left', lineBreak: false },
      );
      x += cw;
    });
    doc.y = y + h;
  };
  const finish: A4Form['finish'] = (sides, now = new Date()) => {
    need(150);
    doc.moveDown(1.2);
    const top = doc.y;
    const boxW = WIDTH / 2 - 16;
    sides.forEach(({ sign, seal }, i) => {
      const x = M + i * (WIDTH / 2 + 8);
      doc.fontSize(10).text(`${t(sign)}：`, x, top, { lineBreak: false });
      doc
        .rect(x, top + 18, boxW, 80)
        .dash(3, { space: 3 })
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke()
        .undash()
        .strokeColor('#000000');
      if (seal)
        doc
          .fillColor('#999999')
          .text(t(seal), x, top + 52, { width: boxW, align: 'center', lineBreak: false })
          .fillColor('#000000');
      doc.text(`${t('expense.print.date')}：　　　年　　月　　日`, x, top + 106, { lineBreak: false });
    });
    doc
      .fontSize(7.5)
      .fillColor('#666666')
      .text(t('expense.print.printedAt', { time: formatChinaDateTime(now) }), M, top + 130, {
        width: WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.end();
    return done;
  };

  // Header
  doc.fontSize(11).text(t('app.company'), M, M, { width: WIDTH, align: 'center' });
  doc.moveDown(0.2).fontSize(18).text(title, { width: WIDTH, align: 'center', characterSpacing: 3 });
  doc.moveDown(0.6);
  return { doc, done, need, section, pairs, row, finish };
}
