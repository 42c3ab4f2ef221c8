import type { Page } from 'playwright-core';

/** The generic entity form (create, edit, view), for any entity. */
export class EntityFormPage {
  constructor(readonly page: Page) {}

  /** The form is shown and its record loaded (the fields hold their values). */
  async waitFor(entity?: string) {
    const sel = this.page.locator(`[data-testid="entity-form"]${entity ? `[data-entity="${entity}"]` : ''}:not([data-loading])`);
    await sel.waitFor({ state: 'visible' });
  }

  field(name: string) {
    return this.page.getByTestId(`field-${name}`);
  }

  /** Types into a text-like field (the hook may sit on the input or on a wrapper). */
  async fill(name: string, value: string) {
    const el = this.field(name);
    const input = (await el.evaluate((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA')) ? el : el.locator('input, textarea').first();
    await input.fill(value);
  }

  /** Picks an option of a picklist field by its label. */
  async choose(name: string, optionLabel: string) {
    await this.field(name).click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionLabel }).first().click();
  }

  async fieldError(name: string): Promise<string> {
    const el = this.page.getByTestId(`field-error-${name}`);
    await el.waitFor({ state: 'visible' });
    return (await el.innerText()).trim();
  }

  async save() {
    await this.page.getByTestId('form-save').click();
  }

  async openAttachments() {
    await this.page.getByTestId('form-tab-attachments').click();
    await this.page.getByTestId('attachment-list').waitFor();
  }
}
