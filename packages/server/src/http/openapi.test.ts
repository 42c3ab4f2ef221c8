import { writeFileSync } from 'node:fs';
import { PARTS_API, STOCK_API, WORK_ORDER_API } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { DOCS_PREFIX, OPENAPI_PATH, operationIdOf, PDF, XLSX } from './openapi.ts';
import { registeredRoutes } from './route-registry.ts';

type Schema = Record<string, unknown>;
type Op = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: Schema & { $ref?: string } }> }>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme: string }> };
};

/** Routes that carry no schema on purpose, each with its reason. */
const WITHOUT_SCHEMA: Record<string, string> = {
  'GET /*': "the web app's static files (@fastify/static)",
  'HEAD /*': "the web app's static files (@fastify/static)",
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let p: Portal;
let doc: Doc;
let token: string;
beforeAll(async () => {
  p = await testPortal();
  doc = (await p.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  token = (await signIn(p.app, 'station1')).access_token;
  // For a linter: OPENAPI_OUT=/tmp/openapi.json, then `npx --yes @redocly/cli lint /tmp/openapi.json` (server README).
  if (process.env.OPENAPI_OUT) writeFileSync(process.env.OPENAPI_OUT, JSON.stringify(doc, null, 2));
});
afterAll(() => p?.close());

const op = (method: string, path: string) => doc.paths[path]?.[method];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, o]) => ({ method, path, o })),
  );
/** The 200 answer's media types and schemas. */
const okContent = (o: Op) => o.responses['200']?.content ?? {};
/** A schema with the document's component references written out. */
function resolved(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(resolved);
  if (!x || typeof x !== 'object') return x;
  const ref = (x as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/schemas/')) return resolved(doc.components.schemas[ref.slice(21)]);
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, resolved(v)]));
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document in which every path has summarised operations with their answers', async () => {
    const res = await p.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      expect(path.startsWith('/'), path).toBe(true);
      expect(path, 'OpenAPI path templates use {name}').not.toMatch(/\/:/);
      const ops = Object.entries(doc.paths[path]).filter(([m]) => METHODS.includes(m));
      expect(ops.length, path).toBeGreaterThan(0);
      for (const [m, o] of ops) {
        expect(o.summary, `${m} ${path}`).toBeTruthy();
        expect(o.tags?.length, `${m} ${path}`).toBeGreaterThan(0);
        expect(
          Object.keys(o.responses).some((c) => /^[23]\d\d$/.test(c)),
          `${m} ${path}`,
        ).toBe(true);
        expect(o.responses['400']?.content?.['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
      }
    }
    // Every $ref points at a component that exists.
    for (const ref of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas, ref[1]).toHaveProperty(ref[1]);
    }
  });

  it('describes the envelope and the bearer scheme, required by the signed-in calls only', () => {
    expect(doc.components.schemas.Envelope).toMatchObject({ required: ['ErrorCode', 'Message', 'Data'] });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const wo = op('post', `${WORK_ORDER_API}/{id}/dispatch`);
    expect(wo.security).toEqual([{ bearerAuth: [] }]);
    expect(wo.responses['200'].content?.['application/json'].schema.$ref).toBe('#/components/schemas/Envelope');
    expect(Object.keys(wo.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409', '429']));
    expect(op('post', '/token').security).toEqual([]);
    expect(op('post', '/token').responses).not.toHaveProperty('401');
  });

  it('includes the work-order commands, CRM data calls, approval calls and /token with their inputs', () => {
    for (const c of ['dispatch', 'appointment', 'progress', 'complete', 'cancel', 'audit', 'revisit', 'settlement', 'supervise']) {
      expect(op('post', `${WORK_ORDER_API}/{id}/${c}`), c).toBeDefined();
    }
    const appointment = op('post', `${WORK_ORDER_API}/{id}/appointment`);
    expect(Object.keys(appointment.requestBody!.content['application/json'].schema.properties!)).toEqual(
      expect.arrayContaining(['date', 'begin', 'end', 'status']),
    );
    expect(appointment.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));

    expect(op('get', '/api/crmdata/Retrieve/{target}').parameters).toContainEqual(
      expect.objectContaining({ name: '$filter', in: 'query' }),
    );
    for (const [m, path] of [
      ['post', '/api/crmdata/create/{set}'],
      ['post', '/api/crmdata/Update/{target}'],
      ['post', '/api/crmdata/delete/{target}'],
      ['get', '/api/crmdata/Export/{set}'],
      ['get', '/api/crmlookupview/data'],
      ['get', '/api/crmpicklist/options/{entity}/{attribute}'],
    ]) {
      expect(op(m, path), `${m} ${path}`).toBeDefined();
    }
    for (const path of ['submit', 'approve', 'revoke']) expect(op('post', `/api/CrmFlow/${path}`), path).toBeDefined();
    for (const path of [
      'GetFlowList',
      'GetFlowStepList',
      'GetFlowApproveProgressList',
      'GetFlowApproveLogList',
      'MyApprovalList',
      'MyApprovalCount',
    ]) {
      expect(op('get', `/api/CrmFlow/${path}`), path).toBeDefined();
    }
    expect(op('post', `${PARTS_API}/deliveries`)).toBeDefined();
    expect(op('post', `${STOCK_API}/counts`)).toBeDefined();

    const token = op('post', '/token');
    const form = token.requestBody!.content['application/x-www-form-urlencoded'];
    expect(Object.keys(form.schema.properties!)).toEqual(expect.arrayContaining(['grant_type', 'username', 'password', 'refresh_token']));
  });
});

