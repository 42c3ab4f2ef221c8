import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { isEngineerAppPath, MENU } from '@portal/model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { AxePass, axeReport, countsByRule, type AxeViolation } from '../pages/axe-pass.ts';
import { LoginPage } from '../pages/login-page.ts';
import { contentText, MENU_WALK_MS } from '../pages/menu-screens.ts';
import { OverflowPass, report, type Overflow } from '../pages/overflow.ts';
import { openBrowser, type Browser } from '../support/browser.ts';
import type { RunningPortal } from '../support/portal-server.ts';
import { openInApp, waitForPath } from '../support/session.ts';
import { startTestPortal } from '../support/suite.ts';

// Every desktop menu screen, walked screen to screen through the navigation, once for two checks
// (one walk each cost ~2 min of admin's ~50 screens; the time is in opening them):
// - Issue 24 item 11: no serious or critical WCAG 2.0/2.1 A/AA violation (axe-core) on any menu
//   screen of any demo user. axe runs on each user's landing page and on every screen (path) not yet
//   checked — one screen is one set of components whichever role opens it, in either portal's shell
//   (the store's shell is checked whole on store1's landing page and last screen). AXE_EVERY=1 runs axe on every screen of every user (the full count, for a report).
// - Issue 12 item 10: in English, no label cut without its full text on hover, at 1280 px — 1280
//   and 1440 fall in the same antd breakpoint (xl, 1200–1599) and the portal has no media rule
//   between them, so 1440 lays out the same boxes wider. admin's menu is every screen with every
//   action; station1 adds a station's own views (the screens admin's walk did not check: a screen
//   is one set of labels whichever role opens it, and admin's has every action). They walk in
//   English at 1280 px with both checks;
//   the other users (subsets of admin's screens with fewer actions) in Chinese at 1440×900 with axe
//   on what is left. OVERFLOW_USERS=admin,hq,station1,… walks more users in English.
const EVERY = !!process.env.AXE_EVERY;
const ENGLISH_USERS = process.env.OVERFLOW_USERS?.split(',') ?? ['admin', 'station1'];
const WIDTHS = [1280];
// admin first: the widest menu, so later users mostly add their own home and station views.
const USERS = ['admin', 'station1', 'hq', 'branch1', 'warehouse1', 'engineer1', 'picker1', 'shipper1', 'station2'];
// OVERFLOW_SHOTS=1 also keeps a screenshot of every English screen in test-results/english-fit/.
const SHOTS = process.env.OVERFLOW_SHOTS ? resolve(import.meta.dirname, '../../test-results/english-fit') : undefined;

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal?.stop());

const checked = new Set<string>();
/** Screens (paths) checked in English: a later English user walks only the screens of its own. */
const fittedInEnglish = new Set<string>();
const totals: Record<string, Record<string, number>> = {};

async function withDesktop(width: number, height: number, run: (page: Page) => Promise<void>) {
  let browser: Browser | undefined;
  try {
    browser = await openBrowser();
    await browser.page.setViewportSize({ width, height });
    await run(browser.page);
  } finally {
    await browser?.close();
  }
}

/**
 * Runs axe on the screen unless this portal's screen was checked already (or AXE_EVERY); `whole`:
 * with the shell around it, else the screen's own content (the shell is checked whole on each
 * user's landing page and on the last screen of the walk, with every page tab open).
 */
async function check(axe: AxePass, found: AxeViolation[], key: string, screen: string, always = false, whole = true) {
  if (!EVERY && !always && checked.has(key)) return;
  checked.add(key);
  found.push(...(await axe.violations(screen, whole || EVERY ? 'page' : 'content')));
}

function summary(user: string, screens: number, axe: AxePass, started: number, found: AxeViolation[]) {
  totals[user] = countsByRule(found);
  console.info(
    `${user}: ${screens} screens walked, ${axe.checked} checked by axe (${Math.round(axe.axeMs / 1000)} s in axe) in ${Math.round((Date.now() - started) / 1000)} s, serious/critical: ${JSON.stringify(totals[user])}`,
  );
}

