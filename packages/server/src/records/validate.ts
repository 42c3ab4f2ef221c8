import { getEntityBySet, msg, PATTERNS, type EntityDef, type FieldDef, type Lang, type MessageKey } from '@portal/model';

/** Fields every entity carries that only the server sets (Dataverse names). */
export const SYSTEM_FIELDS = new Set(['createdon', 'modifiedon', 'createdby', 'modifiedby', 'statecode', 'ownerid', 'owningbusinessunit']);

export interface FieldError {
  field: string;
  message: string;
}

export const GUID = /^\{?([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\}?$/;

/** A guid in canonical form (lower case, no braces), or null. */
export function normGuid(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = GUID.exec(v.trim());
  return m ? m[1].toLowerCase() : null;
}

/** May a client write this field through the record service? */
export function isWritable(e: EntityDef, name: string): boolean {
  const f = Object.hasOwn(e.allFields, name) ? e.allFields[name] : undefined;
  return !!f && !f.readOnly && !f.secret && name !== e.primaryKey && !SYSTEM_FIELDS.has(name);
}

/**
 * The field that names a station-scoped row's station: insertRecords defaults it to the caller's
 * station, so validateValues does not demand it.
 */
export function stationField(e: EntityDef): string | null {
  return e.scope.kind === 'station' && e.scope.field !== e.primaryKey && e.allFields[e.scope.field]?.type === 'lookup' ? e.scope.field : null;
}

// NUL cannot be stored in PostgreSQL text; other C0 controls except tab, CR and LF are refused too.
// eslint-disable-next-line no-control-regex
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const INT_RE = /^[-+]?\d+$/;
const NUM_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const DATA_URL = /^data:image\/(png|jpeg|jpg|gif);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Limits of the SQL column types (see db/schema.ts columnType). */
const INT4 = { min: -2147483648, max: 2147483647 };

export function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1) return false;
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= dim;
}

/** ISO date or datetime → ISO instant (UTC). A value without an offset is read in UTC+8. */
export function parseDateTime(s: string): string | null {
  const m = DATETIME_RE.exec(s.trim());
  if (!m) return null;
  const [, ys, mos, ds, hs = '00', mis = '00', ss = '00', frac = '', tz] = m;
  const [y, mo, d, h, mi, sec] = [ys, mos, ds, hs, mis, ss].map(Number);
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || sec > 59 || y > 9999) return null;
  let offsetMin = 8 * 60;
  if (tz && tz.toUpperCase() !== 'Z') {
    const t = tz.replace(':', '');
    offsetMin = (t[0] === '-' ? -1 : 1) * (Number(t.slice(1, 3)) * 60 + Number(t.slice(3, 5)));
    if (Math.abs(offsetMin) > 14 * 60) return null;
  } else if (tz) offsetMin = 0;
  const ms = Date.UTC(y, mo - 1, d, h, mi, sec, Number((frac + '000').slice(0, 3))) - offsetMin * 60_000;
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString();
}

export function parseDate(s: string): string | null {
  const m = DATE_RE.exec(s.trim());
  if (!m) return null;
  return validDate(Number(m[1]), Number(m[2]), Number(m[3])) ? m[0] : null;
}

/** Numeric text normalised (no sign +, no leading zeros), with its digit counts; null when not a number. */
export function parseNumeric(v: unknown): { text: string; intDigits: number; fracDigits: number; value: number } | null {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    s = String(v);
    if (/e/i.test(s)) s = v.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  } else if (typeof v === 'string') {
    s = v.trim();
  } else return null;
  if (!NUM_RE.test(s) || s.length > 60) return null;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  let [ip, fp = ''] = s.split('.');
  ip = ip.replace(/^0+/, '');
  fp = fp.replace(/0+$/, '');
  const text = `${neg && (ip || fp) ? '-' : ''}${ip || '0'}${fp ? `.${fp}` : ''}`;
  return { text, intDigits: ip.length, fracDigits: fp.length, value: Number(text) };
}

