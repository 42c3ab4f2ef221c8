import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows the value grouped, reads typed separators, and never goes below 0', () => {
    const onChange = vi.fn();
    const { rerender } = render(<MoneyInput value={1200} onChange={onChange} testId="money" />);
    const input = screen.getByTestId('money') as HTMLInputElement;
    expect(input.value).toBe('1,200');
    expect(input.getAttribute('aria-valuemin')).toBe('0');
    fireEvent.change(input, { target: { value: '12,345.678' } });
    expect(onChange).toHaveBeenLastCalledWith(12345.68);
    rerender(<MoneyInput value={12345.5} onChange={onChange} testId="money" />);
    fireEvent.blur(input);
    expect((screen.getByTestId('money') as HTMLInputElement).value).toBe('12,345.50');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('takes a negative amount when the field allows one (signed reward/fine)', () => {
    const onChange = vi.fn();
    render(<MoneyInput value={null} onChange={onChange} min={-1000} testId="fine" />);
    const input = screen.getByTestId('fine') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '-200' } });
    expect(onChange).toHaveBeenLastCalledWith(-200);
    fireEvent.change(input, { target: { value: '-5,000' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(-1000);
  });
});
