import { chinaDate } from '../domain/china-time.ts';
import { contractStatus, defineEntity, getEntity, label, returnState } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { done, refused } from '../testing/http-expect.ts';
import { testPortal } from '../testing/test-portal.ts';
import { registerController } from './controllers.ts';
import { documentNumbers, numberPrefix } from './numbers.ts';
import { commandPath } from './routes.ts';

/*
 * The kernel proven on a fixture document declared here (over the parts return table, under an
 * entity set of its own; the parts return's own create rules stay): its derived command route, state and party checks, a refused command
 * that saves nothing, an idempotent repeat, its inputs checked, and its numbering.
 */
const base = getEntity('new_srv_sitereturn')!;
const fixture = defineEntity({
  logicalName: base.logicalName,
  entitySet: 'kernelfixtures',
  label: label('内核样例', 'Kernel fixture'),
  scope: base.scope,
  access: base.access,
  fields: base.fields,
  document: {
    status: { field: 'new_state', set: returnState, editable: [returnState.draft] },
    commands: {
      ship: {
        label: 'siteReturn.deliver',
        confirm: 'siteReturn.deliverAsk',
        from: [returnState.draft],
        to: returnState.delivered,
        privilege: 'parts.write',
        inputs: ['new_trackingno'],
      },
      receive: {
        label: 'siteReturn.receive',
        from: [returnState.delivered],
        to: returnState.received,
        privilege: 'parts.receive',
        party: 'new_tounit_id',
      },
      // Granted to any of two privileges (the station's or the supplying warehouse's, as an application's 关闭).
      mark: { label: 'parts.ui.close', from: [returnState.draft], privilege: ['parts.write', 'delivery.create'] },
    },
  },
});
let shipped = 0;
let movedTo: number | undefined;
const unregisterFixture = registerController({
  entity: fixture,
  commands: { ship: async () => void shipped++ },
  // What ship reads beyond its inputs: the document its before-lock step settles.
  bodies: { ship: z.object({ settle: z.uuid().optional() }) },
  // What the document reads once moved (the contract links open orders once it is active).
  afterMove: {
    ship: async ({ sql, id }) => {
      movedTo = (await sql.query<{ s: number }>('SELECT new_state AS s FROM new_srv_sitereturn WHERE new_srv_sitereturnid = $1', [id]))
        .rows[0].s;
    },
  },
  // Settles a state before the document is read, as the contract stores "expired" (here: the document the body names, delivered).
  beforeLock: {
    ship: async ({ sql, body }) => {
      if (typeof body.settle === 'string')
        await sql.query('UPDATE new_srv_sitereturn SET new_state = $2 WHERE new_srv_sitereturnid = $1::uuid', [
          body.settle,
          returnState.delivered,
        ]);
    },
  },
});

// A fixture document over the contract table that keeps the sum of its lines' quantities (in the line-count column: any int column will do).
const contractBase = getEntity('new_srv_contract')!;
const summing = defineEntity({
  logicalName: contractBase.logicalName,
  entitySet: 'kernelsums',
  label: label('合计样例', 'Totals fixture'),
  scope: contractBase.scope,
  access: contractBase.access,
  fields: contractBase.fields,
  document: {
    status: { field: 'new_status', set: contractStatus, editable: [contractStatus.draft] },
    lines: [{ entity: 'new_srv_contractline', parent: 'new_contract_id', totals: { new_linecount: 'new_qty' } }],
  },
});
const unregisterSumming = registerController({ entity: summing });

let p: Portal;
const tok: Record<string, string> = {};
const post = (who: string, id: string, command: string, payload: object = {}, headers: Record<string, string> = {}) =>
  p.app.inject({
    method: 'POST',
    url: commandPath('kernelfixtures', command).replace(':id', id),
    payload,
    headers: { ...bearer(tok[who]), 'accept-language': 'zh-CN', ...headers },
  });
const row = async (id: string) =>
  (await p.db.one<{ state: number; track: string | null }>(
    'SELECT new_state AS state, new_trackingno AS track FROM new_srv_sitereturn WHERE new_srv_sitereturnid = $1',
    [id],
  ))!;
/** A new draft return of station1 (the record service's create). */
async function draft(): Promise<string> {
  const wh = (await p.db.one<{ id: string }>(`SELECT new_srv_warehouseid AS id FROM new_srv_warehouse WHERE new_code = 'WH-HD'`))!.id;
  const res = await p.app.inject({
    method: 'POST',
    url: '/api/crmdata/create/new_srv_sitereturns',
    headers: bearer(tok.station1),
    payload: { new_towarehouse_id: wh, new_returntype: 1, new_returnreason: '内核样例' },
  });
  return done(res).id;
}

