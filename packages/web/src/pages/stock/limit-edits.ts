import type { LimitBatchRequest, MessageKey, StationInventoryRow } from '@portal/model';

/** A row's minimum and maximum as the user has them now. */
export interface LimitValues {
  minQty: number | null;
  maxQty: number | null;
}
export type Level = StationInventoryRow['level'];
export type LimitErrors = Partial<Record<keyof LimitValues, MessageKey>>;

export const LIMIT_MAX = 99_999;
const valid = (v: number | null) => v === null || (Number.isInteger(v) && v >= 0 && v <= LIMIT_MAX);

/**
 * What is wrong with a row's limits, per input: each an integer 0–99999, both or neither (a row
 * added or already limited needs both), and minimum ≤ maximum (the server's rule, on the maximum).
 */
export function limitErrors(v: LimitValues, needed: boolean): LimitErrors {
  const out: LimitErrors = {};
  if (!valid(v.minQty)) out.minQty = 'stock.ui.limitInvalid';
  if (!valid(v.maxQty)) out.maxQty = 'stock.ui.limitInvalid';
  if (out.minQty || out.maxQty) return out;
  if (v.minQty === null && v.maxQty === null) {
    if (needed) out.minQty = 'stock.ui.limitBoth';
    return out;
  }
  if (v.minQty === null) out.minQty = 'stock.ui.limitBoth';
  else if (v.maxQty === null) out.maxQty = 'stock.ui.limitBoth';
  else if (v.minQty > v.maxQty) out.maxQty = 'parts.limitRange';
  return out;
}

/** The level as the server computes it (below: available < min; above: quantity > max), for the values shown. */
export function levelOf(row: Pick<StationInventoryRow, 'available' | 'quantity'>, v: LimitValues): Level {
  if (v.minQty === null && v.maxQty === null) return 'none';
  if (v.minQty !== null && row.available < v.minQty) return 'below';
  if (v.maxQty !== null && row.quantity > v.maxQty) return 'above';
  return 'ok';
}

export const savedLimits = (r: StationInventoryRow): LimitValues => ({ minQty: r.minQty, maxQty: r.maxQty });

/** Rows whose values differ from what is saved, and rows added here: the batch call's lines. */
export function changedRows(rows: StationInventoryRow[], edits: Record<string, LimitValues>, added: Set<string>): StationInventoryRow[] {
  return rows.filter((r) => {
    const e = edits[r.productId];
    if (added.has(r.productId)) return true;
    return !!e && (e.minQty !== r.minQty || e.maxQty !== r.maxQty);
  });
}

export function batchBody(stationId: string, rows: StationInventoryRow[], edits: Record<string, LimitValues>): LimitBatchRequest {
  return {
    stationId,
    lines: rows.map((r) => {
      const v = edits[r.productId] ?? savedLimits(r);
      return { productId: r.productId, minQty: v.minQty ?? 0, maxQty: v.maxQty ?? 0 };
    }),
  };
}
