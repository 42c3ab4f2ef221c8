import { msg, type Lang } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../http/errors.ts';
import { checkQty, memoOf } from './inputs.ts';

/** The refusal a call throws, as the user reads it (and the field it names). */
function refusal(run: () => unknown, lang: Lang = 'zh-CN'): { message: string; field?: string } | null {
  try {
    run();
    return null;
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    return { message: msg(e.key, lang, e.params), field: e.field };
  }
}

describe('document quantities (spec 001 §5)', () => {
  const qty = (v: unknown, lang: Lang = 'zh-CN', zero = false) =>
    refusal(() => checkQty(v, lang === 'zh-CN' ? '申请数量' : 'Applied quantity', 'qty', { zero }), lang)?.message ??
    checkQty(v, '', 'qty', { zero });

  it('integer only: decimal digits, not hex, exponents, fractions or other types', () => {
    for (const v of ['0x10', '1e3', '1E3', '+5', '1.5', '12.0', 1.5, 'abc', true, [], {}])
      expect(qty(v), String(v)).toBe('申请数量只能输入整数');
    expect(qty('0x10', 'en-US')).toBe('Applied quantity: integer only');
  });

  it('larger than 0 (or not negative where 0 is allowed), less than 100,000 on the digits', () => {
    expect([qty('0'), qty(-1), qty('-0.0')]).toEqual(['申请数量必须大于0', '申请数量必须大于0', '申请数量只能输入整数']);
    expect(qty(0, 'zh-CN', true)).toBe(0);
    for (const v of [100_000, '100000', '9007199254740993', 9007199254740993, '99999999999999999999999'])
      expect(qty(v), String(v)).toBe('申请数量必须小于100000');
    expect(qty(9007199254740993, 'en-US')).toBe('Applied quantity must be less than 100,000');
    expect([qty(' 12 '), qty('007'), qty(99_999), qty(3.0)]).toEqual([12, 7, 99_999, 3]);
  });

  it('missing: null, nothing or blank', () => {
    for (const v of [null, undefined, '', '  ']) expect(qty(v)).toBe('请填写申请数量');
  });
});

describe('memo (spec 001 §5/§9: at most 100 characters)', () => {
  it('100 characters are kept (also 100 that take two UTF-16 units each); 101 are refused naming the memo', () => {
    expect(memoOf('备'.repeat(100), 'zh-CN')).toBe('备'.repeat(100));
    expect(memoOf('😀'.repeat(100), 'zh-CN')).toBe('😀'.repeat(100));
    expect(refusal(() => memoOf('备'.repeat(101), 'zh-CN', 'lines.1'))).toEqual({ message: '备注不能超过100个字', field: 'lines.1' });
    expect(refusal(() => memoOf('x'.repeat(101), 'en-US'), 'en-US')).toEqual({ message: 'Memo: at most 100 characters', field: 'memo' });
    expect([memoOf('  ', 'zh-CN'), memoOf(undefined, 'zh-CN')]).toEqual([null, null]);
  });
});
