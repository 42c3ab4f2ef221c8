import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/login-page.ts';
import { InstallablePortal } from '../pages/pwa-pages.ts';
import { CHROMIUM, CHROMIUM_ARGS, PHONE } from '../support/browser.ts';
import { portalSuite } from '../support/suite.ts';

const suite = portalSuite();

/**
 * A phone's browser with a real profile: Chromium offers no installation in an off-the-record
 * context (every `newContext()` is one: installability error `in-incognito`), so this spec opens a
 * persistent one of its own instead of the shared browser.
 */
let profile: { context: BrowserContext; dir: string } | undefined;
afterAll(async () => {
  await profile?.context.close();
  if (profile) rmSync(profile.dir, { recursive: true, force: true });
});
async function phoneWithProfile() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...PHONE,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  profile = { context, dir };
  return context;
}

/**
 * The portal is an installable web app whose shell works offline (issue 15; packages/web/src/sw/).
 * The rules (what is cached, the update notice) are proven in src/sw/*.test.ts*; this is the browser's view.
 */
describe('installable portal', () => {
  it('links a valid manifest, is installable, runs under its service worker and shows a visited screen offline', async () => {
    const context = await phoneWithProfile();
    const csp: string[] = [];
    context.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && csp.push(m.text())));
    const page = context.pages()[0] ?? (await context.newPage());
    const origin = suite.portal.standardUrl;
    // A station principal on a phone (engineer1's phone landing belongs to the engineer app).
    await page.goto(`${origin}/login`);
    await new LoginPage(page, suite.portal).signInWithPassword('station1');
    await page.getByTestId('page-servicehome').waitFor();
    // index.html's splash (the mark, painted before the scripts run) is gone once the app has drawn.
    expect(await page.locator('.boot-splash').count()).toBe(0);
    const app = new InstallablePortal(page);

    const manifest = await app.manifest();
    expect(manifest.url).toBe(`${origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ short_name: '服务门户', start_url: '/', scope: '/', display: 'standalone' });

    expect(await app.waitForController()).toBe(`${origin}/sw.js`);
    expect(await app.installabilityErrors()).toEqual([]);

    // The screen's own chunk loaded before the worker took over; the worker keeps it too.
    await app.waitForCached('ServiceHomePage-');
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('app-header').waitFor();
      await page.getByTestId('page-servicehome').waitFor();
      expect(new URL(page.url()).pathname).toBe('/servicehome');
      // Really offline, the worker included: a build file it does not hold cannot be fetched.
      expect(
        await page.evaluate(() =>
          fetch('/assets/not-cached.js').then(
            (r) => r.status,
            () => 'failed',
          ),
        ),
      ).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
    expect(csp).toEqual([]);
  });
});
