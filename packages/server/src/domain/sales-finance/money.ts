/*
 * Money of order to cash in fen (integer cents): amounts come from PostgreSQL numeric(18,2) as text
 * and are added, compared and split as integers, so nothing is lost to binary fractions.
 */

/** '1234.5' / '1234.50' / 1234.5 → 123450; null when it is not an amount with at most two decimals. */
export function fenOf(v: unknown): number | null {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const n = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -n : n;
}

/** fen → '1234.50' (what a numeric column takes). */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(fen);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** fen → '1,234.50' (what a message shows after ¥). */
export function yuanText(fen: number): string {
  const [i, d] = yuan(fen).split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${d}`;
}

/**
 * The VAT in a tax-inclusive total (fen) at `rate` percent: total × rate / (100 + rate), rounded
 * half up to the fen (integer arithmetic, exact). The net amount is the total less it, so
 * amount + tax = total on every line; a tax invoice's amount, tax and total are the sums of its lines.
 */
export function taxOf(totalFen: number, rate: number): number {
  if (totalFen < 0) return -taxOf(-totalFen, rate);
  const d = 100 + rate;
  return Math.floor((2 * totalFen * rate + d) / (2 * d));
}

/** A tax invoice line from a tax-inclusive total. */
export function taxLine(totalFen: number, rate: number): { amount: number; tax: number; total: number } {
  const tax = taxOf(totalFen, rate);
  return { amount: totalFen - tax, tax, total: totalFen };
}
