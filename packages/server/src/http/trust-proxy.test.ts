import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { DEMO_PASSWORD } from '../demo/data.ts';
import { testPortal } from '../testing/test-portal.ts';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.ts';

/** The address Fastify settles on for a request from `socket` carrying `forwarded` (X-Forwarded-For). */
async function clientAddress(trustProxy: string | undefined, socket: string, forwarded?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(trustProxy)) });
  app.get('/', async (req) => req.ip);
  try {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: socket,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });
    return res.body;
  } finally {
    await app.close();
  }
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('believes only what a configured proxy appended: the rightmost entry per trusted hop, the socket otherwise', async () => {
    // Off: the socket, whatever the header says.
    expect(await clientAddress(undefined, '198.51.100.1', '1.2.3.4')).toBe('198.51.100.1');
    // One hop: the proxy's own entry (rightmost), never the client's made-up leftmost ones.
    expect(await clientAddress('1', '10.0.0.5', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('1', '10.0.0.5')).toBe('10.0.0.5');
    expect(await clientAddress('2', '10.0.0.5', '1.2.3.4, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    // Proxy addresses: from a proxy, its entry; a request from anywhere else is its socket address.
    expect(await clientAddress('10.0.0.0/8', '10.0.0.5', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('10.0.0.0/8', '10.0.0.5', '1.2.3.4, 10.0.0.9, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('10.0.0.5,127.0.0.1', '198.51.100.1', '1.2.3.4')).toBe('198.51.100.1');
    expect(await clientAddress('loopback', '192.168.1.20', '127.0.0.1')).toBe('192.168.1.20');
  });
});

describe('sign-in lock and request limit behind a trusted proxy', () => {
  const PROXY = '10.0.0.5';
  const CLIENT = '203.0.113.7';
  let p: Portal;
  beforeAll(async () => {
    p = await testPortal({ trustProxy: parseTrustProxy(PROXY), authRateLimit: 30 });
  });
  afterAll(() => p?.close());

  const token = (form: Record<string, string>, socket: string, forwarded?: string) =>
    p.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: socket,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
    });
  /** A sign-in form with a captcha fetched the way the client's own browser does (through the same path). */
  const form = async (user: string, password: string, socket: string, forwarded?: string) => {
    const headers = forwarded ? { 'x-forwarded-for': forwarded } : {};
    const { captchaId } = (await p.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: socket, headers })).json();
    const answer = (await p.app.inject({ method: 'GET', url: `/api/dev/captcha/${captchaId}` })).json().Data as string;
    return { grant_type: 'password', username: user, password, captcha1: captchaId, captcha2: answer };
  };
  const subjects = async (user: string) =>
    (
      await p.db.query<{ subject: string }>(`SELECT subject FROM auth_failure WHERE starts_with(subject, $1) ORDER BY subject`, [
        `password:${user}|`,
      ])
    ).rows.map((r) => r.subject);

  it('a client rotating a made-up X-Forwarded-For on 60 wrong passwords is still locked, then limited, at its real address', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 60; i++) {
      // The proxy appends the address it saw; the client made up everything before it.
      const forwarded = `198.51.100.${i + 1}, ${CLIENT}`;
      const res = await token(await form('warehouse1', `Wrong${i}pass`, PROXY, forwarded), PROXY, forwarded);
      answers.push(res.statusCode === 429 ? '429' : res.json().Message);
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('用户名或密码错误'));
    expect(answers.slice(5, 30)).toEqual(Array(25).fill('登录失败次数过多，账号已锁定 1 分钟'));
    expect(answers.slice(30)).toEqual(Array(30).fill('429'));
    expect(await subjects('warehouse1')).toEqual([`password:warehouse1|${CLIENT}`]);
    // Another client behind the same proxy is neither locked nor limited by it.
    const other = await token(await form('warehouse1', DEMO_PASSWORD, PROXY, '203.0.113.8'), PROXY, `${CLIENT}, 203.0.113.8`);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('a request not from the proxy counts at its socket address, whatever its X-Forwarded-For says', async () => {
    const direct = '192.0.2.9';
    const res = await token(await form('picker1', 'Wrong0pass', direct), direct, `${CLIENT}, ${PROXY}`);
    expect(res.json().Message).toBe('用户名或密码错误');
    expect(await subjects('picker1')).toEqual([`password:picker1|${direct}`]);
  });
});
