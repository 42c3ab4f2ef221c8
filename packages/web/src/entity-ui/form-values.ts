import { isClientField, type EntityDef, type FormSection, type Lang } from '@portal/model';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { FORMATTED, type RecordRow } from '../api/records.ts';
import { formatUtc8 } from '../shared/date.ts';

dayjs.extend(utc);

/**
 * The form's sections: the model's `forms.main`, else one section of every writable field. A new
 * record (`creating`) leaves out the sections the model shows only once it exists (`on: 'edit'`).
 */
export function formSections(
  e: EntityDef,
  lang: Lang,
  detailsLabel: string,
  hidden: string[] = [],
  creating = false,
): { key: string; label: string; fields: string[] }[] {
  const main: FormSection[] | undefined = e.forms.main;
  const sections = main?.length
    ? main.filter((s) => !(creating && s.on === 'edit')).map((s) => ({ key: s.key, label: s.label[lang], fields: s.fields }))
    : [{ key: 'main', label: detailsLabel, fields: Object.keys(e.fields).filter((n) => isClientField(e, n)) }];
  return sections
    .map((s) => ({ ...s, fields: s.fields.filter((f) => !hidden.includes(f) && e.allFields[f] && !e.allFields[f].secret) }))
    .filter((s) => s.fields.length > 0);
}

/** A datetime's UTC+8 wall clock as a local dayjs: the picker then shows UTC+8 whatever the browser's zone. */
export function toWallClock(iso: unknown): Dayjs | null {
  if (!iso) return null;
  try {
    return dayjs(formatUtc8(iso as string, 'YYYY-MM-DDTHH:mm:ss'));
  } catch {
    return null;
  }
}
/** Back from the picker's wall clock (read as UTC+8) to an ISO instant. */
export function fromWallClock(d: Dayjs): string {
  return dayjs.utc(`${d.format('YYYY-MM-DDTHH:mm:ss')}+08:00`).toISOString();
}

export function toDate(raw: unknown): Dayjs | null {
  if (!raw) return null;
  const s = String(raw);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return dayjs(s);
  try {
    return dayjs(formatUtc8(s, 'YYYY-MM-DD'));
  } catch {
    return null;
  }
}

/** Record → form values, by field type. Lookups become {id, name} (name from the formatted value). */
export function toFormValues(e: EntityDef, row: RecordRow, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fields) {
    const f = e.allFields[name];
    const raw = row[name];
    if (!f) continue;
    switch (f.type) {
      case 'datetime':
        out[name] = toWallClock(raw);
        break;
      case 'date':
        out[name] = toDate(raw);
        break;
      case 'lookup': {
        const formatted = row[`${name}${FORMATTED}`];
        out[name] = raw ? { id: String(raw), name: typeof formatted === 'string' ? formatted : '' } : null;
        break;
      }
      case 'bool':
        out[name] = raw === true || raw === 'true' || raw === 1;
        break;
      case 'int':
      case 'decimal':
      case 'money':
      case 'optionset':
        out[name] = raw === null || raw === undefined || raw === '' ? null : Number(raw);
        break;
      default:
        out[name] = raw ?? '';
    }
  }
  return out;
}

/** Form values → request body: writable fields only; empty values become null (omitted on create). */
export function toPayload(e: EntityDef, values: Record<string, unknown>, fields: string[], creating: boolean): RecordRow {
  const out: RecordRow = {};
  for (const name of fields) {
    const f = e.allFields[name];
    if (!isClientField(e, name) || !(name in values)) continue;
    const v = values[name];
    let value: unknown;
    switch (f.type) {
      case 'datetime':
        value = v ? fromWallClock(v as Dayjs) : null;
        break;
      case 'date':
        value = v ? (v as Dayjs).format('YYYY-MM-DD') : null;
        break;
      case 'lookup':
        value = v && typeof v === 'object' && 'id' in v ? (v as { id: string }).id || null : null;
        break;
      case 'bool':
        value = v === true;
        break;
      case 'int':
      case 'decimal':
      case 'money':
      case 'optionset':
        value = v === null || v === undefined || v === '' ? null : Number(v);
        break;
      default:
        value = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v ?? null);
    }
    if (creating && value === null) continue;
    out[name] = value;
  }
  return out;
}

/** "100K", "2M": a byte limit as users read it. */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)}M`;
  return `${Math.round(bytes / 1024)}K`;
}
