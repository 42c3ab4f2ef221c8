import { MESSAGE_KINDS, MESSAGE_PAGE_MAX, type MessageList } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { getMessage, listMessages, readAll, readMessage, unreadCount } from '../domain/message/messages.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang, t } from '../http/request-context.ts';
import type { Services } from '../services.ts';

const UUID = z.uuid();
const LIST = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  count: z.coerce.number().int().min(5).max(MESSAGE_PAGE_MAX).default(20),
  kind: z.enum(MESSAGE_KINDS).optional(),
  unread: z.enum(['0', '1']).optional(),
});
const READ_ALL = z.object({ kind: z.enum(MESSAGE_KINDS).optional() });
const ID = z.object({ id: z.string().describe('Message id (UUID)') });
// What the reads answer (documentation; checked against the model's types).
const MESSAGE = z.object({
  Id: z.string(),
  Kind: z.enum(MESSAGE_KINDS),
  Text: z.string().describe("In the caller's language"),
  Time: z.string().describe('ISO date-time'),
  Read: z.boolean(),
  EntityName: z.string().nullable(),
  RecordId: z.string().nullable(),
  Target: z.enum(['document', 'approval', 'notice']).describe('Where it leads'),
});
const LIST_ANSWER = z.object({
  items: z.array(MESSAGE),
  TotalRecordCount: z.number().int(),
  Unread: z
    .object(Object.fromEntries(MESSAGE_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof MESSAGE_KINDS)[number], z.ZodNumber>)
    .describe('Unread per kind'),
}) satisfies z.ZodType<MessageList>;

/** The message centre (/message/message): every signed-in user's own messages, nobody else's. */
export function messageRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const auth = requireAuth(s.authenticate);
  const doc = (summary: string, parts: object = {}) => ({
    preValidation: auth,
    schema: { summary, tags: ['messages'], security: BEARER, ...parts },
  });
  const idParam = (req: { params: unknown }) => {
    const r = UUID.safeParse((req.params as { id: string }).id);
    if (!r.success) throw notFound('message.notFound');
    return r.data;
  };

  app.get(
    '/api/message/list',
    doc("The caller's messages, unread first (paged), with unread counts per kind", { querystring: LIST, ...returns(LIST_ANSWER) }),
    async (req) => {
      const q = LIST.parse(req.query);
      return ok(
        await listMessages(db, req.principal!, { page: q.page, count: q.count, kind: q.kind, unread: q.unread === '1' }, requestLang(req)),
      );
    },
  );
  app.get(
    '/api/message/unread-count',
    doc("Number of the caller's unread messages (the header bell)", returns(z.number().int())),
    async (req) => ok(await unreadCount(db, req.principal!)),
  );
  app.post(
    '/api/message/read-all',
    doc('Marks every unread message of the caller read (of one kind, or all)', { body: READ_ALL }),
    async (req) => {
      const b = READ_ALL.parse(req.body ?? {});
      await db.tx((sql) => readAll(sql, req.principal!, b.kind));
      return ok(await unreadCount(db, req.principal!), t(req, 'message.allRead'));
    },
  );
  app.get('/api/message/:id', doc("One of the caller's messages", { params: ID, ...returns(MESSAGE) }), async (req) =>
    ok(await getMessage(db, req.principal!, idParam(req), requestLang(req))),
  );
  app.post('/api/message/:id/read', doc("Opens one of the caller's messages: marks it read", { params: ID }), async (req) => {
    const id = idParam(req);
    return ok(await readMessage(db, req.principal!, id, requestLang(req)));
  });
}
