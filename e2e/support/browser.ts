import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

let shared: Promise<Chromium> | undefined;

/** One Chromium per spec file (see setup.ts); every "person" gets a context of their own in it. */
function chromiumProcess(): Promise<Chromium> {
  shared ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return shared;
}

/** Closes the spec file's Chromium, if one was started. */
export async function closeChromium(): Promise<void> {
  const b = shared;
  shared = undefined;
  if (b) await (await b).close();
}

/**
 * A fresh browser context (its own cookies and storage), as a separate person's browser would be:
 * isolated like a new profile, but ~0.5 s to open instead of ~1.4 s for a new Chromium process.
 */
export async function openBrowser(opts: { locale?: string } = {}): Promise<Browser> {
  const context = await (await chromiumProcess()).newContext({
    locale: opts.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 820 },
    // The portal turns antd's animations off for it: a popup or dialog is open or closed, never
    // half-way (a leave animation whose end event is missed under load left dropdowns covering
    // the next field).
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return {
    context,
    page,
    close: () => context.close(),
  };
}
