import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './period.ts';

describe('amounts typed by a user (expense adjustment and invoice)', () => {
  it('exact cents of plain decimal digits with at most 2 decimals', () => {
    expect(['12.34', ' -20 ', '0.1', '9999999999.99', 12.34, 0.1 + 0.2, -0.5].map(parseAmount)).toEqual([
      1234n,
      -2000n,
      10n,
      999999999999n,
      1234n,
      30n,
      -50n,
    ]);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n) + 1n, max: 10n ** 12n - 1n }), (cents) => {
        const neg = cents < 0n;
        const a = neg ? -cents : cents;
        expect(parseAmount(`${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`)).toBe(cents);
      }),
    );
  });

  it('anything else is no amount: hex, exponents, a third decimal, lost digits, null, blank', () => {
    for (const v of ['0x10', '1e3', '1.234', '1.005', '+5', '1,000', '10000000000', 9007199254740993, 1e21, null, '', ' ', true])
      expect(parseAmount(v), String(v)).toBeNull();
  });
});
