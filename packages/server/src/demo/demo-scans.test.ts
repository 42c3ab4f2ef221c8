import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { storeDemoScans } from './demo-scans.ts';

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal({ ...store.cfg });
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe("the demo's scanned slips and activity photos", () => {
  it('every demo attachment downloads as the PNG its row names, at its recorded size; a second run stores nothing', async () => {
    const stored = await storeDemoScans(p.db, p.services.storage);
    expect(stored).toBeGreaterThan(10);
    const { rows } = await p.db.query<{ id: string; module: string; name: string; size: number; type: string }>(
      `SELECT id, module_type AS module, file_name AS name, file_size AS size, content_type AS type
         FROM file_attachment WHERE storage_key LIKE 'att/demo/%' AND module_type IN ('new_receipt', 'new_activityapply', 'new_activityuse')`,
    );
    expect(new Set(rows.map((r) => r.module))).toEqual(new Set(['new_receipt', 'new_activityapply', 'new_activityuse']));
    const hq = (await signIn(p.app, 'admin')).access_token;
    for (const r of rows) {
      expect(r.name).toMatch(/\.png$/);
      expect(r.type).toBe('image/png');
      const res = await p.app.inject({ method: 'GET', url: `/api/attachment/download/${r.module}/${r.id}`, headers: bearer(hq) });
      expect(res.statusCode, `${r.module} ${r.name}`).toBe(200);
      expect(res.rawPayload.subarray(0, 4)).toEqual(PNG);
      expect(res.rawPayload.length).toBe(r.size);
    }
    expect(await storeDemoScans(p.db, p.services.storage)).toBe(0);
  });
});
