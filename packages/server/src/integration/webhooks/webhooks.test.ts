import { stockInType, stockMoveState } from '@portal/model';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { okData } from '../../testing/user-api.ts';
import { WebhookDrainer, type DrainerOptions } from './drainer.ts';
import { emitEvent } from './emit.ts';
import { verify } from './signature.ts';
import { startReceiver } from './test-receiver.ts';
import { getEntity } from '@portal/model';

let p: Portal;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const tok: Record<string, string> = {};
let wh: string;
let part: string;

const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'zh-CN') =>
  p.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tok[who]}`, 'accept-language': lang } });

/** A dealer's stock-in with one line, confirmed: the kernel's `new_stockin.confirm` event. */
async function confirmedStockIn(): Promise<string> {
  const id = okData(
    await api('dealer1', 'POST', '/api/crmdata/create/new_stockins', {
      new_warehouse_id: wh,
      new_intype: stockInType.purchase,
      new_source: '华辰总部',
    }),
  ).id as string;
  okData(await api('dealer1', 'POST', '/api/crmdata/create/new_stockindetails', { new_stockin_id: id, new_product_id: part, new_qty: 2 }));
  okData(await api('dealer1', 'POST', `/api/documents/new_stockins/${id}/confirm`, {}));
  return id;
}

async function subscribe(types: string[], path: string) {
  return okData(
    await api('admin', 'POST', '/api/webhooks/subscriptions', { name: `测试 ${path}`, url: receiver.url(path), eventTypes: types }),
  ) as {
    subscription: { id: string; state: string };
    secret: string;
  };
}

const drainer = (o: Partial<DrainerOptions> = {}) => new WebhookDrainer(p.db, { allowHttp: true, allowPrivate: ['127.0.0.1/32'], ...o });
const deliveriesOf = async (sub: string) =>
  okData(await api('admin', 'GET', `/api/webhooks/deliveries?subscription=${sub}`)) as {
    items: { id: string; state: string; attempts: number; lastStatus: number | null; lastError: string | null; eventId: string }[];
    total: number;
  };

beforeAll(async () => {
  p = await testPortal({ webhooks: { drain: false, allowHttp: true, allowPrivate: ['127.0.0.1/32'], timeoutMs: 5000 } });
  receiver = await startReceiver();
  for (const u of ['admin', 'dealer1', 'hq', 'branch1']) tok[u] = (await signIn(p.app, u)).access_token;
  wh = (await p.db.one<{ id: string }>(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = 'WH-DL-GZ001'`))!.id;
  part = (await p.db.one<{ id: string }>(`SELECT productid AS id FROM product WHERE productnumber = 'HC-LF-200'`))!.id;
});
// Each test's subscriptions go with it (a failed test's too: they would take the next tests' events).
afterEach(async () => {
  await p.db.query('DELETE FROM webhook_subscription');
  receiver.answer = () => 200;
});
afterAll(async () => {
  await receiver?.close();
  await p?.close();
});

