/**
 * Page loads in headless Chromium: from `goto` to a screen's marker element, for one signed-in user,
 * warm (the browser has loaded the portal before, as a returning user's has).
 *
 *   npm run build && node --import tsx bench/page-load.ts
 *   BENCH_WEB_DIST_B=/tmp/other-build node --import tsx bench/page-load.ts     # two builds, interleaved
 *
 * One throw-away test portal (demo data) per build, each serving its build; one browser context per
 * build, signed in once through the form. Each path is opened BENCH_RUNS times (default 9) after one
 * warm-up, the builds taking turns (A B A B …) so both see the same machine load. Prints each
 * build's median per path and the ratio B/A.
 *
 * BENCH_COLD=1: each load in a new browser context (the signed-in state copied into it, service
 * workers blocked), as the e2e suite's tests open pages: no HTTP or code cache from earlier loads.
 *
 * Env: BENCH_USER (default hq), BENCH_PATHS (comma-separated `path=testid`, default the work-order
 * list, its create form and the service home), BENCH_WEB_DIST (default packages/web/dist),
 * BENCH_WEB_DIST_B, BENCH_RUNS, CHROMIUM_PATH.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD } from '../packages/server/src/demo/data.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';

const USER = process.env.BENCH_USER ?? 'hq';
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 9));
const PATHS = (process.env.BENCH_PATHS ?? '/workOrder/list=list-row,/workOrder/create=wo-form,/servicehome=page-servicehome')
  .split(',')
  .map((s) => {
    const [path, testId] = s.split('=');
    return { path, testId };
  });
const builds = [process.env.BENCH_WEB_DIST || resolve(import.meta.dirname, '../packages/web/dist'), process.env.BENCH_WEB_DIST_B]
  .filter((d): d is string => !!d)
  .map((d) => resolve(d));
for (const d of builds) if (!existsSync(join(d, 'index.html'))) throw new Error(`${d}/index.html is missing: build first`);

const COLD = process.env.BENCH_COLD === '1';
const CONTEXT = { locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 820 } };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(USER);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  const captchaId = await page.getByTestId('login-captcha-img').getAttribute('data-captcha-id');
  const answer = ((await (await fetch(`${base}/api/dev/captcha/${captchaId}`)).json()) as { Data: string }).Data;
  await page.getByTestId('login-captcha').fill(answer);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

const portals = await Promise.all(builds.map((webDist) => testPortal({ webDist })));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const sides = [];
  for (const p of portals) {
    await p.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://localhost:${(p.app.server.address() as { port: number }).port}`;
    const ctx = await browser.newContext(CONTEXT);
    const page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
    await signIn(page, base);
    sides.push({ page, base });
  }
  // A new context with the signed-in state, its heartbeat fresh (a portal closed for 90 s starts signed out).
  const coldPage = async (browser: Browser, from: Page) => {
    const state = await from.context().storageState();
    const beat = (i: { name: string; value: string }) => (i.name === 'portal.heartbeat' ? { ...i, value: String(Date.now()) } : i);
    const ctx = await browser.newContext({
      ...CONTEXT,
      serviceWorkers: 'block',
      storageState: { ...state, origins: state.origins.map((o) => ({ ...o, localStorage: o.localStorage.map(beat) })) },
    });
    return ctx.newPage();
  };
  console.log(
    `user ${USER}; ${COLD ? 'each load in a new context; ' : ''}${RUNS} runs per path after a warm-up; builds: ${builds.map((b, i) => `${'AB'[i]} ${b}`).join(', ')}`,
  );
  for (const { path, testId } of PATHS) {
    const times: number[][] = builds.map(() => []);
    for (let i = -1; i < RUNS; i++)
      for (const [k, side] of sides.entries()) {
        const page = COLD ? await coldPage(browser, side.page) : side.page;
        await page.goto('about:blank');
        const t0 = performance.now();
        await page.goto(`${side.base}${path}`);
        await page.getByTestId(testId).first().waitFor();
        if (i >= 0) times[k].push(performance.now() - t0);
        if (COLD) await page.context().close();
      }
    const m = times.map(median);
    const cells = m.map((x, k) => `${'AB'[k]} ${x.toFixed(0)} ms [${times[k].map((t) => t.toFixed(0)).join(' ')}]`);
    console.log(`${path.padEnd(22)} ${cells.join('   ')}${m.length > 1 ? `   B/A ${(m[1] / m[0]).toFixed(2)}` : ''}`);
  }
} finally {
  await browser.close();
  for (const p of portals) await p.close();
}
