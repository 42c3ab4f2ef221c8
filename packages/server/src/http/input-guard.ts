import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text PostgreSQL refuses or cannot keep: the NUL character ("invalid byte sequence for encoding
 * UTF8: 0x00" — a 500 deep inside a query) and UTF-16 halves without their other half.
 */
const INVALID_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deep enough for any body the portal takes; deeper nesting is itself malformed input. */
const MAX_DEPTH = 32;

export function badText(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return INVALID_TEXT.test(v);
  if (v === null || typeof v !== 'object' || Buffer.isBuffer(v) || ArrayBuffer.isView(v)) return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(v)) return v.some((x) => badText(x, depth + 1));
  // Parsed JSON, form and query objects (the query parser's have a null-based prototype of their own);
  // streams and multipart parts are read by their routes.
  if (typeof (v as { pipe?: unknown }).pipe === 'function') return false;
  for (const [k, x] of Object.entries(v)) if (INVALID_TEXT.test(k) || badText(x, depth + 1)) return true;
  return false;
}

/**
 * Every request's path parameters, query and parsed body are refused with 400 (the caller's
 * language, through the app's error handler) when a string holds such text, before any handler
 * runs: one place instead of a check in each route.
 */
export function inputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (badText(req.params) || badText(req.query) || badText(req.body)) throw new AppError(400, 'error.badRequest');
  });
}
