import type { Page } from 'playwright-core';
import { contentText, menuScreensIn, waitForScreen } from './menu-screens.ts';
import type { LoginPage } from './login-page.ts';

/** Something on a phone screen that does not work: the page scrolls sideways, or a control cannot be tapped. */
export interface PhoneProblem {
  screen: string;
  selector: string;
  how: string;
}

/**
 * Runs in the page. (a) The page is wider than the viewport: reports the outermost elements that
 * reach past the right edge and are not clipped by a scrolling or clipping box. (b) A visible
 * control in the viewport (button, link, input, select, tab, menu item) that a tap at its centre
 * would not reach: `elementFromPoint` there is neither the control, nor inside it, nor the label or
 * antd wrapper that hands the tap to it. "Visible" is the part not clipped by an ancestor (a tab
 * scrolled out of its bar, a cell scrolled out of its table are not shown, so not checked).
 * `ignore`: a selector whose content is left out of (a) (a team's part still being built).
 */
function findPhoneProblems(ignore: string): { found: { selector: string; how: string }[]; tapped: number } {
  const out: { selector: string; how: string }[] = [];
  // The layout viewport (390 on the phone). Not innerWidth: a phone zooms a too-wide page out to
  // show all of it, and innerWidth (the zoomed visual viewport) then grows with the page.
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
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
    const text = ((el as HTMLElement).innerText || el.getAttribute('aria-label') || (el as HTMLInputElement).placeholder || '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 30);
    return parts.join(' > ') + (text ? ` "${text}"` : '');
  };
  const clips = (s: CSSStyleDeclaration) => /hidden|clip|auto|scroll/.test(s.overflowX) || /hidden|clip|auto|scroll/.test(s.overflowY);
  /** The part of `el` not clipped by its ancestors (null when none is left). */
  const shownRect = (el: Element) => {
    const r = el.getBoundingClientRect();
    let left = r.left;
    let top = r.top;
    let right = r.right;
    let bottom = r.bottom;
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.position === 'fixed') break;
      if (!clips(s)) continue;
      const c = a.getBoundingClientRect();
      left = Math.max(left, c.left);
      top = Math.max(top, c.top);
      right = Math.min(right, c.right);
      bottom = Math.min(bottom, c.bottom);
    }
    left = Math.max(left, 0);
    top = Math.max(top, 0);
    right = Math.min(right, vw);
    bottom = Math.min(bottom, vh);
    return right - left >= 2 && bottom - top >= 2 ? { left, top, right, bottom } : null;
  };
  const isClipped = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.position === 'fixed') return true; // a fixed layer (dialog, drawer) does not widen the page
      if (clips(s)) return true;
    }
    return false;
  };

  // (a) Wider than the viewport: the deepest elements reaching past the right edge, or off the left
  // one where nothing scrolls to them (a centred box wider than the page), outside clipping boxes and
  // fixed layers. A parent that only holds a wide child is not the cause.
  const doc = document.documentElement;
  const offLeft = (r: DOMRect) => r.left < -1 && r.right > 0;
  const past = new Set<Element>();
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= vw + 1 && !offLeft(r))) continue;
    if (getComputedStyle(el).position === 'fixed' || isClipped(el)) continue;
    past.add(el);
  }
  const deepest = [...past].filter((el) => !Array.from(el.children).some((c) => past.has(c)));
  const counted = deepest.filter((el) => !(ignore && el.closest(ignore)));
  // Wider with no element to blame (a margin, a pseudo-element): the page itself.
  const culprits = counted.length ? counted : doc.scrollWidth > vw + 1 && !deepest.length ? [document.body] : [];
  const seen = new Set<string>();
  for (const el of culprits) {
    const d = describe(el);
    if (seen.has(d)) continue;
    seen.add(d);
    const r = el.getBoundingClientRect();
    out.push({ selector: d, how: `page ${doc.scrollWidth} px wide > ${vw}: spans ${Math.round(r.left)}…${Math.round(r.right)} px` });
    if (seen.size === 5) break;
  }

  // (b) Controls that a tap does not reach.
  const CONTROLS =
    'button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=menuitem], [role=button], [role=link], [role=checkbox], [role=switch], [role=combobox]';
  // Wrappers that hand a tap on themselves to the control inside (a label, antd's input boxes).
  let tapped = 0;
  const FORWARDS =
    'label, .ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-input-number-affix-wrapper, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-upload, .ant-input-search, .ant-cascader, .ant-mentions';
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
    if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('[aria-hidden=true], [inert]'))
      continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.pointerEvents === 'none' || el.getClientRects().length === 0) continue;
    const shown = shownRect(el);
    if (!shown) continue;
    tapped++;
    const x = (shown.left + shown.right) / 2;
    const y = (shown.top + shown.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit) continue;
    if (hit === el || el.contains(hit)) continue;
    // A link wrapped over two lines has its box's centre between its lines' ends: a finger taps
    // the text, so any of its line boxes (inside what is shown) will do.
    const lines = Array.from(el.getClientRects()).filter((r) => r.width >= 2 && r.height >= 2);
    if (
      lines.length > 1 &&
      lines.some((r) => {
        const lx = (Math.max(r.left, shown.left) + Math.min(r.right, shown.right)) / 2;
        const ly = (Math.max(r.top, shown.top) + Math.min(r.bottom, shown.bottom)) / 2;
        const h = document.elementFromPoint(lx, ly);
        return !!h && (h === el || el.contains(h));
      })
    )
      continue;
    // Behind an open drawer or dialog (its mask or panel): not offered to a tap, by design.
    const layer = hit.closest('.ant-drawer, .ant-modal-root, .ant-modal-wrap, .ant-modal-mask, .ant-image-preview-root');
    if (layer && !layer.contains(el)) continue;
    const forward = hit.closest(FORWARDS);
    if (forward?.contains(el)) continue;
    // A control whose own label lies over it (`for=`) forwards the tap too.
    if (hit instanceof HTMLLabelElement && hit.control === el) continue;
    out.push({ selector: describe(el), how: `tap at ${Math.round(x)},${Math.round(y)} lands on ${describe(hit)}` });
  }
  return { found: out, tapped };
}

