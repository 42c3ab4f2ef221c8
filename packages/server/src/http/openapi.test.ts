import { PARTS_API, STOCK_API, WORK_ORDER_API } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi.ts';
import { registeredRoutes } from './route-registry.ts';

type Op = { summary?: string; tags?: string[]; security?: Record<string, string[]>[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
type Doc = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme: string }> } };

/** Routes that carry no schema on purpose, each with its reason. */
const WITHOUT_SCHEMA: Record<string, string> = {
  'GET /*': 'the web app\'s static files (@fastify/static)',
  'HEAD /*': 'the web app\'s static files (@fastify/static)',
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let p: Portal;
let doc: Doc;
let token: string;
beforeAll(async () => {
  p = await testPortal();
  doc = (await p.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  token = (await signIn(p.app, 'station1')).access_token;
});
afterAll(() => p?.close());

const op = (method: string, path: string) => doc.paths[path]?.[method];

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
        expect(Object.keys(o.responses).some((c) => /^[23]\d\d$/.test(c)), `${m} ${path}`).toBe(true);
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
    expect(Object.keys(appointment.requestBody!.content['application/json'].schema.properties!)).toEqual(expect.arrayContaining(['date', 'begin', 'end', 'status']));
    expect(appointment.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));

    expect(op('get', '/api/crmdata/Retrieve/{target}').parameters).toContainEqual(expect.objectContaining({ name: '$filter', in: 'query' }));
    for (const [m, path] of [['post', '/api/crmdata/create/{set}'], ['post', '/api/crmdata/Update/{target}'], ['post', '/api/crmdata/delete/{target}'],
      ['get', '/api/crmdata/Export/{set}'], ['get', '/api/crmlookupview/data'], ['get', '/api/crmpicklist/options/{entity}/{attribute}']]) {
      expect(op(m, path), `${m} ${path}`).toBeDefined();
    }
    for (const path of ['submit', 'approve', 'revoke']) expect(op('post', `/api/CrmFlow/${path}`), path).toBeDefined();
    for (const path of ['GetFlowList', 'GetFlowStepList', 'GetFlowApproveProgressList', 'GetFlowApproveLogList', 'MyApprovalList', 'MyApprovalCount']) {
      expect(op('get', `/api/CrmFlow/${path}`), path).toBeDefined();
    }
    expect(op('post', `${PARTS_API}/deliveries`)).toBeDefined();
    expect(op('post', `${STOCK_API}/counts`)).toBeDefined();

    const token = op('post', '/token');
    const form = token.requestBody!.content['application/x-www-form-urlencoded'];
    expect(Object.keys(form.schema.properties!)).toEqual(expect.arrayContaining(['grant_type', 'username', 'password', 'refresh_token']));
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
    const withoutSummary = routes.filter((r) => r.schema && !(r.schema as { hide?: boolean }).hide && !(r.schema as { summary?: string }).summary && r.method !== 'HEAD');
    expect(withoutSummary.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('validation by the route schemas', () => {
  it('answers a refused body with 400, the envelope and a message in the caller\'s language', async () => {
    const res = await p.app.inject({
      method: 'POST', url: `${WORK_ORDER_API}/00000000-0000-0000-0000-000000000001/appointment`,
      payload: { date: '2026-07-01', begin: 9, end: 10, status: 'soon' }, headers: { ...bearer(token), 'accept-language': 'en-US' },
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
    const res = await p.app.inject({ method: 'POST', url: `${WORK_ORDER_API}/00000000-0000-0000-0000-000000000001/appointment`, payload: { status: 'soon' } });
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
