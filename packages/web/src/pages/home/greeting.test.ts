import { describe, expect, it } from 'vitest';
import { messages } from '@portal/model';
import { greetingKey, greetingLine } from './greeting.ts';

// Times are given in UTC; the greeting follows the clock in UTC+8.
const at = (hhmm: string) => new Date(`2026-05-20T${hhmm}:00+08:00`);

describe('greetingKey', () => {
  it('good morning before 12:00', () => {
    expect(greetingKey(at('00:00'))).toBe('greeting.morning');
    expect(greetingKey(at('08:30'))).toBe('greeting.morning');
    expect(greetingKey(at('11:59'))).toBe('greeting.morning');
  });
  it('good afternoon from 12:00 until 18:00', () => {
    expect(greetingKey(at('12:00'))).toBe('greeting.afternoon');
    expect(greetingKey(at('17:59'))).toBe('greeting.afternoon');
  });
  it('good night from 18:00', () => {
    expect(greetingKey(at('18:00'))).toBe('greeting.night');
    expect(greetingKey(at('23:59'))).toBe('greeting.night');
  });
  it('uses UTC+8, not UTC', () => {
    expect(greetingKey(new Date('2026-05-20T03:00:00Z'))).toBe('greeting.morning'); // 11:00 in Beijing
    expect(greetingKey(new Date('2026-05-20T04:00:00Z'))).toBe('greeting.afternoon'); // 12:00
    expect(greetingKey(new Date('2026-05-20T10:00:00Z'))).toBe('greeting.night'); // 18:00
  });
});

describe('greetingLine', () => {
  const lowerCase = (key: string) => ({ 'greeting.morning': 'good morning', 'greeting.afternoon': '下午好' })[key] ?? key;
  it('starts an English greeting with a capital letter, even from a lower-case text', () => {
    expect(greetingLine(at('08:30'), '陈志强', lowerCase, 'en-US')).toBe('Good morning, 陈志强');
  });
  it('keeps the Chinese form', () => {
    expect(greetingLine(at('13:00'), '陈志强', lowerCase, 'zh-CN')).toBe('下午好，陈志强');
  });
  it('the catalogue greetings are capitalised in English', () => {
    for (const key of ['greeting.morning', 'greeting.afternoon', 'greeting.night'] as const) {
      expect(messages[key]['en-US']).toMatch(/^[A-Z]/);
    }
  });
});
