import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { freePort } from '../packages/server/src/testing/free-port.ts';

export interface DevtoolsChromium {
  /** The DevTools port (Lighthouse's `port`). */
  port: number;
  /** `http://127.0.0.1:<port>`, for playwright-core's `connectOverCDP`. */
  cdp: string;
  /** Ends the browser and, once it has exited, removes its profile. */
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh real profile (installation is refused in an incognito context)
 * and a DevTools port, the e2e suite's flags, for the Lighthouse benches: resolves once the port
 * answers (bounded: ~10 s).
 */
export async function openDevtoolsChromium(executable: string, windowSize: string): Promise<DevtoolsChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'portal-bench-profile-'));
  const port = await freePort();
  const proc = spawn(
    executable,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      `--window-size=${windowSize}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const close = async () => {
    proc.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  const cdp = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${cdp}/json/version`)).ok) return { port, cdp, close };
    } catch {
      /* not up yet */
    }
    if (i > 100) {
      await close();
      throw new Error('Chromium did not open its DevTools port');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
