import type { Dayjs } from 'dayjs';
import { todayUtc8 } from '../../shared/date.ts';
import type { DateRange } from '../../widgets/DateRangePicker.tsx';

/** A report's default period: this month up to today (China time), as the server's default. */
export function thisMonth(now?: number): [Dayjs, Dayjs] {
  const today = todayUtc8(now);
  return [today.startOf('month'), today];
}

/** The range as the server's from/to (an open end is left to the server: its default). */
export const periodQuery = ([from, to]: DateRange) => ({ from: from?.format('YYYY-MM-DD'), to: to?.format('YYYY-MM-DD') });