/** Magic numbers, so the declared image type cannot lie about the content. */
export function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'gif' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  return null;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks one value against its field and normalises it for SQL. Returns the value or an error
 * (catalogue key and parameters). Blank values are handled by the caller.
 */
function checkValue(f: FieldDef, v: unknown, lang: Lang): { value: unknown } | { key: MessageKey; params?: Record<string, string | number> } {
  switch (f.type) {
    case 'text':
    case 'memo': {
      let s: string;
      if (typeof v === 'string') s = f.type === 'text' ? v.trim() : v;
      else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
      else return { key: 'records.text' };
      if (BAD_CHARS.test(s)) return { key: 'records.invalidChars' };
      if ([...s].length > f.maxLength) return { key: 'validation.maxLength', params: { max: f.maxLength } };
      if (f.type === 'text' && f.pattern && !PATTERNS[f.pattern].test(s)) return { key: 'validation.pattern' };
      return { value: s };
    }
    case 'int':
    case 'optionset': {
      if (typeof v === 'string' ? !INT_RE.test(v.trim()) : typeof v !== 'number') {
        return { key: parseNumeric(v) ? 'records.integer' : 'validation.number' };
      }
      const n = Number(typeof v === 'string' ? v.trim() : v);
      if (!Number.isInteger(n)) return { key: Number.isFinite(n) ? 'records.integer' : 'validation.number' };
      if (f.type === 'optionset') {
        if (!f.optionSet.options.some((o) => o.value === n)) return { key: 'records.option', params: { value: String(n) } };
        return { value: n };
      }
      if (f.min !== undefined && n < f.min) return { key: 'records.min', params: { min: f.min } };
      if (f.max !== undefined && n > f.max) return { key: 'records.max', params: { max: f.max } };
      if (n < INT4.min) return { key: 'records.min', params: { min: INT4.min } };
      if (n > INT4.max) return { key: 'records.max', params: { max: INT4.max } };
      return { value: n };
    }
    case 'decimal':
    case 'money': {
      const p = parseNumeric(v);
      if (!p) return { key: 'validation.number' };
      const scale = f.type === 'money' ? 2 : f.precision;
      const total = f.type === 'money' ? 18 : 20;
      if (p.fracDigits > scale) return { key: 'records.precision', params: { precision: scale } };
      if (p.intDigits > total - scale) return { key: 'records.tooBig' };
      if (f.min !== undefined && p.value < f.min) return { key: 'records.min', params: { min: f.min } };
      if (f.max !== undefined && p.value > f.max) return { key: 'records.max', params: { max: f.max } };
      return { value: p.text };
    }
    case 'bool': {
      if (typeof v === 'boolean') return { value: v };
      if (v === 1 || v === 0) return { value: v === 1 };
      if (typeof v === 'string') {
        const s = v.trim().toLowerCase();
        const yes = ['true', '1', f.trueLabel?.[lang].toLowerCase() ?? '是', 'yes', '是'];
        const no = ['false', '0', f.falseLabel?.[lang].toLowerCase() ?? '否', 'no', '否'];
        if (yes.includes(s)) return { value: true };
        if (no.includes(s)) return { value: false };
      }
      return { key: 'records.bool' };
    }
    case 'datetime': {
      const iso = typeof v === 'string' ? parseDateTime(v) : v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : null;
      return iso ? { value: iso } : { key: 'records.datetime' };
    }
    case 'date': {
      const d = typeof v === 'string' ? parseDate(v) : null;
      return d ? { value: d } : { key: 'records.date' };
    }
    case 'lookup': {
      const g = normGuid(v);
      return g ? { value: g } : { key: 'records.lookupFormat' };
    }
    case 'image': {
      if (typeof v !== 'string') return { key: 'records.imageFormat' };
      const m = DATA_URL.exec(v.trim());
      if (!m || m[2].length % 4 !== 0) return { key: 'records.imageFormat' };
      // Size check before decoding: base64 is 4 characters per 3 bytes.
      if (Math.floor((m[2].length * 3) / 4) - (m[2].endsWith('==') ? 2 : m[2].endsWith('=') ? 1 : 0) > f.maxBytes) {
        return { key: 'records.imageTooLarge', params: { kb: Math.round(f.maxBytes / 1024) } };
      }
      const bytes = Buffer.from(m[2], 'base64');
      const declared = m[1] === 'jpg' ? 'jpeg' : m[1];
      if (imageKind(bytes) !== declared) return { key: 'records.imageFormat' };
      return { value: `data:image/${declared};base64,${m[2]}` };
    }
  }
}

