import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { bearer, passwordForm, postToken, signIn, solvedCaptcha } from '../testing/auth-helpers.ts';
import { AccessTokens } from './tokens.ts';
import { sharedSecret } from './secrets.ts';
import { signSsoAssertion } from './sso.ts';

let p: Portal;
beforeAll(async () => {
  p = await testPortal({ storeHosts: ['store.test'] });
});
afterAll(() => p?.close());

/** POST /token from another client address (inject's default is 127.0.0.1). */
const tokenFrom = (ip: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  p.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const me = (token: string) => p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer(token) });
const userId = async (name: string) =>
  (await p.db.one<{ systemuserid: string }>('SELECT systemuserid FROM systemuser WHERE domainname = $1', [name]))!.systemuserid;

describe('password grant', () => {
  it('signs a station principal in and answers who they are', async () => {
    const t = await signIn(p.app, 'station1');
    expect(t.token_type).toBe('bearer');
    expect(t.expires_in).toBe(900);
    const res = await me(t.access_token);
    expect(res.statusCode).toBe(200);
    const u = res.json().Data;
    expect(u).toMatchObject({ userName: 'station1', nickName: '陈志强', loginType: 'password', departName: '上海浦东华辰服务站' });
    expect(u.privilege).toContain('portal.login');
    expect(u.roles).toEqual(['服务站站长']);
  });

  it('asks for the username and the password, in the caller’s language', async () => {
    const c = await solvedCaptcha(p.app);
    const noUser = await postToken(p.app, { grant_type: 'password', username: '', password: 'x', captcha1: c.id, captcha2: c.answer });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().Message).toBe('请输入用户名');
    const noPass = await postToken(
      p.app,
      { grant_type: 'password', username: 'hq', password: '', captcha1: c.id, captcha2: c.answer },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(noPass.json().Message).toBe('please input password');
    expect(noPass.json().error).toBe('invalid_grant');
  });

  it('refuses a wrong password with the specification’s message, and a captcha works once only', async () => {
    const form = await passwordForm(p.app, 'hq', 'wrong-password1');
    const res = await postToken(p.app, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('用户名或密码错误');
    const again = await postToken(p.app, { ...form, password: 'Demo@2026' });
    expect(again.json().Message).toBe('验证码错误或已失效');
  });

  it('refuses a wrong captcha before looking at the password', async () => {
    const c = await solvedCaptcha(p.app);
    const res = await postToken(p.app, { grant_type: 'password', username: 'hq', password: 'Demo@2026', captcha1: c.id, captcha2: 'zzzz' });
    expect(res.json().Message).toBe('验证码错误或已失效');
  });

  it('refuses a user without an allowed role', async () => {
    const res = await postToken(p.app, await passwordForm(p.app, 'guest'), { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('You are not allowed to login portal web.');
    const zh = await postToken(p.app, await passwordForm(p.app, 'guest'));
    expect(zh.json().Message).toBe('您无权登录门户网站。');
  });

  it('lets a store user in on the store host only', async () => {
    const standard = await postToken(p.app, await passwordForm(p.app, 'store1'));
    expect(standard.json().Message).toBe('您无权登录门户网站。');
    const store = await postToken(p.app, await passwordForm(p.app, 'store1'), { host: 'store.test:8080' });
    expect(store.statusCode).toBe(200);
    const cfg = await p.app.inject({ method: 'GET', url: '/api/portal/config', headers: { host: 'store.test' } });
    expect(cfg.json().isStore).toBe(true);
    expect((await p.app.inject({ method: 'GET', url: '/api/portal/config' })).json().isStore).toBe(false);
  });

  it('accepts a session on hosts of the portal kind it was signed in on only, the refresh token too', async () => {
    const store = { host: 'store.test' };
    const s = await signIn(p.app, 'store1', store);
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: { ...bearer(s.access_token), ...store } })).statusCode,
    ).toBe(200);
    const onStandard = await me(s.access_token);
    expect(onStandard.statusCode).toBe(401);
    expect(onStandard.statusMessage).toBe('invalid_token');
    expect(onStandard.json().Message).toBe('当前登录属于另一个门户，请在本门户重新登录');
    const refreshHere = await postToken(
      p.app,
      { grant_type: 'refresh_token', refresh_token: s.refresh_token },
      { 'accept-language': 'en-US' },
    );
    expect(refreshHere.statusCode).toBe(400);
    expect(refreshHere.json()).toMatchObject({
      error: 'invalid_grant',
      Message: 'This sign-in belongs to the other portal; please sign in on this portal.',
    });
    // Refused elsewhere, the session and its refresh token still work on their own portal.
    expect((await postToken(p.app, { grant_type: 'refresh_token', refresh_token: s.refresh_token }, store)).statusCode).toBe(200);
    // And the other way round: a standard-portal session on the store host.
    const t = await signIn(p.app, 'station1');
    const onStore = await p.app.inject({
      method: 'GET',
      url: '/api/portaluser/me',
      headers: { ...bearer(t.access_token), ...store, 'accept-language': 'en-US' },
    });
    expect(onStore.statusCode).toBe(401);
    expect(onStore.json().Message).toBe('This sign-in belongs to the other portal; please sign in on this portal.');
    expect((await me(t.access_token)).statusCode).toBe(200);
  });

  it('locks an account at one address after five failures, even for the right password, with growing locks', async () => {
    const stranger = '10.9.8.7';
    const fail5 = async () => {
      for (let i = 0; i < 5; i++)
        expect((await tokenFrom(stranger, await passwordForm(p.app, 'warehouse1', `Wrong${i}pass`))).json().Message).toBe(
          '用户名或密码错误',
        );
    };
    await fail5();
    const res = await tokenFrom(stranger, await passwordForm(p.app, 'warehouse1'));
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('登录失败次数过多，账号已锁定 1 分钟');
    // The captcha is checked first: without a solved one, nothing about the account (not even its lock).
    const c = await solvedCaptcha(p.app);
    const noCaptcha = await tokenFrom(stranger, {
      grant_type: 'password',
      username: 'warehouse1',
      password: 'Demo@2026',
      captcha1: c.id,
      captcha2: 'zzzz',
    });
    expect(noCaptcha.json().Message).toBe('验证码错误或已失效');
    // The lock runs out; five more failures lock twice as long.
    await p.db.query(`UPDATE auth_failure SET locked_until = now() - interval '1 second' WHERE subject = $1`, [
      `password:warehouse1|${stranger}`,
    ]);
    await fail5();
    const again = await tokenFrom(stranger, await passwordForm(p.app, 'warehouse1'), { 'accept-language': 'en-US' });
    expect(again.json().Message).toBe('Too many failed attempts; the account is locked for 2 minutes');
  });

  it('never locks the owner out at their own address, by password or by SMS, while a stranger is locked', async () => {
    const stranger = '10.9.8.6';
    for (let i = 0; i < 5; i++) await tokenFrom(stranger, await passwordForm(p.app, 'picker1', `Wrong${i}pass`));
    expect((await tokenFrom(stranger, await passwordForm(p.app, 'picker1'))).json().Message).toMatch(/^登录失败次数过多/);
    expect((await postToken(p.app, await passwordForm(p.app, 'picker1'))).statusCode).toBe(200);
    // Locked at the owner's own address too: the SMS code still signs them in there.
    for (let i = 0; i < 5; i++) await postToken(p.app, await passwordForm(p.app, 'picker1', `Wrong${i}pass`));
    expect((await postToken(p.app, await passwordForm(p.app, 'picker1'))).json().Message).toMatch(/^登录失败次数过多/);
    const c = await solvedCaptcha(p.app);
    expect(
      (
        await p.app.inject({
          method: 'POST',
          url: '/api/sms/code',
          payload: { mobilephone: '15800158007', captchaId: c.id, captcha: c.answer, purpose: 'login' },
        })
      ).statusCode,
    ).toBe(200);
    const code = (await p.app.inject({ method: 'GET', url: '/api/dev/sms?mobilephone=15800158007' })).json().Data as string;
    const sms = await postToken(p.app, { grant_type: 'smscode', mobilephone: '15800158007', captcha1: code });
    expect(sms.statusCode, sms.body).toBe(200);
  });

  it('answers 400 invalid_request, in the caller’s language, for a body that is not flat strings', async () => {
    const json = (payload: unknown, lang = 'zh-CN') =>
      p.app.inject({
        method: 'POST',
        url: '/token',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', 'accept-language': lang },
      });
    const bodies: unknown[] = [
      { grant_type: 'password', username: { $ne: 1 }, password: 'x', captcha1: 'a', captcha2: 'b' },
      ['admin'],
      { grant_type: 'refresh_token', refresh_token: 12345 },
      { grant_type: 'smscode', mobilephone: { a: 1 }, captcha1: '123456' },
      { grant_type: ['password'] },
      { grant_type: 'password', username: 'x'.repeat(300) },
      'admin',
      null,
    ];
    for (const b of bodies) {
      const r = await json(b);
      expect(r.statusCode, JSON.stringify(b)).toBe(400);
      expect(r.json().Message).toMatch(/^(请求参数不正确|不支持的登录方式)$/);
    }
    const en = await json(['admin'], 'en-US');
    expect(en.json()).toMatchObject({ Message: 'Incorrect parameter', error: 'invalid_request' });
    const nul = await postToken(p.app, { grant_type: 'password', username: 'ad\u0000min', password: 'x', captcha1: 'a', captcha2: 'b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().Message).toBe('请求参数不正确');
  });

  it('logs sign-ins, failures and refusals without secrets', async () => {
    const { rows } = await p.db.query<{ new_name: string; new_result: number; new_source: number; new_detail: string }>(
      `SELECT new_name, new_result, new_source, new_detail FROM new_operationlog WHERE new_name = 'login'`,
    );
    expect(rows.some((r) => r.new_result === 1)).toBe(true);
    expect(rows.some((r) => r.new_result === 2)).toBe(true);
    expect(rows.some((r) => r.new_result === 3)).toBe(true);
    expect(rows.every((r) => r.new_source === 2)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/Demo@2026|Wrong\dpass/);
  });

  it('refuses an unknown grant type', async () => {
    const res = await postToken(p.app, { grant_type: 'client_credentials' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unsupported_grant_type');
  });
});

describe('SMS grant', () => {
  const mobile = '13800138002';
  const sendCode = async (purpose = 'login') => {
    const c = await solvedCaptcha(p.app);
    return p.app.inject({
      method: 'POST',
      url: '/api/sms/code',
      payload: { mobilephone: mobile, captchaId: c.id, captcha: c.answer, purpose },
    });
  };
  const lastCode = async () => (await p.app.inject({ method: 'GET', url: `/api/dev/sms?mobilephone=${mobile}` })).json().Data as string;

  it('sends a 6-digit code and signs in with it once', async () => {
    const sent = await sendCode();
    expect(sent.statusCode).toBe(200);
    expect(sent.json().Message).toBe('验证码已发送');
    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const res = await postToken(p.app, { grant_type: 'smscode', mobilephone: mobile, captcha1: code });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().access_token)).json().Data).toMatchObject({ userName: 'station2', loginType: 'smscode' });
    const replay = await postToken(p.app, { grant_type: 'smscode', mobilephone: mobile, captcha1: code });
    expect(replay.json().Message).toBe('短信验证码错误或已失效');
  });

  it('limits sending to one code a minute per number and needs a captcha', async () => {
    await p.db.query('DELETE FROM auth_sms_code WHERE mobilephone = $1', [mobile]);
    expect((await sendCode()).statusCode).toBe(200);
    expect((await sendCode()).statusCode).toBe(429);
    const noCaptcha = await p.app.inject({ method: 'POST', url: '/api/sms/code', payload: { mobilephone: mobile } });
    expect(noCaptcha.json().Message).toBe('请输入验证码');
    const badMobile = await p.app.inject({ method: 'POST', url: '/api/sms/code', payload: { mobilephone: '12345' } });
    expect(badMobile.json().Message).toBe('手机号码格式不正确');
  });

  it('spends a code after five wrong tries', async () => {
    await p.db.query(`DELETE FROM auth_failure WHERE subject = $1`, [`sms:${mobile}|127.0.0.1`]);
    const code = await lastCode();
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await postToken(p.app, { grant_type: 'smscode', mobilephone: mobile, captcha1: wrong })).statusCode).toBe(400);
    }
    await p.db.query(`DELETE FROM auth_failure WHERE subject = $1`, [`sms:${mobile}|127.0.0.1`]);
    const right = await postToken(p.app, { grant_type: 'smscode', mobilephone: mobile, captcha1: code });
    expect(right.json().Message).toBe('短信验证码错误或已失效');
  });

  it('refuses an expired code', async () => {
    await p.db.query('DELETE FROM auth_sms_code WHERE mobilephone = $1', [mobile]);
    await sendCode();
    const code = await lastCode();
    await p.db.query(`UPDATE auth_sms_code SET expires_at = now() - interval '1 second' WHERE mobilephone = $1`, [mobile]);
    expect((await postToken(p.app, { grant_type: 'smscode', mobilephone: mobile, captcha1: code })).statusCode).toBe(400);
  });
});

