import type { LimitBatchRequest, MessageKey, StationInventoryRow } from '@portal/model';
import type { NumberValue } from '../../widgets/NumberInput.tsx';

/** A row's minimum and maximum as the user has them now (a text that is not a number stays as typed, refused). */
export interface LimitValues {
  minQty: NumberValue;
  maxQty: NumberValue;
}
export type Level = StationInventoryRow['level'];
export type LimitErrors = Partial<Record<keyof LimitValues, MessageKey>>;

export const LIMIT_MAX = 99_999;
/** A number the limits take only (a text still being corrected counts as none). */
const numeric = (v: NumberValue): number | null => (typeof v === 'number' ? v : null);
/** Why one limit is refused (the message takes `field`), or null: a number (必须是数字), an integer (只能输入整数), 0–99999. */
function refusal(v: NumberValue): MessageKey | null {
  if (v === null) return null;
  // NumberInput hands on text only when it is not a number.
  if (typeof v === 'string') return 'validation.number';
  if (!Number.isInteger(v)) return 'validation.integer';
  return v < 0 || v > LIMIT_MAX ? 'stock.ui.limitInvalid' : null;
}

/**
 * What is wrong with a row's limits, per input: each an integer 0–99999, both or neither (a row
 * added or already limited needs both), and minimum ≤ maximum (the server's rule, on the maximum).
 */
export function limitErrors(v: LimitValues, needed: boolean): LimitErrors {
  const out: LimitErrors = {};
  const min = refusal(v.minQty);
  const max = refusal(v.maxQty);
  if (min) out.minQty = min;
  if (max) out.maxQty = max;
  if (min || max) return out;
  if (v.minQty === null && v.maxQty === null) {
    if (needed) out.minQty = 'stock.ui.limitBoth';
    return out;
  }
  if (v.minQty === null) out.minQty = 'stock.ui.limitBoth';
  else if (v.maxQty === null) out.maxQty = 'stock.ui.limitBoth';
  else if ((numeric(v.minQty) ?? 0) > (numeric(v.maxQty) ?? 0)) out.maxQty = 'parts.limitRange';
  return out;
}

/** The level as the server computes it (below: available < min; above: quantity > max), for the values shown. */
export function levelOf(row: Pick<StationInventoryRow, 'available' | 'quantity'>, v: LimitValues): Level {
  const min = numeric(v.minQty);
  const max = numeric(v.maxQty);
  if (min === null && max === null) return 'none';
  if (min !== null && row.available < min) return 'below';
  if (max !== null && row.quantity > max) return 'above';
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
      // Sent only when limitErrors has nothing for any row, so both are numbers here.
      return { productId: r.productId, minQty: numeric(v.minQty) ?? 0, maxQty: numeric(v.maxQty) ?? 0 };
    }),
  };
}
