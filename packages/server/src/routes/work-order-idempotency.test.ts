import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { migrate } from '../db/schema.ts';
import { ACTION } from '../domain/work-order/log.ts';
import { multipart, SAMPLES, tempStorage } from '../files/testing.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

/*
 * The engineer app's queue (issue 15) replays actions recorded offline: every work-order command
 * and the attachment upload take an `Idempotency-Key`; a replay answers the first result and
 * changes nothing (one history entry, one line, one photo). The times the phone recorded are the
 * times stored, however late the queue reaches the server.
 */

let p: Portal;
let store: Awaited<ReturnType<typeof tempStorage>>;
const tok: Record<string, string> = {};
let me: string; // engineer1's personnel record

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (who: string, method: Method, url: string, payload?: object, key?: string) =>
  p.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...(key ? { 'idempotency-key': key } : {}) },
  });
const cmd = (id: string, name: string, body: object, key?: string) => api('engineer1', 'POST', `/api/workorders/${id}/${name}`, body, key);
const n = async (sql: string, params: unknown[]) => (await p.db.one<{ n: number }>(sql, params))!.n;
const logCount = (id: string, action: number) =>
  n('SELECT count(*)::int AS n FROM new_srv_workorderlog WHERE new_workorder_id = $1 AND new_action = $2', [id, action]);
const photoRows = (id: string) =>
  n(`SELECT count(*)::int AS n FROM file_attachment WHERE module_type = 'new_srv_workorder' AND object_id = $1`, [id]);