/** Dataverse-style `field@odata.bind: "/entityset(id)"` for a lookup. */
function bindValue(f: FieldDef | undefined, v: unknown): unknown {
  if (!f || f.type !== 'lookup') return undefined;
  if (v === null) return null;
  if (typeof v !== 'string') return v;
  const m = /^\/?([a-z_][a-z0-9_]*)\(([^)]*)\)$/.exec(v.trim());
  if (!m) return v;
  const target = getEntityBySet(m[1]);
  return target && target.logicalName === f.target ? m[2] : v;
}

/**
 * Pure validation of a create or update body against the model: allow-list (declared, writable
 * fields only — anything else is mass assignment), required fields (on create; on update a
 * required field may not be blanked), type, format, length, range, precision, option values,
 * lookup id format and images (type by magic number, size). Every error is returned, in `lang`.
 * Values come back normalised for SQL: text trimmed, numerics as canonical strings, ints and
 * option values as numbers, datetimes as ISO instants (UTC; no offset = UTC+8), guids lower case.
 * Lookup visibility is a database question: see insertRecords / updateRecord.
 */
export function validateValues(
  e: EntityDef,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
  lang: Lang,
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const fieldLabel = (name: string) => e.allFields[name]?.label[lang] ?? name;
  const err = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    errors.push({ field, message: msg(key, lang, { field: fieldLabel(field), ...params }) });

  const given = new Map<string, unknown>();
  for (const [rawKey, raw] of Object.entries(input ?? {})) {
    let key = rawKey;
    let v = raw;
    if (key.endsWith('@odata.bind')) {
      key = key.slice(0, -'@odata.bind'.length);
      const f = Object.hasOwn(e.allFields, key) ? e.allFields[key] : undefined;
      v = f?.type === 'lookup' ? bindValue(f, raw) : raw;
      if (f?.type !== 'lookup') key = rawKey;
    }
    if (!isWritable(e, key) || given.has(key)) {
      errors.push({ field: key.slice(0, 100), message: msg('validation.unknownField', lang, { field: key.slice(0, 100) }) });
      continue;
    }
    given.set(key, v);
  }

  const station = stationField(e);
  // Not required where the row's named bool field says so (requiredUnless: an overseas order's province).
  const exempted = (f: FieldDef) => {
    const other = f.requiredUnless ? e.allFields[f.requiredUnless] : undefined;
    const r = other?.type === 'bool' && given.has(f.requiredUnless!) ? checkValue(other, given.get(f.requiredUnless!), lang) : null;
    return !!r && 'value' in r && r.value === true;
  };
  for (const [name, f] of Object.entries(e.allFields)) {
    if (!isWritable(e, name)) continue;
    const present = given.has(name);
    const v = given.get(name);
    if (isBlank(v)) {
      const mustHave = f.required && name !== station && (mode === 'create' || present) && !exempted(f);
      if (mustHave) err(name, 'records.required');
      else if (present) values[name] = null;
      continue;
    }
    const r = checkValue(f, v, lang);
    if ('key' in r) err(name, r.key, r.params);
    else values[name] = r.value;
  }
  for (const check of valueChecks.get(e.logicalName) ?? []) errors.push(...check(values, lang));
  return { values, errors };
}

/**
 * Checks of an entity's values beyond each field's type and limits (a flow's document must be an
 * approvable entity), registered by the owning module; they see the values already parsed.
 */
export type ValueCheck = (values: Record<string, unknown>, lang: Lang) => FieldError[];
export const valueChecks = new Map<string, ValueCheck[]>();
