import type { Page } from 'playwright-core';
import { sideMenu } from './app-shell.ts';
import { contentText, menuScreensIn, waitForScreen } from './menu-screens.ts';

/** A label whose text does not fit its box and gives no other way to read it (no title). */
export interface Overflow {
  screen: string;
  width: number;
  selector: string;
  text: string;
  how: string;
}

/**
 * Where labels live: navigation, header, breadcrumb, tabs, buttons, button groups, form labels,
 * table headers and cells, tags, headings, card and description labels, filter panels. Each one and
 * everything inside it is checked. Charts draw on a canvas (no text to measure).
 */
export const LABEL_SELECTORS = [
  '.ant-menu-title-content',
  '.portal-header h1',
  '.portal-header .ant-btn',
  '.ant-breadcrumb li',
  '.ant-tabs-tab',
  '.ant-btn',
  '.ant-radio-button-wrapper',
  '.ant-segmented-item',
  '.ant-checkbox-wrapper',
  '.ant-radio-wrapper',
  '.ant-form-item-label',
  '.list-filter-label',
  '.ant-table-thead th',
  '.ant-table-tbody td',
  '.ant-tag',
  'h1, h2, h3, h4, h5',
  '.ant-card-head',
  '.ant-descriptions-item-label',
  '.ant-descriptions-title',
  '.ant-statistic-title',
  '.ant-select-selection-placeholder',
  '.ant-select-selection-item',
  '.ant-list-item-meta-title',
  '.ant-steps-item-title',
  '.ant-pagination',
  '.ant-empty-description',
  '.ant-alert-message, .ant-alert-title',
].join(',');

/**
 * Runs in the page: every visible label (or element inside one) whose text is cut — clipped
 * (overflow hidden/clip) or ellipsized and wider (or taller) than its box — and that has no title
 * on itself or a near ancestor (a deliberately truncated cell that offers its full text is fine).
 */
