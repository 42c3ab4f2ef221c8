import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { BEARER, returns } from '../../http/openapi.ts';
import { requestLang, t } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { DELIVERY_STATES, listAttempts, listDeliveries, redeliver } from './deliveries.ts';
import {
  createSubscription,
  deleteSubscription,
  eventTypeList,
  getSubscription,
  listSubscriptions,
  rotateSecret,
  setState,
  updateSubscription,
} from './subscriptions.ts';

const UUID = z.uuid();
const ID = z.object({ id: z.string().describe('Id (UUID)') });
const INPUT = z.object({
  name: z.string().max(200).optional(),
  url: z.string().max(2100).optional(),
  eventTypes: z.array(z.string().max(200)).max(500).optional(),
});
const DELIVERY_QUERY = z.object({
  subscription: z.uuid().optional(),
  state: z.enum(DELIVERY_STATES).optional(),
  eventType: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  count: z.coerce.number().int().min(1).max(200).default(20),
});
const SUBSCRIPTION = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  state: z.enum(['active', 'suspended']),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  suspendedOn: z.string().nullable(),
  createdOn: z.string(),
});
const WITH_SECRET = z.object({ subscription: SUBSCRIPTION, secret: z.string().describe('Shown this once') });

/**
 * Webhook subscriptions and the delivery log (system administration, `system.admin`):
 * /api/webhooks/… (docs/integration.md "## Webhooks").
 */
export function webhookRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const policy = { allowHttp: s.cfg.webhooks.allowHttp, allowPrivate: s.cfg.webhooks.allowPrivate };
  const doc = (summary: string, parts: object = {}) => ({
    preValidation: requireAuth(s.authenticate, 'system.admin'),
    schema: { summary, tags: ['webhooks'], security: BEARER, ...parts },
  });
  const idOf = (req: { params: unknown }, missing: 'webhook.notFound' | 'webhook.deliveryNotFound' = 'webhook.notFound') => {
    const r = UUID.safeParse((req.params as { id: string }).id);
    if (!r.success) throw notFound(missing);
    return r.data;
  };

  app.get(
    '/api/webhooks/event-types',
    doc('Every event type a subscription may take, with its label in the caller’s language', {
      ...returns(z.array(z.object({ type: z.string(), entity: z.string(), label: z.string() }))),
    }),
    async (req) => ok(eventTypeList(requestLang(req))),
  );
  app.get('/api/webhooks/subscriptions', doc('The subscriptions (never their secrets)', { ...returns(z.array(SUBSCRIPTION)) }), async () =>
    ok(await listSubscriptions(db)),
  );
  app.get('/api/webhooks/subscriptions/:id', doc('One subscription', { params: ID, ...returns(SUBSCRIPTION) }), async (req) =>
    ok(await getSubscription(db, idOf(req))),
  );
  app.post(
    '/api/webhooks/subscriptions',
    doc('Subscribes a URL to event types; answers the signing secret this once', { body: INPUT, ...returns(WITH_SECRET) }),
    async (req) => ok(await createSubscription(db, req.principal!.userId, INPUT.parse(req.body ?? {}), policy)),
  );
  app.patch(
    '/api/webhooks/subscriptions/:id',
    doc('Changes the name, URL or event types', { params: ID, body: INPUT, ...returns(SUBSCRIPTION) }),
    async (req) => ok(await updateSubscription(db, idOf(req), INPUT.parse(req.body ?? {}), policy)),
  );
  app.delete('/api/webhooks/subscriptions/:id', doc('Deletes a subscription and its delivery log', { params: ID }), async (req) => {
    await deleteSubscription(db, idOf(req));
    return ok(null);
  });
  app.post(
    '/api/webhooks/subscriptions/:id/rotate-secret',
    doc('A new signing secret, effective at once; answered this once', { params: ID, ...returns(z.object({ secret: z.string() })) }),
    async (req) => ok({ secret: await rotateSecret(db, idOf(req)) }),
  );
  app.post(
    '/api/webhooks/subscriptions/:id/activate',
    doc('Activates a (suspended) subscription: a new failure streak', { params: ID, ...returns(SUBSCRIPTION) }),
    async (req) => ok(await setState(db, idOf(req), 'active')),
  );
  app.post(
    '/api/webhooks/subscriptions/:id/suspend',
    doc('Suspends a subscription: nothing is sent until it is activated', { params: ID, ...returns(SUBSCRIPTION) }),
    async (req) => ok(await setState(db, idOf(req), 'suspended')),
  );
  app.get(
    '/api/webhooks/deliveries',
    doc('The delivery log, newest first (filters: subscription, state, event type)', {
      querystring: DELIVERY_QUERY,
      ...returns(z.object({ items: z.array(z.record(z.string(), z.unknown())), total: z.number().int() })),
    }),
    async (req) => ok(await listDeliveries(db, DELIVERY_QUERY.parse(req.query))),
  );
  app.get(
    '/api/webhooks/deliveries/:id/attempts',
    doc('A delivery’s attempts: time, status code or error, duration', {
      params: ID,
      ...returns(
        z.array(z.object({ at: z.string(), statusCode: z.number().nullable(), error: z.string().nullable(), durationMs: z.number() })),
      ),
    }),
    async (req) => ok(await listAttempts(db, idOf(req, 'webhook.deliveryNotFound'))),
  );
  app.post(
    '/api/webhooks/deliveries/:id/redeliver',
    doc('重新投递: the same event (same id) is sent again, due now', { params: ID }),
    async (req) => {
      await redeliver(db, idOf(req, 'webhook.deliveryNotFound'));
      return ok(null, t(req, 'webhook.redelivered'));
    },
  );
}
