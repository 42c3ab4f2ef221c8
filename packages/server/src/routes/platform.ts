import { langFromId, LANG_IDS } from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { createCaptcha } from '../auth/captcha.ts';
import { writeLog } from '../domain/operation-log.ts';
import { optionalDateTime } from '../domain/checked-input.ts';
import { ok } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { answers, BEARER, PUBLIC, returns } from '../http/openapi.ts';
import { portalKind } from '../http/portal-kind.ts';
import { addressUrls } from '../files/address.ts';
import type { Services } from '../services.ts';

const CONFIGS_QUERY = z.object({ langId: z.string().optional().describe('Language id (2052 zh-CN, 1033 en-US)') });
const LOG_QUERY = z.object({
  before: z.string().max(60).optional().describe("ISO date-time: entries before it (the previous page's next)"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  user: z.string().max(100).optional(),
});
const LOG_ENTRY = z.object({
  new_name: z.string().min(1).max(100),
  new_entityname: z.string().max(100).optional(),
  new_recordid: z.string().max(100).optional(),
  new_url: z.string().max(500).optional(),
  new_detail: z.string().max(4000).optional(),
  new_source: z.unknown().optional(),
});
const TAGS = ['platform'];
// What the reads answer (documentation).
const CAPTCHA = z.object({ captchaId: z.string(), image: z.string().describe('SVG picture of the code') });
const CONFIG = z.object({
  isStore: z.boolean().describe('This host is the store portal'),
  crmAuthorizeUrl: z.string(),
  externalHosts: z.array(z.string()),
  addressUrls: z.object({ province: z.string(), city: z.string(), county: z.string() }),
  defaultLangId: z.number().int(),
});
const LANGUAGES = z.array(
  z.object({ new_code: z.string(), new_displayname: z.string(), new_name: z.string(), new_langid: z.number().int() }),
);
const LANGUAGE_CONFIGS = z.object({ LangId: z.number().int(), LanguageConfigs: z.record(z.string(), z.string()).describe('Text by key') });
const LOG_PAGE = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      createdon: z.string().describe('ISO date-time'),
      action: z.string(),
      result: z.number().int().nullable(),
      userName: z.string().nullable(),
      ip: z.string().nullable(),
      url: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
  next: z.string().nullable().describe('`before` of the next page; null on the last'),
});

/** Captcha, portal configuration, languages and the operation log. */
export function platformRoutes(app: FastifyInstance, s: Services) {
  const { db, cfg } = s;

  app.get(
    '/api/captcha',
    {
      config: { rateLimit: { max: cfg.authRateLimit * 2, timeWindow: 60_000 } },
      schema: {
        summary: 'A new picture captcha: { captchaId, image } (not the envelope)',
        tags: TAGS,
        security: PUBLIC,
        ...answers('json', { data: CAPTCHA }),
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return createCaptcha(db);
    },
  );

  app.get(
    '/api/portal/config',
    {
      schema: {
        summary: 'Portal configuration for the web app (not the envelope)',
        tags: TAGS,
        security: PUBLIC,
        ...answers('json', { data: CONFIG }),
      },
    },
    async (req) => ({
      isStore: portalKind(cfg, req) === 'store',
      crmAuthorizeUrl: process.env.CRM_AUTHORIZE_URL || '/crm/authorize',
      externalHosts: cfg.externalHosts,
      addressUrls: addressUrls(cfg),
      defaultLangId: LANG_IDS['zh-CN'],
    }),
  );

  // spec 001 §7: the languages offered; the web app saves them as its locales.
  app.get(
    '/api/PortalLanguage/GetLanguageList',
    { schema: { summary: 'The languages offered', tags: TAGS, security: PUBLIC, ...returns(LANGUAGES) } },
    async () => {
      const { rows } = await db.query(
        'SELECT new_code, new_displayname, new_name, new_langid FROM new_language WHERE statecode = 0 ORDER BY new_langid DESC',
      );
      return ok(rows);
    },
  );

  // Texts maintained in the database for one language; the web app merges them over its built-in tables.
  app.get(
    '/api/PortalLanguage/GetLanguageConfigs',
    {
      schema: {
        summary: 'Texts maintained in the database for one language',
        tags: TAGS,
        querystring: CONFIGS_QUERY,
        security: PUBLIC,
        ...returns(LANGUAGE_CONFIGS),
      },
    },
    async (req) => {
      const { langId } = CONFIGS_QUERY.parse(req.query);
      const lang = langFromId(langId ?? LANG_IDS['zh-CN']);
      if (!lang) throw badRequest('error.badRequest');
      const { rows } = await db.query<{ new_name: string; new_value: string }>(
        'SELECT new_name, new_value FROM new_languageconfig WHERE new_langid = $1 AND statecode = 0 ORDER BY new_name',
        [LANG_IDS[lang]],
      );
      return ok({ LangId: LANG_IDS[lang], LanguageConfigs: Object.fromEntries(rows.map((r) => [r.new_name, r.new_value ?? ''])) });
    },
  );

  // Administrators read the log newest first, 50 at a time, continuing with the `next` cursor.
  // preValidation: the caller is checked before the query or body, as when the handlers parsed them.
  app.get(
    '/api/OperationLog',
    {
      preValidation: requireAuth(s.authenticate, 'system.admin'),
      schema: {
        summary: 'The operation log, newest first (administrators)',
        tags: TAGS,
        querystring: LOG_QUERY,
        security: BEARER,
        ...returns(LOG_PAGE),
      },
    },
    async (req) => {
      const q = LOG_QUERY.parse(req.query);
      const before = optionalDateTime(q.before, 'before', 'before');
      const { rows } = await db.query<{ createdon: Date }>(
        `SELECT new_operationlogid AS id, createdon, new_name AS action, new_result AS result, new_username AS "userName",
              new_ip AS ip, new_url AS url, new_detail AS detail
         FROM new_operationlog
        WHERE ($1::timestamptz IS NULL OR createdon < $1) AND ($2::varchar IS NULL OR new_username = $2)
        ORDER BY createdon DESC LIMIT $3`,
        [before, q.user ?? null, q.limit],
      );
      const next = rows.length === q.limit ? rows[rows.length - 1].createdon.toISOString() : null;
      return ok({ items: rows, next });
    },
  );

  // spec 001 §7: the web app's own log entries; the server stamps new_source 2, the user and the address.
  app.post(
    '/api/OperationLog',
    {
      preValidation: requireAuth(s.authenticate),
      bodyLimit: 16 * 1024,
      schema: { summary: 'Write a log entry of the web app', tags: TAGS, body: LOG_ENTRY, security: BEARER },
    },
    async (req) => {
      const p = req.principal!;
      const b = LOG_ENTRY.parse(req.body ?? {});
      await writeLog(db, req, {
        action: b.new_name,
        userId: p.userId,
        userName: p.userName,
        entityName: b.new_entityname,
        recordId: b.new_recordid,
        url: b.new_url,
        detail: b.new_detail,
      });
      return ok(null);
    },
  );
}
