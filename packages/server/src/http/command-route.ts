import type { Lang, Privilege } from '@portal/model';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { requireAuth } from '../auth/authenticate.ts';
import type { Sql } from '../db/db.ts';
import { once } from '../domain/idempotency.ts';
import { requestCaller } from '../records/access.ts';
import type { Caller } from '../records/scope.ts';
import type { Services } from '../services.ts';
import { ok } from './envelope.ts';
import { requestLang } from './request-context.ts';

export type CommandRequest = FastifyRequest<{ Params: Record<string, string> }>;
export type CommandRun<T> = (sql: Sql, caller: Caller, req: CommandRequest, lang: Lang) => Promise<T>;

export const COMMAND_DESCRIPTION =
  'One transaction. An `Idempotency-Key` header makes a retry answer the first result; the same key with a different body is refused (422).';

/**
 * A document command's route: the caller checked before the body (preValidation), the command run
 * in one transaction, a retry with the same Idempotency-Key answered with the first result, and
 * the command's message in the envelope. Register inside a plugin that sets commandErrorHandler.
 */
export function commandRoute<T extends { message?: string }>(
  r: FastifyInstance,
  s: Services,
  o: { method: 'POST' | 'PATCH' | 'DELETE'; url: string; privilege?: Privilege; schema: FastifySchema; run: CommandRun<T> },
): void {
  r.route<{ Params: Record<string, string> }>({
    method: o.method,
    url: o.url,
    preValidation: o.privilege ? requireAuth(s.authenticate, o.privilege) : requireAuth(s.authenticate),
    schema: { description: COMMAND_DESCRIPTION, ...o.schema },
    handler: async (req) => {
      const caller = await requestCaller(s.db, req);
      const lang = requestLang(req);
      const key = req.headers['idempotency-key'];
      const result = await s.db.tx((sql) =>
        once(sql, caller.principal.userId, `${o.method} ${req.url}`, typeof key === 'string' ? key : undefined, req.body, () =>
          o.run(sql, caller, req, lang),
        ),
      );
      return ok(result, result.message);
    },
  });
}
