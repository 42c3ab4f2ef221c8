import { StringDecoder } from 'node:string_decoder';
import { AppError } from '../http/errors.ts';
import { ScanError, XmlScanner, type XmlEvent } from './xml-scanner.ts';
import { inflateEntry, zipEntries, type ZipEntry } from './zip-guard.ts';

/**
 * Reads the first sheet of an .xlsx (already passed by the zip guard) row by row, as it is inflated:
 * memory holds one 64 KB chunk of the sheet, the rows handed out and the shared strings those rows
 * used — not the workbook. A caller stops reading by leaving its loop (the inflate stops there), so
 * a 500,000-row file costs what its first 5,001 rows cost. Cell values are plain data as exceljs
 * gave them: text, numbers, booleans, dates (a number with a date format), a formula's cached
 * result, an error's code; blank text is null.
 *
 * Bounds (refused with 'excel.tooMuchText'): the shared strings read so far and the text of the
 * cells handed out, each at most MAX_TEXT_CHARS; the shared-string table is read only as far as the
 * rows refer to it (Excel numbers strings in order of first use, so the first rows need the first
 * strings).
 */
export type CellData = string | number | boolean | Date | null;

export interface SheetRow {
  /** The Excel row number (1-based). */
  row: number;
  /** Cells by column number (1-based); absent or null when empty. */
  cells: CellData[];
}

export const MAX_TEXT_CHARS = 4_000_000;
export const MAX_SHARED_STRINGS = 500_000;
/** Workbook, relationship and styles parts are read whole; none is near this in a real file. */
const MAX_SMALL_PART = 16 * 1024 * 1024;

const unsafe = () => new AppError(400, 'excel.unsafe');
const tooMuchText = () => new AppError(400, 'excel.tooMuchText');

/** The events of one zip entry, as it inflates. */
async function* events(buf: Buffer, e: ZipEntry, maxBytes = Infinity): AsyncGenerator<XmlEvent[]> {
  const scanner = new XmlScanner();
  const decoder = new StringDecoder('utf8');
  let n = 0;
  try {
    for await (const chunk of inflateEntry(buf, e)) {
      n += (chunk as Buffer).length;
      if (n > maxBytes) throw unsafe();
      yield scanner.push(decoder.write(chunk as Buffer));
    }
    yield scanner.push(decoder.end());
    scanner.end();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ScanError) throw unsafe();
    throw unsafe();
  }
}

async function allEvents(buf: Buffer, e: ZipEntry, each: (ev: XmlEvent) => void): Promise<void> {
  for await (const batch of events(buf, e, MAX_SMALL_PART)) for (const ev of batch) each(ev);
}

