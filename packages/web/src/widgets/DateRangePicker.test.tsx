import { act, fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { beforeYesterday, changeRange, DateRangePicker, type DateRange } from './DateRangePicker.tsx';

const d = (s: string) => dayjs(s);

function Harness({ initial = [null, null] as DateRange, disablePast = false }) {
  const [v, setV] = useState<DateRange>(initial);
  return (
    <>
      <DateRangePicker value={v} onChange={setV} testId="range" disablePast={disablePast} />
      <output data-testid="state">{`${v[0]?.format('YYYY-MM-DD') ?? ''}~${v[1]?.format('YYYY-MM-DD') ?? ''}`}</output>
    </>
  );
}

/** Types a date into one of the two pickers and confirms it with Enter. */
async function typeDate(which: 'start' | 'end', text: string) {
  const input = screen.getByTestId(`range-${which}`) as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('date range rules (spec 000 §4, §5)', () => {
  it('clears an end earlier than the start: 结束日期不能小于开始日期！', () => {
    expect(changeRange([d('2026-03-10'), null], 'end', d('2026-03-09'))).toEqual({
      value: [d('2026-03-10'), null],
      problem: 'widgets.date.endBeforeStart',
    });
    const ok = changeRange([d('2026-03-10'), null], 'end', d('2026-03-10'));
    expect(ok.problem).toBeUndefined();
    expect(ok.value[1]?.format('YYYY-MM-DD')).toBe('2026-03-10');
  });

  it('a later start clears an end that is now earlier', () => {
    const r = changeRange([d('2026-03-01'), d('2026-03-05')], 'start', d('2026-03-08'));
    expect(r.value[1]).toBeNull();
    expect(r.problem).toBe('widgets.date.endBeforeStart');
  });

  it('refuses an end without a start: 请先选择开始日期！', () => {
    expect(changeRange([null, null], 'end', d('2026-03-09'))).toEqual({ value: [null, null], problem: 'widgets.date.startFirst' });
  });

  it('disables the days before yesterday only', () => {
    const today = d('2026-03-10T09:00:00');
    expect(beforeYesterday(d('2026-03-08'), today)).toBe(true);
    expect(beforeYesterday(d('2026-03-09'), today)).toBe(false);
    expect(beforeYesterday(d('2026-03-10'), today)).toBe(false);
  });

  it('shows the texts and clears the end in the widget', async () => {
    render(<Harness />);
    await typeDate('end', '2026-03-09');
    expect(await screen.findByText('请先选择开始日期！')).toBeTruthy();
    expect(screen.getByTestId('state').textContent).toBe('~');

    await typeDate('start', '2026-03-10');
    expect(screen.getByTestId('state').textContent).toBe('2026-03-10~');
    await typeDate('end', '2026-03-01');
    expect(await screen.findByText('结束日期不能小于开始日期！')).toBeTruthy();
    expect(screen.getByTestId('state').textContent).toBe('2026-03-10~');
    await typeDate('end', '2026-03-12');
    expect(screen.getByTestId('state').textContent).toBe('2026-03-10~2026-03-12');
  });
});
