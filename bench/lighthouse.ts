/**
 * Lighthouse (desktop preset, performance category) on a signed-in list screen of the built portal.
 *
 *   npm run build            # once: the server serves packages/web/dist
 *   node --import tsx bench/lighthouse.ts [path]
 *
 * Starts the real server (`node … packages/server/src/main.ts`) on a fresh embedded database with the
 * demo data (as the e2e suite does), starts Debian's Chromium with a fresh profile and a DevTools
 * port, signs in as station1 through the login form (playwright-core over CDP), then runs Lighthouse
 * 12 (`npx --yes lighthouse@12`, not a workspace dependency) against the same browser with
 * `--disable-storage-reset`, so the page opens with the session the app keeps in localStorage.
 *
 * Target: the path argument or LH_PATH, else /workOrder/list once the route table has it, else
 * /worker/list. Each run starts with an empty HTTP cache (LH_WARM=1: keep it, a repeat visit).
 * Env: LH_RUNS (default 3; the median run by score is reported), LH_USER (station1),
 * CHROME_PATH (/usr/bin/chromium), LH_KEEP=1 keeps the JSON reports (their folder is printed), LH_COMPRESS=1
 * measures through a local proxy that compresses text answers (what-if), LH_PROFILE=1
 * adds a JavaScript CPU profile of one cold load (self time by script and function), WEB_DIST
 * (the server's own setting: a build elsewhere, e.g. `npx vite build --outDir /tmp/x` in packages/web).
 */
import { spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../packages/server/src/testing/free-port.ts';
import { openDevtoolsChromium } from './devtools-chromium.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { LoginPage } from '../e2e/pages/login-page.ts';
import { startPortal } from '../e2e/support/portal-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const USER = process.env.LH_USER ?? 'station1';

function defaultPath(): string {
  const routes = readFileSync(join(ROOT, 'packages/web/src/app/routes-work-order.ts'), 'utf8');
  if (/['"`]\/workOrder\/list['"`]/.test(routes)) return '/workOrder/list';
  console.log('note: /workOrder/list is not in the route table yet (routes-work-order.ts); measuring /worker/list');
  return '/worker/list';
}
const PATH = process.argv[2] ?? process.env.LH_PATH ?? defaultPath();

const WEB_DIST = resolve(process.env.WEB_DIST ?? join(ROOT, 'packages/web/dist'));
if (!existsSync(join(WEB_DIST, 'index.html'))) {
  console.error(`${WEB_DIST} has no index.html: run \`npm run build\` first`);
  process.exit(2);
}

function run(cmd: string, args: string[], cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((res) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => res({ status, output }));
  });
}

interface Audit {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[]; overallSavingsBytes?: number; overallSavingsMs?: number };
}
interface Lhr {
  finalDisplayedUrl: string;
  lighthouseVersion: string;
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/**
 * LH_PROFILE=1: a JavaScript CPU profile of one cold load (until the list's rows show), self time
 * by script and by function — where the main thread goes. Build with `--minify false` (into a
 * WEB_DIST of its own) for readable function names.
 */
async function profileLoad(cdp: string, url: string, clearCache: () => Promise<void>) {
  await clearCache();
  const b = await chromium.connectOverCDP(cdp);
  const page = await b.contexts()[0].newPage();
  const s = await b.contexts()[0].newCDPSession(page);
  await s.send('Profiler.enable');
  await s.send('Profiler.setSamplingInterval', { interval: 200 });
  await s.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(url);
  await page
    .locator('.ant-table-row')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  const shown = Date.now() - t0;
  await page.waitForLoadState('networkidle');
  const { profile } = (await s.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  await page.close();
  await b.close();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const script = f.url ? new URL(f.url).pathname : `(${f.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((x, y) => y[1] - x[1]).slice(0, n);
  const total = [...byScript.values()].reduce((x, y) => x + y, 0);
  console.log(`\nCPU profile of a cold load (rows shown after ${shown} ms, unthrottled): ${Math.round(total)} ms of JavaScript and GC`);
  for (const [k, v] of top(byScript, 12)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  console.log('  top functions (self time):');
  for (const [k, v] of top(byFn, 25)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
}

/**
 * LH_COMPRESS=1: a what-if — the browser talks to a local proxy that answers with brotli (or gzip)
 * for text responses, as the server would with precompressed assets. Assets are compressed once
 * (quality 11, like a build step); API answers on the fly (quality 4).
 */
async function compressingProxy(target: number): Promise<{ origin: string; server: Server }> {
  const cache = new Map<string, { body: Buffer; headers: Record<string, string | string[] | undefined> }>();
  const server = createHttpServer((req, res) => {
    const up = httpRequest(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const raw = Buffer.concat(chunks);
          const type = String(r.headers['content-type'] ?? '');
          const accept = String(req.headers['accept-encoding'] ?? '');
          const enc = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : '';
          const headers = { ...r.headers };
          if (enc && raw.length > 1024 && /javascript|css|json|html|svg|text/.test(type)) {
            const asset = req.url?.startsWith('/assets/') ?? false;
            const key = `${enc} ${req.url}`;
            let body = asset ? cache.get(key)?.body : undefined;
            if (!body) {
              body =
                enc === 'br'
                  ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: asset ? 11 : 4 } })
                  : gzipSync(raw, { level: asset ? 9 : 6 });
              if (asset) cache.set(key, { body, headers });
            }
            headers['content-encoding'] = enc;
            headers['content-length'] = String(body.length);
            headers.vary = 'accept-encoding';
            res.writeHead(r.statusCode ?? 200, headers);
            res.end(body);
          } else {
            res.writeHead(r.statusCode ?? 200, headers);
            res.end(raw);
          }
        });
      },
    );
    req.pipe(up);
    up.on('error', () => res.destroy());
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { origin: `http://localhost:${port}`, server };
}

const portal = await startPortal();
const proxy = process.env.LH_COMPRESS ? await compressingProxy(portal.port) : undefined;
const ORIGIN = proxy?.origin ?? portal.standardUrl;
if (proxy) console.log(`note: LH_COMPRESS=1 — measuring through a compressing proxy (${ORIGIN} → ${portal.standardUrl})`);
const out = mkdtempSync(join(tmpdir(), 'portal-lh-'));
const chrome = await openDevtoolsChromium(CHROME, '1350,940').catch(async (e) => {
  proxy?.server.close();
  await portal.stop();
  throw e;
});
const { cdp, port: cdpPort } = chrome;
try {
  // Sign in through the form as a person would.
  const browser = await chromium.connectOverCDP(cdp);
  const page = await browser.contexts()[0].newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${ORIGIN}/login`);
  await new LoginPage(page, portal).signInWithPassword(USER);
  await page.waitForURL((u) => u.pathname === '/servicehome');
  // One visit first: the screen exists for this user and the session is in place.
  await page.goto(`${ORIGIN}${PATH}`);
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== PATH) throw new Error(`${PATH} led to ${page.url()} for ${USER}`);
  await page.close();
  await browser.close(); // disconnects; the browser and its profile stay

  // --disable-storage-reset keeps localStorage (the session) and also the HTTP cache: empty the
  // cache before each run, so every run is a first visit of a signed-in user (cold cache).
  const clearCache = async () => {
    const b = await chromium.connectOverCDP(cdp);
    const pg = await b.contexts()[0].newPage();
    const s = await b.contexts()[0].newCDPSession(pg);
    await s.send('Network.clearBrowserCache');
    await pg.close();
    await b.close();
  };

  const url = `${ORIGIN}${PATH}`;
  console.log(`Lighthouse 12, desktop preset, performance; ${url} as ${USER}; ${RUNS} run(s)`);
  const reports: Lhr[] = [];
  for (let i = 0; i < RUNS; i++) {
    const file = join(out, `run${i + 1}.json`);
    if (!process.env.LH_WARM) await clearCache();
    // Asynchronous: the event loop keeps serving (LH_COMPRESS's proxy lives in this process).
    const r = await run(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        url,
        `--port=${cdpPort}`,
        '--preset=desktop',
        '--only-categories=performance',
        '--disable-storage-reset',
        '--output=json',
        `--output-path=${file}`,
        '--quiet',
      ],
      out,
    );
    if (r.status !== 0 || !existsSync(file)) throw new Error(`lighthouse failed (${r.status}):\n${r.output}`);
    const lhr = JSON.parse(readFileSync(file, 'utf8')) as Lhr;
    if (new URL(lhr.finalDisplayedUrl).pathname !== PATH)
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${PATH}: the session did not carry over`);
    const a = lhr.audits;
    console.log(
      `  run ${i + 1}: score ${Math.round(lhr.categories.performance.score * 100)}  FCP ${a['first-contentful-paint'].displayValue}  LCP ${a['largest-contentful-paint'].displayValue}  TBT ${a['total-blocking-time'].displayValue}  CLS ${a['cumulative-layout-shift'].displayValue}`,
    );
    reports.push(lhr);
  }
  reports.sort((x, y) => x.categories.performance.score - y.categories.performance.score);
  const lhr = reports[Math.floor((reports.length - 1) / 2)];
  const a = lhr.audits;
  const ms = (id: string) => `${Math.round(a[id]?.numericValue ?? NaN)} ms`;
  const kb = (n: unknown) => `${(Number(n) / 1024).toFixed(1)} KiB`;
  console.log(
    `\nmedian run (Lighthouse ${lhr.lighthouseVersion}): performance score ${Math.round(lhr.categories.performance.score * 100)}`,
  );
  console.log(
    `  FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(a['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}, Speed Index ${ms('speed-index')}`,
  );

