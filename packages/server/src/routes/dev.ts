import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { peekCaptcha } from '../auth/captcha.ts';
import { findUser } from '../auth/principal.ts';
import { lastSentCode } from '../auth/sms.ts';
import { signSsoAssertion } from '../auth/sso.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { PUBLIC, returns } from '../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * Read-backs for automated tests (PORTAL_TEST_MODE=1 only, refused in production): they let a
 * test sign in like a person without reading pictures or phones.
 */
const SMS_QUERY = z.object({ mobilephone: z.string() });
const SSO_QUERY = z.object({ userName: z.string() });
const doc = (summary: string, parts: object = {}) => ({
  schema: { summary: `Test mode only: ${summary}`, tags: ['test mode'], security: PUBLIC, ...parts },
});

export function devRoutes(app: FastifyInstance, s: Services) {
  if (!s.cfg.testMode) return;
  app.get(
    '/api/dev/captcha/:captchaId',
    doc('the answer of a captcha', { params: z.object({ captchaId: z.string() }), ...returns(z.string()) }),
    async (req) => {
      const answer = await peekCaptcha(s.db, (req.params as { captchaId: string }).captchaId);
      if (!answer) throw notFound();
      return ok(answer);
    },
  );
  app.get('/api/dev/sms', doc('the last SMS code sent to a number', { querystring: SMS_QUERY, ...returns(z.string()) }), async (req) => {
    const { mobilephone } = SMS_QUERY.parse(req.query);
    const code = await lastSentCode(s.db, mobilephone);
    if (!code) throw notFound();
    return ok(code);
  });
  /** What the CRM would put in its hand-off link. */
  app.get(
    '/api/dev/sso-assertion',
    doc('a CRM hand-off assertion for a user', {
      querystring: SSO_QUERY,
      ...returns(z.object({ userId: z.string(), assertion: z.string() })),
    }),
    async (req) => {
      const { userName } = SSO_QUERY.parse(req.query);
      const user = await findUser(s.db, { userName });
      if (!user) throw notFound();
      return ok({ userId: user.systemuserid, assertion: await signSsoAssertion(s.ssoKey, user.systemuserid) });
    },
  );
}
