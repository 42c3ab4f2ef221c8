import type { Lang, MessageKey } from '@portal/model';
import { hourUtc8 } from '../../shared/date.ts';

/** Good morning before 12:00, good afternoon 12:00–18:00, good night from 18:00 — at UTC+8. */
export function greetingKey(date: Date | number | string): MessageKey {
  const h = hourUtc8(date);
  if (h < 12) return 'greeting.morning';
  if (h < 18) return 'greeting.afternoon';
  return 'greeting.night';
}

/** A sentence starts with a capital letter (a text maintained in the database may not). */
export function sentenceStart(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The home page's greeting line: "早上好，陈志强" / "Good morning, 陈志强". */
export function greetingLine(date: Date | number | string, name: string, t: (key: MessageKey) => string, locale: Lang): string {
  return locale === 'zh-CN' ? `${t(greetingKey(date))}，${name}` : `${sentenceStart(t(greetingKey(date)))}, ${name}`;
}
