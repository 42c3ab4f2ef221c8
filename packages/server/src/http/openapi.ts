import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document (/api/openapi.json) and its browsable reference (/docs), generated from
 * the routes' own zod schemas. Every route declares `schema` (summary, tags, security, and its
 * params / querystring / body); a test fails when one does not.
 */

export const DOCS_PREFIX = '/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/** Security requirement of a route that needs a signed-in caller; public routes declare `PUBLIC`. */
type Security = { [scheme: string]: string[] }[];
export const BEARER: Security = [{ bearerAuth: [] }];
export const PUBLIC: Security = [];

/**
 * Schemas that describe an input the handler checks itself (form-encoded /token, multipart and
 * upload calls that answer `ErrorCode: -1`, free-form records): shown in the document, not
 * validated by Fastify, so those calls answer exactly as before.
 */
const DOC_ONLY = new WeakSet<object>();
export function documented<T extends z.ZodType>(schema: T): T {
  DOC_ONLY.add(schema);
  return schema;
}

/** The path parameters of a route URL (`/x/:id/lines/:lineId`), as strings. */
export const pathParams = (url: string) =>
  z.object(Object.fromEntries([...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [name, z.string()])));

/** What a 200 answers when it is not the JSON envelope (read into the document by `transformObject`). */
export type Answer = 'envelope' | 'file' | 'html' | 'json' | 'redirect' | 'empty';

/**
 * How a route's answer reads in the document: `data` is the envelope's Data (or, for `json`, the
 * whole body); a `file` names the media types it is served as. Documentation only: the answer
 * is not checked against it (`x-` keys are carried into the operation, see `finishDocument`).
 */
export function answers(a: Answer, more: { data?: z.ZodType; media?: readonly string[] } = {}) {
  return {
    'x-answer': a,
    ...(more.data ? { 'x-data': schemaOf(more.data) } : {}),
    ...(more.media ? { 'x-media': more.media } : {}),
  };
}
function schemaOf(data: z.ZodType): object {
  const { $schema: _, ...json } = z.toJSONSchema(data, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  return json;
}
/** An envelope whose Data is `data`. */
export const returns = (data: z.ZodType) => answers('envelope', { data });
/** A file of these media types. */
export const fileOf = (...media: string[]) => answers('file', { media });

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF = 'application/pdf';

/** The response envelope of spec 000 §3 (http/envelope.ts). */
const ENVELOPE = {
  type: 'object',
  description:
    "Every JSON answer: ErrorCode 0 on success, the HTTP status (or -1 for upload calls) on failure; Message in the caller's language (Accept-Language / lang: zh-CN default, en-US).",
  required: ['ErrorCode', 'Message', 'Data'],
  properties: {
    ErrorCode: { type: 'integer', examples: [0] },
    Message: { type: 'string' },
    Data: { description: 'The answer; its shape depends on the call.' },
  },
  additionalProperties: true,
};
const ERROR_ENVELOPE = {
  type: 'object',
  description:
    'A refusal: the envelope with Data null (or `{ errors: [{ field, message }] }` for field validation); business commands add `error: { code, message, field? }`, /token adds the OAuth `error` / `error_description`.',
  required: ['ErrorCode', 'Message', 'Data'],
  properties: {
    ErrorCode: { type: 'integer', examples: [400] },
    Message: { type: 'string' },
    Data: {},
    error: {},
    error_description: { type: 'string' },
  },
  additionalProperties: true,
};
const ERRORS: Record<string, string> = {
  400: "Bad input or a refused command (message in the caller's language)",
  401: 'No, invalid or expired bearer token (WWW-Authenticate: Bearer error="invalid_token" | "expired_token")',
  403: 'The caller lacks the privilege or may not see the record',
  404: 'Not found (or not visible to the caller)',
  409: 'This session was ended by a newer sign-in of the same account',
  429: 'Too many requests',
};
const OK: Record<Answer, object> = {
  envelope: { description: 'The envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
  json: { description: 'JSON (see the description)', content: { 'application/json': { schema: {} } } },
  file: { description: 'A file (Content-Disposition names it)' },
  html: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
  redirect: { description: 'See Other (303) to the redirect URL' },
  empty: { description: 'No content' },
};

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
  'x-answer'?: Answer;
  'x-data'?: object;
  'x-media'?: readonly string[];
};

/**
 * A stable operationId derived from the method and path: `post /api/workorders/{id}/lines/{kind}`
 * is `postApiWorkordersByIdLinesByKind` (path parameters read "by …").
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^\{(.+)\}$/.exec(seg);
      const parts = (param ? param[1] : seg).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['By', ...parts] : parts;
    });
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** The 200 (or 303) answer of an operation, from its `x-` keys. */
function okAnswer(kind: Answer, op: Operation, where: string): object {
  const data = op['x-data'];
  if (kind === 'file') {
    const media = op['x-media'];
    if (!media?.length) throw new Error(`${where}: a file answer names its media types (fileOf)`);
    return { ...OK.file, content: Object.fromEntries(media.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])) };
  }
  if (kind === 'envelope' && data) {
    const schema = { allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { Data: data } }] };
    return { ...OK.envelope, content: { 'application/json': { schema } } };
  }
  if (kind === 'json' && data) return { ...OK.json, content: { 'application/json': { schema: data } } };
  return OK[kind];
}

/** Adds the envelope, error answers and bearer scheme to every operation of the generated document. */
function finishDocument(doc: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const out = jsonSchemaTransformObject(doc) as {
    paths?: Record<string, Record<string, Operation>>;
    components?: Record<string, Record<string, unknown>>;
  };
  out.components = {
    ...out.components,
    schemas: { ...out.components?.schemas, Envelope: ENVELOPE, ErrorEnvelope: ERROR_ENVELOPE },
  };
  for (const [path, ops] of Object.entries(out.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const kind = op['x-answer'] ?? 'envelope';
      const responses: Record<string, unknown> = { [kind === 'redirect' ? '303' : '200']: okAnswer(kind, op, `${method} ${path}`) };
      delete op['x-answer'];
      delete op['x-data'];
      delete op['x-media'];
      op.operationId ??= operationIdOf(method, path);
      const secured = (op.security?.length ?? 0) > 0;
      for (const [code, description] of Object.entries(ERRORS)) {
        if (!secured && (code === '401' || code === '403' || code === '409')) continue;
        responses[code] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
      }
      op.responses = responses;
    }
  }
  return out as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Call before the routes are registered: zod validation, the document and /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // The zod provider's validator; an absent body is checked as `{}` (the handlers read `req.body ?? {}`).
  app.setValidatorCompiler((def) => {
    if (DOC_ONLY.has(def.schema as object)) return () => true;
    const check = validatorCompiler(def as Parameters<typeof validatorCompiler>[0]);
    return def.httpPart === 'body' ? (data: unknown) => check(data ?? {}) : check;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Service portal API',
        version: '1.0.0',
        description:
          'The CRM data calls, work-order, parts and stock commands, approval (CrmFlow) calls and sign-in (/token). ' +
          'Send `Authorization: Bearer <access_token>` from POST /token. Messages follow Accept-Language (zh-CN default, en-US).',
      },
      // Same origin as the web app: the document is served by the portal it describes.
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'access_token from POST /token' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  app.get(OPENAPI_PATH, { schema: { hide: true, summary: 'This OpenAPI 3.1 document', security: PUBLIC } }, async () => app.swagger());
}
