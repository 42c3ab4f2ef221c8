import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { listNotices, noticeCarousel, openNotice, replyToNotice, unreadCount } from '../domain/notice/notices.ts';
import { ok } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { BEARER, returns } from '../http/openapi.ts';
import { requestLang, t } from '../http/request-context.ts';
import { requestSubtree } from '../records/scope.ts';
import type { Services } from '../services.ts';

const UUID = z.uuid();
const LIST = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  count: z.coerce.number().int().min(5).max(50).default(20),
  type: z.coerce.number().int().min(1).max(8).optional(),
  keyword: z.string().max(100).optional(),
  unread: z.enum(['0', '1']).optional(),
});
const REPLY = z.object({ Content: z.string().optional().describe('At most 1,000 characters') });
const ID = z.object({ id: z.string().describe('Notice id (UUID)') });
// What the reads answer (documentation).
const NOTICE = {
  Id: z.string(),
  Title: z.string(),
  Sub: z.string(),
  Type: z.number().int(),
  TypeText: z.string().describe("In the caller's language"),
  PublishTime: z.string().nullable().describe('ISO date-time'),
  Publisher: z.string(),
  NeedReply: z.boolean(),
  IsRead: z.boolean(),
  IsReplied: z.boolean().describe("Anyone of the caller's unit replied"),
};
const PAGE = z.object({ items: z.array(z.object(NOTICE)), TotalRecordCount: z.number().int() });
const CAROUSEL = z.array(z.object({ title: z.string(), sub: z.string(), url: z.string().describe("The web app's path of the notice") }));
const OPENED = z.object({
  ...NOTICE,
  Content: z.string().describe('HTML'),
  Replies: z
    .array(
      z.object({
        Id: z.string(),
        Content: z.string(),
        ReplierName: z.string(),
        UnitName: z.string(),
        CreatedOn: z.string().describe('ISO date-time'),
      }),
    )
    .describe("Replies of the caller's units"),
});

/** Notices with read and reply records (spec 001 §3, §4): list, open (marks read), reply, carousel. */
export function noticeRoutes(app: FastifyInstance, s: Services) {
  const { db } = s;
  const auth = requireAuth(s.authenticate, 'notice.read');
  // preValidation: the caller is checked before the query or body, as when the handlers parsed them.
  const doc = (summary: string, parts: object = {}) => ({
    preValidation: auth,
    schema: { summary, tags: ['notices'], security: BEARER, ...parts },
  });
  const idParam = (req: { params: unknown }) => {
    const r = UUID.safeParse((req.params as { id: string }).id);
    if (!r.success) throw notFound('notice.notFound');
    return r.data;
  };

  app.get(
    '/api/notice/list',
    doc("Published notices with the caller's read state (paged)", { querystring: LIST, ...returns(PAGE) }),
    async (req) => {
      const q = LIST.parse(req.query);
      return ok(await listNotices(db, req.principal!, { ...q, unread: q.unread === '1' }, requestLang(req)));
    },
  );

  app.get('/api/notice/carousel', doc('Notices of the home page carousel', returns(CAROUSEL)), async () => ok(await noticeCarousel(db)));
  app.get('/api/notice/unread-count', doc('Number of unread notices', returns(z.number().int())), async (req) =>
    ok(await unreadCount(db, req.principal!)),
  );

  app.get('/api/notice/:id', doc('Open a notice (marks it read)', { params: ID, ...returns(OPENED) }), async (req) => {
    const id = idParam(req);
    return ok(await openNotice(db, req.principal!, id, await requestSubtree(db, req), requestLang(req)));
  });

  app.post('/api/notice/:id/reply', doc('Reply to a notice', { params: ID, body: REPLY }), async (req) => {
    const id = idParam(req);
    const b = REPLY.parse(req.body ?? {});
    const content = b.Content?.trim() ?? '';
    if (!content) throw badRequest('notice.replyRequired');
    if (content.length > 1000) throw badRequest('notice.replyTooLong');
    return ok({ Id: await replyToNotice(db, req.principal!, id, content) }, t(req, 'notice.replied'));
  });
}
