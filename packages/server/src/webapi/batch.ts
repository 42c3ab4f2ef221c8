import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { badText } from '../http/input-guard.ts';
import { apiError, errorResponse } from './errors.ts';
import { dispatch, JSON_TYPE } from './handlers.ts';
import { WEB_API_PREFIX } from './names.ts';
import { type ApiEnv, type ApiRequest, type ApiResponse, parsePrefer } from './request.ts';

/*
 * POST $batch (multipart/mixed, OData 4.0 §11.7 as Dataverse serves it). Requests outside change
 * sets run one by one, each in its own transaction; a change set runs in ONE transaction and a
 * failing request rolls the whole set back, answering that request's error alone. Without
 * `Prefer: odata.continue-on-error` the batch stops at the first failure and answers 400 (with the
 * answers so far); with it, 200 and the rest runs. `$n` Content-ID references name a record
 * created earlier in the same change set (in a URL or an `@odata.bind`).
 */

export const MAX_BATCH_REQUESTS = 1000;

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** Header lines up to the first blank line, and the rest. */
function splitHead(text: string): Part {
  const lead = /^\r?\n/.exec(text);
  if (lead) return { headers: {}, body: text.slice(lead[0].length) };
  const m = /\r?\n\r?\n/.exec(text);
  const head = m ? text.slice(0, m.index) : text;
  const body = m ? text.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

export function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : null;
}

const bad = (detail: string) => apiError(400, 'webapi.badBatch', { detail });

/** The parts of a multipart body between `--boundary` lines. */
function parts(body: string, boundary: string): string[] {
  const lines = body.split(/\r?\n/);
  const out: string[] = [];
  let cur: string[] | null = null;
  let closed = false;
  for (const line of lines) {
    if (line === `--${boundary}` || line === `--${boundary}--`) {
      if (cur) out.push(cur.join('\r\n'));
      cur = line.endsWith('--') && line !== `--${boundary}` ? null : [];
      if (!cur) {
        closed = true;
        break;
      }
      continue;
    }
    cur?.push(line);
  }
  if (!closed) throw bad('missing closing boundary');
  return out;
}

interface Op {
  request: ApiRequest;
  contentId?: string;
}

