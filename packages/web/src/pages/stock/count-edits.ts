import type { CountLinesRequest } from '@portal/model';

/** A line's counted quantity and memo: as saved, and as the user has them now. */
export interface LineValues {
  countQty: number | null;
  memo: string | null;
}
export interface LineEdit {
  saved: LineValues;
  now: LineValues;
}
/** Edits by line id; they survive paging and searching until saved. */
export type CountEdits = Record<string, LineEdit>;

export const COUNT_MAX = 99_999;

/** A counted quantity the server takes: empty, or an integer 0–99999. */
export const validCount = (v: number | null) => v === null || (Number.isInteger(v) && v >= 0 && v <= COUNT_MAX);

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
    countQty: e.now.countQty,
    ...(sameMemo(e.now.memo, e.saved.memo) ? {} : { memo: (e.now.memo ?? '').trim() }),
  }));
}

export const invalidLines = (edits: CountEdits) => Object.keys(edits).filter((id) => !validCount(edits[id].now.countQty));