/** Resolves a relationship target against the folder of the part that names it. */
function resolvePath(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

const relsOf = (part: string) => {
  const i = part.lastIndexOf('/');
  return `${part.slice(0, i + 1)}_rels/${part.slice(i + 1)}.rels`;
};

async function rels(buf: Buffer, entries: Map<string, ZipEntry>, part: string): Promise<{ id: string; type: string; target: string }[]> {
  const e = entries.get(relsOf(part));
  const out: { id: string; type: string; target: string }[] = [];
  if (!e) return out;
  await allEvents(buf, e, (ev) => {
    if (ev.kind === 'open' && ev.name === 'Relationship' && ev.attrs.Target && ev.attrs.TargetMode !== 'External') {
      out.push({ id: ev.attrs.Id ?? '', type: ev.attrs.Type ?? '', target: resolvePath(part, ev.attrs.Target) });
    }
  });
  return out;
}

/** Built-in number formats that are dates or times (ids 14–22, 27–36, 45–47, 50–58), as exceljs knows them. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** exceljs's test: date/time letters outside quoted text and [brackets]. */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Per cell style (the `s` index): whether its number format is a date. */
async function dateStyles(buf: Buffer, e: ZipEntry | undefined): Promise<boolean[]> {
  if (!e) return [];
  const custom = new Map<number, boolean>();
  const out: boolean[] = [];
  let inXfs = false;
  await allEvents(buf, e, (ev) => {
    if (ev.kind === 'open' && ev.name === 'numFmt') custom.set(Number(ev.attrs.numFmtId), isDateFormat(ev.attrs.formatCode ?? ''));
    else if (ev.kind === 'open' && ev.name === 'cellXfs') inXfs = true;
    else if (ev.kind === 'close' && ev.name === 'cellXfs') inXfs = false;
    else if (ev.kind === 'open' && ev.name === 'xf' && inXfs) {
      const id = Number(ev.attrs.numFmtId ?? 0);
      out.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
    }
  });
  return out;
}

/** Strings per block of the shared-string table. */
const BLOCK = 1024;

/**
 * The shared-string table, read lazily: `need(i)` reads on until string i is known. Held compactly
 * (issue 10: < 50 MB per import whatever the file): each 1,024 strings are joined into one flat
 * string with their end offsets in a typed array, ~1 byte a character, where an array of 500,000
 * short strings takes ~32 bytes each; `get(i)` cuts a string out when a cell uses it.
 */
class SharedStrings {
  private readonly blocks: string[] = [];
  private ends = new Uint32Array(BLOCK);
  private pending: string[] = [];
  private count = 0;
  private chars = 0;
  private it: AsyncGenerator<XmlEvent[]> | null;
  private depth = 0;
  private text = '';
  private inT = false;
  private inRph = false;

  constructor(buf: Buffer, e: ZipEntry | undefined) {
    this.it = e ? events(buf, e) : null;
  }

  async need(i: number): Promise<void> {
    while (this.count <= i && this.it) {
      if (this.count >= MAX_SHARED_STRINGS) throw tooMuchText();
      const next = await this.it.next();
      if (next.done) {
        this.it = null;
        break;
      }
      for (const ev of next.value) this.take(ev);
      if (this.chars > MAX_TEXT_CHARS) throw tooMuchText();
    }
  }

  get(i: number): string | null {
    if (!(i >= 0 && i < this.count)) return null;
    const b = Math.floor(i / BLOCK);
    if (b === this.blocks.length) return this.pending[i % BLOCK];
    const start = i % BLOCK === 0 ? 0 : this.ends[i - 1];
    return this.blocks[b].slice(start, this.ends[i]);
  }

  private add(text: string): void {
    const i = this.count++;
    if (i >= this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[i] = (i % BLOCK === 0 ? 0 : this.ends[i - 1]) + text.length;
    this.pending.push(text);
    if (this.pending.length === BLOCK) {
      this.blocks.push(this.pending.join(''));
      this.pending = [];
    }
  }

  private take(ev: XmlEvent): void {
    if (ev.kind === 'open') {
      if (ev.name === 'si') {
        this.depth = 1;
        this.text = '';
      } else if (ev.name === 't' && this.depth) this.inT = true;
      else if (ev.name === 'rPh') this.inRph = true; // phonetic hints are not the text
    } else if (ev.kind === 'close') {
      if (ev.name === 'si' && this.depth) {
        this.depth = 0;
        this.add(this.text);
        this.chars += this.text.length;
      } else if (ev.name === 't') this.inT = false;
      else if (ev.name === 'rPh') this.inRph = false;
    } else if (this.inT && !this.inRph) this.text += ev.text;
  }

  close(): void {
    void this.it?.return(undefined);
  }
}

/** "BC12" → 55 (the column of a cell reference). */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n;
}

const excelDate = (v: number, date1904: boolean) => new Date(Math.round((v - 25569 + (date1904 ? 1462 : 0)) * 86400_000));

/** A cell as read, before shared strings are looked up. */
interface RawCell {
  col: number;
  t: string;
  style: number;
  v: string | null;
  inline: string | null;
}

interface RawRow {
  row: number;
  cells: RawCell[];
}

/** The rows of the first sheet that hold at least one value, in order. Leave the loop to stop reading. */
export async function* firstSheetRows(buf: Buffer): AsyncGenerator<SheetRow> {
  const listed = zipEntries(buf);
  if (typeof listed === 'string') throw unsafe();
  const entries = new Map(listed.map((e) => [e.name, e]));
  const bookPath = (await rels(buf, entries, '')).find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const book = entries.get(bookPath);
  if (!book) throw unsafe();
  let firstSheetId: string | null = null;
  let date1904 = false;
  await allEvents(buf, book, (ev) => {
    if (ev.kind !== 'open') return;
    if (ev.name === 'workbookPr') date1904 = ev.attrs.date1904 === '1' || ev.attrs.date1904 === 'true';
    if (ev.name === 'sheet' && firstSheetId === null) firstSheetId = ev.attrs.id ?? '';
  });
  if (firstSheetId === null) throw new AppError(400, 'excel.noData');
  const bookRels = await rels(buf, entries, bookPath);
  const sheet = entries.get(bookRels.find((r) => r.id === firstSheetId)?.target ?? '');
  if (!sheet) throw unsafe();
  const isDate = await dateStyles(buf, entries.get(bookRels.find((r) => r.type.endsWith('/styles'))?.target ?? ''));
  const sst = new SharedStrings(buf, entries.get(bookRels.find((r) => r.type.endsWith('/sharedStrings'))?.target ?? ''));

  let textChars = 0;
  const value = (c: RawCell): CellData => {
    let v: CellData;
    switch (c.t) {
      case 's': {
        const i = Number(c.v);
        v = Number.isInteger(i) ? sst.get(i) : null;
        break;
      }
      case 'inlineStr':
        v = c.inline ?? c.v;
        break;
      case 'str':
        v = c.v;
        break;
      case 'b':
        v = c.v === null ? null : Number(c.v) !== 0;
        break;
      case 'e':
        v = c.v;
        break;
      case 'd': {
        const d = c.v === null ? null : new Date(c.v);
        v = d && !Number.isNaN(d.getTime()) ? d : c.v;
        break;
      }
      default: {
        if (c.v === null || c.v.trim() === '') return null;
        const n = parseFloat(c.v);
        v = isDate[c.style] ? excelDate(n, date1904) : n;
      }
    }
    if (typeof v === 'string') {
      if (c.t !== 's') textChars += v.length;
      return v.trim() === '' ? null : v;
    }
    return v;
  };

  // The sheet's state between chunks.
  let raw: RawRow | null = null;
  let cell: RawCell | null = null;
  let lastRow = 0;
  let lastCol = 0;
  let into: 'v' | 't' | null = null;
  let inIs = false;
  let inRph = false;
  const done: RawRow[] = [];

  const take = (ev: XmlEvent) => {
    if (ev.kind === 'open') {
      switch (ev.name) {
        case 'row':
          lastRow = ev.attrs.r ? Number(ev.attrs.r) : lastRow + 1;
          if (!Number.isInteger(lastRow) || lastRow < 1) throw unsafe();
          lastCol = 0;
          raw = { row: lastRow, cells: [] };
          break;
        case 'c':
          lastCol = ev.attrs.r ? columnOf(ev.attrs.r) : lastCol + 1;
          if (lastCol < 1 || lastCol > 16384) throw unsafe();
          cell = { col: lastCol, t: ev.attrs.t ?? 'n', style: Number(ev.attrs.s ?? 0), v: null, inline: null };
          break;
        case 'v':
          if (cell) {
            into = 'v';
            cell.v = '';
          }
          break;
        case 'is':
          inIs = true;
          break;
        case 't':
          if (cell && inIs) {
            into = 't';
            cell.inline ??= '';
          }
          break;
        case 'rPh':
          inRph = true;
          break;
      }
    } else if (ev.kind === 'close') {
      switch (ev.name) {
        case 'row':
          if (raw?.cells.length) done.push(raw);
          raw = null;
          break;
        case 'c':
          if (cell && raw && (cell.v !== null || cell.inline !== null)) raw.cells.push(cell);
          cell = null;
          break;
        case 'v':
        case 't':
          into = null;
          break;
        case 'is':
          inIs = false;
          break;
        case 'rPh':
          inRph = false;
          break;
      }
    } else if (into && cell && !inRph) {
      if (into === 'v') cell.v += ev.text;
      else cell.inline += ev.text;
      if ((cell.v?.length ?? 0) + (cell.inline?.length ?? 0) > 100_000) throw unsafe(); // Excel's own cell limit is 32,767
    }
  };

  try {
    for await (const batch of events(buf, sheet)) {
      for (const ev of batch) take(ev);
      for (const r of done) {
        let max = -1;
        for (const c of r.cells) if (c.t === 's') max = Math.max(max, Number(c.v));
        if (max >= 0) await sst.need(max);
        const cells: CellData[] = [];
        let any = false;
        for (const c of r.cells) {
          const v = value(c);
          if (v !== null) {
            cells[c.col] = v;
            any = true;
          }
        }
        if (textChars > MAX_TEXT_CHARS) throw tooMuchText();
        if (any) yield { row: r.row, cells };
      }
      done.length = 0;
    }
  } finally {
    sst.close();
  }
}