describe('English that fits', () => {
  it('the pass finds a cut label without a title, and accepts one with a title or room', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${portal.standardUrl}/login`);
      await new LoginPage(page, portal).waitForForm();
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.className = 'portal-content';
        box.innerHTML = [
          ...['cut', 'titled', 'roomy'].map(
            (id) =>
              `<span class="ant-tag" data-testid="probe-${id}" ${id === 'titled' ? 'title="Return machine application"' : ''} style="display:inline-block;width:${id === 'roomy' ? 400 : 90}px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">Return machine application</span>`,
          ),
          // Wraps inside a word ("Appoint / ment date"), and one that wraps between words.
          '<div class="ant-form-item-label" data-testid="probe-word" style="width:40px;overflow-wrap:break-word">Appointment date</div>',
          '<div class="ant-form-item-label" data-testid="probe-words" style="width:120px">Appointment date</div>',
          '<input data-testid="probe-input" placeholder="Search work order number, customer" style="width:120px">',
          '<input data-testid="probe-input-wide" placeholder="Search" style="width:120px">',
        ].join('');
        document.body.prepend(box);
      });
      const found = await new OverflowPass(page).overflows('/login');
      expect(found.map((f) => [f.selector, f.how.split(' ')[0]]).sort()).toEqual([
        ['[data-testid=probe-cut]', 'width'],
        ['[data-testid=probe-input]', 'placeholder'],
        ['[data-testid=probe-word]', 'word'],
      ]);
    } finally {
      await browser.close();
    }
  });
});

describe('desktop menu screens: accessibility (axe-core, WCAG 2 A/AA) and English that fits', () => {
  for (const user of USERS) {
    const english = ENGLISH_USERS.includes(user);
    it(
      english
        ? `${user}'s menu screens have no serious or critical violation, and in English no label is cut at ${WIDTHS.join(' or ')} px`
        : `${user}'s menu screens have no serious or critical violation`,
      () =>
        withDesktop(english ? WIDTHS[0] : 1440, english ? 800 : 900, async (page) => {
          const started = Date.now();
          const axe = new AxePass(page);
          const walk = new OverflowPass(page);
          const found: AxeViolation[] = [];
          const cut: Overflow[] = [];
          await page.goto(`${portal.standardUrl}/login`);
          await new LoginPage(page, portal).signInWithPassword(user);
          await page.waitForURL((u) => u.pathname !== '/login');
          if (isEngineerAppPath(new URL(page.url()).pathname)) await page.goto(`${portal.standardUrl}/servicehome`);
          if (english) {
            await waitForPath(page, '/servicehome');
            const shell = new AppShell(page);
            await shell.switchLanguage('en-US');
            await page.waitForFunction(() => document.documentElement.lang === 'en-US');
            expect(await shell.greeting()).toMatch(/^Good (morning|afternoon|night), /);
          }
          await walk.ready();
          const landing = new URL(page.url()).pathname;
          await check(axe, found, `standard ${landing}`, `${user} ${landing}`, true);
          if (english) {
            cut.push(...(await walk.overflowsAt(landing, WIDTHS)));
            if (SHOTS) {
              mkdirSync(SHOTS, { recursive: true });
              await page.screenshot({ path: `${SHOTS}/${user}-home.png`, fullPage: true });
            }
          }
          const screens = await walk.menuScreens();
          let fitCount = 1;
          // A silent empty menu would pass vacuously.
          expect(screens.length).toBeGreaterThan(2);
          for (const [i, [key, path]] of screens.entries()) {
            const screen = path.toLowerCase();
            const fitted = !english || (!EVERY && fittedInEnglish.has(screen));
            if (!EVERY && fitted && checked.has(`standard ${screen}`)) continue;
            await walk.open(key);
            await check(axe, found, `standard ${screen}`, `${user} ${path}`, false, i === screens.length - 1);
            if (fitted) continue;
            fittedInEnglish.add(screen);
            fitCount++;
            await walk.openFilters();
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${user}-${key}.png` });
            cut.push(...(await walk.overflowsAt(path, WIDTHS)));
          }
          summary(user, screens.length + 1, axe, started, found);
          if (english)
            console.info(
              `${user}: ${fitCount} of ${screens.length + 1} screens checked in English at ${WIDTHS.join(' and ')} px (the rest by an earlier user), ${cut.length} labels cut`,
            );
          expect(found, `serious/critical accessibility violations of ${user}:\n${axeReport(found)}`).toEqual([]);
          expect(cut, `labels cut in English:\n${report(cut)}`).toEqual([]);
        }),
      MENU_WALK_MS,
    );
  }

  it(
    "store1's store portal screens have no serious or critical violation",
    () =>
      withDesktop(1440, 900, async (page) => {
        const started = Date.now();
        const axe = new AxePass(page);
        const walk = new OverflowPass(page);
        const found: AxeViolation[] = [];
        await page.goto(`${portal.storeUrl}/login1`);
        await new LoginPage(page, portal).signInWithPassword('store1');
        await page.waitForURL((u) => u.pathname === '/home1');
        await walk.ready();
        await check(axe, found, 'store /home1', 'store1 /home1', true);
        // The store's top menu opens its groups as popups on hover: open each and read its items;
        // each screen then opens in the app (no page load per screen: ~0.5 s each instead of ~1.5).
        // The overflow placeholder (…) is hidden while every group fits: only the real groups open.
        const groups = page.locator('.portal-nav-menu > .ant-menu-submenu:not(.ant-menu-overflow-item-rest)');
        const count = await groups.count();
        const paths = new Map(MENU.flatMap((g) => g.items.map((i) => [i.key, i.path] as const)));
        const items: { key: string; path: string }[] = [];
        for (let i = 0; i < count; i++) {
          await groups.nth(i).hover();
          const popup = page.locator('.ant-menu-submenu-popup').nth(i);
          await popup.waitFor({ state: 'attached' });
          const keys = await popup
            .locator('li.ant-menu-item:not(.ant-menu-item-disabled)[data-testid^="nav-"]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('nav-'.length)));
          for (const key of keys) {
            const path = paths.get(key);
            if (path && !isEngineerAppPath(path) && !items.some((x) => x.path === path)) items.push({ key, path });
          }
        }
        expect(items.length).toBeGreaterThan(2);
        for (const [n, { path }] of items.entries()) {
          const before = await contentText(page);
          await openInApp(page, path);
          await walk.ready(before);
          // A screen's content is the same components in either portal's shell (checked whole on
          // the landing page and the last screen): one the standard walk checked is not checked again.
          const last = n === items.length - 1;
          await check(axe, found, `standard ${path.toLowerCase()}`, `store1 ${path}`, last, last);
        }
        const screens = items;
        summary('store1', screens.length + 1, axe, started, found);
        expect(found, `serious/critical accessibility violations of store1:\n${axeReport(found)}`).toEqual([]);
      }),
    MENU_WALK_MS,
  );
});
