import { ENTITIES, getEntity, isClientField, msg } from '@portal/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal, moneyWithin, parseInteger, parseNumeric, validateValues } from './validate.ts';

// Issue 23, findings 6 and 10: numbers are plain decimal digits, exact, within the field's declared
// range; text limits follow the specification's words ("under 100" < 100, "at most 100" ≤ 100).

/** The exact value of plain decimal text, scaled to `scale` decimals (BigInt). */
const scaled = (s: string, scale: number) => {
  const neg = s.startsWith('-');
  const [i, f = ''] = s.replace(/^-/, '').split('.');
  const v = BigInt(i + f.padEnd(scale, '0'));
  return neg ? -v : v;
};
const PLAIN = /^-?\d+(\.\d+)?$/;
/** Strings near numbers: digits, signs, points, exponents, hex, spaces, grouping. */
const numberish = fc
  .array(fc.constantFrom(...'0123456789', '-', '+', '.', 'e', 'E', 'x', 'X', 'a', 'f', ' ', ',', '_'), { maxLength: 24 })
  .map((cs) => cs.join(''));

describe('the number parser', () => {
  it('accepts only plain decimal digits, and keeps their exact value', () => {
    const decimal = fc.stringMatching(/^\s?-?\d{1,22}(\.\d{1,12})?\s?$/);
    fc.assert(
      fc.property(fc.oneof(numberish, decimal, fc.string()), (s) => {
        const p = parseNumeric(s);
        if (p === null) return;
        expect(s.trim()).toMatch(PLAIN);
        expect(p.text).toMatch(PLAIN);
        const scale = Math.max(p.fracDigits, (s.trim().split('.')[1] ?? '').length);
        expect(scaled(p.text, scale)).toBe(scaled(s.trim(), scale));
      }),
      { numRuns: 3000 },
    );
  });

  it('integers: any digit string, also beyond 2^53, comes back exactly; order is exact', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (a, b) => {
        expect(parseInteger(String(a))).toBe(String(a));
        expect(Math.sign(compareDecimal(String(a), String(b)))).toBe(a === b ? 0 : a < b ? -1 : 1);
      }),
    );
    expect(parseInteger('9007199254740993')).toBe('9007199254740993');
    expect(Object.is(compareDecimal('-5.25', '-5.25'), 0)).toBe(true); // equal negatives compare as 0, not -0
  });

  it('JSON numbers: safe integers exactly, fractions as their decimal, lost digits refused', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(parseInteger(n)).toBe(String(n));
      }),
    );
    expect(parseNumeric(0.1 + 0.2)?.text).toBe('0.3');
    expect(parseNumeric(1e-7)?.text).toBe('0.0000001');
    expect(parseNumeric(-0)?.text).toBe('0');
    expect(parseNumeric(2 ** 53 + 2)).toBeNull();
    expect(parseNumeric(Infinity)).toBeNull();
  });

  it.each([
    ['0x10', null],
    ['1e3', null],
    ['1E3', null],
    ['+5', null],
    ['.5', null],
    ['5.', null],
    ['1,000', null],
    ['1_000', null],
    ['NaN', null],
    ['', null],
    [' 7 ', '7'],
    ['-0', '0'],
    ['007.50', '7.5'],
    [null, null],
    [true, null],
    [[1], null],
    [{}, null],
  ])('%j → %j', (input, text) => expect(parseNumeric(input)?.text ?? null).toBe(text));

  it('integers have no point: "1.0" and 1.5 are not integers, 1.0 as a JSON number is 1', () => {
    expect([parseInteger('1.0'), parseInteger(1.5), parseInteger(1.0)]).toEqual([null, null, '1']);
  });

  it('money within a range, exactly to the cent (freight: 0 to 99,999)', () => {
    expect(['0', '99999', '99999.00', '0.01', 12.5].map((v) => moneyWithin(v, 0, 99_999))).toEqual(['0', '99999', '99999', '0.01', '12.5']);
    expect(['99999.01', '-0.01', '1.005', '0x10', '1e3', null, '', 2 ** 53 + 2].map((v) => moneyWithin(v, 0, 99_999))).toEqual(
      Array(8).fill(null),
    );
  });
});