/** An `application/http` part: the request line, its headers and body. */
function operation(part: Part): Op {
  const text = part.body.replace(/^(\r?\n)+/, '');
  const eol = /\r?\n/.exec(text);
  const line = eol ? text.slice(0, eol.index) : text;
  const http = splitHead(eol ? text.slice(eol.index + eol[0].length) : '');
  const m = /^(GET|POST|PATCH|PUT|DELETE)\s+(\S+)(?:\s+HTTP\/1\.[01])?$/i.exec(line.trim());
  if (!m) throw bad(`request line "${line.slice(0, 60)}"`);
  const headers = http.headers;
  let url = m[2];
  url = url.replace(/^https?:\/\/[^/]+/i, '');
  if (url.startsWith(`${WEB_API_PREFIX}/`)) url = url.slice(WEB_API_PREFIX.length + 1);
  url = url.replace(/^\//, '');
  const qi = url.indexOf('?');
  let path: string;
  try {
    path = decodeURIComponent(qi < 0 ? url : url.slice(0, qi));
  } catch {
    throw bad('URL encoding');
  }
  const query: ApiRequest['query'] = {};
  for (const [k, v] of new URLSearchParams(qi < 0 ? '' : url.slice(qi + 1))) {
    const prev = query[k];
    query[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  const payload = http.body.replace(/(\r?\n)+$/, '');
  let body: unknown;
  if (payload.trim()) {
    try {
      // As the app's JSON parser (secure-json-parse): a `__proto__` key is refused, not assigned.
      body = JSON.parse(payload, (k, v) => {
        if (k === '__proto__') throw new SyntaxError('__proto__');
        return v;
      });
    } catch {
      throw bad('JSON body');
    }
  }
  // The input guard of every HTTP request, for the requests inside.
  if (badText(query) || badText(body) || badText(path)) throw apiError(400, 'error.badRequest');
  return {
    request: { method: m[1].toUpperCase(), path, query, headers, body },
    contentId: part.headers['content-id'] ?? headers['content-id'],
  };
}

type Item = { ops: Op[]; changeSet: boolean } | { error: ApiResponse };

/** Reads the batch into its requests and change sets (a malformed batch is one 400). */
function readBatch(body: string, boundary: string, lang: ApiEnv['lang']): Item[] {
  const items: Item[] = [];
  let count = 0;
  for (const raw of parts(body, boundary)) {
    const part = splitHead(raw);
    const inner = boundaryOf(part.headers['content-type']);
    try {
      if (inner) {
        const ops = parts(part.body, inner).map((p) => operation(splitHead(p)));
        if (ops.some((o) => o.request.method === 'GET')) throw apiError(400, 'webapi.batchGetInChangeSet');
        count += ops.length;
        items.push({ ops, changeSet: true });
      } else {
        count++;
        items.push({ ops: [operation(part)], changeSet: false });
      }
    } catch (err) {
      count++;
      items.push({ error: errorResponse(err, lang) });
    }
    if (count > MAX_BATCH_REQUESTS) throw apiError(400, 'webapi.batchLimit', { max: MAX_BATCH_REQUESTS });
  }
  return items;
}

const HEADER_NAMES: Record<string, string> = {
  'odata-entityid': 'OData-EntityId',
  etag: 'ETag',
  'preference-applied': 'Preference-Applied',
  'www-authenticate': 'WWW-Authenticate',
};

/** One answer as an `application/http` part. */
function httpPart(res: ApiResponse, contentId?: string): string {
  const lines = ['Content-Type: application/http', 'Content-Transfer-Encoding: binary'];
  if (contentId) lines.push(`Content-ID: ${contentId}`);
  lines.push('', `HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd(), 'OData-Version: 4.0');
  for (const [k, v] of Object.entries(res.headers)) lines.push(`${HEADER_NAMES[k] ?? k}: ${v}`);
  if (res.body === undefined) return `${lines.join('\r\n')}\r\n\r\n`;
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  lines.push(`Content-Type: ${typeof res.body === 'string' ? 'text/plain' : JSON_TYPE}`, '', text);
  return `${lines.join('\r\n')}\r\n`;
}

class ChangeSetFailed extends Error {
  constructor(
    readonly res: ApiResponse,
    readonly contentId?: string,
  ) {
    super('change set failed');
  }
}

/** Runs the batch: the multipart answer and its status. */
export async function runBatch(
  env: ApiEnv,
  db: Db,
  contentType: string | undefined,
  body: unknown,
  prefer: string | undefined,
  log: FastifyBaseLogger,
): Promise<ApiResponse> {
  const boundary = boundaryOf(contentType);
  if (!boundary || typeof body !== 'string') throw bad('multipart/mixed with a boundary');
  const items = readBatch(body, boundary, env.lang);
  const continueOnError = parsePrefer(prefer).continueOnError;
  const out: string[] = [];
  const batchBoundary = `batchresponse_${randomUUID()}`;
  let failed = false;
  for (const item of items) {
    if ('error' in item) {
      out.push(httpPart(item.error));
      failed = true;
    } else if (!item.changeSet) {
      const res = await dispatch(env, item.ops[0].request, log);
      await runAfterCommit(env.afterCommit.splice(0), log);
      out.push(httpPart(res));
      failed = res.status >= 400;
    } else {
      const csBoundary = `changesetresponse_${randomUUID()}`;
      const after: (() => Promise<void>)[] = [];
      try {
        const answers = await db.tx(async (sql) => {
          const refs = new Map<string, string>();
          const inner: ApiEnv = {
            ...env,
            read: sql,
            tx: (fn) => fn(sql),
            afterCommit: after,
            resolveRef: (ref) => refs.get(ref.slice(1)) ?? null,
          };
          const done: { res: ApiResponse; contentId?: string }[] = [];
          for (const op of item.ops) {
            const r = op.request;
            if (r.path.startsWith('$')) {
              const m = /^\$([A-Za-z0-9_-]{1,40})(\/.*)?$/.exec(r.path);
              const target = m ? refs.get(m[1]) : undefined;
              if (!target)
                throw new ChangeSetFailed(
                  errorResponse(apiError(400, 'webapi.contentId', { ref: r.path.slice(0, 20) }), env.lang),
                  op.contentId,
                );
              r.path = target + (m?.[2] ?? '');
            }
            const res = await dispatch(inner, r, log);
            if (res.status >= 400) throw new ChangeSetFailed(res, op.contentId);
            const created = res.headers['odata-entityid'];
            if (op.contentId && created) refs.set(op.contentId, created.slice(env.base.length + 1));
            done.push({ res, contentId: op.contentId });
          }
          return done;
        });
        await runAfterCommit(after, log);
        out.push(
          [
            `Content-Type: multipart/mixed; boundary=${csBoundary}`,
            '',
            ...answers.map((a) => `--${csBoundary}\r\n${httpPart(a.res, a.contentId)}`),
            `--${csBoundary}--`,
            '',
          ].join('\r\n'),
        );
        failed = false;
      } catch (err) {
        if (!(err instanceof ChangeSetFailed)) throw err;
        out.push(httpPart(err.res, err.contentId));
        failed = true;
      }
    }
    if (failed && !continueOnError) break;
  }
  const text = `${out.map((p) => `--${batchBoundary}\r\n${p}`).join('')}--${batchBoundary}--\r\n`;
  const anyFailed = failed && !continueOnError;
  return { status: anyFailed ? 400 : 200, headers: { 'content-type': `multipart/mixed; boundary=${batchBoundary}` }, body: text };
}

async function runAfterCommit(tasks: (() => Promise<void>)[], log: FastifyBaseLogger) {
  for (const t of tasks) {
    try {
      await t();
    } catch (err) {
      log.warn({ err }, 'web api: after-commit task failed');
    }
  }
}
