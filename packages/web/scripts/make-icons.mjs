/**
 * Draws the portal's app icons (the mark of public/favicon.svg: a blue rounded square with a white
 * "H") as PNG files for the web app manifest and iOS, with nothing but node:zlib:
 *
 *   node packages/web/scripts/make-icons.mjs      # → packages/web/public/icons/*.png (committed)
 *
 * - icon-192.png, icon-512.png: the mark as in the favicon (rounded corners, transparent outside);
 * - maskable-512.png: full-bleed blue, the "H" inside the central safe zone (a circle of 40 % of the
 *   size in radius), for launchers that cut their own shape (purpose "maskable");
 * - apple-touch-icon.png (180): full-bleed too (iOS rounds the corners itself).
 *
 * Shapes are tested per pixel with 4×4 samples (anti-aliased edges). Run it again only when the
 * mark changes; the PNGs are committed as assets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const BLUE = [0x16, 0x68, 0xdc];
const WHITE = [0xff, 0xff, 0xff];

// The "H" of the favicon's 32-unit view box: M9 22V10h3v4.6h8V10h3v12h-3v-4.8h-8V22z
const H_RECTS = [
  [9, 10, 12, 22], // left bar (x0, y0, x1, y1)
  [20, 10, 23, 22], // right bar
  [12, 14.6, 20, 17.2], // cross bar
];

const inRect = (x, y, [x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1;

function inRoundedSquare(x, y, size, r) {
  if (x < 0 || y < 0 || x >= size || y >= size) return false;
  const cx = Math.min(Math.max(x, r), size - r);
  const cy = Math.min(Math.max(y, r), size - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * One icon, RGBA. `corner` is the rounding in view-box units (0: full bleed); `scale` sizes the "H"
 * around the centre (1: as in the favicon).
 */
function draw(size, { corner, scale }) {
  const px = new Uint8Array(size * size * 4);
  const S = 4;
  const unit = size / 32;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let bg = 0;
      let fg = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          // Sample point in view-box units.
          const x = (i + (si + 0.5) / S) / unit;
          const y = (j + (sj + 0.5) / S) / unit;
          if (!(corner > 0 ? inRoundedSquare(x, y, 32, corner) : true)) continue;
          bg++;
          const hx = 16 + (x - 16) / scale;
          const hy = 16 + (y - 16) / scale;
          if (H_RECTS.some((r) => inRect(hx, hy, r))) fg++;
        }
      }
      const o = (j * size + i) * 4;
      const n = S * S;
      const f = bg ? fg / bg : 0;
      for (let c = 0; c < 3; c++) px[o + c] = Math.round(BLUE[c] * (1 - f) + WHITE[c] * f);
      px[o + 3] = Math.round((bg / n) * 255);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG file: 8-bit RGBA, no interlace, filter 0 on every row. */
export function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  ['icon-192.png', 192, { corner: 7, scale: 1 }],
  ['icon-512.png', 512, { corner: 7, scale: 1 }],
  // The favicon's "H": its corners lie 9.2 units from the centre, inside the safe circle (12.8).
  ['maskable-512.png', 512, { corner: 0, scale: 1 }],
  ['apple-touch-icon.png', 180, { corner: 0, scale: 1 }],
];

mkdirSync(OUT, { recursive: true });
for (const [name, size, opts] of ICONS) {
  const file = png(size, draw(size, opts));
  writeFileSync(join(OUT, name), file);
  console.log(`${name}: ${size}×${size}, ${file.length} bytes`);
}
