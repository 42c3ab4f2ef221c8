import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** The app processes (main.ts) forked by `pid`. */
export const childPids = (pid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        // App processes only (tsx may run an esbuild helper beside them).
        return (
          Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid &&
          readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('main.ts')
        );
      } catch {
        return false;
      }
    });

/** `node main.ts` as an operator starts it; resolves once it printed its address. */
export async function startMain(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_TEST_MODE: '1',
      SEED_DEMO: '0',
      DATABASE_URL: '',
      WEB_CONCURRENCY: '',
      LOG_LEVEL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 60_000;
  while (!stdout.includes('portal listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`main.ts did not start:\n${stdout}${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    child,
    out: () => stdout,
    err: () => stderr,
    async stop() {
      const exited = new Promise<number | null>((r) =>
        child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code)),
      );
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
