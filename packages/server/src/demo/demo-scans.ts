import type { Db } from '../db/db.ts';
import { bytesStream, type Storage } from '../files/storage.ts';
import { Canvas, inCircle, inRound, type RGB } from './png-canvas.ts';

/*
 * The demo's scanned papers — bank slips of receipts, activity photos of marketing-fund claims —
 * are attachment rows the demo seed writes with fixed storage keys (`att/demo/…-png`). Their files
 * are drawn here after the seed (the storage is not the database's business): a slip is a paper
 * with a bank's coloured header, ruled lines and a red stamp; a photo a room with a banner and
 * people. No files shipped; idempotent (a stored key is left alone).
 */

const W = 480;
const H = 300;
const BANKS: RGB[] = [
  [196, 30, 58], // 工商银行 red
  [0, 80, 160], // 建设银行 blue
  [0, 130, 90], // 农业银行 green
  [180, 20, 40], // 中国银行
  [0, 70, 140], // 交通银行
];

const hash = (s: string) => [...s].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) % 100_003, 17);

/** A bank slip (银行回单): header bar in the bank's colour, ruled fields, a red round stamp. */
export function slipPicture(seed: string): Buffer {
  const v = hash(seed);
  const bank = BANKS[v % BANKS.length];
  const c = new Canvas(W, H);
  c.fill(
    () => true,
    (x, y) => [250 - ((x + y) % 7 === 0 ? 3 : 0), 249, 244],
  );
  c.fill((_x, y) => y < 44, bank);
  c.fill((x, y) => inCircle(x, y, 32, 22, 13), [255, 255, 255], 0.85);
  // ruled fields: label blocks on the left, values on the right (lengths vary with the slip)
  for (let row = 0; row < 7; row++) {
    const y0 = 64 + row * 30;
    c.fill((x, y) => y === y0 + 22 && x > 24 && x < W - 24, [200, 204, 210]);
    c.fill((x, y) => x > 30 && x < 110 && y > y0 + 6 && y < y0 + 16, [150, 156, 166], 0.7);
    const len = 120 + ((v >> row) % 9) * 22;
    c.fill((x, y) => x > 140 && x < 140 + len && y > y0 + 6 && y < y0 + 16, [60, 64, 72], 0.75);
  }
  // the bank's stamp: a red ring with a star, a little transparent
  const sx = 360 + (v % 40);
  const sy = 220 - (v % 30);
  c.fill((x, y) => inCircle(x, y, sx, sy, 46) && !inCircle(x, y, sx, sy, 40), [214, 40, 40], 0.8);
  c.fill(
    (x, y) => {
      const a = Math.atan2(y - sy, x - sx);
      const r = Math.hypot(x - sx, y - sy);
      return r < 14 * (0.55 + 0.45 * Math.cos(5 * a)) + 4;
    },
    [214, 40, 40],
    0.8,
  );
  return c.png();
}

/** A photo of a marketing activity: a room, a banner in the brand's blue, a table and people. */
export function activityPicture(seed: string): Buffer {
  const v = hash(seed);
  const c = new Canvas(W, H);
  c.fill(
    () => true,
    (_x, y) => (y < 200 ? [232 - Math.round(y / 10), 226 - Math.round(y / 12), 214] : [176, 150, 120]),
  );
  c.fill((x, y) => inRound(x, y, 60, 30, 420, 90, 4), [22, 90, 190]);
  c.fill((x, y) => y > 52 && y < 66 && x > 100 && x < 380 && (x - 100) % 24 < 16, [250, 250, 250], 0.9);
  c.fill((x, y) => inRound(x, y, 120, 180, 360, 214, 3), [120, 80, 50]);
  const people = 4 + (v % 4);
  for (let i = 0; i < people; i++) {
    const px = 70 + i * (340 / people) + (v % 17);
    const shirt: RGB = [
      [200, 60, 60],
      [60, 120, 200],
      [80, 160, 90],
      [230, 170, 60],
      [120, 90, 180],
    ][(v + i) % 5] as RGB;
    c.fill((x, y) => inCircle(x, y, px, 150, 13), [240, 205, 170]);
    c.fill((x, y) => inRound(x, y, px - 20, 166, px + 20, 250, 10), shirt);
  }
  return c.png();
}

/**
 * Draws and stores every demo attachment whose key is not stored yet (`att/demo/%`, except the
 * product pictures and the download centre's files, which their own steps store), and records the
 * drawn size. Runs after the demo seed, where the storage is at hand, under the demo seed's lock
 * (instances starting together: the second finds every file stored, at its full size).
 */
export async function storeDemoScans(db: Db, storage: Storage): Promise<number> {
  return db.tx(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(727002)');
    const { rows } = await sql.query<{ key: string; module: string; name: string }>(
      `SELECT DISTINCT ON (storage_key) storage_key AS key, module_type AS module, file_name AS name FROM file_attachment
        WHERE storage_key LIKE 'att/demo/%' AND module_type <> 'product' ORDER BY storage_key`,
    );
    let stored = 0;
    for (const r of rows) {
      let size = (await storage.stat(r.key))?.size;
      if (size === undefined) {
        // Papers (slips, invoices, sign-off sheets, forms) are drawn as a slip; the rest as a photo.
        const png = r.module === 'new_receipt' || /发票|单|表/.test(r.name) ? slipPicture(r.key) : activityPicture(r.key);
        await storage.put(r.key, bytesStream(png), 'image/png');
        size = png.length;
        stored++;
      }
      await sql.query('UPDATE file_attachment SET file_size = $2 WHERE storage_key = $1 AND file_size <> $2', [r.key, size]);
    }
    return stored;
  });
}