describe('record fields: numbers within the declared range, compared exactly', () => {
  const adjustment = getEntity('new_srv_amountadjustment')!;
  const partLine = getEntity('new_srv_partline')!;
  const amount = (v: unknown, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    validateValues(adjustment, { new_amount: v }, 'update', lang).errors.map((e) => e.message);
  const qty = (v: unknown) => validateValues(partLine, { new_qty: v }, 'update', 'en-US').errors.map((e) => e.message);

  it('a quota adjustment is at most 99,999,999.99 (spec: money needs a range; issue 23)', () => {
    expect(amount('9007199254740993')).toEqual(['调整金额不能大于 99999999.99']);
    expect(amount('9007199254740993', 'en-US')).toEqual(['Amount cannot be greater than 99999999.99']);
    expect(amount(9007199254740993)).toEqual(['调整金额数值过大']);
    expect(amount('100000000')).toEqual(['调整金额不能大于 99999999.99']);
    expect(amount('99999999.991')).toEqual(['调整金额最多保留 2 位小数']);
    expect(amount('0.00')).toEqual(['调整金额不能小于 0.01']);
    expect([amount('99999999.99'), amount('0.01'), amount(1234.5)]).toEqual([[], [], []]);
  });

  it('a line quantity: digits only, 1 to 99,999, required stays required', () => {
    expect(qty('0x10')).toEqual(['Quantity must be a number']);
    expect(qty('1e3')).toEqual(['Quantity must be a number']);
    expect(qty('1.5')).toEqual(['Quantity: integer only']);
    expect(qty(null)).toEqual(['Quantity is required']);
    expect(qty('100000')).toEqual(['Quantity cannot be greater than 99999']);
    expect(qty('99999999999999999999')).toEqual(['Quantity cannot be greater than 99999']);
    expect(qty(0)).toEqual(['Quantity cannot be less than 1']);
    expect(validateValues(partLine, { new_qty: ' 12 ' }, 'update', 'en-US').values.new_qty).toBe(12);
  });
});

describe("record fields: text limits in the specification's words", () => {
  const long = (n: number) => '退'.repeat(n);
  const errors = (entity: string, field: string, v: string, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    validateValues(getEntity(entity)!, { [field]: v }, 'update', lang).errors.map((e) => e.message);

  it('deliver address and return reason: under 100 characters', () => {
    for (const [entity, field, zh, en] of [
      ['new_srv_sitereturn', 'new_returnreason', '退货原因', 'Return reason'],
      ['new_srv_sitereturn', 'new_deliveraddress', '发货地址', 'Deliver address'],
      ['new_srv_productreturn', 'new_reason', '退机原因', 'Return reason'],
    ]) {
      expect(getEntity(entity)!.allFields[field]).toMatchObject({ maxLength: 99 }); // the form stops where the server does
      expect(errors(entity, field, long(99))).toEqual([]);
      expect(errors(entity, field, long(100))).toEqual([`${zh}必须少于 100 个字符`]);
      expect(errors(entity, field, long(100), 'en-US')).toEqual([`${en} must be under 100 characters`]);
    }
  });

  it('a memo: at most 100 characters', () => {
    expect(errors('new_srv_sitereturn', 'new_memo', long(100))).toEqual([]);
    expect(errors('new_srv_sitereturn', 'new_memo', long(101))).toEqual(['备注不能超过 100 个字符']);
  });
});

describe('record fields: every date the client writes is a real day', () => {
  it('2026-02-30 and 2026-13-01 are refused with "invalid date" naming the field, in every entity', () => {
    let checked = 0;
    for (const e of ENTITIES) {
      for (const [name, f] of Object.entries(e.allFields)) {
        if ((f.type !== 'date' && f.type !== 'datetime') || !isClientField(e, name)) continue;
        for (const v of ['2026-02-30', '2026-13-01', 'abc', 20260301]) {
          const r = validateValues(e, { [name]: v }, 'update', 'en-US');
          expect(r.errors, `${e.logicalName}.${name} ${v}`).toContainEqual({
            field: name,
            message: msg(f.type === 'date' ? 'records.date' : 'records.datetime', 'en-US', { field: f.label['en-US'] }),
          });
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
