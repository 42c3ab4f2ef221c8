import type { CountLinesRequest } from '@portal/model';
import type { NumberValue } from '../../widgets/NumberInput.tsx';
import { charCount } from '../../widgets/typed-rules.ts';

/**
 * A line's counted quantity and memo: as saved, and as the user has them now. A quantity typed
 * that is not a number stays as its text (refused at the line, never changed: issue 24).
 */
export interface LineValues {
  countQty: NumberValue;
  memo: string | null;
}
export interface LineEdit {
  saved: LineValues;
  now: LineValues;
}
/** Edits by line id; they survive paging and searching until saved. */
export type CountEdits = Record<string, LineEdit>;

export const COUNT_MAX = 99_999;
/** The memo's limit (new_srv_stockcheckdetail.new_memo). */
export const MEMO_MAX = 100;

/** A counted quantity the server takes: empty, or an integer 0–99999. */
export const validCount = (v: NumberValue): v is number | null =>
  v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= COUNT_MAX);
/** A memo within its limit (longer is refused at the line, not cut). */
export const validMemo = (v: string | null) => charCount(v ?? '') <= MEMO_MAX;

const sameMemo = (a: string | null, b: string | null) => (a ?? '').trim() === (b ?? '').trim();

/** The edits with one line changed; a line put back to what is saved is no longer an edit. */
export function withEdit(edits: CountEdits, lineId: string, saved: LineValues, change: Partial<LineValues>): CountEdits {
  const base = edits[lineId] ?? { saved, now: saved };
  const now = { ...base.now, ...change };
  const next = { ...edits };
  if (now.countQty === base.saved.countQty && sameMemo(now.memo, base.saved.memo)) delete next[lineId];
  else next[lineId] = { saved: base.saved, now };
  return next;
}

/** The PATCH body: the changed lines only, a memo only where it changed. */
export function changedLines(edits: CountEdits): CountLinesRequest['lines'] {
  return Object.entries(edits).map(([lineId, e]) => ({
    lineId,
    // Only valid lines are sent (the screen refuses to save while invalidLines has any).
    countQty: validCount(e.now.countQty) ? e.now.countQty : null,
    ...(sameMemo(e.now.memo, e.saved.memo) ? {} : { memo: (e.now.memo ?? '').trim() }),
  }));
}

export const invalidLines = (edits: CountEdits) =>
  Object.keys(edits).filter((id) => !validCount(edits[id].now.countQty) || !validMemo(edits[id].now.memo));
