import { OAUTH2_TOKEN_PATH, SERVICE_ACCOUNT_API } from '@portal/model';
import { DynamicsWebApi } from 'dynamics-web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { purgeExpired } from '../../auth/captcha.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { bearer, passwordForm, postToken, signIn } from '../../testing/auth-helpers.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { resetCallCounts } from './calls.ts';

let p: Portal;
let admin: string;
const logLines: string[] = [];
const unit: Record<string, string> = {};
const role: Record<string, string> = {};
const station: Record<string, string> = {};

type Made = { id: string; clientId: string; clientSecret: string };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const command = (url: string, payload?: object, token = admin) =>
  p.app.inject({ method: 'POST', url, payload: payload ?? {}, headers: bearer(token) });

async function make(name: string, units: string[], roles: string[], rateLimit?: number): Promise<Made> {
  const r = await command(SERVICE_ACCOUNT_API, { name, units: units.map((u) => unit[u]), roles: roles.map((c) => role[c]), rateLimit });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().Data as Made;
}

const tokenForm = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  p.app.inject({ method: 'POST', url: OAUTH2_TOKEN_PATH, payload: new URLSearchParams(form).toString(), headers: { ...FORM, ...headers } });

async function token(a: { clientId: string; clientSecret: string }): Promise<string> {
  const r = await tokenForm({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().access_token as string;
}

const workers = async (tok: string) => {
  const r = await p.app.inject({
    method: 'GET',
    url: '/api/crmdata/Retrieve/new_srv_workers?$select=new_name,new_station_id&$top=500',
    headers: bearer(tok),
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().Data as { value: { new_srv_workerid: string; new_station_id: string }[] }).value;
};

beforeAll(async () => {
  p = await testPortal({ logLevel: 'info' }, { logStream: { write: (line: string) => void logLines.push(line) } });
  admin = (await signIn(p.app, 'admin')).access_token;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT businessunitid AS id, new_code AS code FROM businessunit')).rows)
    unit[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT roleid AS id, new_code AS code FROM role')).rows)
    role[r.code] = r.id;
  for (const r of (await p.db.query<{ id: string; code: string }>('SELECT new_srv_stationid AS id, new_code AS code FROM new_srv_station'))
    .rows)
    station[r.code] = r.id;
});
afterAll(() => p?.close());

describe('creating and the client-credentials grant', () => {
  it('an administrator creates an account; its token is issued for its secret (form, JSON, Basic), refused otherwise', async () => {
    const a = await make('金蝶K3 ERP 接口（测试）', ['HQ'], ['R02-HQ']);
    expect(a.clientId).toMatch(/^svc-[0-9a-f]{24}$/);
    expect(a.clientSecret).toMatch(/^[\w-]{43}$/);
    // Only the hash is kept, and the record API never shows it.
    const row = await p.db.one<{ h: string }>('SELECT new_secrethash AS h FROM new_serviceaccount WHERE new_serviceaccountid = $1', [a.id]);
    expect(row?.h).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.h).not.toContain(a.clientSecret);
    const read = await p.app.inject({ method: 'GET', url: `/api/crmdata/Retrieve/new_serviceaccounts(${a.id})`, headers: bearer(admin) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().Data).toMatchObject({ new_clientid: a.clientId, new_state: 1, new_unitnames: '华辰智能装备股份有限公司' });
    expect(read.json().Data).not.toHaveProperty('new_secrethash');
    // Nor may it be selected, filtered or ordered on (no oracle for the hash).
    for (const q of ['$select=new_secrethash', `$filter=new_secrethash eq '${row?.h}'`, '$orderby=new_secrethash']) {
      const r = await p.app.inject({
        method: 'GET',
        url: `/api/crmdata/Retrieve/new_serviceaccounts?${encodeURI(q)}`,
        headers: bearer(admin),
      });
      expect(r.statusCode, q).toBe(400);
      const w = await p.app.inject({ method: 'GET', url: `/api/data/v9.2/new_serviceaccounts?${encodeURI(q)}`, headers: bearer(admin) });
      expect(w.statusCode, q).toBe(400);
    }

    const form = await tokenForm({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900 });
    const json = await p.app.inject({
      method: 'POST',
      url: OAUTH2_TOKEN_PATH,
      payload: { grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret },
    });
    expect(json.statusCode, json.body).toBe(200);
    const basic = await tokenForm(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from(`${a.clientId}:${a.clientSecret}`).toString('base64')}` },
    );
    expect(basic.statusCode, basic.body).toBe(200);
    // Each token works (one session per token: a second token does not end the first).
    for (const t of [form, json, basic].map((r) => r.json().access_token as string)) {
      expect(
        (await p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=1', headers: bearer(t) })).statusCode,
      ).toBe(200);
    }

    const bad = await tokenForm({
      grant_type: 'client_credentials',
      client_id: a.clientId,
      client_secret: `${a.clientSecret.slice(0, -1)}x`,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'invalid_client', error_description: '客户端 ID 或密钥不正确' });
    const unknown = await tokenForm({ grant_type: 'client_credentials', client_id: 'svc-nobody', client_secret: a.clientSecret });
    expect(unknown.json()).toEqual(bad.json());
    const grant = await tokenForm({ grant_type: 'password', client_id: a.clientId, client_secret: a.clientSecret });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');

    // The secret is command-owned: the record API writes nothing of the account.
    const upd = await command(`/api/crmdata/Update/new_serviceaccounts(${a.id})`, { new_name: 'x', new_state: 2 });
    expect(upd.statusCode).toBe(403);
    const create = await command('/api/crmdata/create/new_serviceaccounts', {
      new_name: 'x',
      new_clientid: 'svc-x',
      new_secrethash: 'a'.repeat(64),
    });
    expect(create.statusCode).toBe(403);
    // Nor its user: the administrator's user form cannot move, disable or rename it beside the account.
    const { id: userId } = (await p.db.one<{ id: string }>(
      'SELECT new_systemuser_id AS id FROM new_serviceaccount WHERE new_serviceaccountid = $1',
      [a.id],
    ))!;
    for (const values of [{ isdisabled: true }, { fullname: '改名' }]) {
      const u = await command(`/api/crmdata/Update/systemusers(${userId})`, values);
      expect(u.statusCode).toBe(400);
      expect(u.json().Message).toBe('这是服务账号的用户，请在 系统管理 → 服务账号 中修改');
    }
    expect((await p.db.one<{ off: boolean }>('SELECT isdisabled AS off FROM systemuser WHERE systemuserid = $1', [userId]))!.off).toBe(
      false,
    );
  });

  it('only system.admin creates; the input is checked field by field', async () => {
    const hq = (await signIn(p.app, 'hq')).access_token;
    const r = await command(SERVICE_ACCOUNT_API, { name: 'x', units: [unit.HQ], roles: [role['R02-HQ']] }, hq);
    expect(r.statusCode).toBe(403);
    const v = await command(SERVICE_ACCOUNT_API, { name: ' ', units: [], roles: ['00000000-0000-4000-8000-000000000000'], rateLimit: 0 });
    expect(v.statusCode).toBe(400);
    expect(
      v
        .json()
        .Data.errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['name', 'rateLimit', 'roles', 'units']);
  });

  it("a system's expired token sessions are dropped a week after their expiry; people's sessions stay", async () => {
    const a = await make('会话清理', ['HQ'], ['R01-ADMIN']);
    await token(a);
    await signIn(p.app, 'hq');
    const age = `UPDATE auth_session SET absolute_expiry = now() - interval '8 days'
                  WHERE user_id = (SELECT systemuserid FROM systemuser WHERE domainname = $1)`;
    await p.db.query(age, [a.clientId]);
    await p.db.query(age, ['hq']);
    const count = async (who: string) =>
      (await p.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM auth_session WHERE user_id = (SELECT systemuserid FROM systemuser WHERE domainname = $1)',
        [who],
      ))!.n;
    expect(await count(a.clientId)).toBe(1);
    const people = await count('hq');
    await purgeExpired(p.db);
    expect(await count(a.clientId)).toBe(0);
    expect(await count('hq')).toBe(people);
  });

  it('repeated wrong secrets lock the client id at that address', async () => {
    const a = await make('锁定测试', ['HQ'], ['R02-HQ']);
    const wrong = { grant_type: 'client_credentials', client_id: a.clientId, client_secret: 'wrong' };
    for (let i = 0; i < 5; i++) expect((await tokenForm(wrong)).statusCode).toBe(401);
    const locked = await tokenForm({ ...wrong, client_secret: a.clientSecret });
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('分钟后再试') });
  });
});

describe('scope: a service account reads what its units reach, like their people', () => {
  it("a station's account reads only its station's rows through /api/crmdata; two units read both", async () => {
    const sh = await token(await make('上海站工单接口', ['ST-SH001'], ['R04-STATION']));
    const own = await workers(sh);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((w) => w.new_station_id))).toEqual(new Set([station.SH001]));
    // The same rows as the station's own people.
    const person = await workers((await signIn(p.app, 'station1')).access_token);
    expect(own.map((w) => w.new_srv_workerid).sort()).toEqual(person.map((w) => w.new_srv_workerid).sort());
    const other = (await workers(admin)).find((w) => w.new_station_id === station.GD001)!;
    const refused = await p.app.inject({
      method: 'GET',
      url: `/api/crmdata/Retrieve/new_srv_workers(${other.new_srv_workerid})`,
      headers: bearer(sh),
    });
    expect(refused.statusCode).toBe(404);

    const two = await token(await make('沪穗两站报表', ['ST-SH001', 'ST-GD001'], ['R04-STATION']));
    expect(new Set((await workers(two)).map((w) => w.new_station_id))).toEqual(new Set([station.SH001, station.GD001]));
  });

  it('a script written for Dataverse runs unchanged: dynamics-web-api with client-credentials tokens', async () => {
    const a = await make('上海站 Dataverse 脚本', ['ST-SH001'], ['R04-STATION']);
    await p.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = p.app.server.address() as { port: number };
    const root = `http://127.0.0.1:${port}/`;
    let asked = 0;
    // What such a script does: fetch a token with its client id and secret whenever the client asks.
    const onTokenRefresh = async () => {
      asked++;
      const r = await fetch(`${root}api/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret }),
      });
      return ((await r.json()) as { access_token: string }).access_token;
    };
    const api = new DynamicsWebApi({ serverUrl: root, onTokenRefresh });
    const page = await api.retrieveMultiple<{ _new_station_id_value: string }>({
      collection: 'new_srv_workers',
      select: ['new_name', '_new_station_id_value'],
    });
    expect(page.value.length).toBeGreaterThan(0);
    expect(new Set(page.value.map((w) => w._new_station_id_value))).toEqual(new Set([station.SH001]));
    const me = await api.callFunction<{ BusinessUnitId: string }>({ name: 'WhoAmI' });
    expect(me.BusinessUnitId).toBe(unit['ST-SH001']);
    expect(asked).toBeGreaterThan(0);
  });

  it('changing its units moves its reach at once; the client id and token stay', async () => {
    const a = await make('换站测试', ['ST-SH001'], ['R04-STATION']);
    const t = await token(a);
    expect(new Set((await workers(t)).map((w) => w.new_station_id))).toEqual(new Set([station.SH001]));
    const detail = await p.app.inject({ method: 'GET', url: `${SERVICE_ACCOUNT_API}/${a.id}`, headers: bearer(admin) });
    expect(detail.json().Data).toEqual({
      id: a.id,
      name: '换站测试',
      roles: [role['R04-STATION']],
      units: [unit['ST-SH001']],
      rateLimit: 600,
    });
    const changed = await command(`${SERVICE_ACCOUNT_API}/${a.id}`, {
      name: '换站测试（广州）',
      units: [unit['ST-GD001']],
      roles: [role['R04-STATION']],
      rateLimit: 100,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().Data).toMatchObject({ id: a.id, clientId: a.clientId });
    expect(changed.json().Data).not.toHaveProperty('clientSecret');
    expect(new Set((await workers(t)).map((w) => w.new_station_id))).toEqual(new Set([station.GD001]));
    const row = await p.db.one<{ n: string; u: string; r: number }>(
      'SELECT new_name AS n, new_unitnames AS u, new_ratelimit AS r FROM new_serviceaccount WHERE new_serviceaccountid = $1',
      [a.id],
    );
    expect(row).toEqual({ n: '换站测试（广州）', u: '广州天河华辰服务站', r: 100 });
  });

  it('the same isolation through the Web API (/api/data/v9.2)', async () => {
    const sh = await token(await make('上海站 Web API', ['ST-SH001'], ['R04-STATION']));
    const list = await p.app.inject({
      method: 'GET',
      url: '/api/data/v9.2/new_srv_workers?$select=_new_station_id_value&$count=true',
      headers: bearer(sh),
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().value as { new_srv_workerid: string; _new_station_id_value: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((w) => w._new_station_id_value))).toEqual(new Set([station.SH001]));
    const other = (await workers(admin)).find((w) => w.new_station_id === station.GD001)!;
    const one = await p.app.inject({
      method: 'GET',
      url: `/api/data/v9.2/new_srv_workers(${other.new_srv_workerid})`,
      headers: bearer(sh),
    });
    expect(one.statusCode).toBe(404);
    const who = await p.app.inject({ method: 'GET', url: '/api/data/v9.2/WhoAmI', headers: bearer(sh) });
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json().BusinessUnitId).toBe(unit['ST-SH001']);
  });
});

describe('rotating, disabling, enabling', () => {
  it('a rotated-away secret and its tokens are refused; the new secret works', async () => {
    const a = await make('轮换测试', ['HQ'], ['R02-HQ']);
    const old = await token(a);
    const r = await command(`${SERVICE_ACCOUNT_API}/${a.id}/rotate`);
    expect(r.statusCode, r.body).toBe(200);
    const fresh = r.json().Data as Made;
    expect(fresh.clientId).toBe(a.clientId);
    expect(fresh.clientSecret).not.toBe(a.clientSecret);
    expect((await tokenForm({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret })).statusCode).toBe(
      401,
    );
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=1', headers: bearer(old) })).statusCode,
    ).toBe(401);
    const t = await token(fresh);
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=1', headers: bearer(t) })).statusCode,
    ).toBe(200);
  });

  it('a disabled account: its token refused at once, no new token; enabled again: tokens again', async () => {
    const a = await make('停用测试', ['HQ'], ['R02-HQ']);
    const t = await token(a);
    const call = (tok: string) =>
      p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=1', headers: bearer(tok) });
    expect((await call(t)).statusCode).toBe(200);
    expect((await command(`${SERVICE_ACCOUNT_API}/${a.id}/disable`)).statusCode).toBe(200);
    expect((await call(t)).statusCode).toBe(401);
    const refused = await tokenForm({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'invalid_client', error_description: '服务账号已停用' });
    expect((await command(`${SERVICE_ACCOUNT_API}/${a.id}/disable`)).statusCode).toBe(400);
    expect((await command(`${SERVICE_ACCOUNT_API}/${a.id}/enable`)).statusCode).toBe(200);
    expect((await call(await token(a))).statusCode).toBe(200);
    // The operation log names who did what to which account (and the account's own token requests).
    const { rows } = await p.db.query<{ action: string; who: string; result: number }>(
      `SELECT new_name AS action, new_username AS who, new_result AS result FROM new_operationlog
        WHERE new_recordid = $1 OR (new_name = 'login' AND new_username = $2) ORDER BY createdon, new_name`,
      [a.id, a.clientId],
    );
    expect(rows.filter((x) => x.action.startsWith('serviceaccount.')).map((x) => [x.action, x.who])).toEqual([
      ['serviceaccount.create', 'admin'],
      ['serviceaccount.disable', 'admin'],
      ['serviceaccount.enable', 'admin'],
    ]);
    expect(rows.filter((x) => x.action === 'login').map((x) => x.result)).toEqual([1, 3, 1]);
  });

  it('a service account never signs in on /token, even with a password set on its user', async () => {
    const a = await make('登录测试', ['HQ'], ['R01-ADMIN']);
    await p.db.query('UPDATE systemuser SET new_password = $2 WHERE domainname = $1', [a.clientId, await hashPassword('Secret#2024')]);
    const r = await postToken(p.app, await passwordForm(p.app, a.clientId, 'Secret#2024'));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'invalid_grant', error_description: '服务账号不能登录门户' });
  });
});

describe('limits and traces', () => {
  it('past its requests per minute: 429 with Retry-After, in the route family’s shape; last used is kept', async () => {
    resetCallCounts();
    const a = await make('限流测试', ['HQ'], ['R02-HQ'], 3);
    const t = await token(a);
    const call = () => p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=1', headers: bearer(t) });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const over = await call();
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json()).toMatchObject({ ErrorCode: 429, Message: expect.stringContaining('每分钟最多 3 次') });
    // The Web API answers in its own (OData) shape, with the same header.
    const odata = await p.app.inject({ method: 'GET', url: '/api/data/v9.2/new_srv_workers?$top=1', headers: bearer(t) });
    expect(odata.statusCode).toBe(429);
    expect(Number(odata.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(odata.json()).toMatchObject({ error: { code: '0x80072322', message: expect.stringContaining('每分钟最多 3 次') } });
    const used = await p.db.one<{ at: Date | null }>(
      'SELECT new_lastusedon AS at FROM new_serviceaccount WHERE new_serviceaccountid = $1',
      [a.id],
    );
    expect(used?.at).toBeInstanceOf(Date);
  });

  it('the request log line names the account', async () => {
    const a = await make('日志测试 Power BI', ['BR-HD'], ['R03-BRANCH']);
    const t = await token(a);
    logLines.length = 0;
    const r = await p.app.inject({ method: 'GET', url: '/api/crmdata/Retrieve/new_srv_workers?$top=2&x=log-probe', headers: bearer(t) });
    expect(r.statusCode).toBe(200);
    const done = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request completed');
    expect(done).toMatchObject({ serviceAccount: '日志测试 Power BI', user: a.clientId, res: { statusCode: 200 } });
    // No secret or token reaches the log.
    expect(logLines.join('')).not.toContain(t);
  });
});
