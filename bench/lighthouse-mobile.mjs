/**
 * Lighthouse, mobile preset (its default: a 412×823 phone, simulated slow 4G and 4× CPU slowdown),
 * performance category, on the engineer's 我的工单 of the built portal, plus the installability check.
 *
 *   cd packages/web && npx vite build --outDir /tmp/dist-lh --emptyOutDir && cd ../..
 *   WEB_DIST=/tmp/dist-lh node --import tsx bench/lighthouse-mobile.mjs [path]
 *
 * (or `npm run build` and no WEB_DIST). Starts the real server on a fresh embedded database with the
 * demo data (e2e/support/portal-server.ts), Debian's Chromium with a DevTools port and the e2e
 * suite's flags, signs engineer1 in through the form on a phone-sized page (playwright-core over
 * CDP), then runs Lighthouse (the `lighthouse` devDependency of this workspace, 12.x: it has no PWA
 * category any more) with `disableStorageReset`, so the page opens with the session the app keeps
 * in localStorage.
 *
 * Two kinds of run, LH_RUNS (default 3) each, the median by score reported:
 * - first visit: HTTP cache, the service worker's caches and the worker itself removed first;
 * - installed app: the service worker in place with its precache (how an engineer opens it again).
 * Installability is checked as Chromium reports it (`Page.getAppManifest`,
 * `Page.getInstallabilityErrors`, the worker controlling the page).
 *
 * Target: the path argument or LH_PATH, else 我的工单 (ENGINEER_APP.home). LH_USER (engineer1),
 * CHROME_PATH (/usr/bin/chromium), LH_KEEP=1 keeps the JSON reports.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { LoginPage } from '../e2e/pages/login-page.ts';
import { startPortal } from '../e2e/support/portal-server.ts';
import { ENGINEER_APP } from '../packages/model/src/engineer-app.ts';
import { openDevtoolsChromium } from './devtools-chromium.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const USER = process.env.LH_USER ?? 'engineer1';

const PATH = process.argv[2] ?? process.env.LH_PATH ?? ENGINEER_APP.home;

const WEB_DIST = resolve(process.env.WEB_DIST ?? join(ROOT, 'packages/web/dist'));
if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(join(WEB_DIST, 'sw.js'))) {
  console.error(`${WEB_DIST} has no index.html and sw.js: build the web app first`);
  process.exit(2);
}

const portal = await startPortal({ WEB_DIST });
const ORIGIN = portal.standardUrl;
const out = mkdtempSync(join(tmpdir(), 'portal-lhm-'));
const chrome = await openDevtoolsChromium(CHROME, '412,823').catch(async (e) => {
  await portal.stop();
  throw e;
});
const { cdp, port: cdpPort } = chrome;

/** A short playwright-core connection to the running browser (Lighthouse drives it in between). */
async function withPage(fn) {
  const b = await chromium.connectOverCDP(cdp);
  const ctx = b.contexts()[0];
  const page = await ctx.newPage();
  try {
    return await fn(page, await ctx.newCDPSession(page));
  } finally {
    await page.close();
    await b.close(); // disconnects; the browser and its profile stay
  }
}

