import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ENGINEER_APP, isEngineerAppPath, msg } from '@portal/model';
import Fastify, { type FastifyInstance } from 'fastify';
import { z, ZodError } from 'zod';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { fail } from './http/envelope.ts';
import { AppError } from './http/errors.ts';
import { requestLang } from './http/request-context.ts';
import { inputGuard } from './http/input-guard.ts';
import { trackRoutes } from './http/route-registry.ts';
import { closeUnreadBodies } from './http/close-unread-body.ts';
import { logRequest } from './http/log-redaction.ts';
import { serviceAccountRoutes } from './integration/service-accounts/routes.ts';
import { noStoreApiAnswers, securityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { answers, PUBLIC, registerOpenApi } from './http/openapi.ts';
import { crmAuthorizeRoutes } from './routes/crm-authorize.ts';
import { devRoutes } from './routes/dev.ts';
import { platformRoutes } from './routes/platform.ts';
import { portalUserRoutes } from './routes/portal-user.ts';
import { listSettingsRoutes } from './routes/list-settings.ts';
import { tokenRoutes } from './routes/token.ts';
import { recordRoutes } from './routes/records.ts';
import { fileRoutes } from './routes/files.ts';
import { shopRoutes } from './routes/shop.ts';
import { quickOrderRoutes } from './routes/quick-order.ts';
import { shopPublicRoutes } from './routes/shop-public.ts';
import { favouriteRoutes } from './routes/favourite.ts';
import { noticeRoutes } from './routes/notice.ts';
import { flowRoutes } from './routes/flow.ts';
import { workOrderRoutes } from './routes/work-order.ts';
import { workOrderInsightsRoutes } from './routes/work-order-insights.ts';
import { partsRoutes } from './routes/parts.ts';
import { stockRoutes } from './routes/stock.ts';
import { ledgerReportRoutes } from './routes/ledger-reports.ts';
import { expenseRoutes } from './routes/expense.ts';
import { partsReturnRoutes } from './routes/parts-return.ts';
import { messageRoutes } from './routes/message.ts';
import { systemRoutes } from './routes/system.ts';
import { accountApplyRoutes } from './routes/account-apply.ts';
import { workerLinkRoutes } from './routes/worker-link.ts';
import { userCentreRoutes } from './routes/user-centre.ts';
import { salesPrintRoutes } from './routes/sales-print.ts';
import { quoteRoutes } from './routes/quotes.ts';
import { purchaseOrderRoutes } from './routes/purchase-orders.ts';
import { accountStatementRoutes } from './routes/account-statements.ts';
import { financeSearchRoutes } from './routes/finance-search.ts';
import { salesTargetRoutes } from './routes/sales-targets.ts';
import { creditRoutes } from './routes/credit.ts';
import { salesContractRoutes } from './routes/sales-contracts.ts';
import { leadRoutes } from './routes/leads.ts';
import { configuratorRoutes } from './routes/configurator.ts';
import { documentRoutes } from './documents/routes.ts';
import { webApiRoutes } from './webapi/routes.ts';
import { webhookRoutes } from './integration/webhooks/routes.ts';
import { contentRoutes } from './routes/content.ts';
import { metadataRoutes } from './webapi/metadata-routes.ts';
import { buildServices, type Services } from './services.ts';
import { installDomain } from './domain/install.ts';
import { logDestination } from './logging.ts';
import type { SmsProvider } from './auth/sms.ts';

export interface App {
  app: FastifyInstance;
  services: Services;
}

/** Builds the HTTP app on an open database. Tests call this and use app.inject. */
export async function buildApp(
  db: Db,
  cfg: Config,
  opts: { sms?: SmsProvider; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  installDomain();
  const services = await buildServices(db, cfg, opts.sms);
  const logStream = opts.logStream ?? logDestination(cfg.logFormat);
  const app = Fastify({
    logger: {
      level: cfg.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.refresh_token'],
      // The request line carries credentials on some calls (SSO assertion, upload ticket).
      serializers: { req: logRequest },
      // Tests pass their own stream; a terminal gets readable lines (logging.ts), anything else JSON.
      ...(logStream ? { stream: logStream } : {}),
    },
    // Only the configured proxies may name the client address, which keys the sign-in lock and limits.
    trustProxy: fastifyTrustProxy(cfg.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.decorateRequest('principal', null);
  await app.register(helmet, securityHeaders(cfg));
  noStoreApiAnswers(app);
  closeUnreadBodies(app);
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  trackRoutes(app);
  inputGuard(app);

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
    const lang = requestLang(req);
    if (err instanceof AppError) {
      if (err.statusText) reply.raw.statusMessage = err.statusText;
      if (err.status === 401) reply.header('www-authenticate', `Bearer error="${err.statusText ?? 'invalid_token'}"`);
      const text = msg(err.key, lang, err.params);
      return reply.code(err.status).send({ ...fail(err.status, text), error: err.statusText, error_description: text });
    }
    if (err instanceof ZodError || err.validation) {
      return reply.code(400).send(fail(400, msg('error.badRequest', lang)));
    }
    if (err.statusCode === 429) return reply.code(429).send(fail(429, msg('error.tooManyRequests', lang)));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(fail(err.statusCode, msg('error.badRequest', lang)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(fail(500, msg('error.server', lang)));
  });

  // Before the routes: their zod schemas are validated and documented (/docs, /api/openapi.json).
  await registerOpenApi(app);
  tokenRoutes(app, services);
  serviceAccountRoutes(app, services);
  portalUserRoutes(app, services);
  listSettingsRoutes(app, services);
  platformRoutes(app, services);
  crmAuthorizeRoutes(app, services);
  devRoutes(app, services);
  recordRoutes(app, services);
  fileRoutes(app, services);
  shopRoutes(app, services);
  quickOrderRoutes(app, services);
  shopPublicRoutes(app, services);
  favouriteRoutes(app, services);
  noticeRoutes(app, services);
  flowRoutes(app, services);
  workOrderRoutes(app, services);
  workOrderInsightsRoutes(app, services);
  partsRoutes(app, services);
  stockRoutes(app, services);
  ledgerReportRoutes(app, services);
  expenseRoutes(app, services);
  partsReturnRoutes(app, services);
  contentRoutes(app, services);
  messageRoutes(app, services);
  systemRoutes(app, services);
  accountApplyRoutes(app, services);
  workerLinkRoutes(app, services);
  userCentreRoutes(app, services);
  salesPrintRoutes(app, services);
  quoteRoutes(app, services);
  purchaseOrderRoutes(app, services);
  accountStatementRoutes(app, services);
  financeSearchRoutes(app, services);
  salesTargetRoutes(app, services);
  creditRoutes(app, services);
  salesContractRoutes(app, services);
  leadRoutes(app, services);
  configuratorRoutes(app, services);
  documentRoutes(app, services);
  webApiRoutes(app, services);
  webhookRoutes(app, services);
  metadataRoutes(app, services);
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the database answers',
        tags: ['platform'],
        security: PUBLIC,
        ...answers('json', { data: z.object({ ok: z.literal(true) }) }),
      },
    },
    async () => {
      await db.query('SELECT 1');
      return { ok: true };
    },
  );

  // The single-page app: hashed assets cached for a year, every other path answers index.html.
  const hasWeb = existsSync(join(cfg.webDist, 'index.html'));
  const hasEngineerPage = existsSync(join(cfg.webDist, ENGINEER_APP.page));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: cfg.webDist,
      wildcard: true,
      index: 'index.html',
      // The build writes .br/.gz beside each asset (vite.config.ts): sent as the client accepts.
      preCompressed: true,
      setHeaders(res, path) {
        res.header('cache-control', path.includes(`${join(cfg.webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (req.method !== 'GET' || path.startsWith('/api/') || path === '/token' || !hasWeb || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send(fail(404, msg('error.notFound', requestLang(req))));
    }
    reply.header('cache-control', 'no-cache');
    // The engineer app's paths answer its own, lighter page (when the build has it).
    return reply.sendFile(isEngineerAppPath(path) && hasEngineerPage ? ENGINEER_APP.page : 'index.html');
  });
  return { app, services };
}
