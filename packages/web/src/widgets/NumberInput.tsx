import { Input } from 'antd';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { numberOf } from './typed-rules.ts';

/** What the form holds for a number box: the number typed, or the typed text when it is not one (refused by numberRule). */
export type NumberValue = number | string | null;

const shown = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * A number box that never changes what the user typed (issue 24): no clamping to min/max, no
 * rounding to a precision, no reverting unreadable text on blur. It hands the form the number typed
 * (1.5 stays 1.5) or, when the text is not a number ("abc"), the text itself, so the field's
 * numberRule refuses it at the field and the box still shows it to correct. `display` may dress the
 * text while the box is not focused (money grouping), never its value.
 */
export function NumberInput({
  value,
  onChange,
  display,
  prefix,
  testId,
  lineId,
  id,
  disabled,
  readOnly,
  placeholder,
  style,
  size,
  status,
  ariaLabel,
  onBlur,
  decimal = true,
}: {
  value?: NumberValue;
  onChange?: (v: NumberValue) => void;
  display?: (text: string) => string;
  prefix?: ReactNode;
  testId?: string;
  /** `data-line-id`, for a box per table row. */
  lineId?: string;
  id?: string;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  size?: 'small' | 'middle' | 'large';
  /** Marks a refused value where no Form.Item does (a table cell kept outside a form). */
  status?: 'error' | 'warning';
  ariaLabel?: string;
  onBlur?: () => void;
  /** Phone keyboards: decimals (default) or digits only. */
  decimal?: boolean;
}) {
  // The typed text, kept while the value is the one it stands for; a value set from outside (form reset, another line) replaces it.
  const typed = useRef({ text: shown(value), value });
  if (!Object.is(typed.current.value, value)) typed.current = { text: shown(value), value };
  const [focused, setFocused] = useState(false);
  const [, rerender] = useState(0);
  const text = typed.current.text;
  return (
    <Input
      id={id}
      data-testid={testId}
      data-line-id={lineId}
      aria-label={ariaLabel}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={!focused && display && numberOf(text) !== null ? display(text) : text}
      prefix={prefix}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder}
      size={size}
      status={status}
      style={{ width: '100%', ...style }}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        onBlur?.();
      }}
      onChange={(e) => {
        const next = e.target.value;
        const v: NumberValue = next.trim() === '' ? null : (numberOf(next) ?? next);
        typed.current = { text: next, value: v };
        rerender((n) => n + 1);
        onChange?.(v);
      }}
    />
  );
}
