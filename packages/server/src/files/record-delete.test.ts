import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { multipart, SAMPLES, tempStorage } from './testing.ts';

describe('deleting a record', () => {
  let portal: Portal;
  let store: Awaited<ReturnType<typeof tempStorage>>;
  let token: string;
  beforeAll(async () => {
    store = await tempStorage();
    portal = await testPortal(store.cfg);
    token = (await signIn(portal.app, 'station1')).access_token;
  });
  afterAll(async () => {
    await portal?.close();
    await store?.remove();
  });

  it('removes its attachments, rows and stored files', async () => {
    const created = await portal.app.inject({
      method: 'POST',
      url: '/api/crmdata/create/new_srv_workers',
      headers: bearer(token),
      payload: { new_name: '韩梅', new_code: 'SH001-DEL1', new_phone: '13911112222' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().Data.id as string;
    const form = multipart(
      { ModuleType: 'new_srv_worker', ObjectId: id, FileName: '工牌.png', IsOverwrite: '0' },
      { name: '工牌.png', type: 'image/png', content: SAMPLES.png },
    );
    const up = await portal.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await store.files()).toHaveLength(1);

    const del = await portal.app.inject({ method: 'POST', url: `/api/crmdata/delete/new_srv_workers(${id})`, headers: bearer(token) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await portal.db.query('SELECT 1 FROM file_attachment WHERE object_id = $1', [id])).rowCount).toBe(0);
    expect(await store.files()).toHaveLength(0);
  });
});
