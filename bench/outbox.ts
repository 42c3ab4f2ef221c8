/**
 * Webhook outbox throughput (issue 30; target ≥ 500 deliveries/s to a local receiver): BENCH_EVENTS
 * (default 20,000) events over BENCH_RECORDS (default 2,000) records in the outbox of a test portal,
 * drained by BENCH_INSTANCES (default 1; 2 = a second app instance on the same database, as behind a
 * balancer) drainers with their defaults (batches of 200, 32 requests in flight) to a node:http
 * receiver on 127.0.0.1 answering 200. Prints deliveries/s from the drainers' start to the last
 * delivery written. Also the cost emitEvent adds to a command's transaction (median of 500).
 *   node scripts/with-postgres.mjs node --import tsx bench/outbox.ts
 */
import { getEntity } from '@portal/model';
import { WebhookDrainer } from '../packages/server/src/integration/webhooks/drainer.ts';
import { emitEvent } from '../packages/server/src/integration/webhooks/emit.ts';
import { startReceiver } from '../packages/server/src/integration/webhooks/test-receiver.ts';
import { secondInstance, testPortal } from '../packages/server/src/testing/test-portal.ts';
import { median } from './compare.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 2_000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);

const p = await testPortal({ seedDemo: 'no' });
const others = INSTANCES > 1 ? await Promise.all(Array.from({ length: INSTANCES - 1 }, () => secondInstance(p))) : [];
const receiver = await startReceiver();
try {
  const sub = (await p.db.one<{ id: string }>(
    `INSERT INTO webhook_subscription (name, url, event_types, secret, owner_id)
     VALUES ('bench', $1, ARRAY['bench.event', 'new_stockin.confirm'], 'whsec_bench', gen_random_uuid()) RETURNING id`,
    [receiver.url('/bench')],
  ))!.id;

  // What a command pays: emitEvent inside its transaction (one subscription takes the type).
  const e = getEntity('new_stockin')!;
  const costs: number[] = [];
  for (let i = 0; i < 500; i++) {
    await p.db.tx(async (sql) => {
      const t0 = performance.now();
      await emitEvent(sql, e, crypto.randomUUID(), 'new_stockin.confirm', null);
      costs.push(performance.now() - t0);
    });
  }
  await p.db.query(`DELETE FROM webhook_delivery WHERE subscription_id = $1`, [sub]);

  await p.db.query(
    `INSERT INTO webhook_event (id, type, entity, record_id, body)
     SELECT id, 'bench.event', 'new_stockin', record, json_build_object('id', id, 'type', 'bench.event', 'recordId', record, 'n', n)::text
       FROM (SELECT gen_random_uuid() AS id, n, ('00000000-0000-4000-8000-' || lpad((n % $1)::text, 12, '0'))::uuid AS record
               FROM generate_series(1, $2) n) ev`,
    [RECORDS, EVENTS],
  );
  await p.db.query(
    `INSERT INTO webhook_delivery (subscription_id, event_id, event_type, record_id)
     SELECT $1::uuid, id, type, record_id FROM webhook_event WHERE type = 'bench.event' ORDER BY (body::json->>'n')::int`,
    [sub],
  );
  const opts = { allowHttp: true, allowPrivate: ['127.0.0.1/32'], idleMs: 20 };
  const drainers = [p, ...others].map((x) => new WebhookDrainer(x.db, opts));
  const t0 = performance.now();
  for (const d of drainers) d.start();
  const left = async () => (await p.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery WHERE state = 'pending'`))!.n;
  while ((await left()) > 0 && performance.now() - t0 < 600_000) await new Promise((r) => setTimeout(r, 50));
  const s = (performance.now() - t0) / 1000;
  await Promise.all(drainers.map((d) => d.stop()));
  const got = receiver.got.filter((g) => g.path === '/bench').length;
  console.log(`emitEvent in a command's transaction: median ${median(costs).toFixed(2)} ms (500 runs)`);
  console.log(
    `${EVENTS} events over ${RECORDS} records, ${INSTANCES} instance(s): ${got} received in ${s.toFixed(2)} s = ${Math.round(EVENTS / s)} deliveries/s`,
  );
} finally {
  await receiver.close();
  for (const o of others) await o.close();
  await p.close();
}
