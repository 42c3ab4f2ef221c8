/**
 * Work-order map: from navigation to every marker drawn, with 10,000 open orders and 500 engineers.
 *
 *   npm run build && node --import tsx bench/map-render.ts                                  # embedded PGlite
 *   npm run build && node scripts/with-postgres.mjs node --import tsx bench/map-render.ts   # PostgreSQL 15
 *
 * A throw-away portal (test portal: demo data plus the generated rows) listens on a free port and
 * serves the built web app; head office signs in once in headless Chromium, then /workOrder/map is
 * opened BENCH_RUNS times (default 7). The page sets `data-rendered-count` on the map and a
 * `wo-map-rendered` performance mark two animation frames after the canvas got its markers;
 * the figure is that mark's time since navigation start. Also printed: when the map call's
 * answer had arrived (resource timing), the call alone from Node and its answer's size. Target: ≤ 1 s.
 *
 * Env: BENCH_ORDERS (default 10000), BENCH_WORKERS (default 500), BENCH_RUNS, BENCH_WEB_DIST, BENCH_WEB_DIST_B
 * (a second build, runs interleaved with the first), BENCH_PARTS=1 (per-run marks), BENCH_TIMELINE=1 (the last
 * run's requests), BENCH_PROFILE=<file> (CPU profile of the last run, heaviest functions printed), BENCH_TRACE=<file>
 * (Chrome trace of the last run: open in DevTools' Performance panel or chrome://tracing), BENCH_CPU=1 (every run
 * traced: the page's main-thread CPU time from navigation to the mark, which a busy machine moves far less than the
 * wall-clock figures), BENCH_SCREENSHOT=<file> (the map of the last run), CHROMIUM_PATH.
 */
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD } from '../packages/server/src/demo/data.ts';
import { bearer, signIn } from '../packages/server/src/testing/auth-helpers.ts';
import { testPortal } from '../packages/server/src/testing/test-portal.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 500);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 7));
const STATIONS = 50;
// BENCH_WEB_DIST: another build (e.g. `npx vite build --outDir …` of an earlier commit) for before/after figures.
const WEB = resolve(process.env.BENCH_WEB_DIST || resolve(import.meta.dirname, '../packages/web/dist'));

// BENCH_CPU=1: each run traced; the renderer's main-thread CPU time from navigation to the drawn mark
// (tasks' thread time, so other processes on a busy machine count far less than in wall-clock figures).
const CPU = !!process.env.BENCH_CPU;

/**
 * CPU time (ms) of the page's main thread from its navigation to the last `wo-map-rendered` mark, and to the
 * last `wo-map-data` mark before it (the map's data in the screen: the shell's and the screen's start-up), from a trace.
 */
function mainThreadCpu(trace: string): { drawn: number; data: number } {
  type Ev = {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string; data?: { startTime?: number } };
  };
  const parsed = JSON.parse(trace) as Ev[] | { traceEvents: Ev[] };
  const ev = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mark = ev.filter((e) => e.name === 'wo-map-rendered').at(-1);
  // Navigation start: the mark's time less its startTime (the navigationStart event is sometimes not traced).
  const nav = mark?.args?.data?.startTime !== undefined ? mark.ts - mark.args.data.startTime * 1000 : undefined;
  const main = mark && ev.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain');
  if (!mark || nav === undefined || !main) return { drawn: NaN, data: NaN };
  const data = ev.filter((e) => e.name === 'wo-map-data' && e.pid === mark.pid && e.ts <= mark.ts).at(-1);
  const until = (end: number) => {
    let sum = 0;
    for (const e of ev) {
      if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid || !e.dur) continue;
      const from = Math.max(e.ts, nav);
      const to = Math.min(e.ts + e.dur, end);
      if (to > from) sum += ((e.tdur ?? e.dur) * (to - from)) / e.dur;
    }
    return sum / 1000;
  };
  return { drawn: until(mark.ts), data: data ? until(data.ts) : NaN };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

