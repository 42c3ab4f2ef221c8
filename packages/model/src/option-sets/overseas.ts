import { defineNamedOptionSet, label, type Lang } from '../define.ts';

/**
 * Countries and regions of overseas work orders: ISO 3166-1, the option value is the numeric
 * code and the option name the alpha-2 code (`country.VN` = 704), so a stored value is the
 * standard's and code says which country by name. The markets the service network serves abroad;
 * one more is one line.
 */
export const country = defineNamedOptionSet('new_country', label('国家/地区', 'Country/region'), {
  VN: { value: 704, label: label('越南', 'Vietnam') },
  ID: { value: 360, label: label('印度尼西亚', 'Indonesia') },
  TH: { value: 764, label: label('泰国', 'Thailand') },
  MY: { value: 458, label: label('马来西亚', 'Malaysia') },
  PH: { value: 608, label: label('菲律宾', 'Philippines') },
  SG: { value: 702, label: label('新加坡', 'Singapore') },
  MM: { value: 104, label: label('缅甸', 'Myanmar') },
  KH: { value: 116, label: label('柬埔寨', 'Cambodia') },
  BD: { value: 50, label: label('孟加拉国', 'Bangladesh') },
  PK: { value: 586, label: label('巴基斯坦', 'Pakistan') },
  IN: { value: 356, label: label('印度', 'India') },
  KZ: { value: 398, label: label('哈萨克斯坦', 'Kazakhstan') },
  UZ: { value: 860, label: label('乌兹别克斯坦', 'Uzbekistan') },
  MN: { value: 496, label: label('蒙古', 'Mongolia') },
  RU: { value: 643, label: label('俄罗斯', 'Russia') },
  SA: { value: 682, label: label('沙特阿拉伯', 'Saudi Arabia') },
  AE: { value: 784, label: label('阿联酋', 'United Arab Emirates') },
  TR: { value: 792, label: label('土耳其', 'Türkiye') },
  EG: { value: 818, label: label('埃及', 'Egypt') },
  NG: { value: 566, label: label('尼日利亚', 'Nigeria') },
  KE: { value: 404, label: label('肯尼亚', 'Kenya') },
  ZA: { value: 710, label: label('南非', 'South Africa') },
  BR: { value: 76, label: label('巴西', 'Brazil') },
  MX: { value: 484, label: label('墨西哥', 'Mexico') },
  CL: { value: 152, label: label('智利', 'Chile') },
  PE: { value: 604, label: label('秘鲁', 'Peru') },
  DE: { value: 276, label: label('德国', 'Germany') },
  FR: { value: 250, label: label('法国', 'France') },
  IT: { value: 380, label: label('意大利', 'Italy') },
  ES: { value: 724, label: label('西班牙', 'Spain') },
  GB: { value: 826, label: label('英国', 'United Kingdom') },
  US: { value: 840, label: label('美国', 'United States') },
  AU: { value: 36, label: label('澳大利亚', 'Australia') },
  KR: { value: 410, label: label('韩国', 'South Korea') },
  JP: { value: 392, label: label('日本', 'Japan') },
});

/**
 * Currencies of a work order's amounts: ISO 4217, value = numeric code, name = alphabetic code
 * (`currency.USD` = 840). A domestic order has none (its amounts are CNY).
 */
export const currency = defineNamedOptionSet('new_currency', label('币种', 'Currency'), {
  CNY: { value: 156, label: label('人民币 CNY', 'Chinese yuan (CNY)') },
  USD: { value: 840, label: label('美元 USD', 'US dollar (USD)') },
  EUR: { value: 978, label: label('欧元 EUR', 'Euro (EUR)') },
  GBP: { value: 826, label: label('英镑 GBP', 'Pound sterling (GBP)') },
  JPY: { value: 392, label: label('日元 JPY', 'Japanese yen (JPY)') },
  HKD: { value: 344, label: label('港元 HKD', 'Hong Kong dollar (HKD)') },
  VND: { value: 704, label: label('越南盾 VND', 'Vietnamese dong (VND)') },
  IDR: { value: 360, label: label('印尼盾 IDR', 'Indonesian rupiah (IDR)') },
  THB: { value: 764, label: label('泰铢 THB', 'Thai baht (THB)') },
  MYR: { value: 458, label: label('林吉特 MYR', 'Malaysian ringgit (MYR)') },
  SGD: { value: 702, label: label('新加坡元 SGD', 'Singapore dollar (SGD)') },
  INR: { value: 356, label: label('印度卢比 INR', 'Indian rupee (INR)') },
  KZT: { value: 398, label: label('坚戈 KZT', 'Kazakhstani tenge (KZT)') },
  RUB: { value: 643, label: label('卢布 RUB', 'Russian ruble (RUB)') },
  SAR: { value: 682, label: label('沙特里亚尔 SAR', 'Saudi riyal (SAR)') },
  AED: { value: 784, label: label('迪拉姆 AED', 'UAE dirham (AED)') },
  BRL: { value: 986, label: label('雷亚尔 BRL', 'Brazilian real (BRL)') },
  ZAR: { value: 710, label: label('兰特 ZAR', 'South African rand (ZAR)') },
});

const CURRENCY_CODES = new Map<number, string>(
  Object.entries(currency)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([code, v]) => [v, code]),
);

/** The ISO 4217 alphabetic code of a currency option value; no value (a domestic order) = CNY. */
export function currencyCode(value: unknown): string {
  const n = value === null || value === undefined || value === '' ? currency.CNY : Number(value);
  return CURRENCY_CODES.get(n) ?? 'CNY';
}

/**
 * An amount with its currency's ISO code, grouped as the user's language writes it and with the
 * currency's own decimals (`USD 1,234.50`, `VND 1,234,568`, `CNY 88.00`).
 */
export function formatCurrencyAmount(amount: unknown, currencyValue: unknown, lang: Lang): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  return new Intl.NumberFormat(lang, { style: 'currency', currency: currencyCode(currencyValue), currencyDisplay: 'code' }).format(n);
}
