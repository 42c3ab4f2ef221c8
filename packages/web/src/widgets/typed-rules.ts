import type { Rule } from 'antd/es/form';
import type { Translate } from '../locales/i18n.ts';

/**
 * Form rules for typed values that refuse instead of changing what was typed (issue 24): a number
 * is read from the exact text (a clamping or rounding input would turn -5000 into 0.01 or 1.5 into
 * 2), a text longer than its limit is refused rather than cut. Wordings follow spec 001 §9 and the
 * server's refusals (records/validate.ts): 必须是数字, 只能输入整数, 必须大于0, the length limit.
 */

const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

/** Grouping separators, spaces and a currency sign a user may type around a number. */
export const stripNumberText = (text: string): string => text.replace(/[,\s，¥￥]/g, '');

/** A typed text as a number when it is one (and a double holds it exactly enough), else null. */
export function numberOf(text: string): number | null {
  const s = stripNumberText(text);
  if (!DECIMAL.test(s)) return null;
  const digits = s.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? Number(s) : null;
}

export interface NumberSpec {
  /** The field's label, named in the message. */
  field: string;
  integer?: boolean;
  /** Most decimals allowed (money: 2). */
  scale?: number;
  min?: number;
  max?: number;
  /** A message in place of the generic one, e.g. a quantity's upper limit in the spec's words. */
  messages?: Partial<Record<'number' | 'integer' | 'positive' | 'min' | 'max', string>>;
}

/** Why a value (a number, or the text an input could not read) breaks the spec; null when it is fine or blank. */
export function numberRefusal(v: unknown, s: NumberSpec, t: Translate): string | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : stripNumberText(String(v));
  const field = s.field;
  if (!DECIMAL.test(text) && !/^-?\d+(\.\d+)?e[-+]?\d+$/i.test(text)) return s.messages?.number ?? t('validation.number', { field });
  const n = Number(text);
  const decimals = /e/i.test(text) ? (Number.isInteger(n) ? 0 : 99) : (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (s.integer && decimals > 0) return s.messages?.integer ?? t('validation.integer', { field });
  if (!s.integer && s.scale !== undefined && decimals > s.scale) return t('records.precision', { field, precision: s.scale });
  if (s.min !== undefined && n < s.min) {
    // A minimum of one step (1, or 0.01 for money) is the spec's "larger than 0".
    const step = s.integer ? 1 : 10 ** -(s.scale ?? 0);
    return s.min > 0 && s.min <= step
      ? (s.messages?.positive ?? t('validation.positive', { field }))
      : (s.messages?.min ?? t('records.min', { field, min: s.min }));
  }
  if (s.max !== undefined && n > s.max) return s.messages?.max ?? t('records.max', { field, max: s.max });
  return null;
}

/** The antd rule of a number field (pair it with NumberInput, which hands typed text on unchanged). */
export function numberRule(s: NumberSpec, t: Translate): Rule {
  return {
    validator: (_, v: unknown) => {
      const why = numberRefusal(v, s, t);
      return why ? Promise.reject(new Error(why)) : Promise.resolve();
    },
  };
}

/** Characters as the server counts them (code points: an emoji is one). */
export const charCount = (text: string): number => [...text].length;

/**
 * The refusal of a text over `max` characters. Spec 001 §5/§9 words some limits "under N" (declared
 * as maxLength N − 1, N a round hundred) and others "at most N"; the server words them the same way
 * (records/validate.ts lengthRefusal).
 */
export function lengthMessage(field: string, max: number, t: Translate): string {
  return (max + 1) % 100 === 0 ? t('validation.under', { field, limit: max + 1 }) : t('validation.maxLength', { field, max });
}

/** The antd rule of a length limit. */
export function lengthRule(field: string, max: number, t: Translate): Rule {
  return {
    validator: (_, v: unknown) =>
      typeof v === 'string' && charCount(v) > max ? Promise.reject(new Error(lengthMessage(field, max, t))) : Promise.resolve(),
  };
}

/**
 * antd Input/TextArea `count`: shows "n / max" and marks the box when over, without cutting the text
 * (`maxLength` would stop typing and cut a paste silently). Pair it with lengthRule.
 */
export const lengthCount = (max: number, show = true) => ({ max, show, strategy: charCount });
