import { stockInType } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { DEMO_PASSWORD } from '../../demo/data.ts';
import { startMain } from '../../testing/main-process.ts';
import { portalDatabaseUrl, secondInstance, testPortal } from '../../testing/test-portal.ts';
import { WebhookDrainer } from './drainer.ts';
import { startReceiver } from './test-receiver.ts';

/**
 * The outbox past one process: 10,000 events drained by two instances (each event delivered once,
 * each record's events in order), and a server killed with SIGKILL between the commit and the
 * delivery (the event goes out after the restart, once).
 */
let p: Portal;
let second: Portal;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function subscription(url: string, types: string[]): Promise<string> {
  const owner = (await p.db.one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'`))!.id;
  return (await p.db.one<{ id: string }>(
    `INSERT INTO webhook_subscription (name, url, event_types, secret, owner_id) VALUES ('pg', $1, $2::text[], 'whsec_test', $3) RETURNING id`,
    [url, types, owner],
  ))!.id;
}

beforeAll(async () => {
  p = await testPortal();
  second = await secondInstance(p);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await second?.close();
  await p?.close();
});

describe('webhooks on PostgreSQL, past one process', () => {
  it('10,000 events drained by two instances at once: each delivered once, each record’s in order', async () => {
    const sub = await subscription(receiver.url('/bulk'), ['bench.event']);
    // 100 records × 100 events, written as emitEvent writes them (the outbox and one delivery each), in order.
    await p.db.query(
      `WITH ev AS (
         SELECT gen_random_uuid() AS id, r, n, ('00000000-0000-4000-8000-' || lpad(r::text, 12, '0'))::uuid AS record
           FROM generate_series(1, 100) r, generate_series(1, 100) n),
       ins AS (
         INSERT INTO webhook_event (id, type, entity, record_id, body)
         SELECT id, 'bench.event', 'new_stockin', record, json_build_object('id', id, 'type', 'bench.event', 'recordId', record, 'n', n)::text FROM ev
         RETURNING id)
       SELECT count(*) FROM ins`,
    );
    await p.db.query(
      `INSERT INTO webhook_delivery (subscription_id, event_id, event_type, record_id)
       SELECT $1::uuid, e.id, e.type, e.record_id FROM webhook_event e WHERE e.type = 'bench.event' ORDER BY (e.body::json->>'n')::int, e.record_id`,
      [sub],
    );
    const opts = { allowHttp: true, allowPrivate: ['127.0.0.1/32'], idleMs: 20 };
    const a = new WebhookDrainer(p.db, opts);
    const b = new WebhookDrainer(second.db, opts);
    a.start();
    b.start();
    const t0 = performance.now();
    while (receiver.got.filter((g) => g.path === '/bulk').length < 10_000 && performance.now() - t0 < 180_000)
      await new Promise((r) => setTimeout(r, 100));
    await a.stop();
    await b.stop();
    const got = receiver.got
      .filter((g) => g.path === '/bulk')
      .map((g) => JSON.parse(g.body) as { id: string; recordId: string; n: number });
    expect(got.length).toBe(10_000);
    expect(new Set(got.map((g) => g.id)).size).toBe(10_000);
    const last = new Map<string, number>();
    for (const g of got) {
      expect(g.n, g.recordId).toBe((last.get(g.recordId) ?? 0) + 1);
      last.set(g.recordId, g.n);
    }
    const states = await p.db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM webhook_delivery WHERE subscription_id = $1 GROUP BY state`,
      [sub],
    );
    expect(states.rows).toEqual([{ state: 'delivered', n: 10_000 }]);
    const attempts = await p.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_attempt a JOIN webhook_delivery d ON d.id = a.delivery_id WHERE d.subscription_id = $1`,
      [sub],
    );
    expect(attempts!.n).toBe(10_000);
    await p.db.query('DELETE FROM webhook_subscription WHERE id = $1', [sub]);
  }, 240_000);

  it('kill -9 between the commit and the delivery: delivered after the restart, exactly once', async () => {
    await subscription(receiver.url('/restart'), ['new_stockin.confirm']);
    const env = {
      DATABASE_URL: await portalDatabaseUrl(p),
      SEED_DEMO: '0',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32',
    };
    // The first server commits the event and dies before its drainer could send it (WEBHOOK_DRAIN=0 holds it back).
    const first = await startMain({ ...env, WEBHOOK_DRAIN: '0' });
    const url = (path: string) => `http://127.0.0.1:${first.port}${path}`;
    const { captchaId } = (await (await fetch(url('/api/captcha'))).json()) as { captchaId: string };
    const answer = ((await (await fetch(url(`/api/dev/captcha/${captchaId}`))).json()) as { Data: string }).Data;
    const form = { grant_type: 'password', username: 'dealer1', password: DEMO_PASSWORD, captcha1: captchaId, captcha2: answer };
    const token = (
      (await (await fetch(url('/token'), { method: 'POST', body: new URLSearchParams(form) })).json()) as { access_token: string }
    ).access_token;
    const post = async (path: string, body: object) => {
      const r = await fetch(url(path), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status, path).toBe(200);
      return ((await r.json()) as { Data: { id: string } }).Data;
    };
    const wh = (await p.db.one<{ id: string }>(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = 'WH-DL-GZ001'`))!
      .id;
    const part = (await p.db.one<{ id: string }>(`SELECT productid AS id FROM product WHERE productnumber = 'HC-LF-200'`))!.id;
    const { id } = await post('/api/crmdata/create/new_stockins', {
      new_warehouse_id: wh,
      new_intype: stockInType.purchase,
      new_source: 'kill -9',
    });
    await post('/api/crmdata/create/new_stockindetails', { new_stockin_id: id, new_product_id: part, new_qty: 1 });
    await post(`/api/documents/new_stockins/${id}/confirm`, {});
    // (Not first.stop(): it waits for an exit code, and a killed process has none, only its signal.)
    const gone = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await gone;
    const pending = await p.db.one<{ event: string }>(
      `SELECT d.event_id AS event FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id WHERE e.record_id = $1 AND d.state = 'pending'`,
      [id],
    );
    expect(pending?.event).toMatch(/^[0-9a-f-]{36}$/);
    expect(receiver.got.filter((g) => g.path === '/restart')).toEqual([]);

    const restarted = await startMain({ ...env, WEBHOOK_DRAIN: '1' });
    try {
      const t0 = performance.now();
      const delivered = () =>
        p.db
          .one<{ state: string }>(`SELECT state FROM webhook_delivery WHERE event_id = $1`, [pending!.event])
          .then((r) => r?.state === 'delivered');
      while (!(await delivered()) && performance.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 100));
      // A few more of its rounds (idle: one a second) send nothing more.
      await new Promise((r) => setTimeout(r, 2500));
      const got = receiver.got.filter((g) => g.path === '/restart');
      expect(got.map((g) => g.headers['x-portal-event-id'])).toEqual([pending!.event]);
      expect(JSON.parse(got[0].body)).toMatchObject({ type: 'new_stockin.confirm', recordId: id });
    } finally {
      await restarted.stop();
    }
  }, 180_000);
});
