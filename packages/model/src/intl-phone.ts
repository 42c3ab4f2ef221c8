import { country } from './option-sets/overseas.ts';
import { PATTERNS } from './patterns.ts';

/*
 * Phone numbers of overseas work orders (issue 25): customers abroad give their number as they
 * write it at home ("+66 2 123 4567", "0066 2 123 4567", "+1 (415) 555-0132", "02 123 4567").
 * Stored as E.164 (`+6621234567`); a number without a country code is read in the order's country.
 */

/** ITU-T E.164 country calling codes of the countries in the `country` option set, by alpha-2. */
const CALLING_CODES: Record<string, string> = {
  VN: '84',
  ID: '62',
  TH: '66',
  MY: '60',
  PH: '63',
  SG: '65',
  MM: '95',
  KH: '855',
  BD: '880',
  PK: '92',
  IN: '91',
  KZ: '7',
  UZ: '998',
  MN: '976',
  RU: '7',
  SA: '966',
  AE: '971',
  TR: '90',
  EG: '20',
  NG: '234',
  KE: '254',
  ZA: '27',
  BR: '55',
  MX: '52',
  CL: '56',
  PE: '51',
  DE: '49',
  FR: '33',
  IT: '39',
  ES: '34',
  GB: '44',
  US: '1',
  AU: '61',
  KR: '82',
  JP: '81',
};

const ALPHA2 = new Map<number, string>(
  Object.entries(country)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([code, v]) => [v, code]),
);

/** The calling code of a country option value (`country.TH` → `66`), or null. */
export function callingCode(countryValue: unknown): string | null {
  if (countryValue === null || countryValue === undefined || countryValue === '') return null;
  const alpha2 = ALPHA2.get(Number(countryValue));
  return alpha2 ? (CALLING_CODES[alpha2] ?? null) : null;
}

// Digits with the separators people type: spaces, dashes, dots, one pair of brackets; a leading + or 00.
const WRITTEN = /^\+?[\d\s.-]*(\(\d{1,5}\)[\d\s.-]*)?$/;

/**
 * An international phone number as E.164 (`+` and 8 to 15 digits), or null for anything else.
 * `+…` and `00…` carry their own country code; a national number (`02 123 4567`) gets the code of
 * `countryValue` (the order's country) after its trunk prefix (0; Russia and Kazakhstan 8, the US 1)
 * is dropped, Italy keeping its 0 as E.164 does; a Chinese mobile number is China's (+86).
 */
export function toE164(input: string, countryValue: unknown): string | null {
  const s = input.trim();
  if (!s || !WRITTEN.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (s.startsWith('+')) {
    // "+" is the international prefix already
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else {
    const alpha2 = ALPHA2.get(Number(countryValue));
    // Coordinators abroad often carry a Chinese mobile (13x… 11 digits): China's, except in the US,
    // whose trunk 1 and area code read the same.
    if (alpha2 !== 'US' && /^1[3-9]\d{9}$/.test(digits)) return `+86${digits}`;
    const code = callingCode(countryValue);
    if (!code) return null;
    if (alpha2 === 'US' && digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    else if ((alpha2 === 'RU' || alpha2 === 'KZ') && digits.length === 11 && digits.startsWith('8')) digits = digits.slice(1);
    else if (alpha2 !== 'IT' && digits.startsWith('0')) digits = digits.slice(1);
    digits = code + digits;
  }
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * A work order's phone: an overseas order's as E.164 (see toE164), a domestic order's as it is
 * when spec 001 §5's `phone` pattern takes it; null when refused (联系电话格式不正确).
 */
export function orderPhone(input: string, overseas: boolean, countryValue: unknown): string | null {
  if (overseas) return toE164(input, countryValue);
  const s = input.trim();
  return PATTERNS.phone.test(s) ? s : null;
}
