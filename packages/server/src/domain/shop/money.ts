/** Money in integer cents (bigint), so totals are exact; shown as strings with 2 decimals. */

export function toCents(v: string | number | null | undefined): bigint {
  if (v === null || v === undefined) return 0n;
  const s = typeof v === 'number' ? v.toFixed(2) : v.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(s);
  if (!m) throw new Error(`not a money amount: ${s}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

export function formatCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
