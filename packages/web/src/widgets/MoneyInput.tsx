import { createContext, useContext, type CSSProperties } from 'react';
import { NumberInput, type NumberValue } from './NumberInput.tsx';

/** The sign money inputs and read-only amounts carry: ¥, or an order's own currency (`USD `) inside its screen. */
export const MoneySymbol = createContext('¥');

/** spec 001 §9: 2 decimals by default, 1 to 20 allowed. */
export function clampPrecision(p: number | undefined): number {
  if (p === undefined || !Number.isFinite(p)) return 2;
  return Math.min(20, Math.max(1, Math.round(p)));
}

/** Thousands separators and spaces (and a currency sign) are stripped from what the user types. */
export function parseMoney(text: string | undefined | null): string {
  if (!text) return '';
  return String(text).replace(/[,\s，¥￥]/g, '');
}

/** 1234567.5 → "1,234,567.50"; at precision 2 a trailing ".00" is dropped: 1200 → "1,200". */
export function formatMoney(value: number | string | undefined | null, precision = 2): string {
  if (value === undefined || value === null || value === '') return '';
  const n = Number(parseMoney(String(value)));
  if (!Number.isFinite(n)) return '';
  const p = clampPrecision(precision);
  const fixed = n.toFixed(p);
  const negative = fixed.startsWith('-');
  const [int, frac = ''] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const keepFrac = !(p === 2 && frac === '00');
  return `${negative ? '-' : ''}${grouped}${keepFrac && frac ? `.${frac}` : ''}`;
}

/**
 * A money amount, grouped by thousands while not being edited. It keeps what was typed (a negative,
 * too many decimals, text): the field's numberRule (typed-rules.ts) refuses it at the field.
 */
export function MoneyInput({
  value,
  onChange,
  precision,
  disabled,
  placeholder,
  id,
  style,
  testId,
  readOnly,
}: {
  value?: NumberValue;
  onChange?: (v: NumberValue) => void;
  precision?: number;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const p = clampPrecision(precision);
  const symbol = useContext(MoneySymbol).trim();
  return (
    <NumberInput
      id={id}
      testId={testId}
      value={value ?? null}
      onChange={onChange}
      display={(text) => ((parseMoney(text).split('.')[1]?.length ?? 0) > p ? text : formatMoney(text, p))}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder}
      prefix={symbol}
      style={style}
    />
  );
}
