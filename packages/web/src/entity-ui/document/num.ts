/** A record's value as a number (option values, quantities), or null when it holds none. */
export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);