beforeAll(async () => {
  p = await testPortal();
  for (const u of ['station1', 'station2', 'warehouse1', 'engineer1']) tok[u] = (await signIn(p.app, u)).access_token;
});
// The fixtures leave the registry for the files after this one in the same worker (isolate: false).
afterAll(async () => {
  unregisterFixture();
  unregisterSumming();
  await p?.close();
});

describe('the document kernel (a fixture document declared in the test)', () => {
  it('serves a declared command at its derived route: the state moves as declared, the inputs are written, the controller runs', async () => {
    const id = await draft();
    const before = shipped;
    expect(done(await post('station1', id, 'ship', { new_trackingno: ' SF1234 ' }), '发货成功')).toMatchObject({
      id,
      state: returnState.delivered,
    });
    expect(await row(id)).toEqual({ state: returnState.delivered, track: 'SF1234' });
    expect(shipped).toBe(before + 1);
    expect(movedTo).toBe(returnState.delivered);
  });

  it('refuses a command in a state it does not start from, in the user’s language, and saves nothing', async () => {
    const id = await draft();
    done(await post('station1', id, 'ship', { new_trackingno: 'SF1' }));
    const before = shipped;
    refused(await post('station1', id, 'ship', { new_trackingno: 'SF2' }), '单据当前状态为“已发货”，不能发货');
    const en = await p.app.inject({
      method: 'POST',
      url: commandPath('kernelfixtures', 'ship').replace(':id', id),
      payload: {},
      headers: { ...bearer(tok.station1), 'accept-language': 'en-US' },
    });
    refused(en, 'The document is “Delivered”: “Deliver” is not possible now');
    expect(await row(id)).toEqual({ state: returnState.delivered, track: 'SF1' });
    expect(shipped).toBe(before);
  });

  it('runs a command’s before-lock step first, in its transaction: the state it settles is the one checked', async () => {
    const id = await draft();
    const before = shipped;
    refused(await post('station1', id, 'ship', { settle: id }), '单据当前状态为“已发货”，不能发货');
    expect(await row(id)).toEqual({ state: returnState.draft, track: null });
    expect(shipped).toBe(before);
  });

  it('refuses bad inputs naming the field, and saves nothing', async () => {
    const id = await draft();
    const res = await post('station1', id, 'ship', { new_trackingno: 'x'.repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toContain('物流单号');
    expect(await row(id)).toEqual({ state: returnState.draft, track: null });
  });

  it('refuses a body key the command neither declares nor reads, naming it, and saves nothing', async () => {
    const id = await draft();
    const before = shipped;
    refused(
      await post('station1', id, 'ship', { new_trackingno: 'SF100', trackingNo: 'SF100' }),
      '字段 trackingNo 不存在或不可写',
      400,
      'trackingNo',
    );
    refused(await post('station1', id, 'receive', { settle: id }), '字段 settle 不存在或不可写', 400, 'settle');
    expect(await row(id)).toEqual({ state: returnState.draft, track: null });
    expect(shipped).toBe(before);
  });

  it('answers a repeat with the same Idempotency-Key with the first result, running the command once', async () => {
    const id = await draft();
    const before = shipped;
    const key = { 'idempotency-key': `kernel-${id}` };
    const first = done(await post('station1', id, 'ship', { new_trackingno: 'SF9' }, key));
    const again = done(await post('station1', id, 'ship', { new_trackingno: 'SF9' }, key));
    expect(again).toEqual(first);
    expect(shipped).toBe(before + 1);
  });

  it('checks reach, privilege and party: another station does not find it, a station may not receive, the receiving warehouse may', async () => {
    const id = await draft();
    done(await post('station1', id, 'ship'));
    expect((await post('station2', id, 'ship')).statusCode).toBe(404);
    expect((await post('station1', id, 'receive')).statusCode).toBe(403);
    done(await post('warehouse1', id, 'receive'), '收货成功');
    expect((await row(id)).state).toBe(returnState.received);
  });

  it('runs a command granted to several privileges for a holder of any of them; anyone else 403 before the document is read', async () => {
    const id = await draft();
    refused(await post('engineer1', '00000000-0000-4000-8000-000000000000', 'mark'), '您没有权限访问该资源.', 403);
    refused(await post('engineer1', id, 'mark'), '您没有权限访问该资源.', 403);
    done(await post('station1', id, 'mark'));
    done(await post('warehouse1', id, 'mark'));
  });

  it('keeps a document’s declared line totals through record-service writes of its lines: create, change, delete', async () => {
    const api = (url: string, payload: object) =>
      p.app.inject({ method: 'POST', url, payload, headers: { ...bearer(tok.station1), 'accept-language': 'zh-CN' } });
    const id = done(
      await api('/api/crmdata/create/new_srv_contracts', {
        new_customername: '合计样例',
        new_phone: '13951234567',
        new_contracttype: 2,
        new_startdate: chinaDate(new Date(), -1),
        new_enddate: chinaDate(new Date(), 300),
      }),
    ).id as string;
    const product = (await p.db.one<{ id: string }>('SELECT productid AS id FROM product ORDER BY productnumber LIMIT 1'))!.id;
    const sum = async () =>
      Number((await p.db.one<{ n: number }>('SELECT new_linecount AS n FROM new_srv_contract WHERE new_srv_contractid = $1', [id]))!.n);
    const a = done(
      await api('/api/crmdata/create/new_srv_contractlines', {
        new_contract_id: id,
        new_product_id: product,
        new_serialnumber: `KS-${id.slice(0, 8)}-A`,
        new_qty: 3,
      }),
    ).id as string;
    done(
      await api('/api/crmdata/create/new_srv_contractlines', {
        new_contract_id: id,
        new_product_id: product,
        new_serialnumber: `KS-${id.slice(0, 8)}-B`,
        new_qty: 2,
      }),
    );
    expect(await sum()).toBe(5);
    done(await api(`/api/crmdata/Update/new_srv_contractlines(${a})`, { new_qty: 4 }));
    expect(await sum()).toBe(6);
    done(await api(`/api/crmdata/delete/new_srv_contractlines(${a})`, {}));
    expect(await sum()).toBe(2);
  });

  it('deletes a document only in a state its declared status allows, taking its declared lines; a refusal keeps both', async () => {
    const api = (url: string, payload: object) =>
      p.app.inject({ method: 'POST', url, payload, headers: { ...bearer(tok.station1), 'accept-language': 'zh-CN' } });
    const product = (await p.db.one<{ id: string }>('SELECT productid AS id FROM product ORDER BY productnumber LIMIT 1'))!.id;
    const withLine = async (tag: string) => {
      const id = done(
        await api('/api/crmdata/create/new_srv_contracts', {
          new_customername: '删除样例',
          new_phone: '13951234567',
          new_contracttype: 2,
          new_startdate: chinaDate(new Date(), -1),
          new_enddate: chinaDate(new Date(), 300),
        }),
      ).id as string;
      const serial = `KD-${id.slice(0, 8)}-${tag}`;
      done(
        await api('/api/crmdata/create/new_srv_contractlines', {
          new_contract_id: id,
          new_product_id: product,
          new_serialnumber: serial,
          new_qty: 1,
        }),
      );
      return id;
    };
    const count = async (id: string) =>
      Number(
        (await p.db.one<{ n: number }>(
          `SELECT (SELECT count(*) FROM new_srv_contract WHERE new_srv_contractid = $1) + (SELECT count(*) FROM new_srv_contractline WHERE new_contract_id = $1) AS n`,
          [id],
        ))!.n,
      );
    const active = await withLine('A');
    await p.db.query('UPDATE new_srv_contract SET new_status = $2 WHERE new_srv_contractid = $1', [active, contractStatus.active]);
    refused(await api(`/api/crmdata/delete/new_srv_contracts(${active})`, {}), '只有草稿状态的单据才能删除');
    expect(await count(active)).toBe(2);
    const draft = await withLine('D');
    done(await api(`/api/crmdata/delete/new_srv_contracts(${draft})`, {}));
    expect(await count(draft)).toBe(0);
  });

  it('numbers new documents from the declaration: prefix and China-time period, consecutive', async () => {
    const at = new Date('2026-11-27T18:00:00Z'); // already the 28th in China
    expect(numberPrefix({ prefix: 'KF', period: 'day' }, at)).toBe('KF20261128');
    expect(numberPrefix({ prefix: 'ED', period: 'month' }, at)).toBe('ED202611');
    const numbered = { ...fixture, document: { ...fixture.document, number: { prefix: 'KF', period: 'day' as const } } };
    expect(await p.db.tx((sql) => documentNumbers(sql, numbered, 2, at))).toEqual(['KF20261128-0001', 'KF20261128-0002']);
  });

  it('describes a command’s body in openapi.json: its declared inputs with their limits, and what its controller reads beyond them', async () => {
    type Op = { post: { requestBody?: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> } } };
    const paths: Record<string, Op> = (await p.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const body = (path: string) => paths[path].post.requestBody?.content['application/json'].schema.properties;
    expect(body('/api/documents/kernelfixtures/{id}/ship')?.new_trackingno).toMatchObject({
      anyOf: [{ type: 'string', maxLength: 60 }, { type: 'null' }],
    });
    expect(body('/api/documents/kernelfixtures/{id}/receive')).toBeUndefined();
    // The contract's terminate at its derived route and its spec-named alias: the date and the reason its controller reads.
    for (const path of ['/api/documents/new_srv_contracts/{id}/terminate', '/api/contracts/{id}/terminate'])
      expect(body(path)).toMatchObject({ date: { format: 'date' }, reason: { maxLength: 500 } });
  });
});
