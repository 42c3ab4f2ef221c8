/**
 * A small push XML tokenizer for the parts of an .xlsx (spec'd SpreadsheetML, no DTDs): text is fed
 * in chunks as it is inflated and comes out as open/close/text events, so a part is never held
 * whole. Namespace prefixes are dropped (`x:c` → `c`, `r:id` → `id`). A DOCTYPE, or a tag or text
 * run longer than `maxPending` without a boundary, is refused (ScanError): nothing real needs one.
 */
export type XmlEvent =
  | { kind: 'open'; name: string; attrs: Record<string, string>; empty: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

export class ScanError extends Error {}

const local = (n: string) => {
  const i = n.indexOf(':');
  return i < 0 ? n : n.slice(i + 1);
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e] ?? m;
  });
}

const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export class XmlScanner {
  private pending = '';

  constructor(private readonly maxPending = 4 * 1024 * 1024) {}

  /** Feeds a chunk; returns the events it completes (a split tag or entity waits for the next chunk). */
  push(chunk: string, out: XmlEvent[] = []): XmlEvent[] {
    const s = this.pending + chunk;
    let pos = 0;
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        // Text up to the last '&' that might start a split entity; the rest waits.
        const amp = s.lastIndexOf('&');
        const cut = amp >= pos && !s.includes(';', amp) ? amp : s.length;
        if (cut > pos) out.push({ kind: 'text', text: decodeXml(s.slice(pos, cut)) });
        pos = cut;
        break;
      }
      if (lt > pos) out.push({ kind: 'text', text: decodeXml(s.slice(pos, lt)) });
      pos = lt;
      const end = this.tagEnd(s, lt);
      if (end < 0) break;
      this.tag(s, lt, end, out);
      pos = end;
    }
    this.pending = s.slice(pos);
    if (this.pending.length > this.maxPending) throw new ScanError('unbounded tag or text');
    return out;
  }

  /** The index just past the markup that starts at `lt`, or -1 when it is not complete yet. */
  private tagEnd(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) {
      const e = s.indexOf('-->', lt + 4);
      return e < 0 ? -1 : e + 3;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      const e = s.indexOf(']]>', lt + 9);
      return e < 0 ? -1 : e + 3;
    }
    if (s.startsWith('<!', lt) && s.length - lt >= 9) throw new ScanError('DOCTYPE');
    if (s.startsWith('<?', lt)) {
      const e = s.indexOf('?>', lt + 2);
      return e < 0 ? -1 : e + 2;
    }
    // '>' may sit inside a quoted attribute value: skip quoted runs.
    let i = lt + 1;
    let quote = '';
    for (; i < s.length; i++) {
      const c = s[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return i + 1;
    }
    return -1;
  }

  private tag(s: string, lt: number, end: number, out: XmlEvent[]): void {
    const c = s[lt + 1];
    if (c === '!') {
      if (s.startsWith('<![CDATA[', lt)) out.push({ kind: 'text', text: s.slice(lt + 9, end - 3) });
      return;
    }
    if (c === '?') return;
    if (c === '/') {
      out.push({ kind: 'close', name: local(s.slice(lt + 2, end - 1).trim()) });
      return;
    }
    const empty = s[end - 2] === '/';
    const body = s.slice(lt + 1, empty ? end - 2 : end - 1);
    const sp = body.search(/\s/);
    const name = local(sp < 0 ? body : body.slice(0, sp));
    const attrs: Record<string, string> = {};
    if (sp >= 0) {
      for (const m of body.slice(sp).matchAll(ATTR)) attrs[local(m[1])] = decodeXml(m[2] ?? m[3] ?? '');
    }
    out.push({ kind: 'open', name, attrs, empty });
    if (empty) out.push({ kind: 'close', name });
  }

  /** Whatever is left at the end of the part must be nothing but whitespace. */
  end(): void {
    if (this.pending.trim()) throw new ScanError('truncated');
  }
}
