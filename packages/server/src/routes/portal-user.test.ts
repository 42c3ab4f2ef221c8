import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnitType } from '@portal/model';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { bearer, passwordForm, postToken, signIn, solvedCaptcha } from '../testing/auth-helpers.ts';

let p: Portal;
beforeAll(async () => {
  p = await testPortal();
});
afterAll(() => p?.close());

const post = (url: string, payload: object, token?: string, lang = 'zh-CN') =>
  p.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), 'accept-language': lang } });

describe('user info', () => {
  // Before the password tests below change engineer1's password.
  // 我的工单 lists the orders of the account's own personnel record (issue 24: not an administrator's whole reach).
  it("names the account's personnel record: the engineer's, none for an administrator", async () => {
    const me = async (user: string) =>
      (await p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer((await signIn(p.app, user)).access_token) })).json()
        .Data;
    const worker = (await p.db.one<{ id: string }>(`SELECT new_worker_id::text AS id FROM systemuser WHERE domainname = 'engineer1'`))!.id;
    expect(worker).toBeTruthy();
    expect((await me('engineer1')).workerId).toBe(worker);
    expect((await me('admin')).workerId).toBeNull();
  });
  // The menu offers station screens only to accounts whose unit can hold stations (model menu.ts `units`).
  it("names the kind of the account's business unit", async () => {
    const kind = async (user: string) =>
      (await p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer((await signIn(p.app, user)).access_token) })).json()
        .Data.unitType;
    expect([await kind('warehouse1'), await kind('station1'), await kind('admin')]).toEqual([
      businessUnitType.warehouse,
      businessUnitType.station,
      businessUnitType.headOffice,
    ]);
  });
});

describe('change password', () => {
  it('needs the old password, then ends every session and takes the new one', async () => {
    const t = await signIn(p.app, 'station2');
    expect(
      (await post('/api/portaluser/changepassword', { newPassword: 'Newpass2026', confirmPassword: 'Newpass2026' }, t.access_token)).json()
        .Message,
    ).toBe('请输入旧密码');
    expect((await post('/api/portaluser/changepassword', { newPassword: 'x' }, t.access_token, 'en-US')).json().Message).toBe(
      'Please enter the old password',
    );
    expect(
      (
        await post(
          '/api/portaluser/changepassword',
          { oldPassword: 'Demo@2026', newPassword: 'Newpass2026', confirmPassword: 'Other2026' },
          t.access_token,
        )
      ).json().Message,
    ).toBe('两次输入的密码不一致');
    expect(
      (
        await post(
          '/api/portaluser/changepassword',
          { oldPassword: 'Demo@2026', newPassword: 'short', confirmPassword: 'short' },
          t.access_token,
        )
      ).json().Message,
    ).toBe('密码至少 8 位，且需包含字母和数字');
    const long = 'a1'.repeat(40);
    expect(
      (
        await post('/api/portaluser/changepassword', { oldPassword: 'Demo@2026', newPassword: long, confirmPassword: long }, t.access_token)
      ).json().Message,
    ).toBe('密码过长');
    expect(
      (
        await post(
          '/api/portaluser/changepassword',
          { oldPassword: 'Wrong2026', newPassword: 'Newpass2026', confirmPassword: 'Newpass2026' },
          t.access_token,
        )
      ).json().Message,
    ).toBe('旧密码不正确');
    const ok = await post(
      '/api/portaluser/changepassword',
      { oldPassword: 'Demo@2026', newPassword: 'Newpass2026', confirmPassword: 'Newpass2026' },
      t.access_token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Message).toBe('密码已修改，请重新登录');
    expect((await p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer(t.access_token) })).statusCode).toBe(401);
    expect((await postToken(p.app, await passwordForm(p.app, 'station2'))).statusCode).toBe(400);
    expect((await postToken(p.app, await passwordForm(p.app, 'station2', 'Newpass2026'))).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  it('resets by SMS code', async () => {
    const mobile = '15800158003';
    const c = await solvedCaptcha(p.app);
    expect((await post('/api/sms/code', { mobilephone: mobile, captchaId: c.id, captcha: c.answer, purpose: 'reset' })).statusCode).toBe(
      200,
    );
    const code = (await p.app.inject({ method: 'GET', url: `/api/dev/sms?mobilephone=${mobile}` })).json().Data;
    // A reset code does not sign anyone in.
    expect((await postToken(p.app, { grant_type: 'smscode', mobilephone: mobile, captcha1: code })).statusCode).toBe(400);
    await p.db.query(`DELETE FROM auth_failure`);
    expect(
      (await post('/api/portaluser/resetpassword', { mobilephone: mobile, smscode: code, newPassword: '', confirmPassword: '' })).json()
        .Message,
    ).toBe('重置密码不能为空');
    expect(
      (
        await post('/api/portaluser/resetpassword', { mobilephone: mobile, smscode: code, newPassword: 'Reset2026x', confirmPassword: '' })
      ).json().Message,
    ).toBe('确认密码不能为空');
    const res = await post('/api/portaluser/resetpassword', {
      mobilephone: mobile,
      smscode: code,
      newPassword: 'Reset2026x',
      confirmPassword: 'Reset2026x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Message).toBe('密码已重置，请登录');
    expect((await postToken(p.app, await passwordForm(p.app, 'engineer1', 'Reset2026x'))).statusCode).toBe(200);
    const again = await post('/api/portaluser/resetpassword', {
      mobilephone: mobile,
      smscode: code,
      newPassword: 'Another2026',
      confirmPassword: 'Another2026',
    });
    expect(again.json().Message).toBe('短信验证码错误或已失效');
  });
});

describe('profile photo', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  it('accepts a small png and shows it in the user info', async () => {
    const t = await signIn(p.app, 'hq');
    const image = `data:image/png;base64,${png.toString('base64')}`;
    const res = await post('/api/portaluser/avatar', { image }, t.access_token);
    expect(res.statusCode).toBe(200);
    const me = await p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer(t.access_token) });
    expect(me.json().Data.avatarUrl).toBe(image);
  });
  it('refuses content that is not the declared image type, and large files', async () => {
    const t = await signIn(p.app, 'branch1');
    const fake = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    expect((await post('/api/portaluser/avatar', { image: fake }, t.access_token)).json().Message).toBe('请上传 png、jpg 或 gif 图片');
    expect((await post('/api/portaluser/avatar', { image: 'data:image/svg+xml;base64,PHN2Zz4=' }, t.access_token)).statusCode).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(110 * 1024)]);
    expect(
      (await post('/api/portaluser/avatar', { image: `data:image/png;base64,${big.toString('base64')}` }, t.access_token)).json().Message,
    ).toBe('头像图片不能超过 100K');
  });
});

