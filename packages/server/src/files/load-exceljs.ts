import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded on the first workbook rather than at start: importing it was ~240 ms of a
 * start's CPU (measured 2026-11-28), for files most starts never make.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => (m as unknown as { default?: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS));
  return loading;
}
