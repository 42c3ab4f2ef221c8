import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/envelope.ts';
import { closeDb } from './idb.ts';
import { applyQueue, type CachedOrder } from './orders.ts';
import { dismiss, enqueue, isRefusal, queued, sentItems, syncQueue, type QueueItem, type Sender } from './queue.ts';

const ME = 'user-engineer1';
const ORDER = 'order-1';

beforeEach(async () => {
  await closeDb();
  globalThis.indexedDB = new IDBFactory() as unknown as typeof globalThis.indexedDB;
});

const progress = (step: 'response' | 'departure' | 'arrival', time: string, orderId = ORDER) => ({
  kind: 'progress' as const,
  step,
  orderId,
  orderName: `WO-${orderId}`,
  at: time,
  body: { step, time, ...(step === 'response' ? {} : { address: '张江路 88 号' }) },
});

/** A server stand-in: records what it was sent; `answer` decides per item. */
function server(answer: (i: QueueItem) => void = () => undefined) {
  const got: QueueItem[] = [];
  const send: Sender = async (i) => {
    got.push(i);
    answer(i);
  };
  return { got, send };
}

describe('the action queue', () => {
  it('keeps each action with the time it was taken and its own Idempotency-Key, in the order taken', async () => {
    const a = await enqueue(ME, progress('response', '2026-11-25T01:00:00.000Z'));
    const b = await enqueue(ME, progress('departure', '2026-11-25T01:10:00.000Z'));
    const items = await queued(ME);
    expect(items.map((i) => i.step)).toEqual(['response', 'departure']);
    expect(items.map((i) => i.at)).toEqual(['2026-11-25T01:00:00.000Z', '2026-11-25T01:10:00.000Z']);
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.key).not.toBe(b.key);
    expect(items.every((i) => i.state === 'pending')).toBe(true);
    // Another user on the same phone sees none of it.
    expect(await queued('someone-else')).toEqual([]);
  });

  it('sends in order; what the server accepted moves to the sent log with its key', async () => {
    for (const s of ['response', 'departure', 'arrival'] as const) await enqueue(ME, progress(s, new Date().toISOString()));
    const keys = (await queued(ME)).map((i) => i.key);
    const { got, send } = server();
    const out = await syncQueue(ME, send);
    expect(out).toMatchObject({ sent: 3, refused: 0, stopped: false, orders: [ORDER] });
    expect(got.map((i) => i.step)).toEqual(['response', 'departure', 'arrival']);
    expect(await queued(ME)).toEqual([]);
    expect((await sentItems(ME)).map((i) => i.key)).toEqual(keys);
  });

  it('a network failure leaves that action and everything after it queued, in order, for the next sync', async () => {
    for (const s of ['response', 'departure', 'arrival'] as const) await enqueue(ME, progress(s, new Date().toISOString()));
    let offline = true;
    const { got, send } = server((i) => {
      if (i.step === 'departure' && offline) throw new ApiError('网络连接失败', 0);
    });
    const first = await syncQueue(ME, send);
    expect(first).toMatchObject({ sent: 1, stopped: true });
    expect(got.map((i) => i.step)).toEqual(['response', 'departure']); // arrival not tried before departure
    expect((await queued(ME)).map((i) => [i.step, i.state])).toEqual([
      ['departure', 'pending'],
      ['arrival', 'pending'],
    ]);
    offline = false;
    const key = (await queued(ME))[0].key;
    const second = await syncQueue(ME, send);
    expect(second).toMatchObject({ sent: 2, stopped: false });
    expect(got.at(-2)!.key).toBe(key); // the retry carries the same key
    expect(await queued(ME)).toEqual([]);
  });

  it("a refused action stays visible with the server's message until dismissed; the others go on", async () => {
    await enqueue(ME, progress('response', new Date().toISOString(), 'reassigned'));
    await enqueue(ME, progress('response', new Date().toISOString(), ORDER));
    const { send } = server((i) => {
      if (i.orderId === 'reassigned') throw new ApiError('工单不存在或无权访问', 404, 404);
    });
    const out = await syncQueue(ME, send);
    expect(out).toMatchObject({ sent: 1, refused: 1, stopped: false });
    expect(out.orders.sort()).toEqual([ORDER, 'reassigned'].sort());
    const [left] = await queued(ME);
    expect(left).toMatchObject({ orderId: 'reassigned', state: 'refused', message: '工单不存在或无权访问', status: 404 });
    // A later sync does not send it again, nor drop it.
    expect((await syncQueue(ME, send)).sent).toBe(0);
    expect(await queued(ME)).toHaveLength(1);
    await dismiss(left.seq!);
    expect(await queued(ME)).toEqual([]);
  });

  it('tells refusals (kept for the engineer) from no answer (kept to send again)', () => {
    expect(isRefusal(new ApiError('x', 400))).toBe(true);
    expect(isRefusal(new ApiError('x', 403))).toBe(true);
    expect(isRefusal(new ApiError('x', 404))).toBe(true);
    // The action's key was used for another body (server: 422): shown under 未能同步, not sent again forever.
    expect(isRefusal(new ApiError('x', 422))).toBe(true);
    expect(isRefusal(new ApiError('x', 200, -1))).toBe(true);
    for (const s of [0, 401, 409, 429, 500, 503]) expect(isRefusal(new ApiError('x', s)), String(s)).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });

  it('an action taken while a sync runs is sent by that sync, after the ones before it', async () => {
    await enqueue(ME, progress('response', new Date().toISOString()));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const got: string[] = [];
    const send: Sender = async (i) => {
      got.push(i.step!);
      if (i.step === 'response') await gate;
    };
    const running = syncQueue(ME, send);
    await new Promise((r) => setTimeout(r, 10));
    await enqueue(ME, progress('departure', new Date().toISOString()));
    const joined = syncQueue(ME, send);
    release();
    const [a, b] = await Promise.all([running, joined]);
    expect(a).toBe(b);
    expect(a.sent).toBe(2);
    expect(got).toEqual(['response', 'departure']);
  });
});

