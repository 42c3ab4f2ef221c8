import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { MENU_WALK_MS } from '../pages/menu-screens.ts';
import { OverflowPass, report, type Overflow } from '../pages/overflow.ts';
import { openBrowser, type Browser } from '../support/browser.ts';
import type { RunningPortal } from '../support/portal-server.ts';
import { waitForPath } from '../support/session.ts';
import { startTestPortal } from '../support/suite.ts';

// Issue 12 item 10: every menu screen in English at 1280 and 1440 px, no label cut without its
// full text on hover. One browser per user, screen to screen through the side navigation.
// Checked at 1280 only: 1280 and 1440 fall in the same antd breakpoint (xl, 1200–1599) and the
// portal has no media rule between them, so 1440 lays out the same boxes wider — a label that
// fits at 1280 fits there. (Measured: the file took 250 s with both widths, 230 s with one —
// the time is in opening the screens, not in measuring them.)
const WIDTHS = [1280];
// admin's menu is every screen with every action (49 screens); station1 adds a station's own views
// (its home, its scoped lists and forms). hq, engineer1 and warehouse1 see subsets of admin's
// screens with fewer actions (96 s more; OVERFLOW_USERS=admin,hq,station1,engineer1,warehouse1).
const USERS = process.env.OVERFLOW_USERS?.split(',') ?? ['admin', 'station1'];
// OVERFLOW_SHOTS=1 also keeps a screenshot of every screen at 1280 px in test-results/english-fit/.
const SHOTS = process.env.OVERFLOW_SHOTS ? resolve(import.meta.dirname, '../../test-results/english-fit') : undefined;

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal?.stop());

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

  for (const user of USERS) {
    it(
      `no label of ${user}'s menu screens is cut at ${WIDTHS.join(' or ')} px`,
      async () => {
        let browser: Browser | undefined;
        try {
          browser = await openBrowser();
          const { page } = browser;
          await page.setViewportSize({ width: WIDTHS[0], height: 800 });
          await page.goto(`${portal.standardUrl}/login`);
          await new LoginPage(page, portal).signInWithPassword(user);
          await waitForPath(page, '/servicehome');
          const shell = new AppShell(page);
          await shell.switchLanguage('en-US');
          await page.waitForFunction(() => document.documentElement.lang === 'en-US');
          expect(await shell.greeting()).toMatch(/^Good (morning|afternoon|night), /);

          const pass = new OverflowPass(page);
          await pass.ready();
          const found: Overflow[] = await pass.overflowsAt('/servicehome', WIDTHS);
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: `${SHOTS}/${user}-home.png`, fullPage: true });
          }
          const screens = await pass.menuScreens();
          // Every user has a few screens; a silent empty menu would pass vacuously.
          expect(screens.length).toBeGreaterThan(2);
          for (const [key, path] of screens) {
            await pass.open(key);
            await pass.openFilters();
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${user}-${key}.png` });
            found.push(...(await pass.overflowsAt(path, WIDTHS)));
          }
          console.info(`${user}: ${screens.length + 1} screens checked at ${WIDTHS.join(' and ')} px, ${found.length} labels cut`);
          expect(found, `labels cut in English:\n${report(found)}`).toEqual([]);
        } finally {
          await browser?.close();
        }
      },
      MENU_WALK_MS,
    );
  }
});
