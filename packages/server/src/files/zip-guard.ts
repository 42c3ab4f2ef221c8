import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * Checks an xlsx (a zip) before any parser sees it: the central directory must be sound, and every
 * entry is actually inflated — the sizes an archive declares can lie — with a cap, so that
 *   - the total uncompressed size stays ≤ `maxTotal` (100 MB),
 *   - no entry inflates more than `maxRatio` (100) times its compressed size once it is past a
 *     small grace size (as Apache POI's ZipSecureFile does: tiny, very regular XML parts such as an
 *     empty styles part legitimately compress better than 100:1),
 *   - there are at most `maxEntries` entries, no encrypted entries, no ZIP64, only stored or deflated data.
 * Returns null when the archive is acceptable, else the reason (for logs; users get one message).
 */
export interface ZipLimits {
  maxTotal: number;
  maxRatio: number;
  maxEntries: number;
  /** Entries whose inflated size stays under this are not held to the ratio. */
  ratioGrace: number;
}

export const XLSX_LIMITS: ZipLimits = { maxTotal: 100 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000, ratioGrace: 100 * 1024 };

/** One entry of a checked archive: where its data starts, how it is stored, its sizes. */
export interface ZipEntry {
  name: string;
  method: number;
  dataStart: number;
  compressed: number;
  declared: number;
}

/**
 * The central directory, checked: sound, no encryption or ZIP64, stored or deflated, declared sizes
 * within the limits. Entries are not inflated here.
 */
export function zipEntries(buf: Buffer, limits: ZipLimits = XLSX_LIMITS): ZipEntry[] | string {
  // End of central directory: 22 bytes plus a comment of up to 65535 bytes, searched from the end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'no end of central directory';
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) return 'zip64';
  if (count > limits.maxEntries) return 'too many entries';
  if (cdOffset + cdSize > eocd) return 'central directory out of bounds';
  let p = cdOffset;
  let total = 0;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return 'bad central directory entry';
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const declared = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, Math.min(buf.length, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 0x1) return 'encrypted entry';
    if (compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff) return 'zip64';
    if (method !== 0 && method !== 8) return `compression method ${method}`;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return 'bad local header';
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + compressed > buf.length) return 'entry out of bounds';
    // Declared sizes first (cheap); the real inflated size is checked by the callers below.
    if (declared > limits.ratioGrace && declared > compressed * limits.maxRatio) return 'compression ratio';
    if (total + declared > limits.maxTotal) return 'total size';
    total += declared;
    entries.push({ name, method, dataStart, compressed, declared });
  }
  return entries;
}

/** How many bytes an entry may inflate to, given what the entries before it took. */
const roomFor = (e: ZipEntry, taken: number, limits: ZipLimits) =>
  Math.min(limits.maxTotal - taken, Math.max(limits.ratioGrace, e.compressed * limits.maxRatio));

/**
 * What is wrong with an archive (null: nothing) under the limits. Every entry is inflated as a
 * stream and only counted, so a 95 MB sheet costs neither 95 MB of memory nor a blocked event loop.
 */
export async function zipProblem(buf: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<string | null> {
  const entries = zipEntries(buf, limits);
  if (typeof entries === 'string') return entries;
  let total = 0;
  for (const e of entries) {
    const room = roomFor(e, total, limits);
    let size = 0;
    if (e.method === 0) size = e.compressed;
    else {
      try {
        for await (const chunk of inflateEntry(buf, e)) {
          size += chunk.length;
          if (size > room) return 'inflates past the limit';
        }
      } catch {
        return 'corrupt entry';
      }
    }
    if (size > room) return 'inflates past the limit';
    total += size;
  }
  return null;
}

let collect: (() => void) | null = null;
let sinceCollect = 0;
/** Inflated bytes between two collections, when a collector is set. */
const COLLECT_EVERY = 4 * 1024 * 1024;

/**
 * Sets a full garbage collection to run after every 4 MB inflated (the sheet worker does, with its
 * own tiny heap: a collection there takes ~1 ms). Each 64 KB zlib hands out is a fresh buffer,
 * outside the JS heap; V8 frees them only when external memory has grown by ~32–64 MB, so
 * counting a 95 MB sheet left ~35 MB of dead buffers resident (issue 10: < 50 MB per import).
 */
export function collectWhileInflating(gc: (() => void) | null): void {
  collect = gc;
}

/** An entry's bytes, inflated chunk by chunk (64 KB); breaking out of the loop stops zlib. */
export function inflateEntry(buf: Buffer, e: ZipEntry): AsyncIterable<Buffer> {
  const data = buf.subarray(e.dataStart, e.dataStart + e.compressed);
  if (e.method === 0) return Readable.from([data]);
  const z = createInflateRaw({ chunkSize: 64 * 1024 });
  z.end(data);
  if (!collect) return z;
  return (async function* () {
    for await (const chunk of z) {
      yield chunk as Buffer;
      sinceCollect += (chunk as Buffer).length;
      if (sinceCollect >= COLLECT_EVERY) {
        sinceCollect = 0;
        collect?.();
      }
    }
  })();
}
