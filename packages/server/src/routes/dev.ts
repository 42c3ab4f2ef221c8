import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { peekCaptcha } from '../auth/captcha.ts';
import { findUser } from '../auth/principal.ts';
import { lastSentCode } from '../auth/sms.ts';
import { signSsoAssertion } from '../auth/sso.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';

/**
 * Read-backs for automated tests (PORTAL_TEST_MODE=1 only, refused in production): they let a
 * test sign in like a person without reading pictures or phones.
 */
export function devRoutes(app: FastifyInstance, s: Services) {
  if (!s.cfg.testMode) return;
  app.get('/api/dev/captcha/:captchaId', async (req) => {
    const answer = await peekCaptcha(s.db, (req.params as { captchaId: string }).captchaId);
    if (!answer) throw notFound();
    return ok(answer);
  });
  app.get('/api/dev/sms', async (req) => {
    const { mobilephone } = z.object({ mobilephone: z.string() }).parse(req.query);
    const code = await lastSentCode(s.db, mobilephone);
    if (!code) throw notFound();
    return ok(code);
  });
  /** What the CRM would put in its hand-off link. */
  app.get('/api/dev/sso-assertion', async (req) => {
    const { userName } = z.object({ userName: z.string() }).parse(req.query);
    const user = await findUser(s.db, { userName });
    if (!user) throw notFound();
    return ok({ userId: user.systemuserid, assertion: await signSsoAssertion(s.ssoKey, user.systemuserid) });
  });
}
