import { loadExcelJs } from './load-exceljs.ts';
import { getEntity, getEntityBySet, isClientField, msg, type EntityDef, type FieldDef, type Lang, type MessageKey } from '@portal/model';
import type { Db, Sql } from '../db/db.ts';
import { AppError } from '../http/errors.ts';
import type { Caller } from '../records/scope.ts';
import { CAST, kindOf, Params, q } from '../records/sql.ts';
import { normGuid, stationField, validateValues, type FieldError } from '../records/validate.ts';
import { insertRecords, ValidationFailed } from '../records/write.ts';
import { openSheetOffThread, type SheetReader } from './sheet-worker.ts';
import type { SheetRow } from './xlsx-reader.ts';

/**
 * Excel import and template (spec 000 §2, §5; spec 001 §5). Only .xlsx is read, and only after the
 * archive passed the zip guard; exceljs reads cell values (a formula gives its cached result, never
 * evaluated; nothing external is fetched, macros are never run). All rows are validated first and
 * the whole file is refused when any row fails; otherwise every row is inserted in one transaction.
 * Files are read as a stream (xlsx-reader.ts) on a worker thread (sheet-worker.ts), and reading stops
 * at row MAX_IMPORT_ROWS + 1.
 */

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_LISTED_ERRORS = 200;

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** A refused import: 400 with every row error (at most 200 listed) and their count. */
export class ImportRefused extends AppError {
  constructor(
    readonly errors: RowError[],
    readonly total: number,
    lang: Lang,
  ) {
    super(400, 'excel.rowErrors', {
      count: total,
      first: errors
        .slice(0, 3)
        .map((e) => e.message)
        .join(lang === 'zh-CN' ? '；' : '; '),
    });
  }
}

/** Fields a file may fill: writable, not images (a cell cannot carry one). */
export function importableFields(e: EntityDef): [string, FieldDef][] {
  return Object.entries(e.allFields).filter(([name, f]) => isClientField(e, name) && f.type !== 'image');
}

/** The template's columns: the main form's writable fields, else the first view's, else all importable ones. */
export function templateColumns(e: EntityDef): string[] {
  const ok = new Set(importableFields(e).map(([n]) => n));
  const form = e.forms.main ?? Object.values(e.forms)[0];
  let cols = form ? form.flatMap((s) => s.fields).filter((n) => ok.has(n)) : [];
  if (!cols.length) {
    const view = Object.values(e.views)[0];
    cols = view ? view.columns.filter((n) => ok.has(n)) : [];
  }
  if (!cols.length) cols = [...ok];
  return [...new Set(cols)];
}

/** An entity that may be imported by entity set: served by the record service with a write privilege. */
export function importableEntity(
  entitySet: string,
): EntityDef & { access: { write: NonNullable<NonNullable<EntityDef['access']>['write']> } } {
  const e = getEntityBySet(entitySet);
  if (!e?.access?.write || e.scope.kind === 'system') throw new AppError(404, 'excel.notImportable', { entity: entitySet.slice(0, 64) });
  return e as EntityDef & { access: { write: NonNullable<NonNullable<EntityDef['access']>['write']> } };
}

function formatHelp(f: FieldDef, lang: Lang): string {
  switch (f.type) {
    case 'text':
    case 'memo':
      return msg('excel.type.text', lang, { max: f.maxLength });
    case 'int':
      return msg('excel.type.int', lang) + range(f.min, f.max);
    case 'decimal':
      return msg('excel.type.decimal', lang) + range(f.min, f.max);
    case 'money':
      return msg('excel.type.money', lang) + range(f.min, f.max);
    case 'bool':
      return msg('excel.type.bool', lang);
    case 'date':
      return msg('excel.type.date', lang);
    case 'datetime':
      return msg('excel.type.datetime', lang);
    case 'optionset':
      return msg('excel.type.optionset', lang);
    case 'lookup':
      return msg('excel.type.lookup', lang, { target: getEntity(f.target)?.label[lang] ?? f.target });
    case 'image':
      return '';
  }
}

const range = (min?: number, max?: number) => (min !== undefined || max !== undefined ? ` [${min ?? ''}–${max ?? ''}]` : '');

