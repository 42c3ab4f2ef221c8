import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { testPortal } from './testing/test-portal.ts';

describe('configuration', () => {
  it('refuses test mode in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_TEST_MODE: '1' } as NodeJS.ProcessEnv)).toThrow(/refused/);
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
