import {
  fieldRefusal,
  getEntityBySet,
  isClientField,
  msg,
  PATTERNS,
  type EntityDef,
  type FieldDef,
  type Lang,
  type MessageKey,
} from '@portal/model';

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

/**
 * The field that names a station-scoped row's station: insertRecords defaults it to the caller's
 * station, so validateValues does not demand it.
 */
export function stationField(e: EntityDef): string | null {
  return e.scope.kind === 'station' && e.scope.field !== e.primaryKey && e.allFields[e.scope.field]?.type === 'lookup'
    ? e.scope.field
    : null;
}

// NUL cannot be stored in PostgreSQL text; other C0 controls except tab, CR and LF are refused too.
// eslint-disable-next-line no-control-regex
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// Plain decimal digits: no sign +, no exponent, no hex, no bare point.
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
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
  const ms = Date.UTC(y, mo - 1, d, h, mi, sec, Number(`${frac}000`.slice(0, 3))) - offsetMin * 60_000;
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString();
}

export function parseDate(s: string): string | null {
  const m = DATE_RE.exec(s.trim());
  if (!m) return null;
  return validDate(Number(m[1]), Number(m[2]), Number(m[3])) ? m[0] : null;
}

/**
 * A JS number (a JSON or Excel cell number) as the plain decimal it stands for: an integer exactly
 * (up to 2^53; beyond, the digits sent are already lost: null), a fraction at 15 significant digits
 * (a double's decimal precision, Excel's too), never with an exponent.
 */
