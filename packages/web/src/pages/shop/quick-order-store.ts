import { create } from 'zustand';
import type { QuickLine } from '../../api/quick-order.ts';

/**
 * The quick-order grid (/quickorder/list) as a store: rows of part number and quantity, each with
 * the answer of its last check. The two screens share it (the import hands its checked rows over)
 * and it is saved in sessionStorage (`portal.quickOrder`, code and quantity only), so a visitor who
 * is asked to sign in comes back to the same rows. At most 5000 rows (spec 001 §9).
 */
export interface GridRow {
  key: string;
  code: string;
  qty: string;
  /** The last check of this row, and the code and quantity it was made for. */
  line?: QuickLine;
  checkedAs?: string;
}

export const STORAGE_KEY = 'portal.quickOrder';
export const MIN_ROWS = 5;
export const MAX_ROWS = 5000;

let seq = 0;
const newKey = () => `r${Date.now().toString(36)}-${(seq++).toString(36)}`;
export const blankRow = (): GridRow => ({ key: newKey(), code: '', qty: '' });
export const isBlank = (r: GridRow) => !r.code.trim() && !r.qty.trim();
export const rowInput = (r: Pick<GridRow, 'code' | 'qty'>) => `${r.code.trim()}\t${r.qty.trim()}`;
/** The row's check, when it was made for what the row holds now. */
export const currentLine = (r: GridRow): QuickLine | undefined => (r.line && r.checkedAs === rowInput(r) ? r.line : undefined);

/** At least MIN_ROWS rows, the last one blank to type into. */
export function padRows(rows: GridRow[]): GridRow[] {
  const out = [...rows];
  while (out.length < MIN_ROWS || (out.length < MAX_ROWS && !isBlank(out[out.length - 1]))) out.push(blankRow());
  return out;
}

function restore(): GridRow[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(saved)) {
      return padRows(
        saved.slice(0, MAX_ROWS).map((x) => {
          const o = (x ?? {}) as { code?: unknown; qty?: unknown };
          return { key: newKey(), code: String(o.code ?? ''), qty: String(o.qty ?? '') };
        }),
      );
    }
  } catch {
    /* unreadable: start afresh */
  }
  return padRows([]);
}

export const useQuickOrder = create<{ rows: GridRow[] }>(() => ({ rows: restore() }));

useQuickOrder.subscribe((s, prev) => {
  if (s.rows === prev.rows) return;
  try {
    const kept = s.rows.filter((r) => !isBlank(r)).map((r) => ({ code: r.code, qty: r.qty }));
    if (kept.length) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage full or off: the rows stay for this page load */
  }
});

export const setRows = (rows: GridRow[]) => useQuickOrder.setState({ rows: padRows(rows) });
export const resetQuickOrder = () => useQuickOrder.setState({ rows: padRows([]) });

/**
 * Text pasted into a part-number cell: one product a line, cells split by tabs (Excel's copy) or,
 * failing that, by commas or runs of spaces; a header line (物料编码 / Part number) is skipped.
 * Null when it is a single value (an ordinary paste into the cell).
 */
export function parsePaste(text: string, headers: string[]): { code: string; qty: string }[] | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  if (lines.length <= 1 && !/[\t,]|\S\s+\S/.test(lines[0] ?? '')) return null;
  const known = new Set(headers.map((h) => h.toLowerCase()));
  const out: { code: string; qty: string }[] = [];
  for (const [i, line] of lines.entries()) {
    const cells = (line.includes('\t') ? line.split('\t') : line.includes(',') ? line.split(',') : line.trim().split(/\s+/)).map((c) =>
      c.trim(),
    );
    if (i === 0 && known.has((cells[0] ?? '').replace(/\*/g, '').toLowerCase())) continue;
    if (!cells[0] && !cells[1]) continue;
    // Kept as pasted (grouping commas aside): the server refuses a bad part number or quantity on its line.
    out.push({ code: cells[0] ?? '', qty: (cells[1] ?? '').replace(/,/g, '') });
  }
  return out;
}

/** Puts pasted lines into the rows from `index` on (overwriting, adding rows as needed). */
export function pasteInto(rows: GridRow[], index: number, lines: { code: string; qty: string }[]): GridRow[] {
  const out = [...rows];
  lines.slice(0, MAX_ROWS - index).forEach((l, i) => {
    const at = index + i;
    out[at] = { key: out[at]?.key ?? newKey(), code: l.code, qty: l.qty };
  });
  return out;
}

/** Adds checked lines after the last row in use (the import hands its rows over this way). */
export function appendLines(rows: GridRow[], lines: QuickLine[]): GridRow[] {
  let last = rows.length - 1;
  while (last >= 0 && isBlank(rows[last])) last--;
  const kept = rows.slice(0, last + 1);
  const added = lines.slice(0, MAX_ROWS - kept.length).map((l) => {
    const r = { key: newKey(), code: l.Code, qty: String(l.Quantity ?? '') };
    return { ...r, line: l, checkedAs: rowInput(r) };
  });
  return [...kept, ...added];
}

/** Puts the answers of a check on the rows they were made for (`sent`: the rows as sent, Row = index + 1). */
export function applyCheck(rows: GridRow[], sent: GridRow[], lines: QuickLine[]): GridRow[] {
  const byKey = new Map<string, { line: QuickLine; input: string }>();
  for (const l of lines) {
    const r = sent[l.Row - 1];
    if (r) byKey.set(r.key, { line: l, input: rowInput(r) });
  }
  return rows.map((r) => {
    const hit = byKey.get(r.key);
    return hit ? { ...r, line: hit.line, checkedAs: hit.input } : r;
  });
}