describe('single sign-on from the CRM', () => {
  it('signs in with a valid assertion, once', async () => {
    const id = await userId('branch1');
    const assertion = await signSsoAssertion(p.services.ssoKey, id);
    const res = await postToken(p.app, { grant_type: 'password', userid: id, assertion });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().access_token)).json().Data.loginType).toBe('sso_mscrm');
    const replay = await postToken(p.app, { grant_type: 'password', userid: id, assertion });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().Message).toBe('单点登录凭证无效或已过期');
  });

  it('never signs anyone in on a bare user id', async () => {
    const res = await postToken(p.app, { grant_type: 'password', userid: await userId('admin') });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a tampered assertion and one made out for someone else', async () => {
    const id = await userId('hq');
    const good = await signSsoAssertion(p.services.ssoKey, id);
    const [h, payload, sig] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, sub: await userId('admin') })).toString('base64url'), sig].join('.');
    expect((await postToken(p.app, { grant_type: 'password', userid: await userId('admin'), assertion: forged })).statusCode).toBe(400);
    const wrongKey = await signSsoAssertion(new TextEncoder().encode('not-the-shared-secret-at-all-000'), id);
    expect((await postToken(p.app, { grant_type: 'password', userid: id, assertion: wrongKey })).statusCode).toBe(400);
    const other = await signSsoAssertion(p.services.ssoKey, id);
    expect((await postToken(p.app, { grant_type: 'password', userid: await userId('admin'), assertion: other })).statusCode).toBe(400);
  });

  it('hands off through the CRM authorize stand-in to /authorize only', async () => {
    const page = await p.app.inject({
      method: 'GET',
      url: '/crm/authorize?redirect_url=%2Fauthorize%3Ftarget%3D%252Frootapp%252Fcrm__newmapassign',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('CRM 统一认证');
    const post = await p.app.inject({
      method: 'POST',
      url: '/crm/authorize',
      payload: new URLSearchParams({ username: 'hq', password: 'Demo@2026', redirect_url: 'https://evil.example/x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toMatch(/^\/authorize\?assertion=/);
    const assertion = new URL(post.headers.location as string, 'http://x').searchParams.get('assertion')!;
    expect((await postToken(p.app, { grant_type: 'password', assertion })).statusCode).toBe(200);
  });
});

describe('refresh tokens and sessions', () => {
  it('rotates the refresh token and revokes the family on replay', async () => {
    const t = await signIn(p.app, 'engineer1');
    const r1 = await postToken(p.app, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(r1.statusCode).toBe(200);
    const t2 = r1.json();
    expect(t2.refresh_token).not.toBe(t.refresh_token);
    expect((await me(t2.access_token)).statusCode).toBe(200);
    const replay = await postToken(p.app, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(replay.statusCode).toBe(400);
    const after = await me(t2.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.statusMessage).toBe('invalid_token');
    expect((await postToken(p.app, { grant_type: 'refresh_token', refresh_token: t2.refresh_token })).statusCode).toBe(400);
  });

  it('answers 401 expired_token for an expired access token', async () => {
    const t = await signIn(p.app, 'engineer1');
    const claims = JSON.parse(Buffer.from(t.access_token.split('.')[1], 'base64url').toString());
    const stale = await new AccessTokens(await sharedSecret(p.db, 'access-token'), -10).sign({
      sub: claims.sub,
      sid: claims.sid,
      lt: 'password',
    });
    const res = await me(stale);
    expect(res.statusCode).toBe(401);
    expect(res.statusMessage).toBe('expired_token');
    expect(res.headers['www-authenticate']).toContain('expired_token');
  });

  it('ends the older session when the account signs in elsewhere: HTTP 409 with the message', async () => {
    const first = await signIn(p.app, 'station1');
    const second = await signIn(p.app, 'station1');
    const old = await me(first.access_token);
    expect(old.statusCode).toBe(409);
    expect(old.json().Message).toBe('您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码');
    expect((await postToken(p.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).statusCode).toBe(409);
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('keeps exactly one session when the same account signs in twice at once', async () => {
    const forms = await Promise.all([passwordForm(p.app, 'hq'), passwordForm(p.app, 'hq')]);
    const answers = await Promise.all(forms.map((f) => postToken(p.app, f)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const live = await p.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth_session s JOIN systemuser u ON u.systemuserid = s.user_id WHERE u.domainname = 'hq' AND s.ended_at IS NULL`,
    );
    expect(live!.n).toBe(1);
  });

  it('refuses refresh past the absolute expiry', async () => {
    const t = await signIn(p.app, 'branch1');
    await p.db.query(`UPDATE auth_session SET absolute_expiry = now() - interval '1 second' WHERE user_id = $1 AND ended_at IS NULL`, [
      await userId('branch1'),
    ]);
    expect((await postToken(p.app, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).statusCode).toBe(400);
    expect((await me(t.access_token)).statusMessage).toBe('expired_token');
  });

  it('ends the session on logout', async () => {
    const t = await signIn(p.app, 'admin');
    const out = await p.app.inject({ method: 'POST', url: '/api/portaluser/logout', headers: bearer(t.access_token) });
    expect(out.statusCode).toBe(200);
    expect(out.json().ErrorCode).toBe(0);
    expect((await me(t.access_token)).statusCode).toBe(401);
    expect((await postToken(p.app, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).statusCode).toBe(400);
  });

  it('answers 401 invalid_token without or with a forged token', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/api/portaluser/me' })).statusMessage).toBe('invalid_token');
    const forged = await new AccessTokens(new TextEncoder().encode('another-secret-another-secret-00'), 60).sign({
      sub: await userId('admin'),
      sid: '00000000-0000-0000-0000-000000000000',
      lt: 'password',
    });
    expect((await me(forged)).statusMessage).toBe('invalid_token');
  });
});