describe('the order as the phone shows it', () => {
  const cached: CachedOrder = {
    id: ORDER,
    userId: ME,
    savedAt: '2026-11-25T00:00:00.000Z',
    photos: 0,
    row: {
      new_srv_workorderid: ORDER,
      new_name: 'WO20261125-0001',
      new_status: 2,
      new_dealstatus: 2,
      'new_status@OData.Community.Display.V1.FormattedValue': '已派工',
    },
    lines: { repairitems: [{ new_srv_repairitemid: 'l1', new_name: '检测' }], partlines: [] },
  };
  const item = (over: Partial<QueueItem>): QueueItem => ({
    userId: ME,
    orderId: ORDER,
    orderName: 'WO',
    kind: 'progress',
    key: 'k',
    at: '2026-11-25T01:00:00.000Z',
    state: 'pending',
    ...over,
  });

  it('applies the pending actions in order: steps, photos, lines, completion; refused ones not', () => {
    const v = applyQueue(cached, [
      item({ step: 'response', body: { step: 'response', time: 't1' } }),
      item({ step: 'departure', body: { step: 'departure', time: 't2', address: '服务站' } }),
      item({ step: 'arrival', body: { step: 'arrival', time: 't3', address: '客户处' } }),
      item({ kind: 'upload' }),
      item({ kind: 'upload' }),
      item({ kind: 'lineAdd', lineKind: 'repairitems', body: { new_name: '更换主板', new_hours: 1, new_price: 80 } }),
      item({ kind: 'lineDelete', lineKind: 'repairitems', lineId: 'l1' }),
      item({ kind: 'appointment', body: { date: '2026-11-26', begin: 900, end: 1100, status: 2, reason: 1, memo: '客户改到明天上午' } }),
      item({ kind: 'complete', body: { completionTime: 't4', serviceResult: '试机正常' } }),
      item({ kind: 'upload', state: 'refused', message: '不允许' }),
      item({ kind: 'upload', orderId: 'another' }),
    ]);
    expect(v.row).toMatchObject({
      new_status: 7,
      new_dealstatus: 7,
      new_responsetime: 't1',
      new_departuretime: 't2',
      new_arrivaladdress: '客户处',
      new_completiontime: 't4',
      new_serviceresult: '试机正常',
    });
    // 改约 made offline: the phone shows the new day and slots until the server has it.
    expect(v.row).toMatchObject({
      new_appointmenttime: '2026-11-26',
      new_appointmentbegin: 900,
      new_appointmentend: 1100,
      new_appointmentstatus: 2,
    });
    expect(v.row['new_status@OData.Community.Display.V1.FormattedValue']).toBeUndefined(); // no stale 已派工
    expect(v.photos).toBe(2);
    expect(v.lines.repairitems).toEqual([{ row: { new_name: '更换主板', new_hours: 1, new_price: 80 }, pending: true }]);
    expect(v.pending).toHaveLength(9);
    expect(v.complete).toBe(true);
  });

  it('counts actions the server accepted after this copy was read, but not as pending', () => {
    const sent = [
      item({ step: 'response', body: { step: 'response', time: 't1' }, sentAt: '2026-11-25T00:00:01.000Z' }),
      item({ kind: 'upload', sentAt: '2026-11-24T23:00:00.000Z' }),
    ];
    const v = applyQueue(cached, [], sent);
    expect(v.row.new_status).toBe(3);
    expect(v.photos).toBe(0); // sent before the copy was read: already in it
    expect(v.pending).toEqual([]);
  });
});