describe('the document for client generators and linters', () => {
  it('names its server and gives every operation a unique operationId derived from its method and path', () => {
    expect(doc.servers?.[0]?.url).toBe('/');
    const ids = operations().map(({ method, path, o }) => {
      expect(o.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
      return o.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(op('post', `${WORK_ORDER_API}/{id}/lines/{kind}`).operationId).toBe('postApiWorkordersByIdLinesByKind');
    expect(op('get', '/api/crmdata/Export/{set}').operationId).toBe('getApiCrmdataExportBySet');
  });

  it('documents exactly the parameters of each path, as required', () => {
    for (const { method, path, o } of operations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const documented = (o.parameters ?? []).filter((x) => x.in === 'path');
      expect(documented.map((x) => x.name).sort(), `${method} ${path}`).toEqual(inPath);
      expect(
        documented.every((x) => x.required),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it('answers files as their real media types', () => {
    const media = (m: string, path: string) => Object.keys(okContent(op(m, path)));
    for (const path of [
      '/api/crmdata/Export/{set}',
      '/api/excel/template/{entitySet}',
      '/api/quickorder/template',
      `${STOCK_API}/counts/{id}/template`,
    ]) {
      expect(media('get', path), path).toEqual([XLSX]);
    }
    for (const path of ['/api/expense/claims/{id}/pdf', '/api/parts-returns/{id}/pdf']) expect(media('get', path), path).toEqual([PDF]);
    expect(media('get', '/api/shop/products/{id}/pictures/{pictureId}')).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(media('get', '/api/attachment/download/{moduleType}/{id}')).toEqual(
      expect.arrayContaining(['image/png', PDF, XLSX, 'video/mp4']),
    );
    // No answer is an untyped byte stream.
    for (const { method, path, o } of operations()) {
      for (const r of Object.values(o.responses))
        expect(Object.keys(r.content ?? {}), `${method} ${path}`).not.toContain('application/octet-stream');
    }
  });

  it('describes the Data of every GET answer, and what the calls answer matches it', async () => {
    const described = (o: Op) => {
      const json = okContent(o)['application/json']?.schema;
      if (!json) return true; // a file, a page
      const parts = (json.allOf as Schema[] | undefined) ?? [json];
      return parts.some((x) => (x.properties as Schema | undefined)?.Data !== undefined || (!x.$ref && Object.keys(x).length > 0));
    };
    const gets = operations().filter(({ method }) => method === 'get');
    expect(gets.filter(({ o }) => !described(o)).map(({ path }) => path)).toEqual([]);

    // Every JSON GET that needs no path or required query parameter, as the administrator and as a
    // station (whose lists have rows): each answer fits the description.
    const callers = [(await signIn(p.app, 'admin')).access_token, token];
    const callable = gets.filter(
      ({ path, o }) => !path.includes('{') && !(o.parameters ?? []).some((x) => x.required) && okContent(o)['application/json'],
    );
    expect(callable.length).toBeGreaterThan(25);
    const misfits: string[] = [];
    for (const { path, o } of callable) {
      const fits = z.fromJSONSchema(resolved(okContent(o)['application/json'].schema) as never);
      const answered = [];
      // A call that needs one of its optional query parameters (an either/or, or a refusal in the
      // user's words rather than the schema's) says which: not callable bare, like a required one.
      const query = new Set((o.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name));
      let needsQuery = false;
      for (const who of callers) {
        const res = await p.app.inject({ method: 'GET', url: path, headers: bearer(who) });
        if (res.statusCode === 400 && query.has(res.json().error?.field)) needsQuery = true;
        if (res.statusCode !== 200) continue;
        answered.push(who);
        const fit = fits.safeParse(res.json());
        if (!fit.success) misfits.push(`${path}: ${fit.error.message.slice(0, 300)}`);
      }
      if (!needsQuery) expect(answered.length, path).toBeGreaterThan(0);
    }
    expect(misfits).toEqual([]);
  });
});

describe('every route declares a schema', () => {
  it('fails when a registered route has none (except the listed ones)', () => {
    const routes = registeredRoutes(p.app);
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes
      .filter((r) => !r.schema && !r.url.startsWith(`${DOCS_PREFIX}`))
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !(k in WITHOUT_SCHEMA) && !(/^(GET|HEAD) \/.+\.[a-z0-9]+$/i.test(k) || /^(GET|HEAD) \/$/.test(k)));
    expect(missing).toEqual([]);
    // Each route's summary is what the document shows.
    const withoutSummary = routes.filter(
      (r) => r.schema && !(r.schema as { hide?: boolean }).hide && !(r.schema as { summary?: string }).summary && r.method !== 'HEAD',
    );
    expect(withoutSummary.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('validation by the route schemas', () => {
  it("answers a refused body with 400, the envelope and a message in the caller's language", async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: `${WORK_ORDER_API}/00000000-0000-0000-0000-000000000001/appointment`,
      payload: { date: '2026-07-01', begin: 9, end: 10, status: 'soon' },
      headers: { ...bearer(token), 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ ErrorCode: 400, Data: null, error: { code: 'wo.badValue', field: 'status' } });
    expect(body.Message).toMatch(/status/);
    const zh = await p.app.inject({ method: 'GET', url: '/api/CrmFlow/GetFlowList', headers: bearer(token) });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ ErrorCode: 400, Data: null });
    expect(zh.json().Message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('still checks the caller before the body', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: `${WORK_ORDER_API}/00000000-0000-0000-0000-000000000001/appointment`,
      payload: { status: 'soon' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the browsable reference', () => {
  it('serves /docs and its assets without a token', async () => {
    const page = await p.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger-ui-bundle\.js/);
    const js = await p.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-ui-bundle.js` });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    const init = await p.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(init.statusCode).toBe(200);
    const json = await p.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(json.json().openapi).toBe('3.1.0');
  });
});
