import { formatMoney } from '@portal/model/display-format.ts';

/** Human file size: 1023 B, 1.5 KB, 12.3 MB, 1.02 GB. */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${units[i]}`;
}

/** Amounts as everywhere (the model's formatMoney): ¥1,234.50, a negative -¥1,234.50; `symbol` for an order's own currency. */
export function formatAmount(value: number | string | null | undefined, symbol = '¥'): string {
  return formatMoney(value, symbol);
}

/** The extension of a file name, lower case, without the dot. */
export const extensionOf = (name: string) => {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1).toLowerCase() : '';
};

/** A random id for client-side keys and tokens. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
