import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NumberValue } from './NumberInput.tsx';
import { clampPrecision, formatMoney, MoneyInput, parseMoney } from './MoneyInput.tsx';

describe('MoneyInput (spec 000 §5, 001 §9)', () => {
  it('defaults to 2 decimals and allows 1 to 20', () => {
    expect(clampPrecision(undefined)).toBe(2);
    expect(clampPrecision(0)).toBe(1);
    expect(clampPrecision(25)).toBe(20);
    expect(clampPrecision(4)).toBe(4);
  });

  it('groups thousands by 3 and drops a trailing .00 at precision 2', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(1200)).toBe('1,200');
    expect(formatMoney('1200.00')).toBe('1,200');
    expect(formatMoney(0.5)).toBe('0.50');
    expect(formatMoney(1200, 3)).toBe('1,200.000');
    expect(formatMoney(999)).toBe('999');
    expect(formatMoney(null)).toBe('');
  });

  it('strips thousands separators from what is typed', () => {
    expect(parseMoney('1,234,567.89')).toBe('1234567.89');
    expect(parseMoney(' ¥12,000 ')).toBe('12000');
    expect(parseMoney('')).toBe('');
  });

  it('shows the value grouped while not edited and hands on what was typed, unchanged', () => {
    const onChange = vi.fn();
    function Held() {
      const [v, setV] = useState<NumberValue>(1200);
      return (
        <MoneyInput
          value={v}
          onChange={(x) => {
            onChange(x);
            setV(x);
          }}
          testId="money"
        />
      );
    }
    render(<Held />);
    const input = screen.getByTestId('money') as HTMLInputElement;
    expect(input.value).toBe('1,200');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,345.5' } });
    expect(onChange).toHaveBeenLastCalledWith(12345.5);
    fireEvent.blur(input);
    expect(input.value).toBe('12,345.50');
    // Never clamped, rounded or reverted: the field's rule refuses these, and the box still shows them.
    for (const [typed, handed] of [
      ['-5000', -5000],
      ['12.345', 12.345],
      ['abc', 'abc'],
    ] as const) {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: typed } });
      expect(onChange).toHaveBeenLastCalledWith(handed);
      fireEvent.blur(input);
      expect(input.value).toBe(typed === '-5000' ? '-5,000' : typed);
    }
  });
});
