import type { Db } from '../db/db.ts';
import { bytesStream, type Storage } from '../files/storage.ts';
import { Canvas, inCircle, inRound, type RGB } from './png-canvas.ts';

/*
 * Demo pictures of the shop's products: a drawn PNG per product (the product line's colour and
 * shape — a cylinder for hydraulics, a circuit board for electrics, a gear for drives, a motor for
 * power units, a sheet for consumables), attached like any picture a product manager uploads.
 * Made here, no files shipped; idempotent (fixed storage keys, rows only when the product has none).
 */

const W = 320;
const H = 240;

const shade = (c: RGB, f: number): RGB => [0, 1, 2].map((i) => Math.max(0, Math.min(255, Math.round(c[i] * f)))) as RGB;
const LINE_LOOK: Record<string, { color: RGB; draw: (c: Canvas, col: RGB, v: number) => void }> = {
  'PL-HYD': {
    color: [22, 104, 220],
    draw: (c, col, v) => {
      const len = 150 + v * 8;
      c.fill(
        (x, y) => inRound(x, y, 160 - len / 2, 95, 160 + len / 2, 145, 18),
        (_x, y) => shade(col, 0.75 + (0.5 * (145 - y)) / 50),
      );
      c.fill((x, y) => inRound(x, y, 160 + len / 2 - 6, 108, 160 + len / 2 + 34, 132, 6), [150, 156, 166]);
      c.fill((x, y) => inCircle(x, y, 160 - len / 2 + 10, 120, 14), shade(col, 0.55));
    },
  },
  'PL-ELE': {
    color: [19, 150, 96],
    draw: (c, col, v) => {
      c.fill(
        (x, y) => inRound(x, y, 70, 60, 250, 180, 8),
        (x) => shade(col, 0.8 + (0.3 * x) / W),
      );
      c.fill((x, y) => inRound(x, y, 120 + v * 4, 95, 190 + v * 4, 145, 4), [40, 44, 52]);
      c.fill(
        (x, y) =>
          (x - 80) % 22 < 6 &&
          (y - 70) % 22 < 6 &&
          !inRound(x, y, 112 + v * 4, 88, 198 + v * 4, 152, 4) &&
          inRound(x, y, 76, 66, 244, 174, 4),
        [230, 190, 80],
      );
    },
  },
  'PL-DRV': {
    color: [212, 107, 8],
    draw: (c, col, v) => {
      const teeth = 10 + v;
      c.fill(
        (x, y) => {
          const d = Math.hypot(x - 160, y - 120);
          const a = Math.atan2(y - 120, x - 160);
          const outer = Math.cos(a * teeth) > 0 ? 78 : 66;
          return d <= outer && d >= 22;
        },
        (x, y) => shade(col, 0.7 + (0.5 * (240 - y - x / 3)) / 240),
      );
      c.fill((x, y) => inCircle(x, y, 160, 120, 12), [90, 96, 106]);
    },
  },
  'PL-PWR': {
    color: [114, 46, 209],
    draw: (c, col, v) => {
      c.fill(
        (x, y) => inRound(x, y, 80, 70, 220, 170, 22),
        (_x, y) => shade(col, 0.7 + (0.5 * (170 - y)) / 100),
      );
      c.fill((x, y) => x >= 96 && x <= 204 && (y - 78) % (12 + v) < 4 && y > 76 && y < 164, shade(col, 0.5), 0.6);
      c.fill((x, y) => inRound(x, y, 220, 110, 262, 130, 4), [150, 156, 166]);
      c.fill((x, y) => inRound(x, y, 110, 170, 190, 186, 3), [80, 86, 96]);
    },
  },
  'PL-CON': {
    color: [120, 128, 140],
    draw: (c, col, v) => {
      for (let i = 0; i < 3; i++)
        c.fill((x, y) => inRound(x, y, 70 + i * 14, 70 - i * 10 + v, 230 + i * 14, 170 - i * 10 + v, 6), shade(col, 0.8 + i * 0.15));
    },
  },
};

/** A product's demo picture: its line's shape and colour, varied a little by its part number. */
export function productPicture(lineCode: string, partNumber: string): Buffer {
  const look = LINE_LOOK[lineCode] ?? LINE_LOOK['PL-CON'];
  const v = [...partNumber].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 997, 7) % 5;
  const c = new Canvas(W, H);
  c.fill(
    () => true,
    (_x, y) => [246 - Math.round((y / H) * 18), 248 - Math.round((y / H) * 16), 251 - Math.round((y / H) * 12)],
  );
  c.fill((x, y) => ((x - 160) / 120) ** 2 + ((y - 200) / 14) ** 2 <= 1, [200, 206, 214], 0.6); // shadow
  look.draw(c, look.color, v);
  return c.png();
}

/**
 * Attaches a drawn picture to every active demo product that has none (after the demo seed; storage
 * needed). Under the demo seed's lock: instances starting together on a fresh database would both
 * draw and store the same keys, and one could record the size of the other's half-written object.
 */
export async function seedProductPictures(db: Db, storage: Storage): Promise<void> {
  await db.tx(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(727002)');
    const { rows } = await sql.query<{ id: string; no: string; name: string; line: string | null; admin: string | null }>(
      `SELECT p.productid AS id, p.productnumber AS no, p.name, l.new_code AS line,
              (SELECT systemuserid FROM systemuser WHERE domainname = 'admin') AS admin
         FROM product p LEFT JOIN new_productline l ON l.new_productlineid = p.new_productline_id
        WHERE p.new_state = 0 AND NOT EXISTS (SELECT 1 FROM file_attachment a WHERE a.module_type = 'product' AND a.object_id = p.productid)
        ORDER BY p.productnumber LIMIT 200`,
    );
    for (const r of rows) {
      const key = `att/demo/product-${r.no.toLowerCase().replace(/[^a-z0-9-]/g, '-')}-png`; // storage keys: [a-z0-9-] only
      let size = (await storage.stat(key))?.size;
      if (size === undefined) {
        const png = productPicture(r.line ?? '', r.no);
        await storage.put(key, bytesStream(png), 'image/png');
        size = png.length;
      }
      await sql.query(
        `INSERT INTO file_attachment (module_type, object_id, file_name, file_size, content_type, storage_key, created_by, modified_by)
         VALUES ('product', $1, $2, $3, 'image/png', $4, $5, $5) ON CONFLICT DO NOTHING`,
        [r.id, `${r.name}.png`, size, key, r.admin],
      );
    }
  });
}
