import type PDFDocument from 'pdfkit';

let loading: Promise<typeof PDFDocument> | undefined;

/**
 * pdfkit, loaded on the first PDF rather than at start: importing it was ~340 ms of every start's
 * CPU (measured 2026-11-29), for documents most starts never print.
 */
export function loadPdfKit(): Promise<typeof PDFDocument> {
  loading ??= import('pdfkit').then(
    (m) => (m as unknown as { default?: typeof PDFDocument }).default ?? (m as unknown as typeof PDFDocument),
  );
  return loading;
}
