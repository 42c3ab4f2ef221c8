import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

// A worker's code (工号) is unique within its station only: saving a code another station uses
// must not be refused, or the refusal tells one station what another has (issue 10).
let p: Portal;
const tok: Record<string, string> = {};
const create = (who: string, payload: object, lang = 'zh-CN') =>
  p.app.inject({
    method: 'POST',
    url: '/api/crmdata/create/new_srv_workers',
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': lang },
  });
const update = (who: string, id: string, payload: object) =>
  p.app.inject({ method: 'POST', url: `/api/crmdata/Update/new_srv_workers(${id})`, payload, headers: bearer(tok[who]) });
const codeOf = async (station: string, order = 'ASC') =>
  (await p.db.one<{ c: string }>(
    `SELECT w.new_code AS c FROM new_srv_worker w JOIN new_srv_station s ON s.new_srv_stationid = w.new_station_id WHERE s.new_code = $1 ORDER BY w.new_code ${order} LIMIT 1`,
    [station],
  ))!.c;

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2']) tok[u] = (await signIn(p.app, u)).access_token;
});
afterAll(() => p?.close());

describe('worker code unique per station', () => {
  it('lets station1 save a worker with a code station2 already uses', async () => {
    const theirs = await codeOf('ZJ001');
    const r = await create('station1', { new_name: '跨站同号', new_code: theirs, new_phone: '13800007001' });
    expect(r.statusCode, r.body).toBe(200);
    const { rows } = await p.db.query('SELECT 1 FROM new_srv_worker WHERE new_code = $1', [theirs]);
    expect(rows).toHaveLength(2);
  });

  it('still refuses a code used within the same station, with the message, on create and update', async () => {
    const ours = await codeOf('SH001');
    const dup = await create('station1', { new_name: '同站同号', new_code: ours, new_phone: '13800007002' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Message).toContain(`工号“${ours}”已存在`);
    const en = await create('station1', { new_name: 'same code', new_code: ours, new_phone: '13800007003' }, 'en-US');
    expect(en.json().Message).toContain(`Code "${ours}" already exists`);

    const fresh = await create('station1', { new_name: '改号', new_code: 'WC-NEW-1', new_phone: '13800007004' });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const id = fresh.json().Data.id as string;
    const clash = await update('station1', id, { new_code: ours });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().Message).toContain(`工号“${ours}”已存在`);
    // Changing other fields of the row keeps its own code: no clash with itself.
    expect((await update('station1', id, { new_name: '改号二' })).statusCode).toBe(200);
    expect((await update('station1', id, { new_code: await codeOf('ZJ001', 'DESC') })).statusCode).toBe(200);
  });

  it('has the per-station index, not the old global one', async () => {
    const { rows } = await p.db.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'new_srv_worker' AND indexname LIKE 'ux%'`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['uxc_new_srv_worker_new_station_id_new_code']);
  });
});