/** The phone pass (issue 15): screens at 390×844 (see e2e/support/browser.ts PHONE). */
export class PhonePass {
  /** `ignore`: content left out of the width check (a selector), e.g. `.ant-table-wrapper` while lists are being made cards. */
  constructor(
    readonly page: Page,
    readonly ignore = '',
  ) {}

  /** Controls in view whose tap was checked, over every call of problems(): proof the pass looked. */
  tapped = 0;

  /** The problems of the page as shown now. */
  async problems(screen: string): Promise<PhoneProblem[]> {
    await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { found, tapped } = await this.page.evaluate(findPhoneProblems, this.ignore);
    this.tapped += tapped;
    return found.map((f) => ({ screen, ...f }));
  }

  /** Signs in on the shown sign-in form as a phone user does: fields typed, 登录 tapped. */
  async signInByTap(login: LoginPage, username: string, password = 'Demo@2026') {
    await login.waitForForm();
    await this.page.getByTestId('login-username').fill(username);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-captcha').fill(await login.captchaAnswer('login-captcha-img'));
    await this.page.getByTestId('login-submit').tap();
  }

  drawerButton() {
    return this.page.getByTestId('nav-drawer-open');
  }

  drawer() {
    return this.page.locator('.portal-nav-drawer.ant-drawer-open');
  }

  /** Opens the navigation drawer from the header (by tap) and waits for it. */
  async openDrawer() {
    if (await this.drawer().isVisible()) return;
    await this.drawerButton().tap();
    await this.drawer().waitFor({ state: 'visible' });
  }

  /** Opens every closed group of the drawer's menu. */
  async openAllGroups() {
    const closed = this.drawer().locator('.portal-nav-menu .ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    while ((await closed.count()) > 0) await closed.first().tap();
  }

  /** The user's menu screens, read from the drawer: enabled items as [menu key, path], one per path. */
  async menuScreens(): Promise<[string, string][]> {
    await this.openDrawer();
    await this.openAllGroups();
    return menuScreensIn(this.drawer());
  }

  /** Opens a menu screen through the drawer (tapping its item), which must close, and waits for the screen. */
  async open(key: string) {
    const before = await contentText(this.page);
    await this.openDrawer();
    const item = this.drawer().getByTestId(`nav-${key}`);
    if (!(await item.isVisible())) await this.openAllGroups();
    await item.tap();
    await this.drawer().waitFor({ state: 'hidden' });
    await this.ready(before);
  }

  /** How many columns the shown form's grid has: the distinct left edges of its field cells. */
  formColumns(): Promise<number> {
    return this.page.evaluate(() => {
      const cells = Array.from(document.querySelectorAll('.portal-content .ant-form .ant-row > .ant-col')).filter(
        (c) => c.getClientRects().length > 0 && c.querySelector(':scope > .ant-form-item'),
      );
      return new Set(cells.map((c) => Math.round(c.getBoundingClientRect().left))).size;
    });
  }

  /** The box of the open dialog holding `testId` (a sheet covers the whole phone). */
  dialogBox(testId: string) {
    return this.page.locator('.ant-modal', { has: this.page.getByTestId(testId) }).boundingBox();
  }

  /** Ready: the shown screen has content other than before, nothing loads, and it held still for three frames. */
  ready(before = '') {
    return waitForScreen(this.page, before);
  }
}

/** The findings as lines for a failure message. */
export const phoneReport = (found: PhoneProblem[]) => found.map((f) => `${f.screen}  ${f.selector}  (${f.how})`).join('\n');
