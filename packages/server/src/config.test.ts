import { describe, expect, it } from 'vitest';
import { assertTestModeHost, loadConfig } from './config.ts';
import { testPortal } from './testing/test-portal.ts';

describe('configuration', () => {
  it('refuses test mode in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_TEST_MODE: '1' } as NodeJS.ProcessEnv)).toThrow(/refused/);
  });
  it('listens on 127.0.0.1 unless HOST names another address', () => {
    for (const env of [{}, { PORTAL_TEST_MODE: '1' }])
      expect(loadConfig(env as NodeJS.ProcessEnv).host, JSON.stringify(env)).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' } as NodeJS.ProcessEnv).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '192.168.1.10' } as NodeJS.ProcessEnv).host).toBe('192.168.1.10');
  });
  it('listens on loopback only in test mode: any other address refused', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ PORTAL_TEST_MODE: '1', HOST: host } as NodeJS.ProcessEnv).host, host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '', '192.168.1.10', 'portal.example.com', '127.0.0.1.example.com', 'localhost.example.com']) {
      expect(() => loadConfig({ PORTAL_TEST_MODE: '1', HOST: host } as NodeJS.ProcessEnv), host).toThrow(
        /PORTAL_TEST_MODE=1 is refused on HOST=.*loopback/,
      );
    }
    // A host set by the caller (tests, start-up code) is held to the same rule.
    expect(() => loadConfig({ PORTAL_TEST_MODE: '1' } as NodeJS.ProcessEnv, { host: '0.0.0.0' })).toThrow(/loopback/);
    expect(() => loadConfig({ HOST: '0.0.0.0' } as NodeJS.ProcessEnv, { testMode: true })).toThrow(/loopback/);
    expect(loadConfig({ HOST: '0.0.0.0' } as NodeJS.ProcessEnv).host).toBe('0.0.0.0');
    expect(() => assertTestModeHost({ testMode: true, host: '10.0.0.1' })).toThrow(/loopback/);
    expect(() => assertTestModeHost({ testMode: false, host: '10.0.0.1' })).not.toThrow();
  });
  it('reads TRUST_PROXY as a hop count or proxy addresses, and refuses trust-everything and nonsense at start', () => {
    const trust = (v?: string) => loadConfig({ TRUST_PROXY: v } as NodeJS.ProcessEnv).trustProxy;
    for (const off of [undefined, '', '0', 'off', 'false']) expect(trust(off), String(off)).toEqual({ kind: 'off' });
    expect(trust('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual({
      kind: 'proxies',
      proxies: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
    });
    expect(() => trust('true')).toThrow(/TRUST_PROXY=true is refused: trusting every address would let any client choose its own address/);
    for (const bad of ['yes', '*', 'all']) expect(() => trust(bad), bad).toThrow(/is refused/);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1', '1.5', '-1', '11', ',']) {
      expect(() => trust(bad), bad).toThrow(
        new RegExp(
          `TRUST_PROXY=${bad.replace(/[.*]/g, '\\$&')} is not understood.*e\\.g\\. 1\\).*e\\.g\\. 127\\.0\\.0\\.1,10\\.0\\.0\\.0/8`,
        ),
      );
    }
    expect(() => trust('10.0.0.1,nonsense')).toThrow('(nonsense)');
  });
  it('keeps test mode off by default', () => {
    const cfg = loadConfig({} as NodeJS.ProcessEnv);
    expect(cfg.testMode).toBe(false);
    expect(cfg.port).toBe(8080);
  });
  it('serves no read-backs outside test mode', async () => {
    const p = await testPortal({ testMode: false, seedDemo: 'no' });
    try {
      // The suite runs twice: on embedded PGlite, and on PostgreSQL when DATABASE_URL is set.
      expect(p.db.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'embedded');
      const { captchaId } = (await p.app.inject({ method: 'GET', url: '/api/captcha' })).json();
      expect((await p.app.inject({ method: 'GET', url: `/api/dev/captcha/${captchaId}` })).statusCode).toBe(404);
      expect((await p.app.inject({ method: 'GET', url: '/api/dev/sms?mobilephone=13800138001' })).statusCode).toBe(404);
      // Without demo data there is nobody to sign in, but the languages are there.
      expect((await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM systemuser'))!.n).toBe(0);
      expect((await p.db.one<{ n: number }>('SELECT count(*)::int AS n FROM new_language'))!.n).toBe(2);
    } finally {
      await p.close();
    }
  });
});
