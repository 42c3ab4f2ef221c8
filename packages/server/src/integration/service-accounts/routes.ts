import {
  SERVICE_ACCOUNT_API,
  type Lang,
  type ServiceAccountDetail,
  type ServiceAccountOptions,
  type ServiceAccountResult,
} from '@portal/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { forgetCachedUsers } from '../../auth/principal.ts';
import { sessionsEnded } from '../../auth/session-cache.ts';
import type { Sql } from '../../db/db.ts';
import { writeLog } from '../../domain/operation-log.ts';
import { commandErrorHandler } from '../../http/command-errors.ts';
import { ok } from '../../http/envelope.ts';
import { BEARER, returns } from '../../http/openapi.ts';
import { requestLang } from '../../http/request-context.ts';
import { requestCaller } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import type { Services } from '../../services.ts';
import {
  changeServiceAccount,
  createServiceAccount,
  serviceAccountDetail,
  rotateServiceAccountSecret,
  serviceAccountOptions,
  setServiceAccountEnabled,
  type Outcome,
} from './commands.ts';
import { retryAfterHeader } from './calls.ts';
import { oauthTokenRoute } from './token-endpoint.ts';

const CREATE = z.object({
  name: z.string().max(200).optional(),
  roles: z.array(z.string().max(64)).max(100).optional(),
  units: z.array(z.string().max(64)).max(1000).optional(),
  rateLimit: z.number().optional(),
});
const RESULT = z.object({
  id: z.string(),
  clientId: z.string(),
  clientSecret: z.string().optional(),
  message: z.string(),
}) satisfies z.ZodType<ServiceAccountResult>;
const OPTIONS = z.object({
  roles: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })),
  units: z.array(z.object({ id: z.string(), name: z.string(), type: z.number().nullable() })),
}) satisfies z.ZodType<ServiceAccountOptions>;
type Run = (sql: Sql, caller: Caller, req: { params: Record<string, string>; body: unknown }, lang: Lang) => Promise<Outcome>;
const DETAIL = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  units: z.array(z.string()),
  rateLimit: z.number(),
}) satisfies z.ZodType<ServiceAccountDetail>;
const doc = (summary: string, parts: object = {}) => ({ summary, tags: ['service accounts'], security: BEARER, ...parts });

/**
 * The service accounts (model service-account-api.ts): the administrator's commands, the OAuth 2
 * token endpoint, and the Retry-After of a service account's 429 on every route.
 */
export function serviceAccountRoutes(app: FastifyInstance, s: Services): void {
  oauthTokenRoute(app, s);
  retryAfterHeader(app);
  const admin = requireAuth(s.authenticate, 'system.admin');

  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);
    /**
     * One transaction each. No Idempotency-Key replay (commandRoute's): the answer of create and
     * rotate holds a secret, which must not be kept anywhere. After the commit this instance waits
     * until it has heard the ended sessions, so "refused at once" holds from the answer on.
     */
    const command = (url: string, action: string, summary: string, body: z.ZodType | undefined, run: Run) =>
      r.post<{ Params: Record<string, string> }>(
        url,
        { preValidation: admin, schema: doc(summary, { ...(body ? { body } : {}), ...returns(RESULT) }) },
        async (req) => {
          const caller = await requestCaller(s.db, req);
          const lang = requestLang(req);
          const out = await s.db.tx((sql) => run(sql, caller, req, lang));
          if (out.userId) forgetCachedUsers(out.userId);
          await sessionsEnded(s.db, out.ended);
          // The operation log keeps who made, re-keyed or switched off which system's access.
          await writeLog(s.db, req, {
            action,
            userId: caller.principal.userId,
            userName: caller.principal.userName,
            entityName: 'new_serviceaccount',
            recordId: out.result.id,
            detail: out.result.clientId,
          });
          return ok(out.result, out.result.message);
        },
      );

    command(
      SERVICE_ACCOUNT_API,
      'serviceaccount.create',
      'Create a service account (its secret is answered this once)',
      CREATE,
      async (sql, caller, req, lang) => {
        const result = await createServiceAccount(sql, caller, CREATE.parse(req.body ?? {}), lang);
        return { result, ended: [] };
      },
    );
    command(
      `${SERVICE_ACCOUNT_API}/:id/rotate`,
      'serviceaccount.rotate',
      'Issue a new secret; the old one and its tokens stop working',
      undefined,
      (sql, caller, req, lang) => rotateServiceAccountSecret(sql, caller, req.params.id, lang),
    );
    command(
      `${SERVICE_ACCOUNT_API}/:id/disable`,
      'serviceaccount.disable',
      'Disable: its tokens are refused at once, on every instance',
      undefined,
      (sql, caller, req, lang) => setServiceAccountEnabled(sql, caller, req.params.id, false, lang),
    );
    command(
      `${SERVICE_ACCOUNT_API}/:id/enable`,
      'serviceaccount.enable',
      'Enable again (tokens with the current secret)',
      undefined,
      (sql, caller, req, lang) => setServiceAccountEnabled(sql, caller, req.params.id, true, lang),
    );
    command(
      `${SERVICE_ACCOUNT_API}/:id`,
      'serviceaccount.change',
      'Change name, roles, units or limit (client id and secret stay)',
      CREATE,
      (sql, caller, req, lang) => changeServiceAccount(sql, caller, req.params.id, CREATE.parse(req.body ?? {}), lang),
    );
    r.get(
      `${SERVICE_ACCOUNT_API}/options`,
      { preValidation: admin, schema: doc('The roles and business units the create dialog offers', returns(OPTIONS)) },
      async (req) => ok(await s.db.tx(async (sql) => serviceAccountOptions(sql, await requestCaller(sql, req)))),
    );
    r.get<{ Params: { id: string } }>(
      `${SERVICE_ACCOUNT_API}/:id`,
      { preValidation: admin, schema: doc('Name, role ids, unit ids and limit of an account (the edit dialog)', returns(DETAIL)) },
      async (req) => ok(await s.db.tx(async (sql) => serviceAccountDetail(sql, await requestCaller(sql, req), req.params.id))),
    );
  });
}