function findOverflows(selectors: string): { selector: string; text: string; how: string }[] {
  const out: { selector: string; text: string; how: string }[] = [];
  const seen = new Set<Element>();
  const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const titled = (el: Element | null) => {
    for (let e = el, i = 0; e && i < 6; e = e.parentElement, i++) if ((e.getAttribute('title') ?? '').trim()) return true;
    return false;
  };
  const describe = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el, i = 0; e && i < 4; e = e.parentElement, i++) {
      const testId = e.getAttribute('data-testid');
      const cls = Array.from(e.classList)
        .filter((c) => !c.startsWith('css-'))
        .slice(0, 2)
        .join('.');
      parts.unshift(testId ? `[data-testid=${testId}]` : `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
      if (testId) break;
    }
    return parts.join(' > ');
  };
  const check = (el: HTMLElement) => {
    if (seen.has(el)) return;
    seen.add(el);
    if (el.closest('.leaflet-container, canvas, svg, [aria-hidden=true]')) return;
    const text = (el.innerText ?? '').trim();
    if (!text || !visible(el)) return;
    const s = getComputedStyle(el);
    const clipsX = /hidden|clip/.test(s.overflowX) || s.textOverflow === 'ellipsis';
    const clipsY = /hidden|clip/.test(s.overflowY) || s.webkitLineClamp !== 'none';
    const how =
      clipsX && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1
        ? `width ${el.scrollWidth} > ${el.clientWidth}`
        : clipsY && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 2
          ? `height ${el.scrollHeight} > ${el.clientHeight}`
          : '';
    if (how && !titled(el)) out.push({ selector: describe(el), text: text.slice(0, 80), how });
    else if (!how && !el.closest('.ant-table-tbody') && s.display !== 'inline') {
      // A label that wraps may still break inside a word ("Statio / n level"): a word wider than the box.
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join(' ');
      const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      const word = own
        .split(/\s+/)
        .filter((w) => /^[\x21-\x7e]{2,}$/.test(w))
        .find((w) => textWidth(w, s) > room + 1);
      if (word && room > 0 && !titled(el))
        out.push({ selector: describe(el), text: text.slice(0, 80), how: `word "${word}" wider than ${Math.round(room)}px` });
    }
  };
  const ctx = document.createElement('canvas').getContext('2d')!;
  const textWidth = (t: string, s: CSSStyleDeclaration) => {
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    ctx.letterSpacing = s.letterSpacing === 'normal' ? '0px' : s.letterSpacing;
    return ctx.measureText(t).width;
  };
  // A placeholder longer than its input is cut without any sign (ellipsis or not).
  for (const input of Array.from(
    document.querySelectorAll<HTMLInputElement>(
      '.portal-content input[placeholder]:placeholder-shown, .portal-header input[placeholder]:placeholder-shown',
    ),
  )) {
    if (!visible(input) || titled(input)) continue;
    const s = getComputedStyle(input);
    const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    const w = textWidth(input.placeholder, s);
    if (room > 0 && w > room + 1)
      out.push({ selector: describe(input), text: input.placeholder, how: `placeholder ${Math.round(w)} > ${Math.round(room)}` });
  }
  for (const root of Array.from(document.querySelectorAll<HTMLElement>(selectors))) {
    check(root);
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) check(el);
  }
  return out;
}

/** The signed-in shell's menu screens, opened through the side navigation. */
export class OverflowPass {
  constructor(readonly page: Page) {}

  /** Labels cut at the current viewport. */
  async overflows(screen: string): Promise<Overflow[]> {
    const width = this.page.viewportSize()?.width ?? 0;
    // Two frames: the layout of the last resize or render is done.
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const found = await this.page.evaluate(findOverflows, LABEL_SELECTORS);
    return found.map((f) => ({ screen, width, ...f }));
  }

  /** Labels cut at each width (the page is left at the first one). */
  async overflowsAt(screen: string, widths: number[]): Promise<Overflow[]> {
    const all: Overflow[] = [];
    for (const w of [...widths.slice(1), widths[0]]) {
      await this.page.setViewportSize({ width: w, height: 800 });
      all.push(...(await this.overflows(screen)));
    }
    return all;
  }

  /** Opens every closed group of the side navigation. */
  async openAllGroups() {
    await sideMenu(this.page);
    const closed = this.page.locator('.portal-nav-menu .ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    while ((await closed.count()) > 0) await closed.first().click();
  }

  /** The menu screens the user has: enabled side-navigation items, as [menu key, path], one per path. */
  async menuScreens(): Promise<[string, string][]> {
    await this.openAllGroups();
    return menuScreensIn(this.page.locator('body'));
  }

  /** Opens the shown list's filter panel (更多筛选), when it has one, so its labels are checked too. */
  async openFilters() {
    const more = this.page.locator('[data-testid=list-more-filters][aria-expanded=false]:visible');
    // The toolbar may re-render once more after the screen held still (its saved view arrives):
    // the button found can be replaced by its twin, so look again rather than fail on the old one.
    for (let attempt = 1; ; attempt++) {
      if (!(await more.count())) return;
      try {
        await more.first().click({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await this.page.locator('[data-testid=list-filter-panel]:visible').first().waitFor();
  }

  /** Opens a menu screen by its side-navigation item and waits until it has rendered its content. */
  async open(key: string) {
    const before = await contentText(this.page);
    const item = (await sideMenu(this.page)).getByTestId(`nav-${key}`);
    if (!(await item.isVisible())) await this.openAllGroups();
    await item.click();
    await this.ready(before);
  }

  /** Ready: the content shows something other than before, nothing loads, and it held still for three frames. */
  ready(before = '') {
    return waitForScreen(this.page, before);
  }
}

/** The findings as lines for a failure message. */
export const report = (found: Overflow[]) =>
  found.map((f) => `${f.screen} @${f.width}px  ${f.selector}  "${f.text}"  (${f.how})`).join('\n');
