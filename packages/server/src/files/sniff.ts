/**
 * File types by content (magic numbers), never by what the client declares. The extension of the
 * file name must agree with the detected type; the stored Content-Type is the detected one.
 */

export type Kind =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'pdf'
  | 'zip'
  | 'cfb'
  | 'text'
  | 'svg'
  | 'mp4'
  | 'mov'
  | 'avi'
  | 'wmv'
  | 'flv'
  | 'ogg'
  | 'rmvb';

/** What a refused sniff says, for the message. */
export type Refusal = 'executable' | 'html' | 'unknown';

/** Extensions each detected kind may carry, with the Content-Type served for each. */
const EXT: Record<string, { kind: Kind; type: string; video?: true }> = {
  png: { kind: 'png', type: 'image/png' },
  jpg: { kind: 'jpeg', type: 'image/jpeg' },
  jpeg: { kind: 'jpeg', type: 'image/jpeg' },
  gif: { kind: 'gif', type: 'image/gif' },
  webp: { kind: 'webp', type: 'image/webp' },
  pdf: { kind: 'pdf', type: 'application/pdf' },
  zip: { kind: 'zip', type: 'application/zip' },
  docx: { kind: 'zip', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'zip', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'zip', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { kind: 'cfb', type: 'application/msword' },
  xls: { kind: 'cfb', type: 'application/vnd.ms-excel' },
  ppt: { kind: 'cfb', type: 'application/vnd.ms-powerpoint' },
  txt: { kind: 'text', type: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', type: 'text/csv; charset=utf-8' },
  svg: { kind: 'svg', type: 'image/svg+xml' },
  mp4: { kind: 'mp4', type: 'video/mp4', video: true },
  mov: { kind: 'mov', type: 'video/quicktime', video: true },
  avi: { kind: 'avi', type: 'video/x-msvideo', video: true },
  wmv: { kind: 'wmv', type: 'video/x-ms-wmv', video: true },
  flv: { kind: 'flv', type: 'video/x-flv', video: true },
  ogg: { kind: 'ogg', type: 'video/ogg', video: true },
  rmvb: { kind: 'rmvb', type: 'application/vnd.rn-realmedia-vbr', video: true },
};

/** spec 000 §5: the video formats accepted. */
export const VIDEO_EXTS = ['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb', 'mov'] as const;
/** spec 000 §2: images previewed inline. */
export const PREVIEW_EXTS = ['png', 'jpg', 'jpeg', 'gif', 'svg'] as const;
/** Every media type a stored file is served as (for the API document). */
export const SERVED_TYPES = [...new Set(Object.values(EXT).map((t) => t.type.split(';')[0]))];

export function extOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return m ? m[1].toLowerCase() : '';
}

export const isAllowedExt = (ext: string) => ext in EXT;
export const isVideoExt = (ext: string) => !!EXT[ext]?.video;
export const contentTypeOf = (ext: string) => EXT[ext]?.type ?? 'application/octet-stream';
export const isPreviewExt = (ext: string) => (PREVIEW_EXTS as readonly string[]).includes(ext);

/** Bytes the sniffer wants before it decides (it decides on fewer at the end of a small file). */
export const SNIFF_BYTES = 4096;

const starts = (b: Buffer, sig: number[] | string, at = 0) => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= at + bytes.length && b.subarray(at, at + bytes.length).equals(bytes);
};

/** The kind of a file from its first bytes, or why it is refused. */
export function sniff(head: Buffer): { kind: Kind } | { refused: Refusal } {
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (starts(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (starts(head, 'GIF87a') || starts(head, 'GIF89a')) return { kind: 'gif' };
  if (starts(head, 'RIFF') && starts(head, 'WEBP', 8)) return { kind: 'webp' };
  if (starts(head, 'RIFF') && starts(head, 'AVI ', 8)) return { kind: 'avi' };
  if (starts(head, '%PDF-')) return { kind: 'pdf' };
  if (starts(head, [0x50, 0x4b, 0x03, 0x04]) || starts(head, [0x50, 0x4b, 0x05, 0x06])) return { kind: 'zip' };
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'cfb' };
  if (starts(head, 'ftyp', 4)) return { kind: starts(head, 'qt  ', 8) ? 'mov' : 'mp4' };
  // QuickTime files may open with another atom (wide, mdat, moov) before ftyp.
  if (starts(head, 'moov', 4) || starts(head, 'mdat', 4) || starts(head, 'wide', 4)) return { kind: 'mov' };
  if (starts(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]))
    return { kind: 'wmv' };
  if (starts(head, 'FLV') && head[3] === 0x01) return { kind: 'flv' };
  if (starts(head, 'OggS')) return { kind: 'ogg' };
  if (starts(head, '.RMF')) return { kind: 'rmvb' };
  // Executables: Windows PE, ELF, Mach-O (32/64, both byte orders, fat), Java class, scripts with a shebang.
  if (
    starts(head, 'MZ') ||
    starts(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    starts(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    starts(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    starts(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    starts(head, [0xca, 0xfe, 0xba, 0xbe]) ||
    starts(head, '#!')
  )
    return { refused: 'executable' };
  return sniffText(head);
}

/** UTF-8 text: plain text, CSV or SVG; HTML is refused (a browser would run its scripts). */
function sniffText(head: Buffer): { kind: Kind } | { refused: Refusal } {
  if (head.includes(0)) return { refused: 'unknown' };
  let text: string;
  try {
    // A multi-byte character may be cut at the end of the sniffed bytes: decode in stream mode.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return { refused: 'unknown' };
  }
  // Control characters other than tab, newline, carriage return and form feed: binary.
  if (/[\x01-\x08\x0b\x0e-\x1f\x7f]/.test(text)) return { refused: 'unknown' };
  const lead = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (/^<(!doctype\s+html|html|head|body|script|iframe|object|embed)\b/.test(lead)) return { refused: 'html' };
  // SVG: optional XML declaration, comments and doctype, then <svg.
  const body = lead
    .replace(/^<\?xml[^>]*>\s*/, '')
    .replace(/^(<!--[\s\S]*?-->\s*)*/, '')
    .replace(/^<!doctype\s+svg[^>]*>\s*/, '')
    .replace(/^(<!--[\s\S]*?-->\s*)*/, '');
  if (body.startsWith('<svg')) return { kind: 'svg' };
  return { kind: 'text' };
}

/** Whether an extension may carry a detected kind. */
export function extAgrees(ext: string, kind: Kind): boolean {
  return EXT[ext]?.kind === kind;
}

/**
 * Checks text files to their end while they stream: valid UTF-8 and no NUL byte anywhere.
 * `push` throws on the first bad chunk; `end` throws on a truncated character at the end.
 */
export class TextChecker {
  private decoder = new TextDecoder('utf-8', { fatal: true });
  push(chunk: Buffer): void {
    if (chunk.includes(0)) throw new Error('binary');
    this.decoder.decode(chunk, { stream: true });
  }
  end(): void {
    this.decoder.decode();
  }
}
