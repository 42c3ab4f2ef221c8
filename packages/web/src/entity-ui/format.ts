import type { FieldDef, Lang } from '@portal/model';
import { FORMATTED, type RecordRow } from '../api/records.ts';
import { formatUtc8 } from '../shared/date.ts';
import { formatAmount } from '../shared/format.ts';

const YES = { 'zh-CN': '是', 'en-US': 'Yes' } as const;
const NO = { 'zh-CN': '否', 'en-US': 'No' } as const;

/** A raw value shown by the model's field type (used where the server sends no formatted value). */
export function formatRaw(field: FieldDef | undefined, raw: unknown, lang: Lang): string {
  if (raw === null || raw === undefined || raw === '') return '';
  if (!field) return String(raw);
  switch (field.type) {
    case 'datetime':
      try {
        return formatUtc8(raw as string);
      } catch {
        return String(raw);
      }
    case 'date':
      // A calendar date has no zone: shown as it is.
      if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
      try {
        return formatUtc8(raw as string, 'YYYY-MM-DD');
      } catch {
        return String(raw);
      }
    case 'bool': {
      const yes = raw === true || raw === 'true' || raw === 1;
      return (yes ? field.trueLabel : field.falseLabel)?.[lang] ?? (yes ? YES : NO)[lang];
    }
    case 'optionset':
      return field.optionSet.options.find((o) => o.value === Number(raw))?.label[lang] ?? String(raw);
    case 'money':
      return formatAmount(raw as number);
    case 'decimal': {
      const n = Number(raw);
      return Number.isFinite(n) ? n.toFixed(field.precision) : String(raw);
    }
    case 'image':
      return '';
    default:
      return String(raw);
  }
}

/**
 * What a cell shows: dates always at UTC+8 (spec 000 §9) from the raw value; other types use the
 * server's formatted value when present, else the model's formatting.
 */
export function cellText(row: RecordRow, name: string, field: FieldDef | undefined, lang: Lang): string {
  const raw = row[name];
  if (field && (field.type === 'datetime' || field.type === 'date')) return formatRaw(field, raw, lang);
  const formatted = row[`${name}${FORMATTED}`];
  if (typeof formatted === 'string' && formatted !== '') return formatted;
  if (field?.type === 'lookup') return raw ? String(raw) : '';
  return formatRaw(field, raw, lang);
}