describe('webhooks from the transactional outbox', () => {
  it('an administrator subscribes; a committed command is delivered once, signed; a tampered body fails the check; 重新投递 sends the same event again', async () => {
    // Administrators only; the catalogue offers the document's command with its label.
    expect((await api('dealer1', 'GET', '/api/webhooks/subscriptions')).statusCode).toBe(403);
    const types = okData(await api('admin', 'GET', '/api/webhooks/event-types')) as { type: string; label: string }[];
    expect(types.find((t) => t.type === 'new_stockin.confirm')?.label).toMatch(/：/);
    // One name, one meaning: a command named like an approval moment is `<entity>.command.<name>`.
    expect(new Set(types.map((t) => t.type)).size).toBe(types.length);
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining(['new_srv_partsapply.approved', 'new_srv_partsapply.command.approved']),
    );
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining(['salesorder.approved', 'new_shipment.ship', 'invoice.created', 'new_srv_workorder.audited']),
    );

    const { subscription, secret } = await subscribe(['new_stockin.confirm'], '/a');
    expect(secret).toMatch(/^whsec_/);
    // The secret is never read back.
    expect(JSON.stringify(okData(await api('admin', 'GET', '/api/webhooks/subscriptions')))).not.toContain(secret);

    const id = await confirmedStockIn();
    expect(receiver.got.length).toBe(0);
    expect(await drainer().drainAll()).toBe(1);
    const [r] = receiver.got.filter((g) => g.path === '/a');
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({
      type: 'new_stockin.confirm',
      entity: 'new_stockin',
      entitySet: 'new_stockins',
      recordId: id,
      name: expect.stringMatching(/^RK\d{8}-\d{4}$/),
      status: { value: stockMoveState.confirmed, label: { 'zh-CN': expect.any(String), 'en-US': expect.any(String) } },
      actorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(r.headers['x-portal-event']).toBe('new_stockin.confirm');
    expect(r.headers['x-portal-event-id']).toBe(body.id);
    const ts = r.headers['x-portal-timestamp'] as string;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    expect(verify(secret, ts, r.body, r.headers['x-portal-signature'] as string)).toBe(true);
    expect(verify(secret, ts, r.body.replace('"new_stockin"', '"new_stockout"'), r.headers['x-portal-signature'] as string)).toBe(false);
    expect(verify('whsec_other', ts, r.body, r.headers['x-portal-signature'] as string)).toBe(false);

    // Nothing more is due; the log shows the delivery and its attempt.
    expect(await drainer().drainAll()).toBe(0);
    const log = await deliveriesOf(subscription.id);
    expect(log.items).toMatchObject([{ state: 'delivered', attempts: 1, lastStatus: 200, eventId: body.id }]);
    const redo = await api('admin', 'POST', `/api/webhooks/deliveries/${log.items[0].id}/redeliver`, {});
    expect(redo.json().Message).toBe('已重新排队投递');
    expect(await drainer().drainAll()).toBe(1);
    const again = receiver.got.filter((g) => g.path === '/a');
    expect(again.map((g) => g.headers['x-portal-event-id'])).toEqual([body.id, body.id]);
    expect(again[1].body).toBe(r.body);
    const attempts = okData(await api('admin', 'GET', `/api/webhooks/deliveries/${log.items[0].id}/attempts`)) as { statusCode: number }[];
    expect(attempts.map((a) => a.statusCode)).toEqual([200, 200]);
    okData(await api('admin', 'DELETE', `/api/webhooks/subscriptions/${subscription.id}`));
  });

  it('the approval engine’s round start and end, and a work order’s audit, are events (an intermediate step is not)', async () => {
    const { subscription } = await subscribe(
      ['new_srv_claimfine.submitted', 'new_srv_claimfine.approved', 'new_srv_workorder.audited'],
      '/f',
    );
    const one = async <T>(text: string, params: unknown[] = []) => (await p.db.one<{ v: T }>(text, params))!.v;
    const station = await one<string>(`SELECT new_srv_stationid AS v FROM new_srv_station WHERE new_code = 'SH001'`);
    const flow = await one<string>(`SELECT new_flowid AS v FROM new_flow WHERE new_name = '奖惩单审批流程'`);
    const steps = (
      await p.db.query<{ id: string }>(`SELECT new_flowstepsid AS id FROM new_flowsteps WHERE new_flow_id = $1 ORDER BY new_sequence`, [
        flow,
      ])
    ).rows;
    const user = (login: string) => one<string>('SELECT systemuserid AS v FROM systemuser WHERE domainname = $1', [login]);
    const fine = okData(
      await api('hq', 'POST', '/api/crmdata/create/new_srv_claimfines', {
        new_station_id: station,
        new_finetype: 2,
        new_amount: 1200,
        new_checkmonth: 11,
        new_year: 2026,
        new_checkitem: 'webhook',
      }),
    ).id as string;
    const ApproveList = [
      { StepId: steps[0].id, ApproveUserId: await user('branch1') },
      { StepId: steps[1].id, ApproveUserId: await user('admin') },
    ];
    okData(
      await api('hq', 'POST', '/api/CrmFlow/submit', { EntityId: fine, EntityTypeName: 'new_srv_claimfine', FlowId: flow, ApproveList }),
    );
    okData(
      await api('branch1', 'POST', '/api/CrmFlow/approve', {
        EntityId: fine,
        EntityTypeName: 'new_srv_claimfine',
        Action: 'approve',
        Memo: '',
      }),
    );
    okData(
      await api('admin', 'POST', '/api/CrmFlow/approve', {
        EntityId: fine,
        EntityTypeName: 'new_srv_claimfine',
        Action: 'approve',
        Memo: '',
      }),
    );
    const order = await one<string>(
      `SELECT new_srv_workorderid AS v FROM new_srv_workorder WHERE new_status = 7 ORDER BY new_name LIMIT 1`,
    );
    expect((await api('hq', 'POST', `/api/workorders/${order}/audit`, { pass: true, memo: '' })).statusCode).toBe(200);

    expect(await drainer().drainAll()).toBe(3);
    const got = receiver.got.filter((g) => g.path === '/f').map((g) => JSON.parse(g.body));
    // One record's events in order; the work order's (another record) whenever.
    expect(got.filter((g) => g.entity === 'new_srv_claimfine').map((g) => [g.type, g.status.label['zh-CN']])).toEqual([
      ['new_srv_claimfine.submitted', '审批中'],
      ['new_srv_claimfine.approved', '已审批'],
    ]);
    expect(got.filter((g) => g.entity === 'new_srv_workorder').map((g) => [g.type, g.status.label['zh-CN']])).toEqual([
      ['new_srv_workorder.audited', '已审核'],
    ]);
    expect(got.find((g) => g.entity === 'new_srv_claimfine').recordId).toBe(fine);
    expect(got.find((g) => g.entity === 'new_srv_workorder')).toMatchObject({
      recordId: order,
      entitySet: 'new_srv_workorders',
      actorId: await user('hq'),
    });
    okData(await api('admin', 'DELETE', `/api/webhooks/subscriptions/${subscription.id}`));
  });

  it('a delivery leased by an instance that died mid-request goes out from another once the lease runs out', async () => {
    await subscribe(['new_stockin.confirm'], '/g');
    await p.db.tx((sql) => emitEvent(sql, getEntity('new_stockin')!, '00000000-0000-4000-8000-000000000009', 'new_stockin.confirm', null));
    // As the claim of an instance killed before it could write the outcome leaves it: pending, leased for a minute.
    await p.db.query(`UPDATE webhook_delivery SET lease_until = now() + interval '1 minute', first_try_on = now()`);
    expect(await drainer().drainOnce()).toBe(0);
    expect(await drainer({ now: () => new Date(Date.now() + 61_000) }).drainOnce()).toBe(1);
    expect(receiver.got.filter((g) => g.path === '/g').length).toBe(1);
  });

  it('an administrator edits a subscription (checked as on create) and suspends it: nothing is sent until it is activated', async () => {
    const { subscription } = await subscribe(['new_stockin.confirm'], '/h');
    const patch = (body: object, lang = 'zh-CN') => api('admin', 'PATCH', `/api/webhooks/subscriptions/${subscription.id}`, body, lang);
    expect(
      okData(await patch({ name: ' 仓储接口 ', url: receiver.url('/h2'), eventTypes: ['new_stockin.confirm', 'invoice.created'] })),
    ).toMatchObject({
      name: '仓储接口',
      url: receiver.url('/h2'),
      eventTypes: ['new_stockin.confirm', 'invoice.created'],
    });
    const bad = await patch({ eventTypes: [] }, 'en-US');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Choose at least one event type');
    expect((await patch({ url: 'http://192.168.1.10/x' })).statusCode).toBe(400);
    const types = okData(await api('admin', 'GET', '/api/webhooks/event-types', undefined, 'en-US')) as { type: string; label: string }[];
    expect(types.find((t) => t.type === 'invoice.created')?.label).toBe('Invoice: created');

    expect(okData(await api('admin', 'POST', `/api/webhooks/subscriptions/${subscription.id}/suspend`, {}))).toMatchObject({
      state: 'suspended',
    });
    await confirmedStockIn();
    expect(await drainer().drainAll()).toBe(0);
    okData(await api('admin', 'POST', `/api/webhooks/subscriptions/${subscription.id}/activate`, {}));
    expect(await drainer().drainAll()).toBe(1);
    expect(receiver.got.filter((g) => g.path === '/h2').length).toBe(1);
    expect((await api('admin', 'GET', '/api/webhooks/subscriptions/00000000-0000-4000-8000-00000000dead')).statusCode).toBe(404);
  });

  it('a rolled-back change leaves nothing in the outbox; a refused command neither', async () => {
    const { subscription } = await subscribe(['new_stockin.confirm'], '/b');
    const before = (await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_event'))!.n;
    const e = getEntity('new_stockin')!;
    await expect(
      p.db.tx(async (sql) => {
        await emitEvent(sql, e, '00000000-0000-4000-8000-000000000001', 'new_stockin.confirm', null);
        expect((await sql.query('SELECT 1 FROM webhook_event')).rowCount).toBe(before + 1);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    // A confirm without lines is refused (400): its transaction rolls back.
    const id = okData(
      await api('dealer1', 'POST', '/api/crmdata/create/new_stockins', {
        new_warehouse_id: wh,
        new_intype: stockInType.purchase,
        new_source: 'x',
      }),
    ).id as string;
    expect((await api('dealer1', 'POST', `/api/documents/new_stockins/${id}/confirm`, {})).statusCode).toBe(400);
    expect((await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_event'))!.n).toBe(before);
    expect(await drainer().drainAll()).toBe(0);
    expect(receiver.got.filter((g) => g.path === '/b')).toEqual([]);
    okData(await api('admin', 'DELETE', `/api/webhooks/subscriptions/${subscription.id}`));
  });

  it('a receiver answering 500 gets retries with growing delays, then the delivery is given up after 24 hours', async () => {
    receiver.answer = (r) => (r.path === '/c' ? 500 : 200);
    const { subscription } = await subscribe(['new_stockin.confirm'], '/c');
    await confirmedStockIn();
    let now = Date.now() + 1000;
    const d = drainer({ now: () => new Date(now), random: () => 0.5, suspendAfterFailures: 1000 });
    const nextAt = async () =>
      (await p.db.one<{ t: Date; first: Date }>(
        'SELECT next_at AS t, first_try_on AS first FROM webhook_delivery WHERE subscription_id = $1',
        [subscription.id],
      ))!;
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await d.drainOnce()).toBe(1);
      // Not due again before its time.
      expect(await d.drainOnce()).toBe(0);
      const t = (await nextAt()).t.getTime();
      delays.push(t - now);
      now = t;
    }
    expect(delays).toEqual([15_000, 30_000, 60_000, 120_000]);
    now = (await nextAt()).first.getTime() + 24 * 3600_000;
    expect(await d.drainOnce()).toBe(1);
    const log = await deliveriesOf(subscription.id);
    expect(log.items).toMatchObject([{ state: 'given_up', attempts: 5, lastStatus: 500 }]);
    expect(receiver.got.filter((g) => g.path === '/c').length).toBe(5);
    expect(await d.drainOnce()).toBe(0);
    // Kept 30 days after it finished, then purged with its attempts and its event.
    const event = (await deliveriesOf(subscription.id)).items[0].eventId;
    now += 29 * 24 * 3600_000;
    expect((await d.purge()).deliveries).toBe(0);
    now += 2 * 24 * 3600_000;
    expect((await d.purge()).deliveries).toBe(1);
    expect((await deliveriesOf(subscription.id)).total).toBe(0);
    expect((await p.db.query('SELECT 1 FROM webhook_event WHERE id = $1', [event])).rowCount).toBe(0);
    okData(await api('admin', 'DELETE', `/api/webhooks/subscriptions/${subscription.id}`));
  });

  it('a subscription that keeps failing is suspended and its owner told in the message centre; activating resumes it', async () => {
    receiver.answer = (r) => (r.path === '/d' ? 503 : 200);
    const { subscription } = await subscribe(['new_stockin.confirm'], '/d');
    const e = getEntity('new_stockin')!;
    await p.db.tx(async (sql) => {
      for (let i = 1; i <= 3; i++) await emitEvent(sql, e, `00000000-0000-4000-8000-00000000000${i}`, 'new_stockin.confirm', null);
    });
    const d = drainer({ suspendAfterFailures: 3, suspendAfterMs: 0 });
    expect(await d.drainOnce()).toBe(3);
    const sub = okData(await api('admin', 'GET', `/api/webhooks/subscriptions/${subscription.id}`)) as {
      state: string;
      consecutiveFailures: number;
    };
    expect(sub).toMatchObject({ state: 'suspended', consecutiveFailures: 3 });
    const inbox = okData(await api('admin', 'GET', '/api/message/list?unread=1')) as { items: { Text: string }[] };
    expect(inbox.items.map((m) => m.Text)).toContain('Webhook 订阅“测试 /d”连续 3 次投递失败，已暂停；请检查接收地址后重新启用');
    const en = okData(await api('admin', 'GET', '/api/message/list?unread=1', undefined, 'en-US')) as { items: { Text: string }[] };
    expect(en.items.map((m) => m.Text)).toContain(
      'Webhook subscription "测试 /d" was suspended after 3 failed deliveries in a row; check the receiver and reactivate it',
    );
    // Suspended: nothing is sent, even when due; an event raised meanwhile is kept for it.
    await p.db.query(`UPDATE webhook_delivery SET next_at = now() - interval '1 minute' WHERE subscription_id = $1`, [subscription.id]);
    await p.db.tx((sql) => emitEvent(sql, e, '00000000-0000-4000-8000-000000000004', 'new_stockin.confirm', null));
    expect(await d.drainOnce()).toBe(0);
    receiver.answer = () => 200;
    expect(okData(await api('admin', 'POST', `/api/webhooks/subscriptions/${subscription.id}/activate`, {}))).toMatchObject({
      state: 'active',
      consecutiveFailures: 0,
    });
    expect(await d.drainAll()).toBe(4);
    expect((await deliveriesOf(subscription.id)).items.map((x) => x.state)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    okData(await api('admin', 'DELETE', `/api/webhooks/subscriptions/${subscription.id}`));
  });

  it('SSRF guard: a private address is refused unless allowed; http only when configured; the secret rotates', async () => {
    const refused = async (url: string, text: string) => {
      const res = await api('admin', 'POST', '/api/webhooks/subscriptions', { name: 'x', url, eventTypes: ['new_stockin.confirm'] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Message).toContain(text);
    };
    await refused('http://10.1.2.3/hook', '不允许投递到内网或本机地址 10.1.2.3');
    await refused('http://[::1]:8080/', '不允许投递到内网或本机地址');
    await refused('http://169.254.169.254/latest', '不允许投递到内网或本机地址');
    await refused('ftp://example.com/x', '回调地址必须是有效的 https 地址');
    await refused('https://user:pw@example.com/x', '回调地址必须是有效的 https 地址');
    const res = await api('admin', 'POST', '/api/webhooks/subscriptions', {
      name: 'x',
      url: 'https://example.com/',
      eventTypes: ['nope.nope'],
    });
    expect(res.json().Message).toContain('未知的事件类型：nope.nope');

    // Allowed when the subscription was made, refused at delivery by an instance that does not allow 127.0.0.1.
    const { subscription, secret } = await subscribe(['new_stockin.confirm'], '/e');
    await confirmedStockIn();
    expect(await drainer({ allowPrivate: [] }).drainOnce()).toBe(1);
    expect(receiver.got.filter((g) => g.path === '/e')).toEqual([]);
    expect((await deliveriesOf(subscription.id)).items).toMatchObject([
      { state: 'pending', attempts: 1, lastError: 'address not allowed: 127.0.0.1' },
    ]);

    // A rotated secret signs from now on; the old one no longer verifies.
    const rotated = okData(await api('admin', 'POST', `/api/webhooks/subscriptions/${subscription.id}/rotate-secret`, {})).secret as string;
    expect(rotated).not.toBe(secret);
    // Its retry, due in 10–20 s: a clock a minute on.
    expect(await drainer({ now: () => new Date(Date.now() + 60_000) }).drainOnce()).toBe(1);
    const [r] = receiver.got.filter((g) => g.path === '/e');
    const ts = r.headers['x-portal-timestamp'] as string;
    expect(verify(rotated, ts, r.body, r.headers['x-portal-signature'] as string)).toBe(true);
    expect(verify(secret, ts, r.body, r.headers['x-portal-signature'] as string)).toBe(false);
    okData(await api('admin', 'DELETE', `/api/webhooks/subscriptions/${subscription.id}`));
  });
});