function numberText(v: number): string | null {
  if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) return null;
  if (Number.isInteger(v)) return String(v);
  const [m, e] = Number(v.toPrecision(15)).toExponential().split('e');
  const digits = m.replace(/^-/, '').replace('.', '');
  const point = 1 + Number(e); // digits before the decimal point
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${m.startsWith('-') ? '-' : ''}${body}`;
}

export interface Numeric {
  /** Normalised: no leading zeros, no trailing fraction zeros, no "-0". */
  text: string;
  intDigits: number;
  fracDigits: number;
}

/**
 * The one number parser of client input: a string of plain decimal digits (an optional minus, an
 * optional fraction; no +, exponent, hex, grouping or bare point) or a finite JS number (see
 * numberText), as exact normalised text; null otherwise. Values stay text: compare them with
 * compareDecimal, never through a float.
 */
export function parseNumeric(v: unknown): Numeric | null {
  const s = typeof v === 'number' ? numberText(v) : typeof v === 'string' ? v.trim() : null;
  if (s === null || s.length > 60 || !DECIMAL_RE.test(s)) return null;
  const [ip0, fp0 = ''] = s.replace(/^-/, '').split('.');
  const ip = ip0.replace(/^0+/, '');
  const fp = fp0.replace(/0+$/, '');
  const neg = s.startsWith('-') && !!(ip || fp);
  return { text: `${neg ? '-' : ''}${ip || '0'}${fp ? `.${fp}` : ''}`, intDigits: ip.length, fracDigits: fp.length };
}

/** An integer input (digits only, or an integral JS number) as exact normalised text, or null. */
export function parseInteger(v: unknown): string | null {
  const p = parseNumeric(v);
  return p && p.fracDigits === 0 && !(typeof v === 'string' && v.includes('.')) ? p.text : null;
}

/** Exact order of two normalised decimal texts (parseNumeric's): negative, zero or positive. */
export function compareDecimal(a: string, b: string): number {
  const neg = a.startsWith('-');
  if (neg !== b.startsWith('-')) return neg ? -1 : 1;
  const [ai, af = ''] = a.replace(/^-/, '').split('.');
  const [bi, bf = ''] = b.replace(/^-/, '').split('.');
  const w = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(w, '0'));
  const y = BigInt(bi + bf.padEnd(w, '0'));
  const c = x === y ? 0 : x < y ? -1 : 1;
  return neg && c !== 0 ? -c : c; // equal is 0, never -0 (Object.is(-0, 0) is false)
}

/** Money (at most 2 decimals) within [min, max], as exact normalised text; null otherwise. */
export function moneyWithin(v: unknown, min: number, max: number): string | null {
  const p = unsafeNumber(v) ? null : parseNumeric(v);
  return p && p.fracDigits <= 2 && !beyond(p.text, min, -1) && !beyond(p.text, max, 1) ? p.text : null;
}

/** A field's declared bound (a number in the model) against a value's text, exactly. */
const beyond = (text: string, bound: number | undefined, side: 1 | -1) =>
  bound !== undefined && compareDecimal(text, parseNumeric(bound)!.text) * side > 0;

/** A JS number too large to stand for the digits the client sent (JSON parsing lost them): too large for any field. */
export const unsafeNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) > Number.MAX_SAFE_INTEGER;

/** Magic numbers, so the declared image type cannot lie about the content. */
export function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'gif' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'gif';
  return null;
}

/**
 * Spec 001 §5/§9 words some limits "under N" (deliver address, return reason: under 100) and others
 * "at most N" (memo: at most 100). An "under N" limit (N a round hundred) is declared as maxLength
 * N − 1, so the form stops at the same length; its refusal keeps the specification's wording.
 */
export function lengthRefusal(max: number): { key: MessageKey; params: Record<string, number> } {
  return (max + 1) % 100 === 0 ? { key: 'validation.under', params: { limit: max + 1 } } : { key: 'validation.maxLength', params: { max } };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks one value against its field and normalises it for SQL. Returns the value or an error
 * (catalogue key and parameters). Blank values are handled by the caller.
 */
export function checkValue(
  f: FieldDef,
  v: unknown,
  lang: Lang,
): { value: unknown } | { key: MessageKey; params?: Record<string, string | number> } {
  switch (f.type) {
    case 'text':
    case 'memo': {
      let s: string;
      if (typeof v === 'string') s = f.type === 'text' ? v.trim() : v;
      else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
      else return { key: 'records.text' };
      if (BAD_CHARS.test(s)) return { key: 'records.invalidChars' };
      if ([...s].length > f.maxLength) return lengthRefusal(f.maxLength);
      // A phone whose rule follows its row (phoneByRow) is checked by its module over the whole row.
      if (f.type === 'text' && f.pattern && !f.phoneByRow && !PATTERNS[f.pattern].test(s)) return { key: 'validation.pattern' };
      return { value: s };
    }
    case 'int':
    case 'optionset': {
      if (unsafeNumber(v)) return { key: 'records.tooBig' };
      const t = parseInteger(v);
      if (t === null) return { key: parseNumeric(v) ? 'records.integer' : 'validation.number' };
      if (f.type === 'optionset') {
        const o = t.length <= 10 ? f.optionSet.options.find((x) => String(x.value) === t) : undefined;
        return o ? { value: o.value } : { key: 'records.option', params: { value: t.slice(0, 20) } };
      }
      // Ranges compare the exact text: a number parsed to a float could round into range.
      if (beyond(t, f.min, -1)) return { key: 'records.min', params: { min: f.min! } };
      if (beyond(t, f.max, 1)) return { key: 'records.max', params: { max: f.max! } };
      if (beyond(t, INT4.min, -1)) return { key: 'records.min', params: { min: INT4.min } };
      if (beyond(t, INT4.max, 1)) return { key: 'records.max', params: { max: INT4.max } };
      return { value: Number(t) };
    }
    case 'decimal':
    case 'money': {
      if (unsafeNumber(v)) return { key: 'records.tooBig' };
      const p = parseNumeric(v);
      if (!p) return { key: 'validation.number' };
      const scale = f.type === 'money' ? 2 : f.precision;
      const total = f.type === 'money' ? 18 : 20;
      if (p.fracDigits > scale) return { key: 'records.precision', params: { precision: scale } };
      if (p.intDigits > total - scale) return { key: 'records.tooBig' };
      if (beyond(p.text, f.min, -1)) return { key: 'records.min', params: { min: f.min! } };
      if (beyond(p.text, f.max, 1)) return { key: 'records.max', params: { max: f.max! } };
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
  if (f?.type !== 'lookup') return undefined;
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
    if (!isClientField(e, key) || given.has(key)) {
      // A field the business steps own is named as such; anything else is not there for a client.
      const owned = !given.has(key) && fieldRefusal(e, key, null, () => true) === 'owned';
      errors.push({
        field: key.slice(0, 100),
        message: msg(owned ? 'records.fieldOwned' : 'validation.unknownField', lang, {
          field: owned ? e.allFields[key].label[lang] : key.slice(0, 100),
        }),
      });
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
    if (!isClientField(e, name)) continue;
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
