import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made with pdfkit and one embedded font, for tests: every Flate stream inflated,
 * the font's ToUnicode CMap (bfrange arrays, ranges and bfchar) read, and the hex glyph codes of
 * each text object (BT … ET) mapped back to Unicode, one text object per line. Not a general PDF
 * reader: enough to prove the totals are text in the file, not pictures of text.
 */
export function pdfText(pdf: Buffer): string {
  const streams: string[] = [];
  const bin = pdf.toString('latin1');
  const re = /(?<!end)stream\r?\n/g;
  for (let m = re.exec(bin); m; m = re.exec(bin)) {
    const start = m.index + m[0].length;
    const end = bin.indexOf('endstream', start);
    if (end < 0) break;
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      /* not a Flate stream (or the font program): no text in it */
    }
    re.lastIndex = end + 'endstream'.length;
  }
  const map = new Map<number, string>();
  // Ligatures map one glyph to several characters, written with spaces: <0066 0069>.
  const u16 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const [, body] of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, a, b, arr, one] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f]+)>)/gi)) {
        const from = parseInt(a, 16);
        const to = parseInt(b, 16);
        const targets = arr ? [...arr.matchAll(/<([0-9a-f\s]+)>/gi)].map((x) => x[1]) : null;
        for (let c = from; c <= to; c++) {
          if (targets) map.set(c, u16(targets[c - from] ?? ''));
          else map.set(c, String.fromCodePoint(parseInt(one!, 16) + c - from));
        }
      }
    }
    for (const [, body] of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, a, u] of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) map.set(parseInt(a, 16), u16(u));
    }
  }
  const lines: string[] = [];
  for (const s of streams.filter((x) => x.includes(' Tf'))) {
    for (const [, block] of s.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = '';
      for (const [, hex] of block.matchAll(/<([0-9a-f]+)>/gi)) {
        for (let i = 0; i + 4 <= hex.length; i += 4) line += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\ufffd';
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}
