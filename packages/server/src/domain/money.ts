/** Money in integer cents (bigint), so totals are exact; shown as strings with 2 decimals. */

/**
 * Exact cents of a decimal string or number ('' and null are 0). Beyond the cent: rounded half away
 * from zero, as numeric(18,2) stores it.
 */
export function toCents(v: string | number | null | undefined): bigint {
  if (v === null || v === undefined || v === '') return 0n;
  const s = typeof v === 'number' ? v.toFixed(2) : String(v).trim();
  const m = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new Error(`not a money amount: ${s}`);
  const cents = BigInt(m[2] || '0') * 100n + BigInt(`${m[3] ?? ''}00`.slice(0, 2));
  const up = Number((m[3] ?? '').charAt(2) || '0') >= 5 ? 1n : 0n;
  return (m[1] === '-' ? -1n : 1n) * (cents + up);
}

/** `'-1234.50'` from cents. */
export function formatCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
