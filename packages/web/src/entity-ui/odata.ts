import type { EntityDef, FieldDef, ViewDef } from '@portal/model';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** An OData string literal: single quotes doubled. */
export const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value as an OData literal of the field's type (guids bare, strings quoted). */
export function literal(field: FieldDef | undefined, v: string | number | boolean | null): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return String(v);
  if (!field) return quote(v);
  switch (field.type) {
    case 'int':
    case 'decimal':
    case 'money':
    case 'optionset':
      return Number.isFinite(Number(v)) && v.trim() !== '' ? String(Number(v)) : quote(v);
    case 'bool':
      return v === 'true' || v === '1' ? 'true' : 'false';
    case 'lookup':
      return GUID.test(v) ? v.toLowerCase() : quote(v);
    default:
      return quote(v);
  }
}

/** Start of a calendar day at UTC+8 (the display zone) as an ISO instant. */
export function dayStartUtc8(day: string): string {
  return dayjs.utc(`${day}T00:00:00+08:00`).toISOString().replace('.000Z', 'Z');
}

/** Fields the quick search looks in: the model's `searchable` text fields. */
export function searchFields(e: EntityDef): string[] {
  return Object.entries(e.allFields)
    .filter(([, f]) => f.searchable && (f.type === 'text' || f.type === 'memo'))
    .map(([n]) => n);
}

/** A lookup filter value is kept as "id|name" in the URL. */
export function splitLookupValue(v: string): { id: string; name: string } {
  const i = v.indexOf('|');
  return i >= 0 ? { id: v.slice(0, i), name: v.slice(i + 1) } : { id: v, name: '' };
}
/** A date-range filter value is kept as "start~end" (YYYY-MM-DD, either may be empty). */
export function splitRange(v: string): [string, string] {
  const [a = '', b = ''] = v.split('~');
  return [a, b];
}

/** One "more filters" value as an OData condition, by the field's type. */
export function filterClause(name: string, field: FieldDef | undefined, value: string): string | null {
  if (value === '') return null;
  const type = field?.type ?? 'text';
  switch (type) {
    case 'text':
    case 'memo':
      return `contains(${name},${quote(value)})`;
    case 'lookup': {
      const { id } = splitLookupValue(value);
      return id ? `${name} eq ${literal(field, id)}` : null;
    }
    case 'bool':
      return value === 'true' || value === 'false' ? `${name} eq ${value}` : null;
    case 'optionset':
    case 'int':
    case 'decimal':
    case 'money':
      return Number.isFinite(Number(value)) ? `${name} eq ${Number(value)}` : null;
    case 'date': {
      const [a, b] = splitRange(value);
      const parts = [a && `${name} ge ${a}`, b && `${name} le ${b}`].filter(Boolean);
      return parts.length ? parts.join(' and ') : null;
    }
    case 'datetime': {
      const [a, b] = splitRange(value);
      const end = b ? dayjs(b).add(1, 'day').format('YYYY-MM-DD') : '';
      const parts = [a && `${name} ge ${dayStartUtc8(a)}`, end && `${name} lt ${dayStartUtc8(end)}`].filter(Boolean);
      return parts.length ? parts.join(' and ') : null;
    }
    default:
      return null;
  }
}

/** The whole $filter: the view's fixed filter, the quick search and the "more filters". */
export function buildFilter(e: EntityDef, view: ViewDef | undefined, q: string, filters: Record<string, string>, extra?: string): string {
  const parts: string[] = [];
  if (extra) parts.push(`(${extra})`);
  for (const [f, v] of Object.entries(view?.filter ?? {})) {
    parts.push(
      Array.isArray(v)
        ? `${f} in (${v.map(Number).join(',')})`
        : `${f} eq ${literal(e.allFields[f], v as string | number | boolean | null)}`,
    );
  }
  const text = q.trim();
  if (text) {
    const fields = searchFields(e);
    if (fields.length) parts.push(`(${fields.map((f) => `contains(${f},${quote(text)})`).join(' or ')})`);
  }
  for (const [f, v] of Object.entries(filters)) {
    const c = filterClause(f, e.allFields[f], v);
    if (c) parts.push(c.includes(' and ') ? `(${c})` : c);
  }
  return parts.join(' and ');
}

export function buildOrderBy(view: ViewDef | undefined, sort: { field: string; dir: 'asc' | 'desc' } | null): string {
  if (sort) return `${sort.field} ${sort.dir}`;
  return (view?.orderBy ?? []).map(([f, d]) => `${f} ${d}`).join(',');
}
