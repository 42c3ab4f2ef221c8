import type { MessageKey } from '@portal/model';
import { hourUtc8 } from '../../shared/date.ts';

/** Good morning before 12:00, good afternoon 12:00–18:00, good night from 18:00 — at UTC+8. */
export function greetingKey(date: Date | number | string): MessageKey {
  const h = hourUtc8(date);
  if (h < 12) return 'greeting.morning';
  if (h < 18) return 'greeting.afternoon';
  return 'greeting.night';
}
