import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clearFailures, lockedMinutes, recordFailure, throttleSubject } from '../auth/lockout.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { findUser } from '../auth/principal.ts';
import { signSsoAssertion } from '../auth/sso.ts';
import { writeLog } from '../domain/operation-log.ts';
import { clientIp, requestLang } from '../http/request-context.ts';
import { msg } from '@portal/model';
import { answers, PUBLIC } from '../http/openapi.ts';
import type { Services } from '../services.ts';

const AUTHORIZE_QUERY = z.object({ redirect_url: z.string().optional() });
const AUTHORIZE_FORM = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  redirect_url: z.string().optional(),
});
const TAGS = ['sign-in'];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only the portal's own /authorize page may receive an assertion (no open redirect). */
export function safeRedirect(url: string | undefined): string {
  if (!url?.startsWith('/authorize') || url.startsWith('//')) return '/authorize';
  return url;
}

/**
 * Stand-in for the CRM's own authorize page (used when CRM_AUTHORIZE_URL is not set): the user
 * signs in with CRM credentials and is sent back to /authorize with a signed, single-use assertion.
 */
export function crmAuthorizeRoutes(app: FastifyInstance, s: Services) {
  const page = (lang: 'zh-CN' | 'en-US', redirect: string, error = '') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>CRM ${lang === 'zh-CN' ? '统一认证' : 'sign-in'}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#eef2f7;display:flex;justify-content:center;padding-top:12vh}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 12px #0002;width:320px}h1{font-size:20px;margin:0 0 20px}
label{display:block;margin:12px 0 4px;color:#555}input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccd;border-radius:4px}
button{margin-top:20px;width:100%;padding:10px;background:#1668dc;color:#fff;border:0;border-radius:4px;font-size:15px}.err{color:#d4380d;margin-top:12px}</style></head>
<body><form method="post" action="/crm/authorize">
<h1>${lang === 'zh-CN' ? 'CRM 统一认证' : 'CRM sign-in'}</h1>
<input type="hidden" name="redirect_url" value="${esc(redirect)}">
<label for="u">${esc(msg('login.username', lang))}</label><input id="u" name="username" autocomplete="username" required>
<label for="p">${esc(msg('login.password', lang))}</label><input id="p" name="password" type="password" autocomplete="current-password" required>
${error ? `<div class="err" role="alert">${esc(error)}</div>` : ''}
<button type="submit">${esc(msg('login.submit', lang))}</button></form></body></html>`;

  app.get(
    '/crm/authorize',
    {
      schema: {
        summary: 'Stand-in CRM sign-in page (HTML)',
        tags: TAGS,
        querystring: AUTHORIZE_QUERY,
        security: PUBLIC,
        ...answers('html'),
      },
    },
    async (req, reply) => {
      const { redirect_url } = AUTHORIZE_QUERY.parse(req.query);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(requestLang(req), safeRedirect(redirect_url));
    },
  );

  app.post(
    '/crm/authorize',
    {
      config: { rateLimit: { max: s.cfg.authRateLimit, timeWindow: 60_000 } },
      schema: {
        summary: 'Stand-in CRM sign-in: 303 to /authorize with a signed assertion',
        tags: TAGS,
        consumes: ['application/x-www-form-urlencoded'],
        body: AUTHORIZE_FORM,
        security: PUBLIC,
        ...answers('redirect'),
      },
    },
    async (req, reply) => {
      const lang = requestLang(req);
      const b = AUTHORIZE_FORM.parse(req.body ?? {});
      const redirect = safeRedirect(b.redirect_url);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // Per account and address, like POST /token: a stranger cannot lock the owner out.
      const subject = throttleSubject('crm', b.username, clientIp(req));
      const locked = await lockedMinutes(s.db, subject);
      if (locked) return reply.code(429).send(page(lang, redirect, msg('login.locked', lang, { minutes: locked })));
      const user = b.username ? await findUser(s.db, { userName: b.username.trim() }) : undefined;
      if (!(await verifyPassword(user?.new_password, b.password)) || !user) {
        await recordFailure(s.db, subject);
        await writeLog(s.db, req, { action: 'crm-authorize', result: 'failure', userName: b.username.slice(0, 60) });
        return reply.code(401).send(page(lang, redirect, msg('login.incorrect', lang)));
      }
      await clearFailures(s.db, subject);
      const assertion = await signSsoAssertion(s.ssoKey, user.systemuserid);
      const sep = redirect.includes('?') ? '&' : '?';
      return reply.redirect(`${redirect}${sep}assertion=${encodeURIComponent(assertion)}`, 303);
    },
  );
}
