import { DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { toast } from '../app/feedback.ts';
import { useT } from '../locales/i18n.ts';
import { todayUtc8 } from '../shared/date.ts';

export type DateRange = [Dayjs | null, Dayjs | null];
export type RangeProblem = 'widgets.date.endBeforeStart' | 'widgets.date.startFirst';

/** spec 000 §5: dates before yesterday cannot be chosen. */
export function beforeYesterday(d: Dayjs, today: Dayjs = todayUtc8()): boolean {
  return d.isBefore(today.subtract(1, 'day').startOf('day'));
}

/**
 * The range after the user picks one end (spec 000 §4–§5): an end earlier than the start is
 * cleared (结束日期不能小于开始日期！); an end without a start is refused (请先选择开始日期！).
 */
export function changeRange(
  current: DateRange,
  which: 'start' | 'end',
  next: Dayjs | null,
  unit: 'day' | 'second' = 'day',
): { value: DateRange; problem?: RangeProblem } {
  const [start, end] = current;
  if (which === 'start') {
    if (next && end?.isBefore(next, unit)) return { value: [next, null], problem: 'widgets.date.endBeforeStart' };
    return { value: [next, end] };
  }
  if (!next) return { value: [start, null] };
  if (!start) return { value: [null, null], problem: 'widgets.date.startFirst' };
  if (next.isBefore(start, unit)) return { value: [start, null], problem: 'widgets.date.endBeforeStart' };
  return { value: [start, next] };
}

/** Two pickers, start and end, with the specification's rules. */
export function DateRangePicker({
  value,
  onChange,
  disablePast = true,
  showTime = false,
  testId,
  startPlaceholder,
  endPlaceholder,
  size,
}: {
  value?: DateRange;
  onChange?: (v: DateRange) => void;
  /** The widget's rule; filters over past records turn it off. */
  disablePast?: boolean;
  showTime?: boolean;
  testId?: string;
  startPlaceholder?: string;
  endPlaceholder?: string;
  size?: 'small' | 'middle' | 'large';
}) {
  const t = useT();
  const current: DateRange = value ?? [null, null];
  const pick = (which: 'start' | 'end') => (d: Dayjs | null) => {
    const r = changeRange(current, which, d, showTime ? 'second' : 'day');
    if (r.problem) toast.warning(t(r.problem));
    onChange?.(r.value);
  };
  const disabledDate = disablePast ? (d: Dayjs) => beforeYesterday(d) : undefined;
  return (
    <Space.Compact data-testid={testId} className="date-range-picker">
      <DatePicker
        value={current[0]}
        onChange={pick('start')}
        disabledDate={disabledDate}
        showTime={showTime}
        size={size}
        placeholder={startPlaceholder ?? t('widgets.list.from')}
        data-testid={testId ? `${testId}-start` : undefined}
      />
      <DatePicker
        value={current[1]}
        onChange={pick('end')}
        disabledDate={disabledDate}
        showTime={showTime}
        size={size}
        placeholder={endPlaceholder ?? t('widgets.list.to')}
        data-testid={testId ? `${testId}-end` : undefined}
      />
    </Space.Compact>
  );
}
