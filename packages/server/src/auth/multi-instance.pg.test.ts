import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { secondInstance, testPortal } from '../testing/test-portal.ts';
import { bearer, postToken, passwordForm, signIn } from '../testing/auth-helpers.ts';

// Two stateless app instances behind a load balancer share one PostgreSQL: sessions, captchas,
// lockouts and signing keys must agree across them. (PGlite is one process's database, so this
// suite runs only in the PostgreSQL pass of `npm test`: vitest.config.ts includes *.pg.test.ts there.)
describe('several app instances on one PostgreSQL', () => {
  let a: Portal;
  let b: Portal;
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('this suite needs DATABASE_URL (npm run test:pg)');
    a = await testPortal();
    b = await secondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts a token issued by the other instance', async () => {
    const t = await signIn(a.app, 'hq');
    expect((await b.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer(t.access_token) })).statusCode).toBe(200);
  });

  it('answers 409 on one instance after the account signed in on the other', async () => {
    const onA = await signIn(a.app, 'station1');
    await signIn(b.app, 'station1');
    const res = await a.app.inject({ method: 'GET', url: '/api/portaluser/me', headers: bearer(onA.access_token) });
    expect(res.statusCode).toBe(409);
  });

  it('spends a captcha once across instances', async () => {
    const form = await passwordForm(a.app, 'branch1');
    expect((await postToken(b.app, form)).statusCode).toBe(200);
    expect((await postToken(a.app, form)).json().Message).toBe('验证码错误或已失效');
  });
});
