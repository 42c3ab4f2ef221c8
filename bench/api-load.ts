/**
 * HTTP load on a real server process: the work-order list call as the list screen makes it against
 * the bare /healthz route (one `SELECT 1`), in the same run, with autocannon.
 *
 *   node --import tsx bench/api-load.ts                                   # embedded PGlite
 *   node scripts/with-postgres.mjs node --import tsx bench/api-load.ts    # PostgreSQL (demo data)
 *   WEB_CONCURRENCY=2 node scripts/with-postgres.mjs node --import tsx bench/api-load.ts
 *
 * Env: BENCH_DURATION (s per case, default 15), BENCH_CONNECTIONS (default 100), BENCH_ONLY=list|bare,
 * WEB_CONCURRENCY (passed to the server), BENCH_CPU_PROF=<dir> (server CPU profile). The server is `node … packages/server/src/main.ts` on
 * 127.0.0.1 in its own process(es); this script is the load client, in another process — on a 2-core
 * machine the two compete for CPU (the client's own CPU share is printed).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../packages/server/src/testing/free-port.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Math.min(15, Number(process.env.BENCH_DURATION ?? 15));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ONLY = process.env.BENCH_ONLY;
const FORMATTED_PREFER = 'odata.include-annotations="OData.Community.Display.V1.FormattedValue"';

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
const pg = !!process.env.DATABASE_URL;
// BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
const profArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : [];
const server = spawn(process.execPath, [...profArgs, '--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_TEST_MODE: '1',
    SEED_DEMO: '1',
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout!.on('data', (d) => (output += d));
server.stderr!.on('data', (d) => (output += d));
const stop = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      server.once('exit', r);
      setTimeout(r, 10_000);
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  // Sign in as station1 (captcha read back in test mode).
  const { captchaId } = (await (await fetch(`${base}/api/captcha`)).json()) as { captchaId: string };
  const answer = ((await (await fetch(`${base}/api/dev/captcha/${captchaId}`)).json()) as { Data: string }).Data;
  const tokenRes = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'station1',
      password: 'Demo@2026',
      captcha1: captchaId,
      captcha2: answer,
    }).toString(),
  });
  if (!tokenRes.ok) throw new Error(`sign-in failed: ${tokenRes.status} ${await tokenRes.text()}`);
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;

  const qs = new URLSearchParams({
    $select: 'new_srv_workorderid,new_name,new_status',
    $orderby: 'createdon desc',
    $top: '20',
    $count: 'true',
  });
  const listPath = `/api/crmdata/Retrieve/new_srv_workorders?${qs}`;
  const listHeaders = { authorization: `Bearer ${token}`, prefer: FORMATTED_PREFER, 'accept-language': 'zh-CN' };
  const check = await fetch(`${base}${listPath}`, { headers: listHeaders });
  const body = ((await check.json()) as { Data?: { value?: unknown[]; '@odata.count'?: number } }).Data ?? {};
  if (!check.ok || !Array.isArray(body.value)) throw new Error(`list call failed: ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
  const bytes = Number(check.headers.get('content-length') ?? 0);

  const cases = [
    { name: 'work-order list', key: 'list', path: listPath, headers: listHeaders },
    { name: 'bare /healthz', key: 'bare', path: '/healthz', headers: {} as Record<string, string> },
  ].filter((c) => !ONLY || c.key === ONLY);

  // CPU time of the server's processes (the primary and its cluster workers), from /proc (Linux):
  // per request it is a figure that holds up when other work shares the machine.
  const tick = 1000 / 100; // ms per clock tick (USER_HZ = 100 on Linux)
  const serverPid = server.pid;
  const procs = () =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [
            {
              pid: Number(d),
              ppid: Number(f[1]),
              ms: (Number(f[11]) + Number(f[12])) * tick,
              cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' '),
            },
          ];
        } catch {
          return []; // gone
        }
      });
  // PostgreSQL's backends are children of the postmaster listening on DATABASE_URL's port.
  const pgPort = pg ? new URL(process.env.DATABASE_URL!).port : '';
  const cpuMs = () => {
    const ps = procs();
    const postmaster = pg ? ps.find((x) => x.cmd.includes(`-p ${pgPort}`) && x.cmd.includes('postgres')) : undefined;
    let server = 0;
    let db = 0;
    for (const x of ps) {
      if (x.pid === serverPid || x.ppid === serverPid) server += x.ms;
      if (postmaster && (x.pid === postmaster.pid || x.ppid === postmaster.pid)) db += x.ms;
    }
    return { server, db };
  };
  const run = async (c: (typeof cases)[number], duration: number) => {
    const cpuBefore = cpuMs();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await autocannon({ url: `${base}${c.path}`, headers: c.headers, connections: CONNECTIONS, duration });
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const cpuAfter = cpuMs();
    const n = Math.max(1, r.requests.total);
    return {
      serverCpuPerReq: (cpuAfter.server - cpuBefore.server) / n,
      dbCpuPerReq: (cpuAfter.db - cpuBefore.db) / n,
      name: c.name,
      reqs: r.requests.average,
      total: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
      clientCpu: (cpu.user + cpu.system) / 1000 / wall,
    };
  };
  const workers = process.env.WEB_CONCURRENCY ?? '1';
  console.log(
    `database: ${pg ? 'PostgreSQL' : 'PGlite (embedded)'}; WEB_CONCURRENCY=${workers}; ${CONNECTIONS} connections, ${DURATION} s per case; list answer ${bytes} bytes, ${body.value.length} rows of ${body['@odata.count']}`,
  );
  // Warm-up (JIT, pools, caches): 2 s of each, not reported.
  for (const c of cases) await run(c, 2);
  const results = [];
  for (const c of cases) results.push(await run(c, DURATION));
  console.log(
    '| case | req/s | p50 ms | p99 ms | requests | errors | CPU ms/request: app / PostgreSQL | load client CPU (% of one core) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.reqs)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.errors} | ${r.serverCpuPerReq.toFixed(2)} / ${pg ? r.dbCpuPerReq.toFixed(2) : '(in app)'} | ${(r.clientCpu * 100).toFixed(0)} % |`,
    );
  }
  if (results.length === 2) {
    const [list, bare] = results;
    console.log(`list ÷ bare: req/s ${(list.reqs / bare.reqs).toFixed(2)}, p99 ${(list.p99 / bare.p99).toFixed(2)}×`);
  }
  if (output.trim()) console.log(`server output:\n${output.trim().split('\n').slice(-15).join('\n')}`);
} finally {
  await stop();
}