describe('languages and the operation log', () => {
  it('lists the languages and serves maintained texts per language id', async () => {
    const list = (await p.app.inject({ method: 'GET', url: '/api/PortalLanguage/GetLanguageList' })).json();
    expect(list.ErrorCode).toBe(0);
    expect(list.Data.map((l: { new_code: string }) => l.new_code)).toEqual(['zh-CN', 'en-US']);
    expect(list.Data[0]).toEqual({ new_code: 'zh-CN', new_displayname: '简体中文', new_name: '中文(简体)', new_langid: 2052 });
    const zh = (await p.app.inject({ method: 'GET', url: '/api/PortalLanguage/GetLanguageConfigs?langId=2052' })).json();
    expect(zh.Data.LanguageConfigs['app.title']).toBe('华辰售后服务门户');
    const en = (await p.app.inject({ method: 'GET', url: '/api/PortalLanguage/GetLanguageConfigs?langId=1033' })).json();
    expect(en.Data.LanguageConfigs['app.title']).toBe('Huachen After-sales Portal');
    expect((await p.app.inject({ method: 'GET', url: '/api/PortalLanguage/GetLanguageConfigs?langId=9999' })).statusCode).toBe(400);
  });

  it('records the web app’s entries with source 2 and the caller, and needs a sign-in', async () => {
    expect((await post('/api/OperationLog', { new_name: 'view' })).statusCode).toBe(401);
    const t = await signIn(p.app, 'admin');
    const res = await post(
      '/api/OperationLog',
      { new_name: 'export', new_url: '/workOrder/list', new_source: 1, new_detail: '导出工单' },
      t.access_token,
    );
    expect(res.statusCode).toBe(200);
    const row = await p.db.one(`SELECT new_source, new_username, new_url FROM new_operationlog WHERE new_name = 'export'`);
    expect(row).toEqual({ new_source: 2, new_username: 'admin', new_url: '/workOrder/list' });
    expect((await post('/api/OperationLog', { new_name: '' }, t.access_token)).statusCode).toBe(400);
  });
});

describe('reading the operation log', () => {
  it('is for administrators only, newest first, with a cursor', async () => {
    const station = await signIn(p.app, 'station1');
    const refused = await p.app.inject({ method: 'GET', url: '/api/OperationLog', headers: bearer(station.access_token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe('您没有权限访问该资源.');
    const admin = await signIn(p.app, 'admin');
    const page1 = (
      await p.app.inject({ method: 'GET', url: '/api/OperationLog?limit=2&user=admin', headers: bearer(admin.access_token) })
    ).json().Data;
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].action).toBe('login');
    expect(page1.items.every((i: { userName: string }) => i.userName === 'admin')).toBe(true);
    const page2 = (
      await p.app.inject({
        method: 'GET',
        url: `/api/OperationLog?limit=2&user=admin&before=${encodeURIComponent(page1.next)}`,
        headers: bearer(admin.access_token),
      })
    ).json().Data;
    expect(new Date(page2.items[0].createdon).getTime()).toBeLessThan(new Date(page1.items[1].createdon).getTime() + 1);
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/OperationLog?limit=5000', headers: bearer(admin.access_token) })).statusCode,
    ).toBe(400);
  });
});

describe('envelope and errors', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ErrorCode: 404, Data: null });
  });
  it('answers malformed bodies with a 400 envelope, never a 500', async () => {
    const t = await signIn(p.app, 'admin');
    const res = await p.app.inject({
      method: 'POST',
      url: '/api/portaluser/changepassword',
      payload: '{not json',
      headers: { ...bearer(t.access_token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe(400);
  });
});