try {
  // Sign in on a phone-sized page, open the screen, check what makes the portal installable.
  const install = await withPage(async (page, s) => {
    page.setDefaultTimeout(30_000);
    await s.send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
    await page.goto(`${ORIGIN}/login`);
    await new LoginPage(page, portal).signInWithPassword(USER);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${ORIGIN}${PATH}`);
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== PATH) throw new Error(`${PATH} led to ${page.url()} for ${USER}`);
    const controller = await (
      await page.waitForFunction(() => navigator.serviceWorker?.controller?.scriptURL ?? false, undefined, { timeout: 30_000 })
    ).jsonValue();
    const manifest = await s.send('Page.getAppManifest', {});
    const { installabilityErrors } = await s.send('Page.getInstallabilityErrors');
    return { controller, manifestUrl: manifest.url, manifestErrors: manifest.errors, installabilityErrors };
  });
  const installable =
    install.manifestErrors.length === 0 && install.installabilityErrors.length === 0 && install.controller === `${ORIGIN}/sw.js`;

  /** Before a first-visit run: no HTTP cache, no worker, no Cache Storage; the session (localStorage) stays. */
  const forget = () =>
    withPage(async (_page, s) => {
      await s.send('Network.clearBrowserCache');
      await s.send('Storage.clearDataForOrigin', { origin: ORIGIN, storageTypes: 'service_workers,cache_storage' });
    });
  /** Before an installed-app run: the worker registered and active again (a visit), the HTTP cache empty. */
  const reinstall = () =>
    withPage(async (page, s) => {
      await page.goto(`${ORIGIN}${PATH}`);
      await page.waitForFunction(() => navigator.serviceWorker?.controller ?? false, undefined, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await s.send('Network.clearBrowserCache');
    });

  const url = `${ORIGIN}${PATH}`;
  console.log(`Lighthouse (mobile preset), performance; ${url} as ${USER}; ${RUNS} run(s) each`);
  const median = {};
  for (const kind of ['first visit', 'installed app']) {
    const reports = [];
    for (let i = 0; i < RUNS; i++) {
      await (kind === 'first visit' ? forget() : reinstall());
      const r = await lighthouse(url, {
        port: cdpPort,
        output: 'json',
        onlyCategories: ['performance'],
        disableStorageReset: true,
        logLevel: 'error',
      });
      const lhr = r?.lhr;
      if (!lhr) throw new Error('lighthouse returned no report');
      if (lhr.categories.performance.score === null) {
        // A run Lighthouse could not finish (e.g. NO_FCP under heavy load): said, not counted.
        console.log(`  ${kind}, run ${i + 1}: no score (${lhr.runtimeError?.code ?? 'unknown error'})`);
        continue;
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== PATH)
        throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${PATH}: the session did not carry over`);
      if (process.env.LH_KEEP) writeFileSync(join(out, `${kind.replace(' ', '-')}-${i + 1}.json`), JSON.stringify(lhr));
      const a = lhr.audits;
      console.log(
        `  ${kind}, run ${i + 1}: score ${Math.round(lhr.categories.performance.score * 100)}  FCP ${a['first-contentful-paint'].displayValue}  LCP ${a['largest-contentful-paint'].displayValue}  TBT ${a['total-blocking-time'].displayValue}  CLS ${a['cumulative-layout-shift'].displayValue}`,
      );
      reports.push(lhr);
    }
    if (!reports.length) throw new Error(`no ${kind} run finished`);
    reports.sort((x, y) => x.categories.performance.score - y.categories.performance.score);
    median[kind] = reports[Math.floor((reports.length - 1) / 2)];
  }

  const kb = (n) => `${(Number(n) / 1024).toFixed(0)} KiB`;
  for (const [kind, lhr] of Object.entries(median)) {
    const a = lhr.audits;
    const ms = (id) => `${Math.round(a[id]?.numericValue ?? NaN)} ms`;
    console.log(
      `\n${kind} (median, Lighthouse ${lhr.lighthouseVersion}): performance ${Math.round(lhr.categories.performance.score * 100)}`,
    );
    console.log(
      `  FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(a['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}, Speed Index ${ms('speed-index')}, transfer ${kb(a['total-byte-weight']?.numericValue)}`,
    );
    const requests = a['network-requests']?.details?.items ?? [];
    const js = requests.filter((r) => r.resourceType === 'Script');
    console.log(
      `  requests ${requests.length}; JS ${js.length} files, ${kb(js.reduce((s, r) => s + (r.transferSize ?? 0), 0))} transferred, ${kb(js.reduce((s, r) => s + (r.resourceSize ?? 0), 0))} uncompressed`,
    );
    for (const r of [...js].sort((x, y) => (y.transferSize ?? 0) - (x.transferSize ?? 0)).slice(0, 6))
      console.log(`    ${kb(r.transferSize).padStart(8)} ${new URL(r.url).pathname}`);
    for (const id of [
      'render-blocking-resources',
      'uses-text-compression',
      'unused-javascript',
      'bootup-time',
      'mainthread-work-breakdown',
      'server-response-time',
      'largest-contentful-paint-element',
    ]) {
      const x = a[id];
      if (!x || x.score === null || x.score >= 0.9) continue;
      console.log(`  ${x.title}: ${x.displayValue ?? ''}`);
    }
  }
  console.log(
    `\ninstallable: ${installable ? 'yes' : 'NO'} — manifest ${install.manifestUrl} (${install.manifestErrors.length} errors), installability errors ${JSON.stringify(install.installabilityErrors.map((e) => e.errorId))}, service worker ${install.controller}`,
  );
  if (process.env.LH_KEEP) console.log(`reports kept in ${out}`);
  if (!installable) process.exitCode = 1;
} finally {
  await chrome.close();
  await portal.stop();
  if (!process.env.LH_KEEP) rmSync(out, { recursive: true, force: true });
}
