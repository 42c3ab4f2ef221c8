import { describe, expect, it } from 'vitest';
import { orderPhone, toE164 } from './intl-phone.ts';
import { country } from './option-sets/overseas.ts';

describe('phones of overseas orders (E.164)', () => {
  it('takes the foreign ways of writing a number, with the country code they carry', () => {
    expect(toE164('+66 2 123 4567', country.TH)).toBe('+6621234567');
    expect(toE164('+1 (415) 555-0132', country.TH)).toBe('+14155550132');
    expect(toE164('+44 20 7946 0958', country.TH)).toBe('+442079460958');
    expect(toE164('0066 2 123 4567', country.VN)).toBe('+6621234567');
    expect(toE164('+49 30 901820', country.TH)).toBe('+4930901820');
  });

  it("reads a number without a country code in the order's country, dropping the trunk prefix", () => {
    expect(toE164('02 123 4567', country.TH)).toBe('+6621234567');
    expect(toE164('(415) 555-0132', country.US)).toBe('+14155550132');
    expect(toE164('8 495 123-45-67', country.RU)).toBe('+74951234567');
    expect(toE164('06 1234 5678', country.IT)).toBe('+390612345678');
    // The coordinator's Chinese mobile on an order abroad.
    expect(toE164('139 1660 0288', country.VN)).toBe('+8613916600288');
  });

  it('refuses what is no phone number', () => {
    for (const bad of [
      'abc',
      '+66 2 123 4567 ext',
      '++66 2 123 4567',
      '+0 2 123 4567',
      '+66 12',
      '+66 1234 5678 9012 3456',
      '66-2-123)4567(',
      '',
    ]) {
      expect(toE164(bad, country.TH), bad).toBeNull();
    }
    // A national number needs the order's country.
    expect(toE164('02 123 4567', null)).toBeNull();
  });

  it('keeps the domestic rule for domestic orders, and the international one for overseas orders only', () => {
    expect(orderPhone('021-58956321', false, null)).toBe('021-58956321');
    expect(orderPhone('+66 2 123 4567', false, null)).toBeNull();
    expect(orderPhone('+66 2 123 4567', true, country.TH)).toBe('+6621234567');
  });
});
