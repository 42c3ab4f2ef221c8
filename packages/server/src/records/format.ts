import { formatChinaDateTime, formatMoney, label, type FieldDef, type Lang } from '@portal/model';
import type { Kind } from './sql.ts';

/** The Dataverse annotation of a formatted value. */
export const FV = '@OData.Community.Display.V1.FormattedValue';

const YES = label('是', 'Yes');
const NO = label('否', 'No');

/** Does the request's Prefer header ask for formatted values? */
export function wantsFormatted(prefer: string | string[] | undefined): boolean {
  const h = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  const m = /odata\.include-annotations\s*=\s*"([^"]*)"/i.exec(h) ?? /odata\.include-annotations\s*=\s*([^\s,;]+)/i.exec(h);
  if (!m) return false;
  return m[1]
    .split(',')
    .map((s) => s.trim())
    .some((a) => a === '*' || a === 'OData.Community.Display.V1.FormattedValue' || a === 'OData.Community.Display.V1.*');
}

/** A column value as the API answers it: numbers for numerics, ISO text for datetimes. */
export function outputValue(kind: Kind, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (kind) {
    case 'decimal':
    case 'money':
      return typeof raw === 'string' ? Number(raw) : raw;
    case 'datetime':
      return raw instanceof Date ? raw.toISOString() : raw;
    default:
      return raw;
  }
}

/** Money and times read as everywhere else (the model's display formats): `-¥1,234.50`, `2026-12-01 09:05` (UTC+8). */
export { formatMoney, formatChinaDateTime as formatDateTime } from '@portal/model';

export function boolLabel(f: FieldDef, v: boolean, lang: Lang): string {
  const l = f.type === 'bool' ? (v ? f.trueLabel : f.falseLabel) : undefined;
  return (l ?? (v ? YES : NO))[lang];
}

/**
 * The formatted value of an option set, bool, money, datetime or date value; undefined for
 * other kinds (lookups are named through a join by the query itself).
 */
export function formatValue(f: FieldDef, kind: Kind, v: unknown, lang: Lang): string | undefined {
  if (v === null || v === undefined) return undefined;
  switch (kind) {
    case 'optionset': {
      if (f.type !== 'optionset') return undefined;
      const o = f.optionSet.options.find((x) => x.value === Number(v));
      return o ? o.label[lang] : String(v);
    }
    case 'bool':
      return boolLabel(f, Boolean(v), lang);
    case 'money':
      return formatMoney(typeof v === 'number' ? v : String(v));
    case 'datetime':
      return formatChinaDateTime(v as string);
    case 'date':
      return String(v);
    default:
      return undefined;
  }
}
