import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openBrowser, type Browser } from './browser.ts';
import { startPortal, type RunningPortal } from './portal-server.ts';

/**
 * One portal (fresh database) for the spec file, and fresh browsers per test, closed after it.
 * Call at the top level of a spec file.
 */
export function portalSuite(env: Record<string, string> = {}) {
  let portal: RunningPortal | undefined;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    portal = await startPortal(env);
  });
  afterAll(() => portal?.stop());
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((b) => b.close()));
  });
  return {
    get portal(): RunningPortal {
      if (!portal) throw new Error('portal not started');
      return portal;
    },
    /** A new browser profile (another person's browser); closed after the test. */
    async open(): Promise<Page> {
      const b = await openBrowser();
      browsers.push(b);
      return b.page;
    },
  };
}