if (!existsSync(join(WEB, 'index.html'))) throw new Error('packages/web/dist is missing: run `npm run build` first');
// BENCH_WEB_DIST_B: a second build measured in the same sitting, runs interleaved A B A B … so both
// see the same machine load. The portal serves one folder holding both builds' files (the static
// plugin registers a route per file at start-up, so every file must exist then; hashed assets do
// not collide) as symlinks; index.html and the other unhashed files are pointed at the build on turn.
const WEB_B = process.env.BENCH_WEB_DIST_B ? resolve(process.env.BENCH_WEB_DIST_B) : null;
const served = WEB_B ? join(mkdtempSync(join(tmpdir(), 'bench-map-web-')), 'dist') : WEB;
const link = (dist: string, unhashedOnly: boolean) => {
  for (const f of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (statSync(join(dist, f)).isDirectory() || (unhashedOnly && f.startsWith('assets'))) continue;
    mkdirSync(dirname(join(served, f)), { recursive: true });
    rmSync(join(served, f), { force: true });
    symlinkSync(join(dist, f), join(served, f));
  }
};
if (WEB_B) for (const d of [WEB_B, WEB]) link(d, false);
const serve = (dist: string) => {
  if (WEB_B) link(dist, true);
};
serve(WEB);

const p = await testPortal({ webDist: served });
const db = p.db;
const dir = mkdtempSync(join(tmpdir(), 'bench-map-'));
try {
  // Stations under the East China branch, engineers with positions, open orders around them: set-based.
  const admin = (await db.one<{ id: string }>("SELECT systemuserid AS id FROM systemuser WHERE domainname = 'admin'"))!.id;
  await db.query(`INSERT INTO businessunit (name, new_code, new_type, parentbusinessunitid)
    SELECT '压测服务站' || g, 'BM' || lpad(g::text, 3, '0'), 3, (SELECT businessunitid FROM businessunit WHERE new_code = 'BR-HD')
      FROM generate_series(1, ${STATIONS}) g`);
  await db.query(`INSERT INTO new_srv_station (new_name, new_code, new_type, new_level, new_region, new_businessunit_id, owningbusinessunit)
    SELECT b.name, b.new_code, 1, 1, 2, b.businessunitid, b.businessunitid FROM businessunit b WHERE b.new_code LIKE 'BM%'`);
  // Station n sits on a 10 × 5 grid over the Yangtze delta (lng 116–122, lat 28–32).
  const stations = `SELECT row_number() OVER (ORDER BY new_code) - 1 AS n, new_srv_stationid AS id, owningbusinessunit AS bu
                      FROM new_srv_station WHERE new_code LIKE 'BM%'`;
  await db.query(
    `WITH s AS (${stations})
    INSERT INTO new_srv_worker (new_name, new_code, new_phone, new_station_id, new_longitude, new_latitude, new_locationtime,
                                owningbusinessunit, ownerid, createdby, modifiedby)
    SELECT '压测工程师' || g, 'BMW' || g, '139' || lpad(g::text, 8, '0'), s.id,
           116 + (s.n % 10) * 0.6 + (g % 7) * 0.03, 28 + (s.n / 10) * 0.8 + (g % 5) * 0.03, now(), s.bu, $1, $1, $1
      FROM generate_series(1, ${WORKERS}) g JOIN s ON s.n = g % ${STATIONS}`,
    [admin],
  );
  await db.query(
    `WITH s AS (${stations})
    INSERT INTO new_srv_workorder (new_name, new_type, new_warranty, new_status, new_dealstatus, new_customer, new_contact, new_phone,
                                   new_province, new_city, new_address, new_longitude, new_latitude, new_station_id, new_faultdesc,
                                   owningbusinessunit, ownerid, createdby, modifiedby, createdon)
    SELECT 'BM' || lpad(g::text, 8, '0'), 1 + g % 3, 1, 1 + g % 5, 1 + g % 5, '压测客户' || g, '联系人', '13800000000',
           '浙江省', '杭州市', '压测路 ' || g || ' 号',
           116 + (s.n % 10) * 0.6 + ((g * 7919) % 1000) / 2000.0, 28 + (s.n / 10) * 0.8 + ((g * 104729) % 1000) / 2000.0,
           s.id, '压测', s.bu, $1, $1, $1, now() - make_interval(secs => g)
      FROM generate_series(1, ${ORDERS}) g JOIN s ON s.n = g % ${STATIONS}`,
    [admin],
  );
  await db.query('ANALYZE new_srv_workorder');
  await db.query('ANALYZE new_srv_worker');

  await p.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (p.app.server.address() as { port: number }).port;
  const base = `http://localhost:${port}`;

  // The map call alone, from Node (what the page waits for before drawing).
  const token = (await signIn(p.app, 'admin')).access_token;
  const api: number[] = [];
  let expected = 0;
  let bytes = 0;
  let shown = { orders: 0, workers: 0 };
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/workorders/map?range=all`, { headers: bearer(token) });
    const body = await r.text();
    const d = (JSON.parse(body) as { Data: { orders: { id: unknown[] }; workers: { lng: number | null }[] } }).Data;
    api.push(performance.now() - t0);
    bytes = Buffer.byteLength(body);
    shown = { orders: d.orders.id.length, workers: d.workers.filter((w) => w.lng !== null).length };
    expected = shown.orders + shown.workers;
  }
  console.log(
    `database: ${db.kind}; markers: ${shown.orders.toLocaleString('en-US')} orders + ${shown.workers} engineers = ${expected.toLocaleString('en-US')}; runs: ${RUNS}; map answer ${(bytes / 1e6).toFixed(2)} MB`,
  );

  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 820 },
    args: CHROMIUM_ARGS,
    // Interleaved builds: the service worker would answer one build's pages from the other's cache.
    serviceWorkers: WEB_B ? 'block' : 'allow',
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.setDefaultTimeout(60_000);
  // Head office signs in through the form (test-mode captcha read-back), once.
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill('hq');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  const captchaId = await page.getByTestId('login-captcha-img').getAttribute('data-captcha-id');
  const answer = ((await (await fetch(`${base}/api/dev/captcha/${captchaId}`)).json()) as { Data: string }).Data;
  await page.getByTestId('login-captcha').fill(answer);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/servicehome');

  const variants = WEB_B ? [WEB, WEB_B] : [WEB];
  const results = variants.map(() => ({
    drawn: [] as number[],
    dataIn: [] as number[],
    wall: [] as number[],
    cpus: [] as number[],
    cpusToData: [] as number[],
  }));
  // One warm-up (browser cache of the chunks, as for a user who has opened the portal before).
  for (let i = -1; i < RUNS; i++)
    for (const [v, dist] of variants.entries()) {
      const { drawn, dataIn, wall, cpus, cpusToData } = results[v];
      serve(dist);
      await page.goto('about:blank');
      // BENCH_PROFILE: a V8 CPU profile of the last run, its heaviest functions by self time printed.
      const cdp = process.env.BENCH_PROFILE && i === RUNS - 1 ? await ctx.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      // BENCH_TRACE: a Chrome trace of the last run; BENCH_CPU: every run traced for its main-thread CPU time.
      const full = !!process.env.BENCH_TRACE && i === RUNS - 1;
      const tracer = full || CPU ? await ctx.newCDPSession(page) : null;
      if (tracer)
        await tracer.send('Tracing.start', {
          transferMode: 'ReturnAsStream',
          traceConfig: {
            includedCategories: full
              ? [
                  'devtools.timeline',
                  'blink.user_timing',
                  'v8.execute',
                  'disabled-by-default-devtools.timeline',
                  'loading',
                  'blink',
                  'disabled-by-default-v8.cpu_profiler',
                ]
              : ['blink.user_timing', 'disabled-by-default-devtools.timeline'],
          },
        });
      const t0 = performance.now();
      await page.goto(`${base}/workOrder/map`);
      await page.locator(`[data-testid="map-canvas"][data-rendered-count="${expected}"]`).waitFor({ state: 'attached' });
      const t1 = performance.now();
      let cpu = { drawn: NaN, data: NaN };
      if (tracer) {
        const done = new Promise<string>((res) => tracer.once('Tracing.tracingComplete', (e) => res(e.stream!)));
        await tracer.send('Tracing.end');
        const stream = await done;
        const chunks: string[] = [];
        for (;;) {
          const r = await tracer.send('IO.read', { handle: stream });
          chunks.push(r.base64Encoded ? Buffer.from(r.data, 'base64').toString() : r.data);
          if (r.eof) break;
        }
        await tracer.send('IO.close', { handle: stream });
        const text = chunks.join('');
        if (full) writeFileSync(process.env.BENCH_TRACE!, text);
        cpu = mainThreadCpu(text);
        await tracer.detach();
      }
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
        const dt = (profile.timeDeltas ?? []).reduce((a, b) => a + b, 0) / Math.max(1, profile.samples?.length ?? 1) / 1000;
        const self = new Map<string, number>();
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        for (const id of profile.samples ?? []) {
          const f = byId.get(id)!.callFrame;
          const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}`;
          self.set(key, (self.get(key) ?? 0) + dt);
        }
        for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
      }
      const m = await page.evaluate(() => {
        const mark = performance.getEntriesByName('wo-map-rendered').at(-1);
        // (no helper functions in here: tsx would wrap them in a __name() the page does not have)
        const parts = Object.fromEntries(
          ['wo-map-data', 'wo-map-build-start', 'wo-map-markers-added'].map((n) => [
            n.slice(7),
            performance.getEntriesByName(n).at(-1)?.startTime ?? NaN,
          ]),
        );
        const call = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/workorders/map?')) as
          | PerformanceResourceTiming
          | undefined;
        const timeline = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (e) =>
            `${e.startTime.toFixed(0).padStart(6)} → ${e.responseEnd.toFixed(0).padStart(6)}  ${(e.transferSize / 1024).toFixed(0).padStart(5)} KB  ${e.name.replace(location.origin, '')}`,
        );
        return { mark: mark?.startTime ?? NaN, data: call?.responseEnd ?? NaN, call: call?.startTime ?? NaN, parts, timeline };
      });
      // BENCH_SCREENSHOT=<file>: the map as the last run drew it (one variant: the last one's).
      if (process.env.BENCH_SCREENSHOT && i === RUNS - 1)
        await page.getByTestId('map-canvas').screenshot({ path: process.env.BENCH_SCREENSHOT });
      // BENCH_TIMELINE=1: every request of the last run, start → end since navigation.
      if (process.env.BENCH_TIMELINE && i === RUNS - 1) console.log(m.timeline.join('\n'));
      if (i < 0) continue;
      drawn.push(m.mark);
      if (process.env.BENCH_PARTS)
        console.log(
          JSON.stringify({ callStart: m.call, dataIn: m.data, ...m.parts, drawn: m.mark, cpuToData: cpu.data, cpu: cpu.drawn }, (_, v) =>
            typeof v === 'number' ? Math.round(v) : v,
          ),
        );
      dataIn.push(m.data);
      wall.push(t1 - t0);
      cpus.push(cpu.drawn);
      cpusToData.push(cpu.data);
    }
  await ctx.close();

  console.log(`map call from Node (median):                    ${ms(median(api))}`);
  for (const [v, { drawn, dataIn, wall, cpus, cpusToData }] of results.entries()) {
    if (WEB_B) console.log(`${v ? 'B' : 'A'}: ${variants[v]}`);
    console.log(`navigation → map data received (median):        ${ms(median(dataIn))}`);
    console.log(
      `navigation → all markers drawn (median):        ${ms(median(drawn))}   [${drawn.map((x) => x.toFixed(0)).join(', ')}]  target ≤ 1000 ms`,
    );
    console.log(`  of which drawing after the data (median):     ${ms(median(drawn.map((x, i) => x - dataIn[i])))}`);
    console.log(`wall clock goto → attribute seen (median):      ${ms(median(wall))}`);
    if (CPU) {
      const finite = (xs: number[]) => xs.filter(Number.isFinite);
      console.log(
        `page's main-thread CPU until drawn (median):    ${ms(median(finite(cpus)))}   [${cpus.map((x) => x.toFixed(0)).join(', ')}]`,
      );
      console.log(`  of which until the data is in the screen:     ${ms(median(finite(cpusToData)))}`);
    }
  }
} finally {
  await p.close();
  rmSync(dir, { recursive: true, force: true });
  if (WEB_B) rmSync(dirname(served), { recursive: true, force: true });
}
