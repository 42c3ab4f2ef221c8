import { msg, type Lang, type MessageKey } from '@portal/model';
import { AppError, Refusal } from '../http/errors.ts';
import { ValidationFailed } from '../records/write.ts';
import type { ApiResponse } from './request.ts';

/**
 * Errors in the OData shape Dataverse answers: `{ error: { code, message } }` (message in the
 * caller's language). `code` is Dataverse's hexadecimal code of the class of error (what
 * clients written for Dataverse test), `target` the field at fault, `details` every field error;
 * the catalogue key of a business refusal is in `innererror.type`.
 */
const CODES: Record<number, string> = {
  400: '0x80040203',
  401: '0x80044183',
  403: '0x80040220',
  404: '0x80040217',
  405: '0x80060888',
  409: '0x80040237',
  412: '0x80060882',
  413: '0x80044187',
  415: '0x80060888',
  422: '0x80040265',
  429: '0x80072322',
  500: '0x80040216',
};

export const codeOf = (status: number) => CODES[status] ?? (status >= 500 ? CODES[500] : CODES[400]);

export function errorBody(status: number, message: string, more: Record<string, unknown> = {}) {
  return { error: { code: codeOf(status), message, ...more } };
}

/** A refusal the Web API raises itself (stale ETag, unknown path …). */
export class WebApiError extends AppError {}
export const apiError = (status: number, key: MessageKey, params?: Record<string, string | number>) => new WebApiError(status, key, params);

/** What an error thrown by a handler answers; `unexpected` (a 500) is logged by the caller. */
export function errorResponse(err: unknown, lang: Lang): ApiResponse & { unexpected?: boolean } {
  const headers: Record<string, string> = {};
  if (err instanceof ValidationFailed) {
    const message = msg(err.key, lang, err.params);
    const details = err.errors.map((x) => ({ code: codeOf(400), target: x.field, message: x.message }));
    return {
      status: 400,
      headers,
      body: errorBody(400, message, { target: err.errors[0]?.field, details, innererror: { type: err.key } }),
    };
  }
  if (err instanceof AppError) {
    if (err.status === 401) headers['www-authenticate'] = `Bearer error="${err.statusText ?? 'invalid_token'}"`;
    const target = err instanceof Refusal ? err.field : undefined;
    return {
      status: err.status,
      headers,
      body: errorBody(err.status, msg(err.key, lang, err.params), { ...(target ? { target } : {}), innererror: { type: err.key } }),
    };
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 429) return { status, headers, body: errorBody(429, msg('error.tooManyRequests', lang)) };
  if (status && status >= 400 && status < 500) return { status, headers, body: errorBody(status, msg('error.badRequest', lang)) };
  if ((err as { validation?: unknown }).validation || (err as { name?: string }).name === 'ZodError')
    return { status: 400, headers, body: errorBody(400, msg('error.badRequest', lang)) };
  return { status: 500, headers, body: errorBody(500, msg('error.server', lang)), unexpected: true };
}