/** A past instant, to the millisecond, as the phone sends it. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A new SH001 order dispatched to engineer1 two hours ago (so steps may be recorded after it). */
async function order(): Promise<string> {
  const res = await api('station1', 'POST', '/api/crmdata/create/new_srv_workorders', {
    new_type: 1,
    new_warranty: 1,
    new_customer: '上海离线测试有限公司',
    new_contact: '钱伟',
    new_phone: '13812345678',
    new_province: '上海市',
    new_city: '上海市',
    new_county: '浦东新区',
    new_address: '张江路 88 号',
    new_faultdesc: '设备报警停机',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().Data.id as string;
  expect((await api('station1', 'POST', `/api/workorders/${id}/dispatch`, { workerId: me })).statusCode).toBe(200);
  await p.db.query(`UPDATE new_srv_workorder SET new_dispatchtime = now() - interval '2 hours' WHERE new_srv_workorderid = $1`, [id]);
  return id;
}

function upload(id: string, name: string, key?: string) {
  const body = multipart(
    { ModuleType: 'new_srv_workorder', FileId: '', FileName: name, ObjectId: id, IsOverwrite: '0' },
    { name, content: SAMPLES.png },
  );
  return p.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok.engineer1), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

beforeAll(async () => {
  store = await tempStorage();
  p = await testPortal(store.cfg);
  for (const u of ['station1', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
  me = (await p.db.one<{ id: string }>(`SELECT new_worker_id AS id FROM systemuser WHERE domainname = 'engineer1'`))!.id;
});
afterAll(async () => {
  await p?.close();
  await store?.remove();
});

describe('work-order commands with an Idempotency-Key', () => {
  it('a replayed progress step answers the first result, stores the recorded time and logs once', async () => {
    const id = await order();
    const key = randomUUID();
    const at = ago(90);
    const first = await cmd(id, 'progress', { step: 'response', time: at }, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await cmd(id, 'progress', { step: 'response', time: at }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().Data).toEqual(first.json().Data);
    expect(await logCount(id, ACTION.responded)).toBe(1);
    const row = await p.db.one<{ status: number; t: Date }>(
      'SELECT new_status AS status, new_responsetime AS t FROM new_srv_workorder WHERE new_srv_workorderid = $1',
      [id],
    );
    expect(row!.status).toBe(3);
    expect(row!.t.toISOString()).toBe(at);
    // Without the key (or with another) the same step is a new call: refused as already recorded.
    const again = await cmd(id, 'progress', { step: 'response', time: at }, randomUUID());
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toContain('响应');
  });

  it('a refused first try leaves no claim: the same key runs again once the order allows it', async () => {
    const id = await order();
    const key = randomUUID();
    const early = await cmd(id, 'progress', { step: 'departure', time: ago(60), address: '浦东服务站' }, key);
    expect(early.statusCode).toBe(400);
    expect((await cmd(id, 'progress', { step: 'response', time: ago(70) })).statusCode).toBe(200);
    const retry = await cmd(id, 'progress', { step: 'departure', time: ago(60), address: '浦东服务站' }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await logCount(id, ACTION.departed)).toBe(1);
  });

  it('offline times are stored as recorded; a replayed upload and completion change nothing', async () => {
    const id = await order();
    const times = { response: ago(100), departure: ago(80), arrival: ago(45), completion: ago(20) };
    expect((await cmd(id, 'progress', { step: 'response', time: times.response }, randomUUID())).statusCode).toBe(200);
    expect(
      (
        await cmd(
          id,
          'progress',
          { step: 'departure', time: times.departure, address: '浦东服务站', longitude: 121.5447, latitude: 31.2214 },
          randomUUID(),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await cmd(
          id,
          'progress',
          { step: 'arrival', time: times.arrival, address: '张江路 88 号', longitude: 121.5903, latitude: 31.2044 },
          randomUUID(),
        )
      ).statusCode,
    ).toBe(200);

    const photoKey = randomUUID();
    const up = await upload(id, 'site-offline-1.png', photoKey);
    expect(up.statusCode, up.body).toBe(200);
    const upAgain = await upload(id, 'site-offline-1.png', photoKey);
    expect(upAgain.statusCode, upAgain.body).toBe(200);
    expect(upAgain.json().Data.Id).toBe(up.json().Data.Id);
    expect(await photoRows(id)).toBe(1);
    expect((await store.files()).length).toBeGreaterThan(0);
    const filesAfterFirst = (await store.files()).length;

    const done = { completionTime: times.completion, serviceResult: '更换主板后试机正常', solution: '更换主板', fixtype: 1 };
    const key = randomUUID();
    const first = await cmd(id, 'complete', done, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await cmd(id, 'complete', done, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().Data).toEqual(first.json().Data);
    expect(await logCount(id, ACTION.completed)).toBe(1);
    // A replayed upload after completion: still the first attachment, nothing stored.
    expect((await upload(id, 'site-offline-1.png', photoKey)).json().Data.Id).toBe(up.json().Data.Id);
    expect(await photoRows(id)).toBe(1);
    expect((await store.files()).length).toBe(filesAfterFirst);

    const row = await p.db.one<Record<string, Date | number | string>>(
      `SELECT new_status, new_photocount, new_responsetime, new_departuretime, new_arrivaltime, new_completiontime, new_serviceresult
         FROM new_srv_workorder WHERE new_srv_workorderid = $1`,
      [id],
    );
    expect(row!.new_status).toBe(7);
    expect(row!.new_photocount).toBe(1);
    expect((row!.new_responsetime as Date).toISOString()).toBe(times.response);
    expect((row!.new_departuretime as Date).toISOString()).toBe(times.departure);
    expect((row!.new_arrivaltime as Date).toISOString()).toBe(times.arrival);
    expect((row!.new_completiontime as Date).toISOString()).toBe(times.completion);
    expect(row!.new_serviceresult).toBe('更换主板后试机正常');
  });

  it('a replayed line add, change and delete each apply once', async () => {
    const id = await order();
    const item = { new_name: '更换压缩机', new_hours: 2, new_price: 80 };
    const addKey = randomUUID();
    const added = await api('engineer1', 'POST', `/api/workorders/${id}/lines/repairitems`, item, addKey);
    expect(added.statusCode, added.body).toBe(200);
    const again = await api('engineer1', 'POST', `/api/workorders/${id}/lines/repairitems`, item, addKey);
    expect(again.json().Data).toEqual(added.json().Data);
    const lineId = added.json().Data.lineId as string;
    const lines = () => n('SELECT count(*)::int AS n FROM new_srv_repairitem WHERE new_workorder_id = $1', [id]);
    const charge = async () =>
      Number(
        (await p.db.one<{ c: string }>('SELECT new_servicecharge AS c FROM new_srv_workorder WHERE new_srv_workorderid = $1', [id]))!.c,
      );
    expect(await lines()).toBe(1);
    expect(await charge()).toBe(160);
    expect(await logCount(id, ACTION.lines)).toBe(1);

    const patchKey = randomUUID();
    for (let i = 0; i < 2; i++) {
      const r = await api('engineer1', 'PATCH', `/api/workorders/${id}/lines/repairitems/${lineId}`, { new_hours: 3 }, patchKey);
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await charge()).toBe(240);
    expect(await logCount(id, ACTION.lines)).toBe(2);

    const delKey = randomUUID();
    for (let i = 0; i < 2; i++) {
      const r = await api('engineer1', 'DELETE', `/api/workorders/${id}/lines/repairitems/${lineId}`, undefined, delKey);
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(await lines()).toBe(0);
    expect(await logCount(id, ACTION.lines)).toBe(3);
  });

  it("an order reassigned meanwhile refuses the queued action with the server's message (404), key or not", async () => {
    const id = await order();
    const colleague = (await p.db.one<{ id: string }>(
      `SELECT w.new_srv_workerid AS id FROM new_srv_worker w JOIN new_srv_worker me ON me.new_srv_workerid = $1
        WHERE w.new_station_id = me.new_station_id AND w.new_srv_workerid <> $1 ORDER BY w.new_code LIMIT 1`,
      [me],
    ))!.id;
    expect((await api('station1', 'POST', `/api/workorders/${id}/dispatch`, { workerId: colleague, memo: '改派' })).statusCode).toBe(200);
    const r = await cmd(id, 'progress', { step: 'response', time: ago(5) }, randomUUID());
    expect(r.statusCode).toBe(404);
    expect(r.json().Message).toBeTruthy();
    expect(await logCount(id, ACTION.responded)).toBe(0);
  });

  it('the same key with another body is refused (422) and changes nothing; the first body, keys in any order, still replays', async () => {
    const id = await order();
    const key = randomUUID();
    const at = ago(90);
    const first = await cmd(id, 'progress', { step: 'response', time: at }, key);
    expect(first.statusCode, first.body).toBe(200);
    const other = await cmd(id, 'progress', { step: 'response', time: ago(30) }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      Message: '该请求标识（Idempotency-Key）已用于内容不同的另一请求，本次请求未执行',
      error: { code: 'error.idempotencyKeyReused' },
    });
    const en = await p.app.inject({
      method: 'POST',
      url: `/api/workorders/${id}/progress`,
      payload: { step: 'arrival', time: ago(20), address: '张江路 88 号' },
      headers: { ...bearer(tok.engineer1), 'accept-language': 'en-US', 'idempotency-key': key },
    });
    expect(en.statusCode).toBe(422);
    expect(en.json().Message).toBe('This Idempotency-Key was already used for a different request; this request was not carried out.');
    const replay = await cmd(id, 'progress', { time: at, step: 'response' }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().Data).toEqual(first.json().Data);
    expect(await logCount(id, ACTION.responded)).toBe(1);
    expect(await logCount(id, ACTION.arrived)).toBe(0);
    const row = await p.db.one<{ status: number; t: Date }>(
      'SELECT new_status AS status, new_responsetime AS t FROM new_srv_workorder WHERE new_srv_workorderid = $1',
      [id],
    );
    expect(row!.status).toBe(3);
    expect(row!.t.toISOString()).toBe(at);

    // A queued photo: the same key with another file name stores nothing.
    const photoKey = randomUUID();
    const up = await upload(id, 'site-key-1.png', photoKey);
    expect(up.statusCode, up.body).toBe(200);
    const files = (await store.files()).length;
    const otherPhoto = await upload(id, 'site-key-2.png', photoKey);
    expect(otherPhoto.statusCode).toBe(422);
    expect(otherPhoto.json().Message).toBe('该请求标识（Idempotency-Key）已用于内容不同的另一请求，本次请求未执行');
    expect(await photoRows(id)).toBe(1);
    expect((await store.files()).length).toBe(files);
    expect((await upload(id, 'site-key-1.png', photoKey)).json().Data.Id).toBe(up.json().Data.Id);
  });

  it('a malformed key is refused before anything runs', async () => {
    const id = await order();
    const r = await cmd(id, 'progress', { step: 'response', time: ago(5) }, 'bad key');
    expect(r.statusCode).toBe(400);
    expect(await logCount(id, ACTION.responded)).toBe(0);
  });

  // Last: it takes the table back to an earlier release's shape.
  it('a database from before fingerprints gains the column on start; results it stored replay as before', async () => {
    const id = await order();
    const key = randomUUID();
    const first = await cmd(id, 'progress', { step: 'response', time: ago(90) }, key);
    expect(first.statusCode, first.body).toBe(200);
    await p.db.query('ALTER TABLE app_command_result DROP COLUMN fingerprint');
    // That release's database noted no fingerprint of the current model's DDL (db/schema.ts).
    await p.db.query('DELETE FROM schema_state');
    await migrate(p.db.pool);
    const stored = await p.db.one<{ fingerprint: string | null }>(`SELECT fingerprint FROM app_command_result WHERE key LIKE '%' || $1`, [
      key,
    ]);
    expect(stored).toEqual({ fingerprint: null });
    // Nothing to compare with: answered as before, changing nothing.
    const replay = await cmd(id, 'progress', { step: 'response', time: ago(80) }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().Data).toEqual(first.json().Data);
    expect(await logCount(id, ACTION.responded)).toBe(1);
    // New keys get their fingerprint.
    const next = randomUUID();
    expect((await cmd(id, 'progress', { step: 'departure', time: ago(60), address: '浦东服务站' }, next)).statusCode).toBe(200);
    expect((await cmd(id, 'progress', { step: 'departure', time: ago(50), address: '浦东服务站' }, next)).statusCode).toBe(422);
  });
});
