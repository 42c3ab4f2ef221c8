import { getEntity, type Lang } from '@portal/model';
import { refuse } from '../http/errors.ts';
import { parseInteger, unsafeNumber } from '../records/validate.ts';

/** A document command's inputs: quantities, memos, and the field labels its refusals name. */

export const MEMO_MAX = 100;
/** Freight "in normal range" (spec 001 §5): 0 to 99,999 yuan, as the delivery's new_freight declares. */
export const FREIGHT_MAX = 99_999;

/** An optional memo of at most 100 characters (spec 001 §5/§9: "memo at most 100"; characters, as the record service counts text). */
export function memoOf(v: unknown, lang: Lang, field = 'memo'): string | null {
  const s = typeof v === 'string' ? v.trim() : '';
  if ([...s].length > MEMO_MAX) throw refuse('parts.reasonTooLong', { field: lang === 'zh-CN' ? '备注' : 'Memo' }, field);
  return s || null;
}

/**
 * A document quantity (spec 001 §5): decimal digits (or an integral JSON number), larger than 0
 * (or ≥ 0 when `zero` is allowed) and less than 100,000, compared on the digits; refused with the
 * specification's message naming the field. "0x10", "1e3", "1.5" and true are not integers.
 */
export function checkQty(v: unknown, label: string, field: string, opts: { zero?: boolean } = {}): number {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
    throw refuse('parts.qtyRequired', { field: label }, field);
  if (unsafeNumber(v)) throw refuse((v as number) < 0 ? 'parts.qtyPositive' : 'parts.qtyTooLarge', { field: label }, field);
  const t = parseInteger(v);
  if (t === null) throw refuse('parts.qtyInteger', { field: label }, field);
  if (t.startsWith('-') || (t === '0' && !opts.zero)) throw refuse('parts.qtyPositive', { field: label }, field);
  if (t.length > 5) throw refuse('parts.qtyTooLarge', { field: label }, field);
  return Number(t);
}

/** The label of a field of an entity in `lang`. */
export const fieldLabel = (entity: string, field: string, lang: Lang) => getEntity(entity)?.allFields[field]?.label[lang] ?? field;