  // What the page loads and what Lighthouse blames, for finding causes.
  const requests = (a['network-requests']?.details?.items ?? []) as {
    url: string;
    resourceType?: string;
    transferSize?: number;
    resourceSize?: number;
  }[];
  const js = requests.filter((r) => r.resourceType === 'Script');
  const css = requests.filter((r) => r.resourceType === 'Stylesheet');
  const sum = (xs: typeof requests, k: 'transferSize' | 'resourceSize') => xs.reduce((s, r) => s + (r[k] ?? 0), 0);
  console.log(
    `  requests ${requests.length}; total transfer ${kb(a['total-byte-weight']?.numericValue)}; JS ${js.length} files, ${kb(sum(js, 'transferSize'))} transferred / ${kb(sum(js, 'resourceSize'))} uncompressed; CSS ${css.length} files, ${kb(sum(css, 'transferSize'))}`,
  );
  for (const r of [...js].sort((x, y) => (y.transferSize ?? 0) - (x.transferSize ?? 0)).slice(0, 8)) {
    console.log(`    ${kb(r.transferSize).padStart(10)} ${new URL(r.url).pathname}`);
  }
  const show = (id: string, title: string) => {
    const x = a[id];
    if (!x || x.score === null || x.score >= 0.9) return;
    const d = x.details;
    const savings = [
      d?.overallSavingsMs ? `${Math.round(d.overallSavingsMs)} ms` : '',
      d?.overallSavingsBytes ? kb(d.overallSavingsBytes) : '',
    ]
      .filter(Boolean)
      .join(', ');
    console.log(`  ${title}: ${x.displayValue ?? ''}${savings ? ` (savings ${savings})` : ''}`);
    for (const it of (d?.items ?? []).slice(0, 5)) {
      const u = typeof it.url === 'string' ? it.url.replace(ORIGIN, '') : typeof it.group === 'string' ? it.group : '';
      const v =
        it.wastedBytes !== undefined
          ? kb(it.wastedBytes)
          : it.wastedMs !== undefined
            ? `${Math.round(Number(it.wastedMs))} ms`
            : it.total !== undefined
              ? `${Math.round(Number(it.total))} ms`
              : it.duration !== undefined
                ? `${Math.round(Number(it.duration))} ms`
                : '';
      if (u || v) console.log(`      ${v.padStart(10)} ${u}`);
    }
  };
  show('render-blocking-resources', 'render-blocking resources');
  show('uses-text-compression', 'text compression');
  show('unused-javascript', 'unused JavaScript');
  show('unminified-javascript', 'unminified JavaScript');
  show('bootup-time', 'JavaScript execution');
  show('mainthread-work-breakdown', 'main-thread work');
  show('font-display', 'font display');
  show('uses-long-cache-ttl', 'cache policy');
  show('server-response-time', 'server response');
  show('largest-contentful-paint-element', 'LCP element');
  show('layout-shifts', 'layout shifts');
  show('critical-request-chains', 'critical request chains');
  if (process.env.LH_PROFILE) await profileLoad(cdp, url, clearCache);
  if (process.env.LH_KEEP) console.log(`reports kept in ${out}`);
} finally {
  await chrome.close();
  proxy?.server.close();
  await portal.stop();
  if (!process.env.LH_KEEP) rmSync(out, { recursive: true, force: true });
}
