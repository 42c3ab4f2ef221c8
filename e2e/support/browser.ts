import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';

/** A context's cookies and storage (Playwright's `storageState`), to open another already signed in. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags every Chromium of the suite and the benches runs with (no sandbox as root, no GPU, nothing fetched in the background). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
    args: CHROMIUM_ARGS,
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
 * Content-Security-Policy violations seen by any page of any context opened here since the last
 * check: Chromium's own "Refused to … Content Security Policy" console message, and the page's
 * `securitypolicyviolation` event (reported to the console by an init script, which CSP does not
 * govern). setup.ts fails every test that leaves one behind: the portal's strict policy must not
 * break a screen silently.
 */
const cspViolations: string[] = [];

/** The violations recorded since the last call, which forgets them. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * What the browser saw go wrong since the last call (failed responses, console errors, uncaught
 * page errors), the last 40: setup.ts prints them under a failed test, which is all a CI log holds
 * of a flaky run.
 */
const browserEvents: string[] = [];
function noteBrowserEvent(text: string) {
  browserEvents.push(`${new Date().toISOString().slice(11, 23)} ${text}`);
  if (browserEvents.length > 40) browserEvents.shift();
}
export function takeBrowserEvents(): string[] {
  return browserEvents.splice(0);
}

// A string, not a function: the page gets exactly this text, whatever the test transform adds.
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('Content Security Policy violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + (e.sourceFile || location.href) + ':' + e.lineNumber);
});`;

/** Mobile emulation: a 390×844 phone with touch, as Chrome on Android reports itself. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
} as const;

/**
 * A tablet at a station's counter (issue 25): touch, Android Chrome, held landscape (1024×768);
 * turned to portrait with `page.setViewportSize(TABLET_PORTRAIT)`.
 */
export const TABLET = {
  viewport: { width: 1024, height: 768 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;
export const TABLET_PORTRAIT = { width: 768, height: 1024 } as const;

/**
 * A fresh browser context (its own cookies and storage), as a separate person's browser would be:
 * isolated like a new profile, but ~0.5 s to open instead of ~1.4 s for a new Chromium process.
 */
export async function openBrowser(
  opts: { locale?: string; mobile?: boolean; tablet?: boolean; serviceWorker?: boolean; storageState?: StorageState } = {},
): Promise<Browser> {
  const context = await (await chromiumProcess()).newContext({
    locale: opts.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 820 },
    // A phone (issue 15): 390×844 CSS px, touch, Android Chrome.
    ...(opts.mobile ? PHONE : {}),
    ...(opts.tablet ? TABLET : {}),
    // The portal turns antd's animations off for it: a popup or dialog is open or closed, never
    // half-way (a leave animation whose end event is missed under load left dropdowns covering
    // the next field).
    reducedMotion: 'reduce',
    // The portal's service worker precaches ~60 files (1.7 MB) in every new context and stands
    // between the page and each of its ~100 requests per screen: only the specs about it run it.
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
    storageState: opts.storageState,
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${m.page()?.url() ?? ''}: ${m.text()}`);
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) noteBrowserEvent(`console: ${m.text().slice(0, 300)}`);
  });
  context.on('response', (r) => {
    if (r.status() >= 400) noteBrowserEvent(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  context.on('weberror', (e) => noteBrowserEvent(`page error: ${String(e.error()?.stack ?? e.error()).slice(0, 500)}`));
  const page = await context.newPage();
  return {
    context,
    page,
    close: () => context.close(),
  };
}
