import type { PatternName } from './define.ts';

/** spec 001 §5 format checks, shared by the server's validation and the web forms. */
export const PATTERNS: Record<PatternName, RegExp> = {
  // optional leading zeros, then 13, 15 or 18 and 9 more digits
  mobile: /^0*(13|15|18)\d{9}$/,
  // 1, a digit 3 to 9 and 9 digits; or a landline: 3- or 4-digit area code, dash, 7 or 8 digits, optional extension
  phone: /^(1[3-9]\d{9}|0\d{2,3}-\d{7,8}(-\d{1,6})?)$/,
  email: /^[\w.-]+@[\w-]+(\.[\w-]+)+$/,
  // 6 digits, optional century, date digits, 3 digits, a digit or X
  idcard: /^\d{6}(18|19|20)?\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  integer: /^-?\d+$/,
  uinteger: /^\d+$/,
  numeric: /^-?\d+(\.\d+)?$/,
  unumeric: /^\d+(\.\d+)?$/,
  url: /^(https?:\/\/|\/)/,
};
