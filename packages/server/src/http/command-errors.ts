import { msg } from '@portal/model';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ValidationFailed } from '../records/write.ts';
import { fail } from './envelope.ts';
import { AppError, Refusal } from './errors.ts';
import { requestLang } from './request-context.ts';

/**
 * The error handler of the business command routes (work orders, parts, stock): field validation
 * as the record service's `Data: { errors }`, refusals (400/403/404, 422 for a reused Idempotency-Key) as the envelope plus
 * `error: { code, message, field? }`, a malformed body as 400 naming the first bad field.
 * Anything else (401, 409 of the session, 500) goes on to the app's handler.
 */
export function commandErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(req);
  if (err instanceof ValidationFailed) {
    const message = msg(err.key, lang, err.params);
    return reply
      .code(400)
      .send({ ...fail(400, message), Data: { errors: err.errors }, error: { code: err.key, message, field: err.errors[0]?.field } });
  }
  if (err instanceof AppError && [400, 403, 404, 422].includes(err.status)) {
    const message = msg(err.key, lang, err.params);
    const field = err instanceof Refusal ? err.field : undefined;
    return reply.code(err.status).send({ ...fail(err.status, message), error: { code: err.key, message, ...(field ? { field } : {}) } });
  }
  // A body or query the route's schema refused (Fastify validation, zod issues): the same answer.
  const validation = (err as { validation?: { instancePath?: string }[] }).validation;
  if (err instanceof ZodError || validation) {
    const path = err instanceof ZodError ? err.issues[0]?.path.map(String) : validation?.[0]?.instancePath?.split('/').filter(Boolean);
    const field = path?.join('.') || 'body';
    const message = msg('wo.badValue', lang, { field });
    return reply.code(400).send({ ...fail(400, message), error: { code: 'wo.badValue', message, field } });
  }
  throw err;
}
