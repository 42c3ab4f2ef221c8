import { isEngineerAppPath, MENU } from '@portal/model';
import type { Locator, Page } from 'playwright-core';

/**
 * What the screen passes (English fit at desktop widths, the phone pass) share: the user's menu
 * screens read from a navigation menu, and "the screen has rendered" without waiting for time.
 */

/**
 * How long a walk through every menu screen of one user may take. It grows with the menu (admin
 * has ~50 screens, ~100 with the sales side) and the machine: admin's English walk took 80 s on a
 * quiet machine and just over the default 120 s on a slow one (2026-11-27), so the walks get their
 * own, generous bound rather than the default.
 */
export const MENU_WALK_MS = 480_000;

/**
 * The enabled items of a navigation menu as [menu key, path], one per path (the model's MENU gives
 * the paths). Not the engineer app's (我的工单): another page (mobile.html), which the phone pass
 * checks where engineer1 lands.
 */
export async function menuScreensIn(nav: Locator): Promise<[string, string][]> {
  await nav.locator('.portal-nav-menu').first().waitFor({ state: 'attached' });
  const keys = await nav
    .locator('.portal-nav-menu li.ant-menu-item:not(.ant-menu-item-disabled)[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('nav-'.length)));
  const paths = new Map(MENU.flatMap((g) => g.items.map((i) => [i.key, i.path] as const)));
  const byPath = new Map<string, string>();
  for (const k of keys) {
    const p = paths.get(k);
    if (p && !isEngineerAppPath(p) && !byPath.has(p.toLowerCase())) byPath.set(p.toLowerCase(), k);
  }
  return [...byPath].map(([, k]) => [k, paths.get(k)!]);
}

/** The text of the shown content (kept hidden screens have none: innerText skips them). */
export function contentText(page: Page): Promise<string> {
  return page.evaluate(() => (document.querySelector<HTMLElement>('.portal-content')?.innerText ?? '').trim());
}

/**
 * Waits until the content shows something other than `before`, nothing is loading (no spinner or
 * skeleton), fonts are in, and its text stayed the same over three frames.
 */
export async function waitForScreen(page: Page, before = ''): Promise<void> {
  await page.waitForFunction(
    (prev) => {
      const w = window as unknown as { __screenLast?: string; __screenSame?: number };
      const main = document.querySelector<HTMLElement>('.portal-content');
      // aria-busy: the router is still loading the next screen (the one shown is on its way out).
      if (!main || document.fonts.status !== 'loaded' || main.getAttribute('aria-busy') === 'true') return false;
      const busy = Array.from(main.querySelectorAll('.ant-spin-spinning, .ant-skeleton, .ant-spin-nested-loading > div > .ant-spin')).some(
        (e) => e.getClientRects().length > 0,
      );
      const text = main.innerText.trim();
      if (busy || !text || text === prev) {
        w.__screenSame = 0;
        return false;
      }
      w.__screenSame = w.__screenLast === text ? (w.__screenSame ?? 0) + 1 : 0;
      w.__screenLast = text;
      return w.__screenSame >= 3;
    },
    before,
    { polling: 'raf', timeout: 20_000 },
  );
}