function valuesHelp(f: FieldDef, lang: Lang): string {
  if (f.type === 'optionset') return f.optionSet.options.map((o) => `${o.value} = ${o.label[lang]}`).join('；');
  if (f.type === 'bool')
    return `${f.trueLabel?.[lang] ?? msg('excel.help.yes', lang)} / ${f.falseLabel?.[lang] ?? msg('excel.help.no', lang)}`;
  return '';
}

interface SheetValidations {
  add(range: string, v: { type: 'list'; allowBlank: boolean; formulae: string[]; showErrorMessage?: boolean }): void;
}

const colLetter = (n: number) => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

/** The import template: one header row (labels in the caller's language) and an instructions sheet. */
export async function buildTemplate(e: EntityDef, lang: Lang): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'service-portal';
  const ws = wb.addWorksheet(e.pluralLabel[lang].slice(0, 31) || e.logicalName);
  const cols = templateColumns(e);
  const station = stationField(e);
  ws.columns = cols.map((name) => ({
    header: e.allFields[name].label[lang],
    key: name,
    width: Math.max(12, [...e.allFields[name].label[lang]].length * 2 + 4),
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  cols.forEach((name, i) => {
    const f = e.allFields[name];
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
    if (f.required && name !== station) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    // Text columns stay text: a part number or phone typed in is not turned into a number.
    if (f.type === 'text' || f.type === 'memo' || f.type === 'lookup') ws.getColumn(i + 1).numFmt = '@';
    // A dropdown for option sets and yes/no when the list fits Excel's 255-character formula.
    const choices =
      f.type === 'optionset'
        ? f.optionSet.options.map((o) => o.label[lang])
        : f.type === 'bool'
          ? [f.trueLabel?.[lang] ?? msg('excel.help.yes', lang), f.falseLabel?.[lang] ?? msg('excel.help.no', lang)]
          : null;
    const list = choices?.map((c) => c.replace(/[",]/g, ' ')).join(',');
    if (list && list.length <= 250) {
      (ws as unknown as { dataValidations: SheetValidations }).dataValidations.add(
        `${colLetter(i + 1)}2:${colLetter(i + 1)}${MAX_IMPORT_ROWS + 1}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`"${list}"`],
          showErrorMessage: false,
        },
      );
    }
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];

  const help = wb.addWorksheet(msg('excel.help.sheet', lang));
  help.addRow([msg('excel.help.intro', lang)]).font = { bold: true };
  help.addRow([]);
  const h = help.addRow([
    msg('excel.help.column', lang),
    msg('excel.help.required', lang),
    msg('excel.help.format', lang),
    msg('excel.help.values', lang),
  ]);
  h.font = { bold: true };
  for (const name of cols) {
    const f = e.allFields[name];
    help.addRow([
      f.label[lang],
      f.required && name !== station ? msg('excel.help.yes', lang) : '',
      formatHelp(f, lang),
      valuesHelp(f, lang),
    ]);
  }
  help.getColumn(1).width = 20;
  help.getColumn(2).width = 8;
  help.getColumn(3).width = 40;
  help.getColumn(4).width = 60;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** What kind of upload it is, from the name and the first bytes. The zip guard runs with the read, off the main thread (openFirstSheet). */
export async function checkExcelFile(fileName: string, bytes: Buffer): Promise<void> {
  const lower = fileName.toLowerCase();
  const cfb = bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  if (lower.endsWith('.xls') || cfb) throw new AppError(400, 'excel.useXlsx');
  if (!lower.endsWith('.xlsx')) throw new AppError(400, 'excel.xlsOnly');
  if (bytes.length === 0) throw new AppError(400, 'excel.noData');
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b)) throw new AppError(400, 'excel.xlsOnly');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Excel keeps wall-clock times; exceljs hands them over as UTC dates of that wall clock. */
const wallDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const wallDateTime = (d: Date) => `${wallDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
/** An Excel serial day number (a date cell without a date format). */
const fromSerial = (n: number) => new Date(Math.round((n - 25569) * 86400_000));

function normDateText(s: string, withTime: boolean): string {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return s;
  const d = `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  if (!withTime || m[4] === undefined) return d;
  return `${d} ${pad(Number(m[4]))}:${m[5]}:${m[6] ?? '00'}`;
}

type Converted = { value: unknown } | { error: string };

/** Turns one cell into the value validateValues expects (option labels → values, dates → ISO text). */
function convert(f: FieldDef, v: string | number | boolean | Date, label: string, lang: Lang): Converted {
  switch (f.type) {
    case 'text':
    case 'memo':
      // Text stays text, including cells that start with = + - @ (never evaluated, stored as typed).
      return { value: v instanceof Date ? wallDateTime(v).replace(/ 00:00:00$/, '') : String(v) };
    case 'optionset': {
      if (typeof v === 'number') return { value: v };
      const s = String(v).trim();
      const byLabel = f.optionSet.options.find((o) => o.label['zh-CN'] === s || o.label['en-US'].toLowerCase() === s.toLowerCase());
      if (byLabel) return { value: byLabel.value };
      if (/^-?\d+$/.test(s)) return { value: Number(s) };
      return { error: msg('excel.badOption', lang, { field: label, value: s.slice(0, 50) }) };
    }
    case 'bool': {
      if (typeof v === 'boolean') return { value: v };
      const s = String(v).trim().toLowerCase();
      const yes = ['是', 'yes', 'y', 'true', '1', f.trueLabel?.['zh-CN'], f.trueLabel?.['en-US'].toLowerCase()];
      const no = ['否', 'no', 'n', 'false', '0', f.falseLabel?.['zh-CN'], f.falseLabel?.['en-US'].toLowerCase()];
      if (yes.includes(s)) return { value: true };
      if (no.includes(s)) return { value: false };
      return { error: msg('excel.badBool', lang, { field: label }) };
    }
    case 'date':
      if (v instanceof Date) return { value: wallDate(v) };
      if (typeof v === 'number') return { value: wallDate(fromSerial(v)) };
      return { value: normDateText(String(v), false) };
    case 'datetime':
      if (v instanceof Date) return { value: wallDateTime(v) };
      if (typeof v === 'number') return { value: wallDateTime(fromSerial(v)) };
      return { value: normDateText(String(v), true) };
    case 'int':
    case 'decimal':
    case 'money':
      return { value: typeof v === 'string' ? v.trim().replace(/,/g, '') : v };
    case 'lookup':
      return { value: String(v).trim() };
    case 'image':
      return { value: v };
  }
}

interface ParsedRow {
  row: number;
  input: Record<string, unknown>;
}

/**
 * The first sheet of an .xlsx (already checked by checkExcelFile), read on a worker thread after
 * the zip guard ('excel.unsafe'): its header, the first non-empty row ('excel.noData' when there is
 * none), then the rows with a value in the columns the caller names. Always close() it.
 */
export function openFirstSheet(bytes: Buffer): Promise<SheetReader> {
  return openSheetOffThread(bytes);
}

/** Reads the first sheet: header row → fields, then every non-empty row (at most 5000). */
export async function readSheet(
  e: EntityDef,
  bytes: Buffer,
  lang: Lang,
  caller: Caller,
): Promise<{ rows: ParsedRow[]; errors: RowError[]; columns: string[] }> {
  const sheet = await openFirstSheet(bytes);
  try {
    return await readRows(e, sheet.header, sheet, lang, caller);
  } finally {
    await sheet.close(); // stops the reading when it ended early
  }
}

async function readRows(
  e: EntityDef,
  headerRow: SheetRow,
  sheet: SheetReader,
  lang: Lang,
  caller: Caller,
): Promise<{ rows: ParsedRow[]; errors: RowError[]; columns: string[] }> {
  const byName = new Map<string, string>();
  for (const [name, f] of importableFields(e)) {
    for (const k of [f.label['zh-CN'], f.label['en-US'], name]) if (!byName.has(k.toLowerCase())) byName.set(k.toLowerCase(), name);
  }
  const columns: { col: number; field: string }[] = [];
  const seen = new Set<string>();
  headerRow.cells.forEach((raw, col) => {
    if (raw === null || raw === undefined) return;
    const text = String(raw)
      .trim()
      .replace(/^\*+|\*+$/g, '')
      .trim();
    const field = byName.get(text.toLowerCase());
    if (!field) throw new AppError(400, 'excel.headerUnknown', { header: text.slice(0, 50) });
    if (seen.has(field)) throw new AppError(400, 'excel.headerDuplicate', { header: text.slice(0, 50) });
    seen.add(field);
    columns.push({ col, field });
  });
  const station = caller.principal.stationId ? stationField(e) : null;
  for (const [name, f] of importableFields(e)) {
    if (f.required && name !== station && !seen.has(name)) throw new AppError(400, 'excel.headerMissing', { header: f.label[lang] });
  }

  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  let count = 0;
  // The reader stops at the first row past the limit (a row counts when it has a value in a column).
  for await (const r of sheet.rows(
    columns.map((c) => c.col),
    MAX_IMPORT_ROWS + 1,
  )) {
    const rowNumber = r.row;
    const input: Record<string, unknown> = {};
    const rowErrors: RowError[] = [];
    let any = false;
    for (const { col, field } of columns) {
      const v = r.cells[col];
      if (v === null || v === undefined) continue;
      any = true;
      const f = e.allFields[field];
      const c = convert(f, v, f.label[lang], lang);
      if ('error' in c) rowErrors.push({ row: rowNumber, field: f.label[lang], message: rowMessage(rowNumber, c.error, lang) });
      else input[field] = c.value;
    }
    if (!any) continue;
    count++;
    if (count > MAX_IMPORT_ROWS) throw new AppError(400, 'excel.tooMany');
    rows.push({ row: rowNumber, input });
    errors.push(...rowErrors);
  }
  if (!rows.length) throw new AppError(400, 'excel.noData');
  return { rows, errors, columns: columns.map((c) => c.field) };
}

const rowMessage = (row: number, message: string, lang: Lang) => msg('excel.rowError', lang, { row, message });

/** Unique text fields a code may be matched on, besides the primary name (a code unique within its station too: two visible matches are ambiguous). */
function codeFields(t: EntityDef): string[] {
  const scopedCode = (n: string) => t.uniques.some((cols) => cols[cols.length - 1] === n);
  return Object.entries(t.allFields)
    .filter(([n, f]) => f.type === 'text' && (f.unique || scopedCode(n)) && n !== t.primaryName && !f.secret)
    .map(([n]) => n);
}

/**
 * Lookup cells by the target's primary name or code (or its id), resolved in bulk: one query per
 * lookup field, restricted to the rows the caller can see. Unknown or ambiguous names are row errors.
 */
async function resolveLookups(sql: Sql, e: EntityDef, rows: ParsedRow[], errors: RowError[], caller: Caller, lang: Lang): Promise<void> {
  for (const [name, f] of importableFields(e)) {
    if (f.type !== 'lookup') continue;
    const target = getEntity(f.target);
    const texts = new Set<string>();
    for (const r of rows) {
      const v = r.input[name];
      if (typeof v === 'string' && !normGuid(v)) texts.add(v);
    }
    if (!texts.size) continue;
    const label = f.label[lang];
    const found = new Map<string, string[]>();
    if (target) {
      const p = new Params();
      const list = p.add([...texts], 'text[]');
      const match = [target.primaryName, ...codeFields(target)].filter((c) => target.allFields[c]);
      const codes = codeFields(target).filter((c) => target.allFields[c]);
      const { rows: hits } = await sql.query<Record<string, string | null>>(
        `SELECT t.${q(target.primaryKey)}::text AS id, t.${q(target.primaryName)}::text AS name${codes.map((c, i) => `, t.${q(c)}::text AS c${i}`).join('')}
           FROM ${q(target.logicalName)} t
          WHERE (${match.map((c) => `t.${q(c)}::text = ANY(${list})`).join(' OR ')}) AND ${p.scope(target, caller, 't')}
          LIMIT 100000`,
        p.values,
      );
      // A code names one row; a name may name several (then it is ambiguous unless a code settles it).
      for (const h of hits) {
        codes.forEach((_, i) => {
          const c = h[`c${i}`];
          if (c && texts.has(c)) found.set(`code:${c}`, [h.id!]);
        });
        if (h.name && texts.has(h.name)) found.set(`name:${h.name}`, [...(found.get(`name:${h.name}`) ?? []), h.id!]);
      }
    }
    for (const r of rows) {
      const v = r.input[name];
      if (typeof v !== 'string' || normGuid(v)) continue;
      const ids = found.get(`code:${v}`) ?? found.get(`name:${v}`);
      if (ids && ids.length === 1) r.input[name] = ids[0];
      else {
        delete r.input[name];
        const key: MessageKey = ids && ids.length > 1 ? 'excel.lookupAmbiguous' : 'excel.lookupNotFound';
        errors.push({
          row: r.row,
          field: label,
          message: rowMessage(r.row, msg(key, lang, { field: label, value: v.slice(0, 50) }), lang),
        });
      }
    }
  }
}

/** Unique fields: a value repeated in the file or already in the table is a row error (not a failed insert). */
async function checkUnique(
  sql: Sql,
  e: EntityDef,
  rows: { row: number; values: Record<string, unknown> }[],
  errors: RowError[],
  lang: Lang,
  callerStation?: string | null,
): Promise<void> {
  for (const [name, f] of importableFields(e)) {
    if (!f.unique) continue;
    const label = f.label[lang];
    const first = new Map<string, number>();
    for (const r of rows) {
      const v = r.values[name];
      if (v === null || v === undefined) continue;
      const k = String(v);
      const prev = first.get(k);
      if (prev !== undefined)
        errors.push({
          row: r.row,
          field: label,
          message: rowMessage(r.row, msg('excel.duplicateInFile', lang, { field: label, value: k.slice(0, 50), other: prev }), lang),
        });
      else first.set(k, r.row);
    }
    if (!first.size) continue;
    const { rows: taken } = await sql.query<{ v: string }>(
      `SELECT ${q(name)}::text AS v FROM ${q(e.logicalName)} WHERE ${q(name)}::text = ANY($1::text[])`,
      [[...first.keys()]],
    );
    for (const t of taken) {
      const row = first.get(t.v)!;
      errors.push({
        row,
        field: label,
        message: rowMessage(row, msg('excel.exists', lang, { field: label, value: t.v.slice(0, 50) }), lang),
      });
    }
  }
  // A code unique within its station (composite key ending in a text field): the same row errors,
  // the station being the row's own or, left out, the caller's.
  const sf = stationField(e);
  for (const cols of e.uniques) {
    const last = cols[cols.length - 1];
    const lf = e.allFields[last];
    if (lf?.type !== 'text') continue;
    const label = lf.label[lang];
    const isId = (c: string) => CAST[kindOf(e, c)] === 'uuid';
    const keyed = rows.flatMap((r) => {
      const k = cols.map((c) => r.values[c] ?? (c === sf ? (callerStation ?? undefined) : undefined));
      return k.every((v) => v !== null && v !== undefined)
        ? [{ row: r.row, k, key: k.map((v, j) => (isId(cols[j]) ? String(v).toLowerCase() : String(v))).join('\u001f') }]
        : [];
    });
    const first = new Map<string, number>();
    for (const x of keyed) {
      const prev = first.get(x.key);
      if (prev !== undefined)
        errors.push({
          row: x.row,
          field: label,
          message: rowMessage(
            x.row,
            msg('excel.duplicateInFile', lang, { field: label, value: String(x.k[x.k.length - 1]).slice(0, 50), other: prev }),
            lang,
          ),
        });
      else first.set(x.key, x.row);
    }
    if (!first.size) continue;
    const firstRows = keyed.filter((x) => first.get(x.key) === x.row);
    const p = new Params();
    const arrays = cols.map((c, j) =>
      p.add(
        firstRows.map((x) => x.k[j]),
        `${CAST[kindOf(e, c)]}[]`,
      ),
    );
    const { rows: taken } = await sql.query<{ k: string }>(
      `SELECT concat_ws(chr(31), ${cols.map((c) => `${q(c)}::text`).join(', ')}) AS k FROM ${q(e.logicalName)}
        WHERE (${cols.map(q).join(', ')}) IN (SELECT * FROM unnest(${arrays.join(', ')}))`,
      p.values,
    );
    for (const t of taken) {
      const x = firstRows.find((y) => y.key === t.k);
      if (x)
        errors.push({
          row: x.row,
          field: label,
          message: rowMessage(x.row, msg('excel.exists', lang, { field: label, value: String(x.k[x.k.length - 1]).slice(0, 50) }), lang),
        });
    }
  }
}

/** Milliseconds of each phase, for the Server-Timing header. */
export interface ImportTimings {
  read?: number;
  validate?: number;
  commit?: number;
}

/**
 * The whole import: read, convert, resolve lookups, validate every row, then insert all rows in
 * one transaction (all or nothing). Throws ImportRefused with row-numbered errors.
 */
export async function importRows(
  db: Db,
  e: EntityDef,
  bytes: Buffer,
  caller: Caller,
  lang: Lang,
  timings: ImportTimings = {},
): Promise<{ imported: number }> {
  let t = performance.now();
  const sheet = await readSheet(e, bytes, lang, caller);
  timings.read = performance.now() - t;
  t = performance.now();
  const errors = sheet.errors;
  await resolveLookups(db, e, sheet.rows, errors, caller, lang);
  const station = stationField(e);
  const valid: { row: number; values: Record<string, unknown> }[] = [];
  for (const r of sheet.rows) {
    const { values, errors: fe } = validateValues(e, r.input, 'create', lang);
    for (const x of fe)
      errors.push({ row: r.row, field: e.allFields[x.field]?.label[lang] ?? x.field, message: rowMessage(r.row, x.message, lang) });
    // A station user's rows default to their station; anyone else must name one.
    if (
      station &&
      !caller.principal.stationId &&
      e.allFields[station].required &&
      (values[station] === null || values[station] === undefined) &&
      !errors.some((x) => x.row === r.row && x.field === e.allFields[station].label[lang])
    ) {
      const label = e.allFields[station].label[lang];
      errors.push({ row: r.row, field: label, message: rowMessage(r.row, msg('records.required', lang, { field: label }), lang) });
    }
    valid.push({ row: r.row, values });
  }
  // In the same round as the other errors: a file with a bad phone and a repeated code showed the
  // repeat only once the phone was fixed (issue 24).
  await checkUnique(db, e, valid, errors, lang, normGuid(caller.principal.stationId));
  timings.validate = performance.now() - t;
  if (errors.length) throw refused(errors, lang);
  try {
    t = performance.now();
    const ids = await db.tx((sql) =>
      insertRecords(
        sql,
        e,
        caller,
        valid.map((v) => v.values),
        lang,
        { firstRowNumber: 1 },
      ),
    );
    timings.commit = performance.now() - t;
    return { imported: ids.length };
  } catch (err) {
    if (err instanceof ValidationFailed)
      throw refused(
        renumber(
          err.errors,
          valid.map((v) => v.row),
          e,
          lang,
        ),
        lang,
      );
    if ((err as { code?: string }).code === '23505') {
      // A concurrent insert took a unique value between the check and the insert. 400, not 409:
      // the client reads 409 as "this session was ended by a newer sign-in" (spec 000 §8).
      throw new AppError(400, 'excel.conflict');
    }
    throw err;
  }
}

function refused(errors: RowError[], lang: Lang): ImportRefused {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  return new ImportRefused(sorted.slice(0, MAX_LISTED_ERRORS), sorted.length, lang);
}

/** insertRecords numbers rows 1…n; put the Excel row numbers back. */
function renumber(fe: FieldError[], excelRows: number[], e: EntityDef, lang: Lang): RowError[] {
  const re = lang === 'zh-CN' ? /^第 (\d+) 行：(.*)$/s : /^Row (\d+): (.*)$/s;
  return fe.map((x) => {
    const m = re.exec(x.message);
    const row = m ? (excelRows[Number(m[1]) - 1] ?? 0) : 0;
    const label = e.allFields[x.field]?.label[lang] ?? x.field;
    return { row, field: label, message: m ? rowMessage(row, m[2], lang) : x.message };
  });
}
