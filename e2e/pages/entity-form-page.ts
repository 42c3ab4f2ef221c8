import type { Locator, Page } from 'playwright-core';

/** The shown screen: other page tabs' screens stay mounted, hidden. */
export const visiblePanel = (page: Page): Locator => page.locator('[data-testid="page-panel"]:visible');

/** The generic entity form (create, edit, view), for any entity. */
export class EntityFormPage {
  constructor(readonly page: Page) {}

  /**
   * Where the form's own hooks are looked up: the whole page here; a screen's page object may
   * narrow it to the shown tab's panel (visiblePanel) when another tab holds the same hooks.
   * Dialogs and dropdowns are always looked up on the page.
   */
  scope(): Page | Locator {
    return this.page;
  }

  /** The id of the record shown at `<path>/<id>` (the screen moved there once it was saved). */
  protected idAfter(path: string): string {
    const { pathname } = new URL(this.page.url());
    const m = pathname.startsWith(`${path}/`) ? /^([^/?#]+)/.exec(pathname.slice(path.length + 1)) : null;
    if (!m) throw new Error(`not a saved record of ${path}: ${this.page.url()}`);
    return decodeURIComponent(m[1]);
  }

  /**
   * The shown screen is the address bar's: right after a navigation (a saved record moving from
   * create to edit) the previous screen's panel is still shown, with a loaded form of the same entity,
   * until React commits the new one.
   */
  async waitForScreenOfUrl() {
    await this.page.waitForFunction(() => {
      const panels = [...document.querySelectorAll<HTMLElement>('[data-testid="page-panel"]')];
      if (!panels.length) return true; // a screen outside the shell (print, phone pages)
      const path = location.pathname;
      let decoded = path;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        // keep the raw path
      }
      return panels.some((p) => {
        const key = p.getAttribute('data-screen-key');
        return (key === path || key === decoded) && p.style.display !== 'none';
      });
    });
  }

  /** The form is shown and its record loaded (the fields hold their values). */
  async waitFor(entity?: string) {
    await this.waitForScreenOfUrl();
    const sel = this.scope().locator(`[data-testid="entity-form"]${entity ? `[data-entity="${entity}"]` : ''}:not([data-loading])`);
    await sel.waitFor({ state: 'visible' });
  }

  field(name: string) {
    return this.scope().getByTestId(`field-${name}`);
  }

  /** Types into a text-like field (the hook may sit on the input or on a wrapper). */
  async fill(name: string, value: string) {
    const el = this.field(name);
    const input = (await el.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA'))
      ? el
      : el.locator('input, textarea').first();
    await input.fill(value);
  }

  /** The input of a text-like field (the hook may sit on the input or on a wrapper). */
  private async input(name: string) {
    const el = this.field(name);
    return (await el.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA')) ? el : el.locator('input, textarea').first();
  }

  /** Waits until a text-like field holds `value` (e.g. filled in from a picked record). */
  async waitForValue(name: string, value: string) {
    await this.page.waitForFunction(([i, v]) => (i as HTMLInputElement).value === v, [
      await (await this.input(name)).elementHandle(),
      value,
    ] as const);
  }

  /** Waits until a lookup field shows a record's name; whether the user may change it. */
  async lookupShows(name: string, text: string): Promise<{ locked: boolean }> {
    const field = this.field(name).filter({ hasText: text });
    await field.waitFor();
    return { locked: (await field.getAttribute('aria-disabled')) === 'true' };
  }

  /** Types a day (YYYY-MM-DD) into a date field; done when the picker has taken it (on Enter). */
  async date(name: string, day: string) {
    const input = await this.input(name);
    await input.click();
    await input.fill(day);
    await input.press('Enter');
    await this.waitForValue(name, day);
  }

  /** Picks an option of a picklist field by its label. */
  async choose(name: string, optionLabel: string) {
    await this.field(name).click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionLabel }).first().click();
  }

  async fieldError(name: string): Promise<string> {
    const el = this.scope().getByTestId(`field-error-${name}`);
    await el.waitFor({ state: 'visible' });
    return (await el.innerText()).trim();
  }

  async save() {
    await this.scope().getByTestId('form-save').click();
  }

  /** The current text of a text-like input. */
  async inputValue(name: string): Promise<string> {
    const el = this.field(name);
    const input = (await el.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA'))
      ? el
      : el.locator('input, textarea').first();
    return input.inputValue();
  }

  /**
   * What a field shows, on an editable form (its input's value) or a read-only one (its
   * description panel's text, RecordDescriptions).
   */
  async text(name: string): Promise<string> {
    const view = this.scope().getByTestId(`view-${name}`);
    await view.or(this.field(name)).first().waitFor();
    if (await view.count()) return (await view.innerText()).trim();
    return (await this.inputValue(name)).trim();
  }

  /** 返回 in the detail header. */
  async back() {
    await this.scope().getByTestId('form-back').click();
  }

  /** The unsaved-changes question (confirmDiscard), once it is shown. */
  async unsavedDialog() {
    const dialog = this.page.locator('.ant-modal-confirm').filter({ hasText: '有未保存的修改' });
    await dialog.waitFor({ state: 'visible' });
    return dialog;
  }

  /** Answers the unsaved-changes question with 留在此页; done when the question is gone. */
  async stayOnPage() {
    const dialog = await this.unsavedDialog();
    await dialog.getByRole('button', { name: '留在此页' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Answers the unsaved-changes question with 离开 (antd spaces two-character labels: "离 开"). */
  async leavePage() {
    const dialog = await this.unsavedDialog();
    await dialog.getByRole('button', { name: /^离\s*开$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** A read-only record: its description panels are shown (the record loaded). */
  async waitForReadOnly(entity?: string) {
    await this.waitFor(entity);
    await this.scope().getByTestId('record-descriptions').waitFor({ state: 'visible' });
  }

  /** What a read-only record shows for a field. */
  async shown(name: string): Promise<string> {
    return (await this.scope().getByTestId(`view-${name}`).innerText()).trim();
  }

  /** Inputs of any kind inside the record's details (a read-only record has none). */
  inputs() {
    return this.scope().locator('[data-testid="entity-form"] :is(input, textarea, .ant-select, .ant-picker)');
  }

  async openAttachments() {
    await this.scope().getByTestId('form-tab-attachments').click();
    await this.scope().getByTestId('attachment-list').waitFor();
  }
}
